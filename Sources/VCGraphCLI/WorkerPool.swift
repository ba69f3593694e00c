import Foundation
import VCGraphCore

/// Renders many inputs in parallel worker processes. Graphviz is not thread-safe and leaks per
/// render, so parallelism comes from processes, each recycled after a bounded batch.
///
/// Each worker is started with the hidden command `__render-worker` (`RenderWorker`), gets its
/// batch as jobs on standard input (the input and where each format goes) and reports on
/// standard output which input it begins and how each ends. A worker that crashes is reported
/// for the input it was drawing alone; the inputs it never began go to a new worker, so one
/// crashing input never costs another its output (the run exits 70). A worker's standard
/// error is read to its end by a thread of its own before the worker is counted as done, so
/// no diagnostic is lost. Workers end with this process (`ParentWatch`); interrupted, it
/// passes the signal on and waits for them to remove their temporary files (`Interruption`).
///
/// Scheduling: a new worker starts as soon as *any* running one exits, so no core idles while
/// a slower batch elsewhere finishes. The inputs are cut into equal batches, as few as
/// `batchSize` allows and a multiple of `jobs`, so each worker gets the same number of
/// batches and process starts stay few: each costs about two renders of a 30-controller
/// input (fontconfig, the Graphviz context, and a text-measurement cache that starts cold).
/// 200 inputs on 2 jobs go out as 100, 100 (guided self-scheduling, the rule before, sent
/// 100, 50, 50: a third start, and one worker paying two).
struct WorkerPool {
  let context: CommandContext
  let jobs: Int
  /// Most inputs one worker renders before it is replaced by a fresh process (what Graphviz
  /// leaks in 100 renders of these diagrams is a few megabytes).
  static let batchSize = 100

