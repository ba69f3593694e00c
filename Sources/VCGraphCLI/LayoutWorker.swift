import Foundation
import GraphvizKit
import VCGraphCore

/// Lays out large diagrams in a child process that is killed when it runs over its time
/// budget, so a layout that would take hours (or crash inside Graphviz) ends in a clear error
/// instead of a hung or crashed CI job.
///
/// The parent re-executes its own binary (`/proc/self/exe`, or `VCGRAPH_EXECUTABLE`) with the
/// hidden command `__layout-worker`, writes a `Request` (the graph, the engine, the formats) as
/// JSON to its standard input and reads a `Response` from its standard output.
enum LayoutWorker {
  /// The hidden command that runs the child side.
  static let command = "__layout-worker"

  /// Graphs with more nodes and edges than this are laid out in a worker process; smaller
  /// ones (nearly every real diagram) stay in-process, which is faster. A run that draws a
  /// single diagram keeps it in process whatever its size: a watchdog and a crash guard
  /// end the run at the time budget or on a Graphviz crash, with the same errors and exit
  /// statuses, and there are no further diagrams that a stopped run would lose. The
  /// environment variable `VCGRAPH_IN_PROCESS_LAYOUT_LIMIT` overrides both (tests use it to
  /// force either way).
  static func inProcessLimit(singleDiagram: Bool) -> Int {
    ProcessInfo.processInfo.environment["VCGRAPH_IN_PROCESS_LAYOUT_LIMIT"].flatMap { Int($0) }
      ?? (singleDiagram ? Int.max : 300)
  }

  /// Tests stand in for a layout that takes long, whatever Graphviz's speed: with
  /// `VCGRAPH_TEST_LAYOUT_DELAY=SECONDS` every layout starts that much later.
  static func testDelay() {
    if let text = ProcessInfo.processInfo.environment["VCGRAPH_TEST_LAYOUT_DELAY"],
      let seconds = Double(text), seconds > 0
    {
      Thread.sleep(forTimeInterval: seconds)
    }
  }

  /// Why a worker run failed.
  enum Failure: Error {
    /// Over the time budget; the worker was killed.
    case timedOut(seconds: Double)
    /// The worker died from a signal or exited without an answer.
    case crashed(String)
    /// Graphviz reported an error in the worker.
    case graphviz(GraphvizError)
  }

  // MARK: - Parent side

  /// Renders `graph` in a worker process; throws `Failure`.
  static func render(
    _ graph: Graph, engine: String, formats: [OutputFormat], timeout: Double
  ) throws(Failure) -> [OutputFormat: [UInt8]] {
    let request: Data
    do {
      request = try JSONEncoder().encode(
        Request(
          engine: engine, formats: formats.map(\.rawValue), timeout: timeout,
          graph: WireGraph(graph)))
    } catch {
      throw .crashed("the graph could not be encoded (\(error))")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: WorkerPool.executable)
    process.arguments = [command]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do {
      try process.run()
    } catch {
      throw .crashed("cannot start the layout process (\(error.localizedDescription))")
    }
    let collected = Collected()
    let group = DispatchGroup()
    for (pipe, isOutput) in [(output, true), (errors, false)] {
      group.enter()
      Thread.detachNewThread {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        collected.store(data, isOutput: isOutput)
        group.leave()
      }
    }
    Thread.detachNewThread {
      // A worker that dies early closes its end; the write then fails (SIGPIPE is ignored).
      try? input.fileHandleForWriting.write(contentsOf: request)
      try? input.fileHandleForWriting.close()
    }
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      finished.wait()
      group.wait()
      throw .timedOut(seconds: timeout)
    }
    group.wait()
    if process.terminationReason == .uncaughtSignal {
      let signal = process.terminationStatus
      let name = signal == SIGALRM ? "its own time limit" : "signal \(signal)"
      throw .crashed("the layout process was stopped by \(name)")
    }
    guard process.terminationStatus == 0,
      let response = try? JSONDecoder().decode(Response.self, from: collected.output)
    else {
      let message = String(decoding: collected.errors, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      throw .crashed(
        "the layout process exited with status \(process.terminationStatus)"
          + (message.isEmpty ? "" : ": \(message)"))
    }
    if let error = response.error { throw .graphviz(error.graphvizError) }
    var results: [OutputFormat: [UInt8]] = [:]
    for (name, data) in response.results ?? [:] {
      if let format = OutputFormat(rawValue: name) { results[format] = [UInt8](data) }
    }
    for format in formats where results[format] == nil {
      throw .crashed("the layout process returned no \(format.rawValue) output")
    }
    return results
  }

