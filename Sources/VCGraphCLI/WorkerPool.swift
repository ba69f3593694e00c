import Foundation
import VCGraphCore

/// Renders many inputs in parallel worker processes. Graphviz is not thread-safe and leaks per
/// render, so parallelism comes from processes, each recycled after a bounded batch.
///
/// A worker's standard error is read to its end by a thread of its own before the worker is
/// counted as done, so no diagnostic is lost; a worker that dies from a signal is reported by
/// name with the inputs it was rendering, and the run exits 70.
///
/// Scheduling: a new worker starts as soon as *any* running one exits, so no core idles while
/// a slower batch elsewhere finishes. Batches follow guided self-scheduling: each takes one
/// worker's share of the inputs still queued (at most `batchSize`, at least `minimumBatch`),
/// so they shrink as the queue drains and the workers run out of work at nearly the same
/// time, while process starts stay few: each costs about two renders of a 30-controller
/// input (fontconfig, the Graphviz context, and a text-measurement cache that starts cold).
/// 200 inputs on 2 jobs go out as 100, 50, 50.
struct WorkerPool {
  let context: CommandContext
  let jobs: Int
  /// Most inputs one worker renders before it is replaced by a fresh process (what Graphviz
  /// leaks in 100 renders of these diagrams is a few megabytes).
  static let batchSize = 100
  /// Fewest inputs in a batch (but the last, and when there are few inputs per worker), so
  /// process starts stay a small share.
  static let minimumBatch = 50

  /// The size of the next batch when `remaining` of `count` inputs are left for `jobs` workers.
  static func nextBatchSize(remaining: Int, of count: Int, jobs: Int) -> Int {
    let share = (remaining + jobs - 1) / jobs
    let floor = min(minimumBatch, (count + jobs - 1) / jobs)
    return min(remaining, batchSize, max(floor, share))
  }

  /// The batches `render` hands out, in order, for `count` inputs (what the scheduler does,
  /// for tests and tuning).
  static func batchSizes(count: Int, jobs: Int) -> [Int] {
    var sizes: [Int] = []
    var remaining = count
    while remaining > 0 {
      let size = nextBatchSize(remaining: remaining, of: count, jobs: jobs)
      sizes.append(size)
      remaining -= size
    }
    return sizes
  }

  /// The `vcgraph` executable to start: `VCGRAPH_EXECUTABLE`, else this process's own, as
  /// Foundation finds it (`/proc/self/exe` on Linux, `_NSGetExecutablePath` on Darwin).
  static var executable: String {
    if let path = ProcessInfo.processInfo.environment["VCGRAPH_EXECUTABLE"] { return path }
    if let path = Bundle.main.executablePath { return path }
    #if os(Linux)
      return "/proc/self/exe"
    #else
      return CommandLine.arguments[0]
    #endif
  }

  /// One running worker and the thread draining its standard error.
  private struct Running {
    var process: Process
    var batch: [String]
    var drained: DispatchGroup
  }

  /// Workers that exited, in the order they did; filled by termination handlers.
  private final class Exits: @unchecked Sendable {
    private let lock = NSLock()
    private let signal = DispatchSemaphore(value: 0)
    private var exited: [Int] = []

    func post(_ worker: Int) {
      lock.withLock { exited.append(worker) }
      signal.signal()
    }

    /// Blocks until a worker has exited and returns its number.
    func next() -> Int {
      signal.wait()
      return lock.withLock { exited.removeFirst() }
    }
  }

  func render(_ inputs: [String]) -> Int32 {
    var next = 0
    func nextBatch() -> [String]? {
      guard next < inputs.count else { return nil }
      let size = Self.nextBatchSize(remaining: inputs.count - next, of: inputs.count, jobs: jobs)
      defer { next += size }
      return Array(inputs[next..<next + size])
    }
    // Workers render their batch themselves, not with a pool of their own.
    let jobsOption = RenderOptions.jobs.declaration
    let forwarded =
      context.arguments.given.filter { $0.name != jobsOption.name }.map { option in
        option.value.map { "--\(option.name)=\($0)" } ?? "--\(option.name)"
      } + ["\(jobsOption.flag)=1"]
      // The run's reference folders (input directories and every input's folder), so a
      // worker resolves storyboard references as this process would.
      + context.loader.searchFolders.map { "\(ReferenceOptions.folder.declaration.flag)=\($0)" }
    var running: [Int: Running] = [:]
    var started = 0
    let exits = Exits()
    var status: Int32 = 0
    let console = context.console
    func reap(_ worker: Running) {
      worker.process.waitUntilExit()
      worker.drained.wait()
      let code: Int32
      if worker.process.terminationReason == .uncaughtSignal {
        console.err(
          "error: a worker process stopped on signal \(worker.process.terminationStatus) while"
            + " rendering \(worker.batch.joined(separator: ", "))\n")
        code = ExitCode.of(.software)
      } else {
        code = worker.process.terminationStatus
      }
      if code != 0 && status == 0 { status = code }
    }
    while true {
      while running.count < jobs, let batch = nextBatch() {
        let number = started
        started += 1
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["render", "--quiet"] + forwarded + ["--"] + batch
        let errors = Pipe()
        process.standardError = errors
        process.terminationHandler = { _ in exits.post(number) }
        do {
          try process.run()
        } catch {
          console.err("error: cannot start a worker process: \(error.localizedDescription)\n")
          for worker in running.values { reap(worker) }
          return ExitCode.of(.software)
        }
        let drained = DispatchGroup()
        drained.enter()
        Thread.detachNewThread {
          // Forward whole lines as they come, so messages of parallel workers do not mix.
          let handle = errors.fileHandleForReading
          var pending = Data()
          while true {
            let data = handle.availableData
            if data.isEmpty { break }
            pending.append(data)
            if let newline = pending.lastIndex(of: UInt8(ascii: "\n")) {
              console.err(String(decoding: pending[...newline], as: UTF8.self))
              pending.removeSubrange(...newline)
            }
          }
          if !pending.isEmpty { console.err(String(decoding: pending, as: UTF8.self)) }
          drained.leave()
        }
        running[number] = Running(process: process, batch: batch, drained: drained)
      }
      if running.isEmpty { break }
      // Wait for whichever worker exits first, then refill its slot.
      if let worker = running.removeValue(forKey: exits.next()) { reap(worker) }
    }
    return status
  }
}
