// The only file that talks to Graphviz. Every unsafe pointer stays here, and every
// ag*/gv* call happens while `GraphvizRuntime.lock` is held.

import CGraphviz
import Foundation

/// Process-wide Graphviz state: the lock, the one `GVC_t`, the cgraph disciplines and the
/// message log. Everything mutable is only touched with `lock` held.
final class GraphvizRuntime: @unchecked Sendable {
  static let shared = GraphvizRuntime()

  private let lock = NSLock()
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
  /// The graph of the last render, kept until the next locked call. Freeing a large layout
  /// takes about 5% of its render; like `dot`, a process that renders one diagram and exits
  /// never pays it, and a long batch still holds at most one graph.
  private var retired: (graph: UnsafeMutablePointer<Agraph_t>, laidOut: Bool, idStates: [IDState])?

  /// Whether renders may build graphs in ``ReadBackOrder`` instead of writing and reading
  /// their DOT text. Tests turn it off to compare both ways.
  private var usesReadBackOrder = true

  func setUsesReadBackOrder(_ value: Bool) {
    lock.lock()
    defer { lock.unlock() }
    usesReadBackOrder = value
  }

  /// Whether SVG coordinates may be printed by ``CoordinatePrinter`` (tests compare both).
  func setPrintsCoordinatesItself(_ value: Bool) {
    lock.lock()
    defer { lock.unlock() }
    CoordinatePrinter.isEnabled = value
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
    ids.initialize(
      to: Agiddisc_t(
        open: idOpen, map: idMap, alloc: idAlloc, free: idFree, print: idPrint,
        close: idClose, idregister: idRegister))
    let io = UnsafeMutablePointer<Agiodisc_t>.allocate(capacity: 1)
    io.initialize(to: Agiodisc_t(afread: ioRead, putstr: ioPutString, flush: ioFlush))
    discipline = UnsafeMutablePointer<Agdisc_t>.allocate(capacity: 1)
    discipline.initialize(to: Agdisc_t(mem: nil, id: ids, io: io))
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
      textCache.install(created)
      CoordinatePrinter.install(version: gvcVersion(created).map { String(cString: $0) } ?? "")
    }
    let previousHandler = agseterrf(collectMessage)
    let previousLevel = agseterr(AGWARN)
    if let last = retired {
      retired = nil
      if last.laidOut { _ = gvFreeLayout(gvc, last.graph) }
      _ = agclose(last.graph)
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
  /// exactly what `dot` draws from ``Graphviz/dot(_:)``: the node and edge order (which
  /// steers the layout) is agwrite's, not the build order. When the source itself is not
  /// asked for and ``ReadBackOrder`` covers the graph, the graph is built directly in that
  /// order; otherwise it is built, written and read back.
  func render(
    _ graph: PreparedGraph, engine: String, targets: [RenderTarget]
  ) throws(GraphvizError) -> [RenderResult] {
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
        guard targets.contains(where: { $0 != .source }) else {
          let warnings = try takeMessages(failure: { .invalidGraph($0) })
          return targets.map { _ in RenderResult(data: source, warnings: warnings) }
        }
        root = try read(source)
      }
      var laidOut = false
      // Freed at the start of the next render (or never, when the process ends first).
      defer { retired = (root, laidOut, idStates) }
      let buildWarnings = try takeMessages(failure: { .invalidGraph($0) })

      let status = engine.withCString { gvLayout(gvc, root, $0) }
      laidOut = true
      let layoutWarnings = try takeMessages(
        status: status, failure: { .layoutFailed(engine: engine, message: $0) })

      var results: [RenderResult] = []
      for target in targets {
        switch target {
        case .source:
          results.append(RenderResult(data: source, warnings: buildWarnings))
        case .device(let format):
          var result = try renderData(gvc, root, format: format)
          result.warnings = buildWarnings + layoutWarnings + result.warnings
          results.append(result)
        }
      }
      return results
    }
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
    var length: UInt32 = 0
    let status = format.withCString { gvRenderData(gvc, root, $0, &buffer, &length) }
    defer { if let buffer { gvFreeRenderData(buffer) } }
    if status != 0 {
      deleteJobs?(gvc)
    }
    let warnings = try takeMessages(
      status: status, failure: { .renderFailed(format: format, message: $0) })
    guard let buffer else {
      throw .renderFailed(format: format, message: "Graphviz returned no data")
    }
    let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(length))
    return RenderResult(data: Array(bytes), warnings: warnings)
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
    var builder = Builder(root: root)
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

  fileprivate func failureMessage(_ fallback: String) -> String {
    log.flush()
    let text = log.take().map(\.text).joined(separator: "\n")
    return text.isEmpty ? fallback : "\(fallback): \(text)"
  }
}

