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
  /// test hook `TestHooks.inProcessLayoutLimit` overrides both in debug builds.
  static func inProcessLimit(singleDiagram: Bool) -> Int {
    TestHooks.inProcessLayoutLimit ?? (singleDiagram ? Int.max : 300)
  }

  /// Waits `TestHooks.layoutDelay` seconds, when a test set it, before a layout starts.
  static func testDelay() {
    if let seconds = TestHooks.layoutDelay, seconds > 0 {
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

  /// Renders `graph` in a worker process, returning each format's bytes and Graphviz's
  /// warnings; throws `Failure`.
  static func render(
    _ graph: Graph, engine: String, formats: [OutputFormat], timeout: Double
  ) throws(Failure) -> (outputs: [OutputFormat: [UInt8]], warnings: [String]) {
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
    process.environment = ParentWatch.workerEnvironment()
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
    let written = DispatchGroup()
    written.enter()
    Thread.detachNewThread {
      // The request is one line; the pipe then stays open until the worker is done, and its
      // closing (this process ending) tells the worker to stop. A worker that dies early
      // closes its end; the write then fails (SIGPIPE is ignored).
      try? input.fileHandleForWriting.write(contentsOf: request + Data([0x0A]))
      written.leave()
    }
    defer {
      written.wait()
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
    return (results, response.warnings ?? [])
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
      let line = ParentWatch.Lines().next() ?? ""
      request = try JSONDecoder().decode(Request.self, from: Data(line.utf8))
    } catch {
      console.err("error: \(command): unreadable request (\(error))\n")
      return ExitCode.of(.software)
    }
    // End with the parent; and should that fail, do not lay out forever.
    ParentWatch.start()
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
      var warnings: [String] = []
      for format in formats {
        for warning in rendered[format]?.warnings ?? [] where !warnings.contains(warning) {
          warnings.append(warning)
        }
      }
      response.warnings = warnings
    } catch {
      response.error = WireError(error)
    }
    do {
      console.out(bytes: [UInt8](try JSONEncoder().encode(response)))
    } catch {
      console.err("error: \(command): cannot encode the response (\(error))\n")
      return ExitCode.of(.software)
    }
    return ExitCode.success
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
    var warnings: [String]?
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
