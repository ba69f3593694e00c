import Foundation
import TestSupport
import Testing

@testable import VCGraphCLI

/// The manual page and the shell completions come from the command definitions (issue 33):
/// the committed `Documentation/vcgraph.1` is what `ManualPage` generates from them, and
/// argument-parser's completion scripts are valid shell that name every command.
@Suite struct ManualPageTests {
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Documentation/vcgraph.1")

  @Test func theCommittedManualPageIsGeneratedFromTheCommands() throws {
    let generated = ManualPage.generate()
    if ProcessInfo.processInfo.environment["VCGRAPH_RECORD_GOLDEN"] == "1" {
      try Data(generated.utf8).write(to: Self.page)
    }
    let committed = try String(contentsOf: Self.page, encoding: .utf8)
    #expect(committed == generated, "re-record with VCGRAPH_RECORD_GOLDEN=1")
    // Every option of every command is on the page.
    for type in VCGraphRoot.commands {
      #expect(generated.contains(".Ss vcgraph \(type.name)\n"))
      for argument in CommandDescription.of(type).arguments ?? [] {
        for name in argument.longNames where name != "--help" {
          #expect(generated.contains("Fl \(name.dropFirst())"), "\(type.name) \(name)")
        }
      }
    }
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsAreValidAndNameTheCommands(shell: String) throws {
    let result = runInProcess(["--generate-completion-script", shell])
    #expect(result.exitCode == 0, "\(result.stderr)")
    for type in VCGraphRoot.commands { #expect(result.stdout.contains(type.name)) }
    // fish names options without their dashes (`-l max-depth`).
    #expect(result.stdout.contains("max-depth") && result.stdout.contains("theme"))
    guard shell == "bash" else { return }
    let script = FileManager.default.temporaryDirectory
      .appendingPathComponent("vcgraph-completion-\(UUID().uuidString).bash")
    try Data(result.stdout.utf8).write(to: script)
    defer { try? FileManager.default.removeItem(at: script) }
    let bash = try runTool(URL(fileURLWithPath: "/bin/bash"), ["-n", script.path])
    #expect(bash.exitCode == 0, "\(bash.stderr)")
    // Sourced, the script registers its completion function for vcgraph.
    let registered = try runTool(
      URL(fileURLWithPath: "/bin/bash"), ["-c", "source \(script.path) && complete -p vcgraph"])
    #expect(registered.exitCode == 0 && registered.stdout.contains("vcgraph"), "\(registered)")
  }
}