/// Creates cgraph objects for a prepared graph. Used only with the lock held.
private struct Builder {
  let root: UnsafeMutablePointer<Agraph_t>

  /// Pass 1, in pre-order: graph attributes, node and edge defaults, nodes, subgraphs.
  /// Nodes are created in the (sub)graph they are listed in, before any edge exists.
  mutating func addStructure(
    _ graph: PreparedGraph, to g: UnsafeMutablePointer<Agraph_t>
  ) throws(GraphvizError) {
    try addAttributes(graph, to: g)
    for node in graph.nodes {
      guard let n = withC(node.name, { agnode(g, $0, 1) }) else {
        throw .invalidGraph(failure("could not create node \"\(node.name)\""))
      }
      try set(node.attributes, on: UnsafeMutableRawPointer(n), kind: AGNODE)
    }
    for subgraph in graph.subgraphs {
      guard let sub = withC(subgraph.name, { agsubg(g, $0, 1) }) else {
        throw .invalidGraph(failure("could not create subgraph \"\(subgraph.name)\""))
      }
      try addStructure(subgraph, to: sub)
    }
  }

  /// Creates the objects in the steps of `order` (whose graph 0 is `root`).
  mutating func replay(_ order: ReadBackOrder) throws(GraphvizError) {
    var graphs = [UnsafeMutablePointer<Agraph_t>?](repeating: nil, count: order.graphs.count)
    graphs[0] = root
    try addAttributes(order.graphs[0], to: root)
    var nodes = [UnsafeMutablePointer<Agnode_t>?](repeating: nil, count: order.nodeNames.count)
    func node(_ index: Int, in g: UnsafeMutablePointer<Agraph_t>) throws(GraphvizError)
      -> UnsafeMutablePointer<Agnode_t>
    {
      let made: UnsafeMutablePointer<Agnode_t>?
      if let existing = nodes[index] {
        made = agsubnode(g, existing, 1)
      } else {
        made = withC(order.nodeNames[index]) { agnode(g, $0, 1) }
      }
      guard let made else {
        throw .invalidGraph(failure("could not create node \"\(order.nodeNames[index])\""))
      }
      nodes[index] = made
      return made
    }
    for step in order.steps {
      switch step {
      case .subgraph(let index):
        let name = order.graphs[index].name
        guard let parent = graphs[order.parents[index]],
          let sub = withC(name, { agsubg(parent, $0, 1) })
        else {
          throw .invalidGraph(failure("could not create subgraph \"\(name)\""))
        }
        graphs[index] = sub
        try addAttributes(order.graphs[index], to: sub)
      case .node(let index, let graph, let first):
        let n = try node(index, in: graphs[graph]!)
        if first {
          for attributes in order.nodeAttributes[index] {
            try set(attributes, on: UnsafeMutableRawPointer(n), kind: AGNODE)
          }
        }
      case .edge(let index, let graph):
        let g = graphs[graph]!
        let edge = order.edges[index]
        let tail = try node(edge.tail, in: g)
        let head = try node(edge.head, in: g)
        guard let e = agedge(g, tail, head, nil, 1) else {
          throw .invalidGraph(
            failure("could not create edge \"\(edge.edge.tail)\" -> \"\(edge.edge.head)\""))
        }
        try set(edge.edge.attributes, on: UnsafeMutableRawPointer(e), kind: AGEDGE)
      }
    }
  }

  /// A graph's own attributes and its node and edge defaults.
  private mutating func addAttributes(
    _ graph: PreparedGraph, to g: UnsafeMutablePointer<Agraph_t>
  ) throws(GraphvizError) {
    for attribute in graph.attributes {
      let symbol = try declare(kind: AGRAPH, attribute.name)
      try set(attribute, on: UnsafeMutableRawPointer(g), symbol: symbol)
    }
    for (kind, defaults) in [(AGNODE, graph.nodeDefaults), (AGEDGE, graph.edgeDefaults)] {
      for attribute in defaults {
        if g != root { _ = try declare(kind: kind, attribute.name) }
        let symbol = withHTML(attribute) { value in
          withC(attribute.name) { agattr(g, kind, $0, value) }
        }
        if symbol == nil {
          throw .invalidGraph(
            failure("could not set default \(attribute.name) in \"\(graph.name)\""))
        }
      }
    }
  }