  /// What the reader threads collected.
  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var outputData = Data()
    private var errorData = Data()

    func store(_ data: Data, isOutput: Bool) {
      lock.withLock {
        if isOutput { outputData = data } else { errorData = data }
      }
    }

    var output: Data { lock.withLock { outputData } }
    var errors: Data { lock.withLock { errorData } }
  }

  // MARK: - Child side

  /// Runs the worker: reads a request from standard input, writes the response to standard
  /// output. Returns the exit code.
  static func serve(console: Console) -> Int32 {
    let request: Request
    do {
      request = try JSONDecoder().decode(Request.self, from: Data(console.input()))
    } catch {
      console.err("error: \(command): unreadable request (\(error))\n")
      return FailureKind.software.rawValue
    }
    // Should the parent die without killing us, do not lay out forever.
    alarm(UInt32(min(max(request.timeout.rounded(.up), 1), 86_400)) + 5)
    let formats = request.formats.compactMap(OutputFormat.init(rawValue:))
    testDelay()
    var response = Response()
    do {
      let rendered = try Graphviz.render(
        request.graph.graph, engine: request.engine, formats: formats)
      response.results = rendered.mapValues { Data($0.data) }.reduce(into: [:]) {
        $0[$1.key.rawValue] = $1.value
      }
    } catch {
      response.error = WireError(error)
    }
    do {
      console.out(bytes: [UInt8](try JSONEncoder().encode(response)))
    } catch {
      console.err("error: \(command): cannot encode the response (\(error))\n")
      return FailureKind.software.rawValue
    }
    return 0
  }

  // MARK: - Wire format

  struct Request: Codable {
    var engine: String
    var formats: [String]
    var timeout: Double
    var graph: WireGraph
  }

  struct Response: Codable {
    var results: [String: Data]?
    var error: WireError?
  }

  struct WireError: Codable {
    var kind: String
    var first: String
    var second: String

    init(_ error: GraphvizError) {
      switch error {
      case .layoutFailed(let engine, let message):
        (kind, first, second) = ("layout", engine, message)
      case .renderFailed(let format, let message):
        (kind, first, second) = ("render", format, message)
      case .invalidGraph(let message): (kind, first, second) = ("invalid", message, "")
      case .writeFailed(let message): (kind, first, second) = ("write", message, "")
      }
    }

    var graphvizError: GraphvizError {
      switch kind {
      case "layout": .layoutFailed(engine: first, message: second)
      case "render": .renderFailed(format: first, message: second)
      case "write": .writeFailed(first)
      default: .invalidGraph(first)
      }
    }
  }

  struct WireAttribute: Codable {
    /// Name, then the case (`t` text, `h` html, `r` raw), then the value.
    var n: String
    var c: String
    var v: String
  }

  static func wire(_ attributes: Attributes) -> [WireAttribute] {
    attributes.entries.map { entry in
      switch entry.value {
      case .text(let value): WireAttribute(n: entry.name, c: "t", v: value)
      case .html(let value): WireAttribute(n: entry.name, c: "h", v: value)
      case .raw(let value): WireAttribute(n: entry.name, c: "r", v: value)
      }
    }
  }

  static func attributes(_ wire: [WireAttribute]) -> Attributes {
    Attributes(
      wire.map { attribute in
        let value: AttributeValue =
          switch attribute.c {
          case "t": .text(attribute.v)
          case "h": .html(attribute.v)
          default: .raw(attribute.v)
          }
        return (attribute.n, value)
      })
  }

  struct WireElement: Codable {
    /// A node's name, or an edge's tail.
    var a: String
    /// An edge's head.
    var b: String?
    var attributes: [WireAttribute]
  }

  final class WireGraph: Codable {
    var name: String
    var directed: Bool
    var strict: Bool
    var attributes: [WireAttribute]
    var nodeDefaults: [WireAttribute]
    var edgeDefaults: [WireAttribute]
    var nodes: [WireElement]
    var edges: [WireElement]
    var subgraphs: [WireGraph]

    init(_ graph: Graph) {
      name = graph.name
      directed = graph.directed
      strict = graph.strict
      attributes = LayoutWorker.wire(graph.attributes)
      nodeDefaults = LayoutWorker.wire(graph.nodeDefaults)
      edgeDefaults = LayoutWorker.wire(graph.edgeDefaults)
      nodes = graph.nodes.map {
        WireElement(a: $0.name, b: nil, attributes: LayoutWorker.wire($0.attributes))
      }
      edges = graph.edges.map {
        WireElement(a: $0.tail, b: $0.head, attributes: LayoutWorker.wire($0.attributes))
      }
      subgraphs = graph.subgraphs.map(WireGraph.init)
    }

    var graph: Graph {
      var graph = Graph(name: name, directed: directed)
      graph.strict = strict
      graph.attributes = LayoutWorker.attributes(attributes)
      graph.nodeDefaults = LayoutWorker.attributes(nodeDefaults)
      graph.edgeDefaults = LayoutWorker.attributes(edgeDefaults)
      graph.nodes = nodes.map { Node($0.a, attributes: LayoutWorker.attributes($0.attributes)) }
      graph.edges = edges.map {
        Edge($0.a, $0.b ?? $0.a, attributes: LayoutWorker.attributes($0.attributes))
      }
      graph.subgraphs = subgraphs.map(\.graph)
      return graph
    }
  }
}

