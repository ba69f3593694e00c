import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory vcgraph-render COMMAND ...`: runs any
/// vcgraph command in the package's directory, with permission to write into the package:
///
///     swift package --allow-writing-to-package-directory vcgraph-render render \
///       Docs/Navigation -o Docs/Images
///
/// For the commands that write files (`render`, `simulate`, `import -o`, `diff -o`,
/// `check --write-baseline`); the read-only ones need no permission through the `vcgraph`
/// plugin. Every argument is vcgraph's own (`vcgraph --help`); relative paths name files in
/// the package.
@main
struct VCGraphRenderPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try VCGraphRun.run(context: context, arguments: arguments)
  }
}