  /// Pass 2, in pre-order: edges, each created in the (sub)graph it is listed in.
  mutating func addEdges(
    _ graph: PreparedGraph, to g: UnsafeMutablePointer<Agraph_t>
  ) throws(GraphvizError) {
    for edge in graph.edges {
      guard let tail = withC(edge.tail, { agnode(g, $0, 1) }),
        let head = withC(edge.head, { agnode(g, $0, 1) }),
        let e = agedge(g, tail, head, nil, 1)
      else {
        throw .invalidGraph(
          failure("could not create edge \"\(edge.tail)\" -> \"\(edge.head)\""))
      }
      try set(edge.attributes, on: UnsafeMutableRawPointer(e), kind: AGEDGE)
    }
    for subgraph in graph.subgraphs {
      // Subgraph names are unique (checked in Preparation), so this finds the one made in
      // pass 1.
      guard let sub = withC(subgraph.name, { agsubg(g, $0, 0) }) else {
        throw .invalidGraph("subgraph \"\(subgraph.name)\" vanished")
      }
      try addEdges(subgraph, to: sub)
    }
  }

  /// The root declaration of attribute `name` for objects of `kind`, created with the
  /// neutral default (`\N` for node labels, else empty) if it does not exist yet. Local
  /// defaults and graph attributes of subgraphs need this root declaration first.
  private func declare(
    kind: Int32, _ name: String
  ) throws(GraphvizError) -> UnsafeMutablePointer<Agsym_t> {
    let symbol = withC(name) { cName -> UnsafeMutablePointer<Agsym_t>? in
      if let existing = agattr(root, kind, cName, nil) { return existing }
      let neutral = kind == AGNODE && name == "label" ? "\\N" : ""
      return withC(neutral) { agattr(root, kind, cName, $0) }
    }
    guard let symbol else {
      throw .invalidGraph(failure("could not declare attribute \"\(name)\""))
    }
    return symbol
  }

  private func set(
    _ attributes: [PreparedAttribute], on object: UnsafeMutableRawPointer, kind: Int32
  ) throws(GraphvizError) {
    for attribute in attributes {
      let symbol = try declare(kind: kind, attribute.name)
      try set(attribute, on: object, symbol: symbol)
    }
  }

  private func set(
    _ attribute: PreparedAttribute, on object: UnsafeMutableRawPointer,
    symbol: UnsafeMutablePointer<Agsym_t>
  ) throws(GraphvizError) {
    let status = withHTML(attribute) { agxset(object, symbol, $0) }
    if status != 0 {
      throw .invalidGraph(failure("could not set attribute \"\(attribute.name)\""))
    }
  }

  /// Calls `body` with the attribute's value as a C string that is an HTML string in
  /// cgraph's string table when the attribute is HTML. cgraph copies values with
  /// `agstrdup`, which finds and shares our HTML copy; the extra reference is dropped after.
  private func withHTML<R>(
    _ attribute: PreparedAttribute, _ body: (UnsafeMutablePointer<CChar>) -> R
  ) -> R {
    guard attribute.isHTML else { return withC(attribute.value, body) }
    var value = attribute.value
    // A plain string with the same text would make ours plain too (see Preparation).
    while let existing = withC(value, { agstrbind(root, $0) }), aghtmlstr(existing) == 0 {
      value += Preparation.htmlDisambiguator
    }
    guard let html = withC(value, { agstrdup_html(root, $0) }) else {
      return withC(value, body)
    }
    defer { _ = agstrfree(root, html) }
    return body(html)
  }

  private func failure(_ fallback: String) -> String {
    GraphvizRuntime.shared.failureMessage(fallback)
  }
}

/// Calls `body` with a C copy of `string` typed as the `char *` cgraph wants. cgraph does
/// not write through these pointers.
private func withC<R>(_ string: String, _ body: (UnsafeMutablePointer<CChar>) -> R) -> R {
  string.withCString { body(UnsafeMutablePointer(mutating: $0)) }
}

// MARK: - Messages

/// Graphviz's messages, reassembled from the pieces `agerr` hands the user callback
/// ("Warning", ": ", text). Only used with the runtime lock held.
final class MessageLog: @unchecked Sendable {
  enum Level { case warning, error }

  struct Message {
    var level: Level
    var text: String
  }

  private var pending = ""
  private var messages: [Message] = []

  func append(_ piece: String) {
    // A new message starts with its level; finish an unterminated previous one.
    if piece == "Error" || piece == "Warning", !pending.isEmpty,
      pending != "Error: ", pending != "Warning: "
    {
      flush()
    }
    pending += piece
    while let newline = pending.firstIndex(of: "\n") {
      let line = String(pending[..<newline])
      pending.removeSubrange(...newline)
      commit(line)
    }
  }

  func flush() {
    guard !pending.isEmpty else { return }
    let line = pending
    pending = ""
    commit(line)
  }

  func take() -> [Message] {
    defer { messages.removeAll() }
    return messages
  }