/// Drawing with the layout limits; `render` (and any command that lays out diagrams) goes
/// through here rather than calling Graphviz directly.
extension CommandContext {
  /// The layout limits from the command line: graph size (nodes and edges) and seconds.
  func layoutBudget() throws(VCGraphError) -> (nodes: Int, seconds: Double) {
    var nodes = InputLimits.default.maxLayoutNodes
    var seconds = InputLimits.default.layoutTimeout
    if let value = try arguments.positiveInt("max-layout-nodes") { nodes = value }
    if let text = arguments.value("layout-timeout") {
      guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
        throw VCGraphError(
          .usage, "'--layout-timeout' takes a number of seconds (at most 86400), not '\(text)'")
      }
      seconds = value
    }
    return (nodes, seconds)
  }

  /// Checks the graph against the label and layout limits, then lays it out and renders it:
  /// in this process when it is small or the run's only diagram, else in a worker process
  /// stopped at the time budget.
  func draw(
    _ graph: Graph, input: String, engine: String, formats: [OutputFormat],
    singleDiagram: Bool = false
  ) throws(VCGraphError) -> [OutputFormat: [UInt8]] {
    let limits = self.limits
    if let longest = LayoutMeasure.longestLabel(in: graph), longest.lines > limits.maxLabelLines {
      throw VCGraphError(
        .dataError,
        "\(input): the diagram's \(longest.owner) label would have \(longest.lines) lines, more"
          + " than the limit of \(limits.maxLabelLines)",
        hint: "raise it with --max-label-lines (below 32000: Graphviz crashes on longer labels)")
    }
    guard !formats.isEmpty else { return [:] }
    let needsLayout = formats.contains { $0 != .dot }
    let budget = try layoutBudget()
    let size = LayoutMeasure.size(of: graph)
    if needsLayout && size > budget.nodes {
      throw VCGraphError(
        .dataError,
        "\(input): the diagram has \(size) nodes and edges, more than the layout limit of"
          + " \(budget.nodes)",
        hint: "raise it with --max-layout-nodes, leave out --expand-all so off-screen subtrees"
          + " collapse, or write -f dot or json, which need no layout")
    }
    func timedOut(after seconds: Double) -> VCGraphError {
      VCGraphError(
        .dataError,
        "\(input): laying out the diagram (\(size) nodes and edges) took longer than the"
          + " limit of \(Self.format(seconds)) seconds and was stopped",
        hint: "raise it with --layout-timeout, leave out --expand-all so off-screen subtrees"
          + " collapse, or write -f dot or json, which need no layout")
    }
    var rendered: [OutputFormat: [UInt8]] = [:]
    if needsLayout && size > LayoutWorker.inProcessLimit(singleDiagram: singleDiagram) {
      do {
        rendered = try LayoutWorker.render(
          graph, engine: engine, formats: formats, timeout: budget.seconds)
      } catch {
        switch error {
        case .timedOut(let seconds):
          throw timedOut(after: seconds)
        case .crashed(let message):
          throw VCGraphError(.software, "\(input): \(message)")
        case .graphviz(let error):
          throw VCGraphError(
            error.isUsageError ? .usage : .software, "\(input): \(error.description)")
        }
      }
    } else {
      do {
        let results: [OutputFormat: RenderResult]
        if needsLayout && singleDiagram {
          results = try guarded(
            input: input, timeout: timedOut(after: budget.seconds), seconds: budget.seconds
          ) { () throws(GraphvizError) in
            try Graphviz.render(graph, engine: engine, formats: formats)
          }
        } else {
          results = try Graphviz.render(graph, engine: engine, formats: formats)
        }
        for (format, result) in results { rendered[format] = result.data }
      } catch {
        throw VCGraphError(
          error.isUsageError ? .usage : .software, "\(input): \(error.description)")
      }
    }
    return rendered
  }

  /// Runs a layout in this process under a watchdog that reports `timeout` and ends the
  /// process with its status after `seconds`, and a guard that turns a crash into an error
  /// and status 70. Outputs are written only after a layout finishes, so ending the process
  /// here loses nothing.
  private func guarded<T>(
    input: String, timeout: VCGraphError, seconds: Double,
    _ body: () throws(GraphvizError) -> T
  ) throws(GraphvizError) -> T {
    let console = self.console
    let timeoutText = DiagnosticPrinter().format(timeout)
    let watchdog = DispatchWorkItem {
      console.err(timeoutText)
      _exit(timeout.kind.rawValue)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
    defer { watchdog.cancel() }
    let crash = VCGraphError(.software, "\(input): Graphviz crashed while laying out the diagram")
    return try Graphviz.exitingOnCrash(
      message: DiagnosticPrinter().format(crash), status: crash.kind.rawValue
    ) { () throws(GraphvizError) -> T in
      if ProcessInfo.processInfo.environment["VCGRAPH_TEST_CRASH_IN_LAYOUT"] != nil {
        raise(SIGSEGV)  // Tests stand in for a Graphviz crash.
      }
      LayoutWorker.testDelay()
      return try body()
    }
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
  }
}

