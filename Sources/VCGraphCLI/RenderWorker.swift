import Foundation
import VCGraphCore

/// The child side of `WorkerPool`: `vcgraph __render-worker WORDS` (the run's `render`
/// command line, whose inputs it does not read) reads jobs from standard input, one JSON line each
/// and then `end`, draws them in order, and reports each on standard output as `{"start":N}` then
/// `{"done":N,"status":S}`; diagnostics go to standard error as usual. The parent knows from this
/// which input a crashed worker was drawing. The worker ends when its standard input closes (the
/// parent is gone) or, on Linux, when its parent dies.
enum RenderWorker {
  /// The hidden command.
  static let command = "__render-worker"

  /// One input and where each of its formats goes.
  struct Job: Codable {
    /// The input's place in the run's list.
    var index: Int
    var input: String
    var relative: String?
    /// `[format, path]` pairs.
    var outputs: [[String]]
    /// The format of the image a Markdown page shows (`--image`).
    var image: String?
  }

  /// What the worker reports.
  struct Event: Codable {
    var start: Int?
    var done: Int?
    var status: Int32?
  }

  static func serve(_ words: [String], console: Console) -> Int32 {
    let command: RenderCommand
    do {
      // The parent refused repeated options in these words before it started the worker.
      command = try RenderOptions.parse(words).prepare(
        words: words, console: console, checkingRepeats: false)
    } catch let error as VCGraphError {
      console.err(DiagnosticPrinter().format(error))
      return error.exitCode
    } catch {
      console.err("error: \(Self.command): " + RenderOptions.message(for: error) + "\n")
      return ExitCode.of(.usage)
    }
    let lines = ParentWatch.Lines()
    var jobs: [Job] = []
    while let line = lines.next(), line != "end" {
      guard let job = try? JSONDecoder().decode(Job.self, from: Data(line.utf8)) else {
        console.err("error: \(Self.command): unreadable job\n")
        return ExitCode.of(.software)
      }
      jobs.append(job)
    }
    ParentWatch.start()
    let progress = Progress(console: console, total: 0, quiet: true)
    let writer = OutputWriter(inputs: jobs.map(\.input), durability: command.options.durability)
    for (position, job) in jobs.enumerated() {
      emit(Event(start: job.index), console)
      var destinations: [RenderFormat: RenderPlan.Destination] = [:]
      for pair in job.outputs where pair.count == 2 {
        if let format = RenderFormat(rawValue: pair[0]) { destinations[format] = .file(pair[1]) }
      }
      var status: Int32 = 0
      do {
        try command.render(
          InputFile(path: job.input, relative: job.relative), destinations: destinations,
          image: job.image.flatMap(RenderFormat.init(rawValue:)), singleDiagram: false,
          writer: writer, progress: progress)
      } catch {
        command.context.report(error)
        status = error.exitCode
      }
      if position == jobs.count - 1 {
        // The batch's one sync, before its last input is reported, which carries a failure.
        do {
          try writer.finish()
        } catch {
          command.context.report(error)
          if status == 0 { status = error.exitCode }
        }
      }
      emit(Event(done: job.index, status: status), console)
    }
    return ExitCode.success
  }

  private static func emit(_ event: Event, _ console: Console) {
    guard let data = try? JSONEncoder().encode(event) else { return }
    console.out(bytes: [UInt8](data) + [0x0A])
  }
}