  func reset() {
    pending = ""
    messages.removeAll()
  }

  private func commit(_ line: String) {
    if line.hasPrefix("Error: ") {
      messages.append(Message(level: .error, text: String(line.dropFirst(7))))
    } else if line.hasPrefix("Warning: ") {
      messages.append(Message(level: .warning, text: String(line.dropFirst(9))))
    } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
      // A continuation line (e.g. "in label of node x") belongs to the message before it.
      if messages.isEmpty {
        messages.append(Message(level: .warning, text: line))
      } else {
        messages[messages.count - 1].text += "\n" + line
      }
    }
  }
}

private func collectMessage(_ piece: UnsafeMutablePointer<CChar>?) -> Int32 {
  if let piece { GraphvizRuntime.shared.log.append(String(cString: piece)) }
  return 0
}

// MARK: - ID discipline

/// IDs for one root graph and its subgraphs, assigned in creation order.
///
/// cgraph keeps subgraphs ordered by ID, and its default discipline uses the address of
/// the interned name as the ID of a named object, so cluster order (and therefore the
/// drawing) would depend on the heap. Here every object, named or anonymous, gets the
/// next number, and a name always maps back to the same ID.
final class IDState {
  /// The root graph; names are interned in its string table, because cgraph reads the
  /// string header (the "is HTML" flag) in front of every name it prints.
  private let root: UnsafeMutablePointer<Agraph_t>?
  private var next: IDTYPE = 1
  private var ids: [[String: IDTYPE]] = [[:], [:], [:]]
  /// Interned names; owned by the graph's string table, which agclose frees.
  private var names: [IDTYPE: UnsafeMutablePointer<CChar>] = [:]

  init(root: UnsafeMutablePointer<Agraph_t>?) {
    self.root = root
  }

  /// Maps `name` to its ID, allocating the next ID if `create` and the name is new.
  func map(kind: Int32, name: UnsafeMutablePointer<CChar>?, create: Bool) -> IDTYPE? {
    guard let name else {
      guard create else { return nil }
      return allocate()
    }
    let index = kind == AGRAPH ? 0 : kind == AGNODE ? 1 : 2
    let key = String(cString: name)
    if let id = ids[index][key] { return id }
    guard create, let interned = agstrdup(root, name) else { return nil }
    let id = allocate()
    ids[index][key] = id
    names[id] = interned
    return id
  }

  func name(of id: IDTYPE) -> UnsafeMutablePointer<CChar>? { names[id] }

  private func allocate() -> IDTYPE {
    defer { next += 1 }
    return next
  }
}

private func idState(_ state: UnsafeMutableRawPointer?) -> IDState? {
  state.map { Unmanaged<IDState>.fromOpaque($0).takeUnretainedValue() }
}

private func idOpen(
  _ graph: UnsafeMutablePointer<Agraph_t>?, _ discipline: UnsafeMutablePointer<Agdisc_t>?
) -> UnsafeMutableRawPointer? {
  let state = IDState(root: graph)
  // Kept alive by the runtime until the locked call that opened it ends (cgraph may or
  // may not call `close`).
  GraphvizRuntime.shared.idStates.append(state)
  return Unmanaged.passUnretained(state).toOpaque()
}

private func idMap(
  _ state: UnsafeMutableRawPointer?, _ kind: Int32, _ name: UnsafeMutablePointer<CChar>?,
  _ id: UnsafeMutablePointer<IDTYPE>?, _ create: Int32
) -> Int {
  guard let id, let mapped = idState(state)?.map(kind: kind, name: name, create: create != 0)
  else { return 0 }
  id.pointee = mapped
  return 1
}

private func idAlloc(_ state: UnsafeMutableRawPointer?, _ kind: Int32, _ id: IDTYPE) -> Int {
  0  // Like cgraph's default: callers may not choose IDs.
}

private func idFree(_ state: UnsafeMutableRawPointer?, _ kind: Int32, _ id: IDTYPE) {
  // Names stay mapped until the graph is gone, so a re-created object keeps its ID.
}

private func idPrint(
  _ state: UnsafeMutableRawPointer?, _ kind: Int32, _ id: IDTYPE
) -> UnsafeMutablePointer<CChar>? {
  idState(state)?.name(of: id)
}

private func idClose(_ state: UnsafeMutableRawPointer?) {
  // Released when the locked call ends (see `idOpen`).
}

private func idRegister(
  _ state: UnsafeMutableRawPointer?, _ kind: Int32, _ object: UnsafeMutableRawPointer?
) {}

// MARK: - I/O discipline (agwrite into and agread from memory)