/// Measures of a graph that decide how (and whether) it is laid out.
enum LayoutMeasure {
  /// Distinct nodes plus edges, over the graph and all its subgraphs.
  static func size(of graph: Graph) -> Int {
    var names = Set<String>()
    var edges = 0
    func visit(_ graph: Graph) {
      for node in graph.nodes { names.insert(node.name) }
      for edge in graph.edges {
        names.insert(edge.tail)
        names.insert(edge.head)
      }
      edges += graph.edges.count
      for subgraph in graph.subgraphs { visit(subgraph) }
    }
    visit(graph)
    return names.count + edges
  }

  /// The label with the most lines: its line count and what it belongs to.
  static func longestLabel(in graph: Graph) -> (lines: Int, owner: String)? {
    var best: (lines: Int, owner: String)?
    func consider(_ attributes: Attributes, owner: @autoclosure () -> String) {
      for name in ["label", "xlabel", "headlabel", "taillabel"] {
        guard let value = attributes[name] else { continue }
        let lines = value.lineCount
        if lines > (best?.lines ?? 1) { best = (lines, owner()) }
      }
    }
    func visit(_ graph: Graph, isRoot: Bool) {
      consider(graph.attributes, owner: isRoot ? "title" : "group \(graph.name)")
      consider(graph.nodeDefaults, owner: "node style")
      consider(graph.edgeDefaults, owner: "edge style")
      for node in graph.nodes {
        consider(node.attributes, owner: "node \(node.attributes.id ?? node.name)")
      }
      for edge in graph.edges {
        consider(
          edge.attributes, owner: "edge \(edge.attributes.id ?? "\(edge.tail)→\(edge.head)")")
      }
      for subgraph in graph.subgraphs { visit(subgraph, isRoot: false) }
    }
    visit(graph, isRoot: true)
    return best
  }
}
