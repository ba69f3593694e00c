import Foundation
import PackagePlugin

/// `swift package vcgraph COMMAND ...`: runs vcgraph's read-only commands in the package's
/// directory, with no permission to write into the package:
///
///     swift package vcgraph check Docs/Navigation
///     swift package vcgraph analyze Docs/Navigation/checkout.yaml --format json
///
/// `check`, `analyze`, `diff`, `rules`, `lint`, `import` and `render` to standard output
/// (`-o -`) run here; anything that writes a file (`render` or `simulate` into the package,
/// `-o FILE`, `--write-baseline`) is refused with the `vcgraph-render` command to use, which
/// asks for the permission. Every argument is vcgraph's own (`vcgraph --help`); relative paths
/// name files in the package.
@main
struct VCGraphPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if let reason = Self.writes(arguments) {
      throw WritingNeedsPermission(reason: reason, arguments: arguments)
    }
    try VCGraphRun.run(context: context, arguments: arguments)
  }

  /// Why `arguments` would write a file, or nil when they only read and print.
  static func writes(_ arguments: [String]) -> String? {
    let command = arguments.first { !$0.hasPrefix("-") }
    if command == "simulate" { return "`simulate` writes a directory" }
    var output: String?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--write-baseline" || argument.hasPrefix("--write-baseline=") {
        return "`--write-baseline` writes a file"
      }
      if argument == "-o" || argument == "--output" {
        output = index + 1 < arguments.count ? arguments[index + 1] : nil
        index += 1
      } else if argument.hasPrefix("--output=") {
        output = String(argument.dropFirst("--output=".count))
      } else if argument.hasPrefix("-o"), argument.count > 2 {
        output = String(argument.dropFirst(2))
      }
      index += 1
    }
    if let output, output != "-" { return "`-o \(output)` writes into the package" }
    // `render` without `-o` writes beside the working directory's files.
    if command == "render", output == nil { return "`render` without `-o -` writes files" }
    return nil
  }
}

/// A command that writes, run through the read-only plugin.
struct WritingNeedsPermission: Error, CustomStringConvertible {
  var reason: String
  var arguments: [String]

  var description: String {
    "\(reason); the read-only `vcgraph` plugin writes nothing. Run "
      + "`swift package --allow-writing-to-package-directory vcgraph-render "
      + "\(arguments.joined(separator: " "))`"
  }
}
