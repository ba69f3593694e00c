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
    guard let executable = locate() else {
      let named = ProcessInfo.processInfo.environment["VCGRAPH_SWIFT"]
      throw VCGraphError(
        .unavailable,
        named.map { "VCGRAPH_SWIFT names \($0), which is not an executable" }
          ?? "\(program), which parses Swift for vcgraph scan, is not beside vcgraph",
        hint: "build it: swift build -c release --product \(program) (it sits next to vcgraph"
          + " in .build/release), or name it with VCGRAPH_SWIFT=/path/to/\(program)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [command, "--root", sources.root, "--files-from", "-"]
    let input = Pipe()
    let output = Pipe()
    let messages = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = messages
    // Its end is waited for through the termination handler: Foundation's `waitUntilExit`
    // on Linux polls its run loop every 50 ms, which added about 50 ms to every scan.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do {
      try process.run()
    } catch {
      throw VCGraphError(.unavailable, "cannot run \(executable): \(error.localizedDescription)")
    }
    let list = (sources.swiftFiles + sources.storyboards).joined(separator: "\n") + "\n"
    let writer = Thread {
      input.fileHandleForWriting.write(Data(list.utf8))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    // Read the messages on their own thread: a full stderr pipe must not stall the scan.
    let collected = MessageBuffer()
    let reader = Thread {
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
}

/// The child's standard error, filled by its reader thread.
private final class MessageBuffer: @unchecked Sendable {
  var data = Data()
  let done = DispatchSemaphore(value: 0)
}