/// The channel `agwrite` writes to.
private final class ByteSink {
  var bytes: [UInt8] = []
}

/// The channel `agread` reads from.
private final class ByteSource {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }
}

private func ioRead(
  _ channel: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int32
) -> Int32 {
  guard let channel, let buffer, size > 0 else { return 0 }
  let source = Unmanaged<ByteSource>.fromOpaque(channel).takeUnretainedValue()
  let count = min(Int(size), source.bytes.count - source.offset)
  guard count > 0 else { return 0 }
  source.bytes.withUnsafeBytes { bytes in
    UnsafeMutableRawPointer(buffer).copyMemory(
      from: bytes.baseAddress! + source.offset, byteCount: count)
  }
  source.offset += count
  return Int32(count)
}

private func ioPutString(
  _ channel: UnsafeMutableRawPointer?, _ string: UnsafePointer<CChar>?
) -> Int32 {
  guard let channel, let string else { return -1 }
  let sink = Unmanaged<ByteSink>.fromOpaque(channel).takeUnretainedValue()
  sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: string, count: strlen(string)))
  return 0
}

private func ioFlush(_ channel: UnsafeMutableRawPointer?) -> Int32 { 0 }

// MARK: - Crash guard

/// The message and exit status of the active crash guard, read by the signal handler.
nonisolated(unsafe) private var crashNote: (text: UnsafeMutablePointer<CChar>, length: Int)?
nonisolated(unsafe) private var crashStatus: Int32 = 70
private let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT]

private func crashHandler(_ signal: Int32) {
  if let note = crashNote { _ = write(2, note.text, note.length) }
  _exit(crashStatus)
}

extension Graphviz {
  /// Runs `body`, and if the process crashes meanwhile (SIGSEGV, SIGBUS, SIGILL, SIGFPE or
  /// SIGABRT, as a Graphviz bug can cause), writes `message` to standard error and ends the
  /// process with `status` instead of dumping a crash report. The previous handlers are
  /// restored afterwards. Meant for a command-line tool laying out its one diagram in
  /// process; one guard at a time.
  public static func exitingOnCrash<T, E: Error>(
    message: String, status: Int32, _ body: () throws(E) -> T
  ) throws(E) -> T {
    let text = strdup(message)!
    crashNote = (text, strlen(text))
    crashStatus = status
    var previous: [Int32: sigaction] = [:]
    for signal in crashSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = crashHandler
      sigemptyset(&action.sa_mask)
      var old = sigaction()
      sigaction(signal, &action, &old)
      previous[signal] = old
    }
    defer {
      for (signal, old) in previous {
        var old = old
        sigaction(signal, &old, nil)
      }
      crashNote = nil
      free(text)
    }
    return try body()
  }
}

// MARK: - Text measurement cache

