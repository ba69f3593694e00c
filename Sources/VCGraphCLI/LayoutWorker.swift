import Foundation
import VCGraphBackends
import VCGraphCore

/// Lays out large diagrams in a child process that is killed when it runs over its time
/// budget, so a layout that would take hours (or crash inside Graphviz) ends in a clear error
/// instead of a hung or crashed CI job.
///
/// The parent re-executes its own binary (`/proc/self/exe`, or `VCGRAPH_EXECUTABLE`) with the
/// hidden command `__layout-worker`, writes a `LayoutRequest` (the graph, the engine, the
/// formats) as JSON to its standard input and reads a `LayoutResponse` from its standard
/// output; the image backend (`VCGraphBackends`) defines both and does the layout.
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
    case backend(ImageBackendError)
  }

  // MARK: - Parent side

  /// Renders `graph` in a worker process, returning each format's bytes and Graphviz's
  /// warnings; throws `Failure`.
  static func render(
    _ graph: ImageGraph, engine: String, formats: [ImageFormat], timeout: Double
  ) throws(Failure) -> (outputs: [ImageFormat: [UInt8]], warnings: [String]) {
    let request: Data
    do {
      request = try JSONEncoder().encode(
        LayoutRequest(graph, engine: engine, formats: formats, timeout: timeout))
    } catch {
      throw .crashed("the graph could not be encoded (\(error))")
    }
    let finished = DispatchSemaphore(value: 0)
    let process: Process
    let input: Pipe
    let output: Pipe
    let errors: Pipe
    do {
      (process, input, output, errors) = try WorkerPool.start([command]) { finished.signal() }
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
      let response = try? JSONDecoder().decode(LayoutResponse.self, from: collected.output)
    else {
      let message = String(decoding: collected.errors, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      throw .crashed(
        "the layout process exited with status \(process.terminationStatus)"
          + (message.isEmpty ? "" : ": \(message)"))
    }
    if let error = response.failure { throw .backend(error) }
    let results = response.outputs
    for format in formats where results[format] == nil {
      throw .crashed("the layout process returned no \(format.rawValue) output")
    }
    return (results, response.layoutWarnings)
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
    let request: LayoutRequest
    do {
      let line = ParentWatch.Lines().next() ?? ""
      request = try JSONDecoder().decode(LayoutRequest.self, from: Data(line.utf8))
    } catch {
      console.err("error: \(command): unreadable request (\(error))\n")
      return ExitCode.of(.software)
    }
    // End with the parent; and should that fail, do not lay out forever.
    ParentWatch.start()
    alarm(UInt32(min(max(request.timeout.rounded(.up), 1), 86_400)) + 5)
    testDelay()
    let response = request.response()
    do {
      console.out(bytes: [UInt8](try JSONEncoder().encode(response)))
    } catch {
      console.err("error: \(command): cannot encode the response (\(error))\n")
      return ExitCode.of(.software)
    }
    return ExitCode.success
  }
}