  /// The size of the next batch when `remaining` of `count` inputs are left for `jobs` workers:
  /// `count` cut into the fewest batches of at most `batchSize` whose number is a multiple of
  /// `jobs`, all of one size (but the last).
  static func nextBatchSize(remaining: Int, of count: Int, jobs: Int) -> Int {
    let jobs = max(1, jobs)
    let needed = max(1, (count + batchSize - 1) / batchSize)
    let batches = (needed + jobs - 1) / jobs * jobs
    return max(1, min(remaining, (count + batches - 1) / batches))
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

  /// Starts a worker process, this executable (``executable``) with `arguments` and the
  /// workers' environment (`ParentWatch`), its standard input, output and error piped; `exited`
  /// runs when it ends. The one way render and layout workers start.
  static func start(
    _ arguments: [String], exited: @escaping @Sendable () -> Void
  ) throws -> (process: Process, input: Pipe, output: Pipe, errors: Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ParentWatch.workerEnvironment()
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    process.terminationHandler = { _ in exited() }
    try process.run()
    return (process, input, output, errors)
  }

  /// The `vcgraph` executable to start: `VCGRAPH_EXECUTABLE`, else this process's own.
  static var executable: String {
    ProcessInfo.processInfo.environment["VCGRAPH_EXECUTABLE"] ?? ownExecutable
  }

  /// This process's own executable, as Foundation finds it (`/proc/self/exe` on Linux,
  /// `_NSGetExecutablePath` on Darwin).
  static var ownExecutable: String {
    if let path = Bundle.main.executablePath { return path }
    #if os(Linux)
      return "/proc/self/exe"
    #else
      return CommandLine.arguments[0]
    #endif
  }

  /// One running worker: its process, its batch (indexes into the run's inputs), the pipe
  /// it reads jobs from, and what it has reported so far.
  private final class Running: @unchecked Sendable {
    let process: Process
    let batch: [Int]
    let jobs: FileHandle
    let drained = DispatchGroup()
    private let lock = NSLock()
    private var startedIndex: Int?
    private var finished: Set<Int> = []

    init(process: Process, batch: [Int], jobs: FileHandle) {
      self.process = process
      self.batch = batch
      self.jobs = jobs
    }

    func started(_ index: Int) { lock.withLock { startedIndex = index } }
    func done(_ index: Int) {
      lock.withLock {
        finished.insert(index)
        if startedIndex == index { startedIndex = nil }
      }
    }
    /// The input it was drawing when it stopped, and the inputs it never began.
    var unfinished: (current: Int?, notBegun: [Int]) {
      lock.withLock {
        let current = startedIndex
        let begun = batch.firstIndex { $0 == current }.map { batch[...$0] } ?? []
        return (current, batch.filter { !finished.contains($0) && !begun.contains($0) })
      }
    }
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

  /// Renders `files` as `plan` says, in worker processes; returns the run's exit status.
  func render(_ files: [InputFile], plan: RenderPlan, progress: Progress) -> Int32 {
    var queue = Array(files.indices)
    var head = 0
    func nextBatch() -> [Int]? {
      guard head < queue.count else { return nil }
      let size = Self.nextBatchSize(remaining: queue.count - head, of: files.count, jobs: jobs)
      defer { head += size }
      return Array(queue[head..<head + size])
    }
    // Workers take the run's command line (their jobs come on standard input; they render
    // them themselves, not with a pool of their own), and the run's reference folders (input
    // directories and every input's folder), so a worker resolves storyboard references as
    // this process would. The folders go first: the command line may end in `-- INPUT...`.
    let forwarded =
      context.loader.searchFolders.map { "\(ReferenceOptions.flag)=\($0)" } + context.words
    var running: [Int: Running] = [:]
    var started = 0
    let exits = Exits()
    let status = StatusBox()
    let console = context.console
    func reap(_ worker: Running) {
      worker.process.waitUntilExit()
      Interruption.ended(worker: worker.process.processIdentifier)
      worker.drained.wait()
      try? worker.jobs.close()
      let (current, notBegun) = worker.unfinished
      guard current != nil || !notBegun.isEmpty else { return }
      let how =
        worker.process.terminationReason == .uncaughtSignal
        ? "crashed (signal \(worker.process.terminationStatus))"
        : "stopped (exit status \(worker.process.terminationStatus))"
      status.record(ExitCode.of(.software))
      if let current {
        progress.message(
          ControlCharacters.escaped(
            "error: \(files[current].path): vcgraph \(how) while drawing it; the other inputs"
              + " are drawn") + "\n")
        progress.advance(files[current].path)
        // Those it never began go to a new worker first.
        queue.insert(contentsOf: notBegun, at: head)
      } else {
        progress.message(
          ControlCharacters.escaped(
            "error: a worker process \(how) before drawing "
              + notBegun.map { files[$0].path }.joined(separator: ", ")) + "\n")
      }
    }
    while true {
      while running.count < jobs, let batch = nextBatch() {
        let number = started
        started += 1
        let process: Process
        let input: Pipe
        let output: Pipe
        let errors: Pipe
        do {
          (process, input, output, errors) = try Self.start(
            [RenderWorker.command, "--quiet"] + forwarded
          ) { exits.post(number) }
        } catch {
          console.err("error: cannot start a worker process: \(error.localizedDescription)\n")
          for worker in running.values { reap(worker) }
          return ExitCode.of(.software)
        }
        // An interrupted run stops its workers and waits for them to clean up.
        Interruption.started(worker: process.processIdentifier)
        let worker = Running(process: process, batch: batch, jobs: input.fileHandleForWriting)
        var request = Data()
        for index in batch {
          let file = files[index]
          let outputs = (plan.destinations[file.path] ?? [:]).compactMap { format, destination in
            if case .file(let path) = destination { return [format.rawValue, path] }
            return nil
          }.sorted { $0[0] < $1[0] }
          let job = RenderWorker.Job(
            index: index, input: file.path, relative: file.relative, outputs: outputs,
            image: plan.image?.rawValue)
          request += (try? JSONEncoder().encode(job)) ?? Data()
          request.append(0x0A)
        }
        request += Data("end\n".utf8)
        let jobLines = request
        worker.drained.enter()
        Thread.detachNewThread {
          // The pipe stays open after the jobs: its closing tells the worker this process is
          // gone. A worker that died early makes the write fail (SIGPIPE is ignored).
          try? worker.jobs.write(contentsOf: jobLines)
          worker.drained.leave()
        }
        worker.drained.enter()
        Thread.detachNewThread {
          // Events: which input the worker began and finished, and how that went.
          let lines = output.fileHandleForReading
          var pending = Data()
          while true {
            let data = lines.availableData
            if data.isEmpty { break }
            pending.append(data)
            while let newline = pending.firstIndex(of: 0x0A) {
              let line = pending[..<newline]
              pending.removeSubrange(...newline)
              guard let event = try? JSONDecoder().decode(RenderWorker.Event.self, from: line)
              else { continue }
              if let index = event.start { worker.started(index) }
              if let index = event.done {
                worker.done(index)
                status.record(event.status ?? 0)
                progress.advance(files[index].path)
              }
            }
          }
          worker.drained.leave()
        }
        worker.drained.enter()
        Thread.detachNewThread {
          // Forward whole lines as they come, so messages of parallel workers do not mix.
          let handle = errors.fileHandleForReading
          var pending = Data()
          while true {
            let data = handle.availableData
            if data.isEmpty { break }
            pending.append(data)
            if let newline = pending.lastIndex(of: UInt8(ascii: "\n")) {
              progress.message(String(decoding: pending[...newline], as: UTF8.self))
              pending.removeSubrange(...newline)
            }
          }
          if !pending.isEmpty { progress.message(String(decoding: pending, as: UTF8.self)) }
          worker.drained.leave()
        }
        running[number] = worker
      }
      if running.isEmpty { break }
      // Wait for whichever worker exits first, then refill its slot.
      if let worker = running.removeValue(forKey: exits.next()) { reap(worker) }
    }
    progress.finish()
    return status.value
  }
}
