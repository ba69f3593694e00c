import Foundation
import VCGraphCore

/// Runs `vcgraph-swift`, the program that parses Swift for `vcgraph scan`: found through
/// `VCGRAPH_SWIFT`, else beside the running executable. Without it, exit 69 (EX_UNAVAILABLE)
/// with how to build it.
enum ScanRunner {
  /// The program's name.
  static let program = "vcgraph-swift"

  /// Where `vcgraph-swift` is, if it is there.
  static func locate() -> String? {
    let manager = FileManager.default
    if let named = ProcessInfo.processInfo.environment["VCGRAPH_SWIFT"], !named.isEmpty {
      return manager.isExecutableFile(atPath: named) ? named : nil
    }
    var folders: [URL] = []
    if let own = Bundle.main.executableURL { folders.append(own.deletingLastPathComponent()) }
    let argument = CommandLine.arguments.first ?? ""
    if argument.contains("/") {
      folders.append(
        URL(fileURLWithPath: argument).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    for folder in folders {
      let candidate = folder.appendingPathComponent(program).path
      if manager.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The scan's JSON for `sources` (`command` `lint`: the lint findings'); the program's
  /// warnings go to standard error through the console (escaped, so a file name cannot forge a
  /// CI line), after it ends.
  static func run(
    _ sources: ScanSources, command: String = "scan", console: Console
  ) throws(VCGraphError) -> [UInt8] {
    try start(command: command, root: sources.root).finish(sources, console: console)
  }

  /// Starts the program, which waits for its list of files: started before the files are
  /// found, it is ready to parse when the list comes (its start took 4 ms of a 0.7 s scan).
  /// When the program is not there, the error comes from `finish`, after the files are found
  /// (so that a missing file is still the error a scan without them reports first).
  /// `root`: the folder the output's paths are relative to (`ScanSources.root`).
  static func start(command: String = "scan", root: String) -> Child {
    guard let executable = locate() else { return Child(failure: notFound()) }
    return Child(executable: executable, command: command, root: root)
  }

  private static func notFound() -> VCGraphError {
    let named = ProcessInfo.processInfo.environment["VCGRAPH_SWIFT"]
    return VCGraphError(
      .unavailable,
      named.map { "VCGRAPH_SWIFT names \($0), which is not an executable" }
        ?? "\(program), which parses Swift for vcgraph scan, is not beside vcgraph",
      hint: "build it: swift build -c release --product \(program) (it sits next to vcgraph"
        + " in .build/release), or name it with VCGRAPH_SWIFT=/path/to/\(program)")
  }

  /// A started `vcgraph-swift`: `finish` hands it the files and reads its output, `cancel`
  /// ends it when there is nothing to scan.
  final class Child {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let messages = Pipe()
    private let exited = DispatchSemaphore(value: 0)
    private var failure: VCGraphError?

    fileprivate init(failure: VCGraphError) {
      self.failure = failure
    }

    fileprivate init(executable: String, command: String, root: String) {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = [command, "--root", root, "--files-from", "-"]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = messages
      // Its end is waited for through the termination handler: Foundation's `waitUntilExit`
      // on Linux polls its run loop every 50 ms, which added about 50 ms to every scan.
      let exited = exited
      process.terminationHandler = { _ in exited.signal() }
      do {
        try process.run()
      } catch {
        failure = VCGraphError(
          .unavailable, "cannot run \(executable): \(error.localizedDescription)")
      }
    }

    /// The program's output for `sources` (of the root it was started with), once it has
    /// ended.
    func finish(_ sources: ScanSources, console: Console) throws(VCGraphError) -> [UInt8] {
      if let failure { throw failure }
      let list = (sources.swiftFiles + sources.storyboards).joined(separator: "\n") + "\n"
      let writer = Thread { [input] in
        input.fileHandleForWriting.write(Data(list.utf8))
        try? input.fileHandleForWriting.close()
      }
      writer.start()
      // Read the messages on their own thread: a full stderr pipe must not stall the scan.
      let collected = MessageBuffer()
      let reader = Thread { [messages] in
        collected.data = messages.fileHandleForReading.readDataToEndOfFile()
        collected.done.signal()
      }
      reader.start()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      exited.wait()
      collected.done.wait()
      if !collected.data.isEmpty { console.err(String(decoding: collected.data, as: UTF8.self)) }
      guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        throw VCGraphError(
          .software,
          "\(program) failed (\(process.terminationReason == .exit ? "exit" : "signal")"
            + " \(process.terminationStatus)); its messages are above")
      }
      return [UInt8](data)
    }

    /// Ends the program without a scan: its list is closed empty, and it is waited for.
    func cancel() {
      guard failure == nil else { return }
      try? input.fileHandleForWriting.close()
      try? output.fileHandleForReading.close()
      try? messages.fileHandleForReading.close()
      exited.wait()
    }
  }
}

/// The child's standard error, filled by its reader thread.
private final class MessageBuffer: @unchecked Sendable {
  var data = Data()
  let done = DispatchSemaphore(value: 0)
}
