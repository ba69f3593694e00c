// The Graphviz runtime: the process-wide lock, the one context, and rendering. Together with
// the other C-facing files of this target (GraphBuilder, Disciplines, MessageLog, CrashGuard
// and the accelerators) it holds every unsafe pointer, and every ag*/gv* call happens while
// `GraphvizRuntime.lock` is held. Version differences of the Graphviz API are resolved in
// CGraphviz/compat.h, never here.

import CGraphviz
import Foundation

/// Process-wide Graphviz state: the lock, the one `GVC_t`, the cgraph disciplines and the
/// message log. Everything mutable is only touched with `lock` held.
final class GraphvizRuntime: @unchecked Sendable {
  static let shared = GraphvizRuntime()

  let lock = NSLock()
  /// The one Graphviz context, created lazily and never freed: freeing and recreating it
  /// is a use-after-free in the pango plugin.
  private var context: OpaquePointer?
  /// The discipline passed to every `agopen`: default memory, our ID and I/O disciplines.
  private let discipline: UnsafeMutablePointer<Agdisc_t>
  /// Messages from Graphviz, collected by `collectMessage`.
  let log = MessageLog()
  /// Pango's text measurements, kept across renders (see `TextMeasurementCache`).
  let textCache = TextMeasurementCache()
  /// Per-graph ID states opened during the current locked call; released when it ends.
  var idStates: [IDState] = []
  /// Graphs whose ``LaidOut`` is gone, freed at the start of the next locked call. Freeing a
  /// large layout takes about 5% of its render; like `dot`, a process that renders one
  /// diagram and exits never pays it, and a long batch still holds at most the graphs it
  /// compares (one, or two for a compact attempt). Guarded by `retiredLock`, not `lock`: a
  /// `LaidOut` may go at any time.
  private var retired:
    [(graph: UnsafeMutablePointer<Agraph_t>, laidOut: Bool, idStates: [IDState])] = []
  private let retiredLock = NSLock()
  /// The graph `gvLayout` last laid out, kept until another is. Its `graph_init` pointed
  /// Graphviz's global attribute symbols (`N_color`, `E_penwidth`, …), which rendering reads,
  /// into that graph's dictionaries; another graph renders with them only when it declares
  /// the same attributes, and else is laid out again.
  private var lastLaidOut: LaidOut?

  /// Whether renders may build graphs in ``ReadBackOrder`` instead of writing and reading
  /// their DOT text. Tests turn it off to compare both ways.
  private var usesReadBackOrder = true

  func setUsesReadBackOrder(_ value: Bool) {
    lock.lock()
    defer { lock.unlock() }
    usesReadBackOrder = value
  }

  /// What the accelerators have done so far (see ``GraphvizAccelerators/status()``).
  func acceleratorCounters() -> (
    cacheInstalled: Bool, cacheHits: Int, printed: Int, printerActive: Bool
  ) {
    lock.lock()
    defer { lock.unlock() }
    return (
      textCache.isInstalled, textCache.hits, CoordinatePrinter.printed,
      CoordinatePrinter.isActive
    )
  }
  #if DEBUG
    /// Test hook: names of the root graphs opened so far (debug builds only).
    private var openedGraphNames: Set<String> = []
  #endif
  /// `gvjobs_delete` (exported but not in the public headers). Some early error returns of
  /// `gvRenderData` skip it and leave a job behind that the next render would reuse, so it
  /// is called after every failed render.
  private let deleteJobs: (@convention(c) (OpaquePointer?) -> Void)?

