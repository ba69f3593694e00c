import Foundation
import VCGraphCore

/// Renders many inputs in parallel worker processes. Graphviz is not thread-safe and leaks per
/// render, so parallelism comes from processes, each recycled after a bounded batch.
struct WorkerPool {
  let context: CommandContext
  let jobs: Int
  /// Inputs one worker renders before it is replaced by a fresh process.
  static let batchSize = 50

  /// The `vcgraph` executable to start: `VCGRAPH_EXECUTABLE`, else this process's own.
  static var executable: String {
    ProcessInfo.processInfo.environment["VCGRAPH_EXECUTABLE"] ?? "/proc/self/exe"
  }

  func render(_ inputs: [String]) -> Int32 {
    let perWorker = max(1, min(Self.batchSize, (inputs.count + jobs - 1) / jobs))
    var batches: [[String]] = stride(from: 0, to: inputs.count, by: perWorker).map {
      Array(inputs[$0..<min($0 + perWorker, inputs.count)])
    }
    let forwarded = context.arguments.given.filter { $0.name != "jobs" }.map { option in
      option.value.map { "--\(option.name)=\($0)" } ?? "--\(option.name)"
    }
    var running: [Process] = []
    var status: Int32 = 0
    let console = context.console
    func reap(_ process: Process) {
      process.waitUntilExit()
      if process.terminationStatus != 0 && status == 0 {
        status = process.terminationReason == .uncaughtSignal ? 70 : process.terminationStatus
      }
    }
    while !batches.isEmpty || !running.isEmpty {
      while running.count < jobs, !batches.isEmpty {
        let batch = batches.removeFirst()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["render", "--quiet"] + forwarded + ["--"] + batch
        let errors = Pipe()
        process.standardError = errors
        errors.fileHandleForReading.readabilityHandler = { handle in
          let data = handle.availableData
          if !data.isEmpty { console.err(String(decoding: data, as: UTF8.self)) }
        }
        do {
          try process.run()
        } catch {
          console.err("error: cannot start a worker process: \(error.localizedDescription)\n")
          return FailureKind.software.rawValue
        }
        running.append(process)
      }
      // Wait for the oldest worker, then refill.
      let first = running.removeFirst()
      reap(first)
      (first.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
    }
    return status
  }
}