/// Graphviz's text layout entry point, `boolean (*)(textspan_t *span, char **fontpath)`.
private typealias TextLayoutFunction =
  @convention(c) (
    UnsafeMutablePointer<textspan_t>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> boolean

/// Remembers what the Pango plugin measured for each string and font, for the life of the
/// process.
///
/// Pango's text layout is 13–17% of a render's instructions, and a batch of similar
/// diagrams measures the same class names, badges and legend entries again and again. So
/// this registers a textlayout plugin of its own, preferred over Pango's, that answers
/// repeats from memory and passes everything else to Pango.
///
/// A remembered answer has no `PangoLayout` (`span->layout` is NULL). The core renderers
/// (SVG, DOT, xdot, JSON) never read it, but the cairo renderer (PNG, PDF) draws it, so the
/// cache only answers while `isActive`, which `render` sets for core targets only. If Pango's
/// plugin or a Graphviz symbol is not found, nothing is registered and Graphviz measures as
/// before. Only used with the runtime lock held.
final class TextMeasurementCache {
  /// Everything Pango's function reads: the text, and the font's name, size, HTML flags
  /// (bold, italic, ...) and PostScript alias (which Graphviz derives from the name; its
  /// address, in libgvc's static table, stands for it).
  private struct Key: Hashable {
    var text: [UInt8]
    var fontName: [UInt8]
    var fontSize: UInt64
    var flags: UInt32
    var alias: UInt

    /// The byte arrays hashed as blocks: `Array`'s own hashing feeds one byte at a time,
    /// on every measurement Graphviz asks for.
    func hash(into hasher: inout Hasher) {
      text.withUnsafeBytes { hasher.combine(bytes: $0) }
      hasher.combine(text.count)
      fontName.withUnsafeBytes { hasher.combine(bytes: $0) }
      hasher.combine(fontSize)
      hasher.combine(flags)
      hasher.combine(alias)
    }
  }

  /// Everything Pango's function sets, except the layout.
  private struct Measurement {
    var size: pointf
    var yoffsetLayout: Double
    var yoffsetCenterline: Double
    var result: boolean
  }

  /// Past this many entries the cache starts over, so long batches stay bounded.
  static let capacity = 50_000
  /// The quality of our plugin: above Pango's 10, so Graphviz selects ours.
  private static let quality: Int32 = 1_000

  /// Output types whose default device is a core renderer (Graphviz 2.42's plugin
  /// configuration), which writes text from its measured size and never draws
  /// `span->layout`, each with that renderer's name.
  private static let coreRenderers: [String: String] = [
    "svg": "svg", "svgz": "svg",
    "dot": "dot", "gv": "dot", "canon": "dot", "plain": "dot", "plain-ext": "dot",
    "xdot": "xdot", "xdot1.2": "xdot", "xdot1.4": "xdot",
    "json": "json", "json0": "json", "dot_json": "json", "xdot_json": "json",
  ]

  /// Pango's function; nil until found, and then our plugin is registered.
  private var pango: TextLayoutFunction?
  /// Whether Graphviz was seen calling our function after it was registered.
  private(set) var isInstalled = false
  /// Whether the current render may be answered from the cache (see `activate(for:)`).
  private(set) var isActive = false
  /// Off sends every render to Pango (a test switch).
  var isEnabled = true
  private var entries: [Key: Measurement] = [:]
  private(set) var hits = 0
  private(set) var misses = 0
  var count: Int { entries.count }
  /// Set while `install` checks that Graphviz calls us; our function then only notes it.
  private var probing = false
  private var probed = false

  /// Finds Pango's text layout function and registers ours in front of it. Called once,
  /// right after `gvContext()`, which has already loaded the Pango plugin.
  func install(_ gvc: OpaquePointer) {
    guard pango == nil, let function = Self.findPango(),
      let program = dlopen(nil, RTLD_NOW),
      let select = dlsym(program, "gvtextlayout_select"),
      let measure = dlsym(program, "gvtextlayout")
    else { return }
    pango = function
    gvAddLibrary(gvc, Self.makeLibrary())
    // Graphviz picks its text layout engine once, in gvContext: pick again.
    _ = unsafeBitCast(select, to: (@convention(c) (OpaquePointer?) -> Int32).self)(gvc)

    let textLayout = unsafeBitCast(
      measure,
      to: (@convention(c) (
        OpaquePointer?, UnsafeMutablePointer<textspan_t>?,
        UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
      ) -> Int32).self)
    probing = true
    defer { probing = false }
    withC("Times-Roman") { name in
      withC("probe") { text in
        var font = textfont_t()
        font.name = name
        font.size = 14
        withUnsafeMutablePointer(to: &font) { font in
          var span = textspan_t()
          span.str = text
          span.font = font
          _ = textLayout(gvc, &span, nil)
        }
      }
    }
    isInstalled = probed
  }

  /// Lets the cache answer while rendering `targets` if none of them draws Pango layouts.
  func activate(for targets: [RenderTarget]) {
    isActive = isEnabled && pango != nil && targets.allSatisfy(Self.ignoresLayouts)
  }

  func deactivate() {
    isActive = false
  }

  func removeAll() {
    entries.removeAll()
    hits = 0
    misses = 0
  }

  /// Whether rendering `target` never reads `span->layout`: a core device named by type
  /// alone or as `type:renderer[:core]`.
  static func ignoresLayouts(_ target: RenderTarget) -> Bool {
    guard case .device(let format) = target else { return true }
    let parts = format.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 3, let renderer = coreRenderers[String(parts[0])] else {
      return false
    }
    return (parts.count < 2 || parts[1] == renderer) && (parts.count < 3 || parts[2] == "core")
  }

  /// Our text layout: a remembered answer while active, else Pango's (remembered if active).
  fileprivate func layout(
    _ span: UnsafeMutablePointer<textspan_t>?,
    _ fontpath: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> boolean {
    if probing {
      probed = true
      return 0
    }
    guard let pango else { return 0 }
    // A font path is asked for in verbose mode only; Pango alone knows it.
    guard isActive, fontpath == nil, let span, let text = span.pointee.str,
      let font = span.pointee.font, let name = font.pointee.name
    else { return pango(span, fontpath) }

    let key = Key(
      text: Self.bytes(text), fontName: Self.bytes(name),
      fontSize: font.pointee.size.bitPattern, flags: UInt32(font.pointee.flags),
      alias: UInt(bitPattern: font.pointee.postscript_alias))
    if let cached = entries[key] {
      hits += 1
      span.pointee.size = cached.size
      span.pointee.yoffset_layout = cached.yoffsetLayout
      span.pointee.yoffset_centerline = cached.yoffsetCenterline
      span.pointee.layout = nil
      span.pointee.free_layout = nil
      return cached.result
    }
    misses += 1
    // Failures (Pango found no width) are remembered too: Graphviz then estimates the size
    // from its own font tables, the same way every time.
    let result = pango(span, nil)
    if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
    entries[key] = Measurement(
      size: span.pointee.size, yoffsetLayout: span.pointee.yoffset_layout,
      yoffsetCenterline: span.pointee.yoffset_centerline, result: result)
    return result
  }

  private static func bytes(_ string: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: string, count: strlen(string)))
  }

  /// Pango's function, found through the plugin library's public description
  /// (`gvplugin_library_t` → its textlayout API → type "textlayout" → engine).
  private static func findPango() -> TextLayoutFunction? {
    // Already loaded by gvContext (which selects the text layout engine); not loaded again.
    guard let handle = dlopen("libgvplugin_pango.so.6", RTLD_NOW | RTLD_NOLOAD),
      let symbol = dlsym(handle, "gvplugin_pango_LTX_library")
    else { return nil }
    var api: UnsafeMutablePointer<gvplugin_api_t>? =
      symbol.assumingMemoryBound(to: gvplugin_library_t.self).pointee.apis
    while let current = api, var type = current.pointee.types {
      if current.pointee.api == API_textlayout {
        while let name = type.pointee.type {
          if strcmp(name, "textlayout") == 0, let engine = type.pointee.engine {
            return engine.assumingMemoryBound(to: gvtextlayout_engine_t.self).pointee.textlayout
          }
          type += 1
        }
      }
      api = current + 1
    }
    return nil
  }

  /// Our plugin library: one textlayout type. Graphviz keeps pointers into it for the life
  /// of the context, so it is never freed.
  private static func makeLibrary() -> UnsafeMutablePointer<gvplugin_library_t> {
    let engine = UnsafeMutablePointer<gvtextlayout_engine_t>.allocate(capacity: 1)
    engine.initialize(to: gvtextlayout_engine_t(textlayout: cachedTextLayout))
    let types = UnsafeMutablePointer<gvplugin_installed_t>.allocate(capacity: 2)
    types.initialize(
      to: gvplugin_installed_t(
        id: 0, type: UnsafePointer(strdup("textlayout")), quality: quality,
        engine: UnsafeMutableRawPointer(engine), features: nil))
    (types + 1).initialize(to: gvplugin_installed_t())
    let apis = UnsafeMutablePointer<gvplugin_api_t>.allocate(capacity: 2)
    apis.initialize(to: gvplugin_api_t(api: API_textlayout, types: types))
    (apis + 1).initialize(to: gvplugin_api_t())
    let library = UnsafeMutablePointer<gvplugin_library_t>.allocate(capacity: 1)
    library.initialize(to: gvplugin_library_t(packagename: strdup("vcgraph"), apis: apis))
    return library
  }
}