  private init() {
    let ids = UnsafeMutablePointer<Agiddisc_t>.allocate(capacity: 1)
    ids.initialize(to: Agiddisc_t())
    vcg_iddisc_init(ids, idOpen, idMap, idFree, idPrint, idClose, idRegister)
    let io = UnsafeMutablePointer<Agiodisc_t>.allocate(capacity: 1)
    io.initialize(to: Agiodisc_t(afread: ioRead, putstr: ioPutString, flush: ioFlush))
    discipline = UnsafeMutablePointer<Agdisc_t>.allocate(capacity: 1)
    discipline.initialize(to: Agdisc_t())
    vcg_disc_init(discipline, ids, io)
    if let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "gvjobs_delete") {
      deleteJobs = unsafeBitCast(symbol, to: (@convention(c) (OpaquePointer?) -> Void).self)
    } else {
      deleteJobs = nil
    }
  }

  /// Runs `body` with the lock held, the context created, and Graphviz's messages routed
  /// into `log`.
  private func locked<T>(
    _ body: (OpaquePointer) throws(GraphvizError) -> T
  ) throws(GraphvizError) -> T {
    lock.lock()
    defer { lock.unlock() }
    let gvc: OpaquePointer
    if let context {
      gvc = context
    } else {
      guard let created = gvContext() else {
        throw .invalidGraph("could not create a Graphviz context")
      }
      context = created
      gvc = created
      let version = gvcVersion(created).map { String(cString: $0) } ?? ""
      textCache.install(created, version: version, mode: GraphvizAccelerators.mode)
      CoordinatePrinter.install(version: version, mode: GraphvizAccelerators.mode)
    }
    let previousHandler = agseterrf(collectMessage)
    let previousLevel = agseterr(AGWARN)
    let retiring = retiredLock.withLock {
      defer { retired.removeAll() }
      return retired
    }
    for last in retiring {
      if last.laidOut {
        vcg_repair_dot_ranks(last.graph)
        _ = gvFreeLayout(gvc, last.graph)
      }
      _ = agclose(last.graph)
      withExtendedLifetime(last.idStates) {}
    }
    log.reset()
    _ = agreseterrors()
    defer {
      log.reset()
      idStates.removeAll()
      _ = agseterr(previousLevel)
      _ = agseterrf(previousHandler)
    }
    return try body(gvc)
  }

  #if DEBUG
    /// Test hook: whether a root graph called `name` was ever handed to Graphviz.
    func hasOpenedGraph(named name: String) -> Bool {
      lock.lock()
      defer { lock.unlock() }
      return openedGraphNames.contains(name)
    }
  #endif

  func version() -> String {
    (try? locked { gvc in gvcVersion(gvc).map { String(cString: $0) } ?? "" }) ?? ""
  }

  /// Lays out and renders the graph *as parsed back from its DOT source*, so the picture is
  /// exactly what `dot` draws from ``Graphviz/dot(_:)``: see ``layOut(_:engine:for:)``.
  func render(
    _ graph: PreparedGraph, engine: String, targets: [RenderTarget]
  ) throws(GraphvizError) -> [RenderResult] {
    guard targets.contains(where: { $0 != .source }) else {
      return try locked { _ throws(GraphvizError) in
        let built = try build(graph)
        defer { _ = agclose(built) }
        let source = try writeSource(built)
        let warnings = try takeMessages(failure: { .invalidGraph($0) })
        let written = LongRuns.broken(source)
        return targets.map { _ in RenderResult(data: written, warnings: warnings) }
      }
    }
    return try render(layOut(graph, engine: engine, for: targets), targets: targets)
  }

  /// Builds and lays out the graph *as parsed back from its DOT source*, for rendering to
  /// `targets` (the text cache answers only when none of them draws Pango layouts): when the
  /// source itself is not among them and ``ReadBackOrder`` covers the graph, the graph is
  /// built directly in that order; otherwise it is built, written and read back. The
  /// node and edge order (which steers the layout) is agwrite's, not the build order.
  func layOut(
    _ graph: PreparedGraph, engine: String, for targets: [RenderTarget]
  ) throws(GraphvizError) -> LaidOut {
    try locked { gvc throws(GraphvizError) in
      textCache.activate(for: targets)
      defer { textCache.deactivate() }
      var source: [UInt8] = []
      let root: UnsafeMutablePointer<Agraph_t>
      if !targets.contains(.source), usesReadBackOrder,
        let order = ReadBackOrder.plan(for: graph)
      {
        // The same graph, created directly in the order reading the text back would.
        root = try build(graph, in: order)
      } else {
        do {
          let built = try build(graph)
          defer { _ = agclose(built) }
          source = try writeSource(built)
        }
        root = try read(source)
      }
      let laidOut = LaidOut(root: root, engine: engine, targets: targets, idStates: idStates)
      laidOut.source = source
      laidOut.buildWarnings = try takeMessages(failure: { .invalidGraph($0) })
      laidOut.graphValues = Self.graphValues(root)
      let status = engine.withCString { gvLayout(gvc, root, $0) }
      laidOut.isLaidOut = true
      lastLaidOut = laidOut
      laidOut.layoutWarnings = try takeMessages(
        status: status, failure: { .layoutFailed(engine: engine, message: $0) })
      let width = vcg_svg_width(root)
      laidOut.svgWidth = width >= 0 ? Int(width) : nil
      return laidOut
    }
  }

  /// Renders `laidOut` to `targets`, which must be among those it was laid out for. A graph
  /// laid out before the last one is laid out again first unless both declare the same
  /// attributes (see `lastLaidOut`).
  func render(
    _ laidOut: LaidOut, targets: [RenderTarget]
  ) throws(GraphvizError) -> [RenderResult] {
    guard targets.allSatisfy(laidOut.targets.contains) else {
      throw .invalidGraph("a graph laid out for other formats was asked to render")
    }
    return try locked { gvc throws(GraphvizError) in
      textCache.activate(for: laidOut.targets)
      defer { textCache.deactivate() }
      let root = laidOut.root
      // The symbols stay the last layout's, which is kept for them.
      if lastLaidOut !== laidOut,
        !(lastLaidOut.map { Self.declareTheSame($0, laidOut) } ?? false)
      {
        try layOutAgain(laidOut, gvc)
      }
      var results: [RenderResult] = []
      for target in targets {
        switch target {
        case .source:
          // What `dot` reads back; the graph laid out here was read from `source` itself.
          results.append(
            RenderResult(data: LongRuns.broken(laidOut.source), warnings: laidOut.buildWarnings))
        case .device(let format):
          var result = try renderData(gvc, root, format: format)
          result.warnings = laidOut.buildWarnings + laidOut.layoutWarnings + result.warnings
          if format == "pdf" || format.hasPrefix("pdf:") { Self.fixDates(&result) }
          results.append(result)
        }
      }
      return results
    }
  }

  /// Lays `laidOut` out afresh, so that Graphviz's global attribute symbols are its own. The
  /// same graph laid out again is the same layout (`GraphvizKitTests` compares the bytes).
  private func layOutAgain(_ laidOut: LaidOut, _ gvc: OpaquePointer) throws(GraphvizError) {
    let root = laidOut.root
    vcg_repair_dot_ranks(root)
    _ = gvFreeLayout(gvc, root)
    let status = laidOut.engine.withCString { gvLayout(gvc, root, $0) }
    lastLaidOut = laidOut
    _ = try takeMessages(
      status: status, failure: { .layoutFailed(engine: laidOut.engine, message: $0) })
  }

  /// Whether the graphs of `a` and `b` declare the same attributes (name, default and index of
  /// each, for nodes and edges; name and index for graphs) and gave their root graphs the same
  /// values before layout (which writes `bb`), so that Graphviz's global attribute symbols
  /// and the settings `graph_init` read from the graph are the same for either: `agxget` finds
  /// a value by the symbol's index, and the symbols are found by name.
  static func declareTheSame(_ a: LaidOut, _ b: LaidOut) -> Bool {
    guard a.graphValues == b.graphValues else { return false }
    for kind in [VCG_AGRAPH, VCG_AGNODE, VCG_AGEDGE] {
      var left = agnxtattr(a.root, kind, nil)
      var right = agnxtattr(b.root, kind, nil)
      while let l = left, let r = right {
        // A root graph's defaults are its values: compared before layout (`bb` differs).
        guard l.pointee.id == r.pointee.id, Self.same(l.pointee.name, r.pointee.name),
          kind == VCG_AGRAPH || Self.same(l.pointee.defval, r.pointee.defval)
        else { return false }
        left = agnxtattr(a.root, kind, l)
        right = agnxtattr(b.root, kind, r)
      }
      guard left == nil, right == nil else { return false }
    }
    return true
  }

  /// The root graph's attribute values, by name.
  static func graphValues(_ root: UnsafeMutablePointer<Agraph_t>) -> [String] {
    var values: [String] = []
    var symbol = agnxtattr(root, VCG_AGRAPH, nil)
    while let current = symbol {
      let value = agxget(UnsafeMutableRawPointer(root), current)
      let text = value.map { String(cString: $0) } ?? ""
      values.append(String(cString: current.pointee.name) + "=" + text)
      symbol = agnxtattr(root, VCG_AGRAPH, current)
    }
    return values
  }

  private static func same(
    _ a: UnsafeMutablePointer<CChar>?, _ b: UnsafeMutablePointer<CChar>?
  ) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return strcmp(a, b) == 0
  }

  /// Frees `graph` (with its ID states) at the start of the next locked call.
  func retire(_ graph: UnsafeMutablePointer<Agraph_t>, laidOut: Bool, idStates: [IDState]) {
    retiredLock.withLock { retired.append((graph, laidOut, idStates)) }
  }

  /// Dates a PDF with `SOURCE_DATE_EPOCH` (or 1970-01-01), so renders are reproducible.
  private static func fixDates(_ result: inout RenderResult) {
    let epoch = PDFDates.sourceDateEpoch(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
    if case .malformed = epoch {
      result.warnings.append(
        "SOURCE_DATE_EPOCH is not a whole number of seconds since 1970 (up to year 9999); "
          + "the PDF is dated 1970-01-01T00:00:00Z")
    }
    result.data = PDFDates.fixed(result.data, date: PDFDates.pdfDate(epoch: epoch.epoch))
  }

  /// Returns the warnings logged since the last call, or throws `failure(message)` if
  /// `status` is nonzero or an error was logged.
  private func takeMessages(
    status: Int32 = 0, failure: (String) -> GraphvizError
  ) throws(GraphvizError) -> [String] {
    log.flush()
    let messages = log.take()
    let failed = status != 0 || agerrors() >= Int32(AGERR.rawValue)
    _ = agreseterrors()
    if failed {
      let errors = messages.filter { $0.level == .error }.map(\.text)
      let all = messages.map(\.text)
      let message = (errors.isEmpty ? all : errors).joined(separator: "\n")
      throw failure(message.isEmpty ? "Graphviz returned \(status)" : message)
    }
    return messages.map { $0.level == .error ? "Error: \($0.text)" : $0.text }
  }

  private func renderData(
    _ gvc: OpaquePointer, _ root: UnsafeMutablePointer<Agraph_t>, format: String
  ) throws(GraphvizError) -> RenderResult {
    var buffer: UnsafeMutablePointer<CChar>?
    var length = 0
    var streamed = false
    // Cairo's renderers print straight to standard error: the bitmap one its one warning (a
    // diagram scaled down to fit, "(null): graph is too large ..."), which becomes a warning
    // here, and each a failed surface as "cairo: STATUS" (a link tag cairo could not parse
    // left the page blank, "cairo: out of memory"), which fails the render: Graphviz itself
    // returns success and the blank page.
    let cairo = format == "png" || format == "pdf" || format == "ps" || format.hasSuffix(":cairo")
    let (status, printed) = Self.capturingStandardError(when: cairo) {
      format.withCString { vcg_render_memory(gvc, root, $0, &buffer, &length, &streamed) }
    }
    defer {
      if let buffer {
        if streamed { free(buffer) } else { gvFreeRenderData(buffer) }
      }
    }
    if status != 0 {
      deleteJobs?(gvc)
    }
    var warnings = try takeMessages(
      status: status, failure: { .renderFailed(format: format, message: $0) })
    for line in printed.split(separator: "\n") where !line.isEmpty {
      if line.hasPrefix("cairo: ") {
        throw .renderFailed(format: format, message: "Graphviz drew nothing (\(line))")
      }
      let text = line.hasPrefix("(null): ") ? line.dropFirst(8) : line
      warnings.append(String(text))
    }
    guard let buffer else {
      throw .renderFailed(format: format, message: "Graphviz returned no data")
    }
    let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(length))
    return RenderResult(data: Array(bytes), warnings: warnings)
  }

  /// Runs `body`, with standard error sent to a temporary file while it runs when `capture`
  /// is true; returns its result and what was written there. The runtime lock is held, so
  /// no other render prints meanwhile.
  private static func capturingStandardError<T>(
    when capture: Bool, _ body: () -> T
  ) -> (T, String) {
    guard capture, let file = tmpfile() else { return (body(), "") }
    defer { fclose(file) }
    fflush(nil)
    let saved = dup(2)
    guard saved >= 0, dup2(fileno(file), 2) >= 0 else {
      if saved >= 0 { close(saved) }
      return (body(), "")
    }
    let result = body()
    fflush(nil)
    dup2(saved, 2)
    close(saved)
    rewind(file)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let got = fread(&chunk, 1, chunk.count, file)
      if got <= 0 { break }
      bytes += chunk[..<got]
    }
    return (result, String(decoding: bytes, as: UTF8.self))
  }

  private func writeSource(
    _ root: UnsafeMutablePointer<Agraph_t>
  ) throws(GraphvizError) -> [UInt8] {
    let sink = ByteSink()
    let status = withExtendedLifetime(sink) {
      agwrite(root, Unmanaged.passUnretained(sink).toOpaque())
    }
    if status != 0 {
      log.flush()
      let message = log.take().map(\.text).joined(separator: "\n")
      throw .writeFailed(message.isEmpty ? "agwrite returned \(status)" : message)
    }
    return sink.bytes
  }

  /// Parses DOT `source` with our disciplines (so IDs follow creation order).
  private func read(
    _ source: [UInt8]
  ) throws(GraphvizError) -> UnsafeMutablePointer<Agraph_t> {
    let channel = ByteSource(source)
    let graph = withExtendedLifetime(channel) {
      agread(Unmanaged.passUnretained(channel).toOpaque(), discipline)
    }
    guard let graph else {
      throw .invalidGraph(failureMessage("Graphviz could not read back the DOT it wrote"))
    }
    return graph
  }

  // MARK: Building

  /// Builds `graph`: in the steps of `order` when there is one, else in two passes (nodes
  /// and subgraphs, then edges). A graph that fails to build is closed.
  private func build(
    _ graph: PreparedGraph, in order: ReadBackOrder? = nil
  ) throws(GraphvizError) -> UnsafeMutablePointer<Agraph_t> {
    var descriptor = Agdesc_t()
    descriptor.directed = graph.directed ? 1 : 0
    descriptor.strict = graph.strict ? 1 : 0
    descriptor.maingraph = 1
    #if DEBUG
      openedGraphNames.insert(graph.name)
    #endif
    guard let root = withC(graph.name, { agopen($0, descriptor, discipline) }) else {
      throw .invalidGraph(failureMessage("could not open graph \"\(graph.name)\""))
    }
    var builder = Builder(root: root, names: graph.names)
    do {
      if let order {
        try builder.replay(order)
      } else {
        try builder.addStructure(graph, to: root)
        try builder.addEdges(graph, to: root)
      }
    } catch {
      _ = agclose(root)
      throw error
    }
    return root
  }

  func failureMessage(_ fallback: String) -> String {
    log.flush()
    let text = log.take().map(\.text).joined(separator: "\n")
    return text.isEmpty ? fallback : "\(fallback): \(text)"
  }
}
