import Foundation
import PackagePlugin

/// `swift package vcgraph COMMAND ...`: runs vcgraph in the package's directory, so a Swift
/// package can keep its navigation diagrams in its documentation:
///
///     swift package --allow-writing-to-package-directory vcgraph render Docs/Navigation \
///       -o Docs/Images
///
/// The arguments are vcgraph's own (`vcgraph --help`); relative paths name files in the
/// package. Writing into the package needs `--allow-writing-to-package-directory` (SwiftPM
/// asks otherwise).
@main
struct VCGraphPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "vcgraph")
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
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw VCGraphFailed(status: process.terminationStatus)
    }
  }
}

/// vcgraph reported the problem on standard error; this makes `swift package` fail too.
struct VCGraphFailed: Error, CustomStringConvertible {
  var status: Int32
  var description: String { "vcgraph exited with status \(status)" }
}
