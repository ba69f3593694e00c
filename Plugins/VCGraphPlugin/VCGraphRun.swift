import Foundation
import PackagePlugin

/// What both vcgraph command plugins share: running the tool in the package's directory with
/// every argument passed through, and a failure that says what vcgraph's exit status means.
/// (`Plugins/VCGraphRenderPlugin/VCGraphRun.swift` is a link to this file: a plugin can depend
/// on no library.)
enum VCGraphRun {
  /// Runs vcgraph with `arguments` (vcgraph's own, unchanged) in the package's directory.
  static func run(context: PluginContext, arguments: [String]) throws {
    let tool = try context.tool(named: "vcgraph")
    // SwiftPM builds a plugin's tool in `swift package`'s configuration: debug unless
    // `swift package -c release ...` says otherwise.
    // (A remark is shown only with --verbose: standard error, which SwiftPM passes on.)
    if tool.url.pathComponents.contains("debug") {
      FileHandle.standardError.write(
        Data(
          ("note: vcgraph was built in debug; `swift package -c release ...` builds it in "
            + "release, about 3x faster on real inputs\n").utf8))
    }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments.isEmpty ? ["--help"] : arguments
    process.currentDirectoryURL = context.package.directoryURL
    // Worker processes (`--jobs`) start the same executable.
    var environment = ProcessInfo.processInfo.environment
    environment["VCGRAPH_EXECUTABLE"] = tool.url.path
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal {
      throw VCGraphFailed(status: process.terminationStatus, signal: true)
    }
    guard process.terminationStatus == 0 else {
      throw VCGraphFailed(status: process.terminationStatus, signal: false)
    }
  }
}

/// vcgraph reported the problem on standard error; this makes `swift package` fail too, and
/// since SwiftPM ends every failing plugin with status 1, it names vcgraph's own status and
/// what it means (the README's "Exit codes").
struct VCGraphFailed: Error, CustomStringConvertible {
  var status: Int32
  var signal: Bool

  var description: String {
    if signal { return "vcgraph was killed by signal \(status) (a crash: please report it)" }
    return "vcgraph exited with status \(status): \(Self.meaning(status))"
  }

  /// What vcgraph's exit status `status` means.
  static func meaning(_ status: Int32) -> String {
    switch status {
    case 1:
      "a finding failed `check`, `diff --exit-code` found a difference, or `analyze` found "
        + "a question with no answer"
    case 64: "a usage error (an unknown command or option, or a bad option value)"
    case 65: "bad input data, or an input over a limit"
    case 66: "an input is missing or unreadable"
    case 70: "an internal error (Graphviz or vcgraph crashed on an input)"
    case 73: "an output cannot be created"
    case 74: "writing failed"
    default: "an unexpected status"
    }
  }
}