private func cachedTextLayout(
  _ span: UnsafeMutablePointer<textspan_t>?,
  _ fontpath: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> boolean {
  GraphvizRuntime.shared.textCache.layout(span, fontpath)
}

#if DEBUG
  extension GraphvizRuntime {
    /// Test hook: whether renders may use cached text measurements (default true).
    var textCacheEnabled: Bool {
      get {
        lock.lock()
        defer { lock.unlock() }
        return textCache.isEnabled
      }
      set {
        lock.lock()
        defer { lock.unlock() }
        textCache.isEnabled = newValue
      }
    }

    /// Test hook: whether our text layout is in place, and the cache's counters.
    func textCacheStatistics() -> (installed: Bool, hits: Int, misses: Int, entries: Int) {
      _ = version()  // creates the context, which installs the cache
      lock.lock()
      defer { lock.unlock() }
      return (textCache.isInstalled, textCache.hits, textCache.misses, textCache.count)
    }

    /// Test hook: forgets every measurement and zeroes the counters.
    func clearTextCache() {
      lock.lock()
      defer { lock.unlock() }
      textCache.removeAll()
    }
  }
#endif

// MARK: - SVG coordinates

/// Prints the numbers of SVG (and other core) output the way Graphviz 2.42's `gvprintdouble`
/// does, without `snprintf`.
///
/// The core renderers print every coordinate through libgvc's `gvprintdouble`: zero below
/// 1e-8, `snprintf("%.02f")`, trailing zeros and a bare point trimmed. glibc's `%f` goes
/// through multi-precision arithmetic, and this came to 13–17% of a render's instructions.
/// The executable defines `gvprintdouble` itself (`_vcgraphPrintDouble`, exported like all
/// public symbols), so the dynamic linker binds the plugins' calls here; it writes the same
/// bytes from an exactly rounded integer, and hands anything else (another Graphviz version,
/// huge or non-finite numbers, a test switch) to libgvc's own function.
enum CoordinatePrinter {
  typealias Print = @convention(c) (OpaquePointer?, Double) -> Void
  typealias Write = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int) -> Int

  /// libgvc's `gvprintdouble` and `gvwrite`. Set once, with the runtime lock held; read only
  /// while rendering, which holds the lock.
  nonisolated(unsafe) private(set) static var original: Print?
  nonisolated(unsafe) private(set) static var write: Write?
  /// Whether the fast path may answer (the Graphviz version it was checked against).
  nonisolated(unsafe) private(set) static var isActive = false
  /// Off sends every number to libgvc (a test switch: ``GraphvizRuntime`` sets it with the
  /// lock held).
  nonisolated(unsafe) fileprivate(set) static var isEnabled = true

  /// The version whose `gvprintdouble` this reproduces (Debian's 2.42.2 reports 2.43.0).
  static let checkedVersion = "2.43.0"

  static func install(version: String) {
    resolve()
    isActive = original != nil && write != nil && version == checkedVersion
  }

  fileprivate static func resolve() {
    guard original == nil,
      let library = dlopen("libgvc.so.6", RTLD_NOW | RTLD_NOLOAD),
      let print = dlsym(library, "gvprintdouble"), let write = dlsym(library, "gvwrite")
    else { return }
    original = unsafeBitCast(print, to: Print.self)
    self.write = unsafeBitCast(write, to: Write.self)
  }

  /// Writes `number` as Graphviz 2.42 prints it into `out` (at least 24 bytes) and returns
  /// the length, or nil for numbers this does not handle (non-finite, or 1e13 and beyond).
  static func format(_ number: Double, into out: UnsafeMutablePointer<UInt8>) -> Int? {
    var value = number
    if value > -1e-8 && value < 1e-8 { value = 0 }
    let magnitude = abs(value)
    guard magnitude < 1e13 else { return nil }  // also false for NaN
    // `%.02f` rounds the exact value to hundredths, ties to even. `scaled` is the double
    // nearest to magnitude × 100 and `error` the exact rest (fused multiply-add), so only a
    // `scaled` that is exactly a half needs the rest to decide. Below 2^52 the fraction is
    // exact and every half is representable.
    let scaled = magnitude * 100
    let error = (-scaled).addingProduct(magnitude, 100)
    let floor = scaled.rounded(.down)
    let fraction = scaled - floor
    var units = UInt64(floor)
    if fraction > 0.5 || (fraction == 0.5 && (error > 0 || (error == 0 && units % 2 == 1))) {
      units += 1
    }
    var length = 0
    if value < 0 {
      out[0] = UInt8(ascii: "-")
      length = 1
    }
    // The whole part, most significant digit first.
    var whole = units / 100
    var digits: (UInt64, Int) = (1, 1)
    while digits.0 * 10 <= whole {
      digits.0 *= 10
      digits.1 += 1
    }
    for _ in 0..<digits.1 {
      out[length] = UInt8(ascii: "0") + UInt8(whole / digits.0)
      whole %= digits.0
      digits.0 /= 10
      length += 1
    }
    // Hundredths without trailing zeros (`x.50` is `x.5`, `x.00` is `x`).
    let cents = units % 100
    if cents != 0 {
      out[length] = UInt8(ascii: ".")
      out[length + 1] = UInt8(ascii: "0") + UInt8(cents / 10)
      length += 2
      if cents % 10 != 0 {
        out[length] = UInt8(ascii: "0") + UInt8(cents % 10)
        length += 1
      }
    }
    return length
  }
}

/// Graphviz's `gvprintdouble`, defined here so that the renderers' calls bind to it: see
/// ``CoordinatePrinter``. Not API.
@_cdecl("gvprintdouble")
public func _vcgraphPrintDouble(_ job: OpaquePointer?, _ number: Double) {
  if CoordinatePrinter.original == nil { CoordinatePrinter.resolve() }
  guard CoordinatePrinter.isActive, CoordinatePrinter.isEnabled,
    let write = CoordinatePrinter.write
  else {
    CoordinatePrinter.original?(job, number)
    return
  }
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
    guard let base = buffer.baseAddress,
      let length = CoordinatePrinter.format(number, into: base)
    else {
      CoordinatePrinter.original?(job, number)
      return
    }
    base.withMemoryRebound(to: CChar.self, capacity: length) { _ = write(job, $0, length) }
  }
}
