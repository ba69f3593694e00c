import Foundation
import Testing
import VCGraphCore

@testable import VCGraphCLI

// Forged CI annotations and bidirectional controls, through the built binary: GitHub's runner
// takes any output line that starts (after spaces) with `::` for a workflow command, Azure's
// one that starts with `##[` or `##vso[`; a terminal reorders text around U+202E. No id,
// class, title or source line may make such a line, or print such a character raw.

/// The lines of `text` that a CI runner would take for a workflow command.
private func forgedLines(_ text: String) -> [Substring] {
  text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).filter { line in
    let content = line.drop { $0 == " " || $0 == "\t" }
    return content.hasPrefix("::") || content.hasPrefix("##[") || content.hasPrefix("##vso[")
  }
}

/// The bidirectional controls no terminal or text output may carry raw.
private func bidiControls(_ text: String) -> [Unicode.Scalar] {
  text.unicodeScalars.filter {
    [0x061C, 0x200E, 0x200F].contains($0.value) || (0x202A...0x202E).contains($0.value)
      || (0x2066...0x2069).contains($0.value)
  }
}

private let forgedTexts = [
  "::error file=x.yaml,line=1::forged", "##[error]forged", "##vso[task.complete]x",
]

@Suite("Forged CI annotations and bidirectional controls")
struct WorkflowCommandTests {
  /// A two-scene description whose scene id, controller ids and titles are `text`; `added`
  /// adds a controller with that id to the stack.
  static func description(_ text: String, added: Bool = false) -> String {
    let quoted = "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    let extra = added ? ", { class: C, id: \(quoted), title: \(quoted) }" : ""
    return """
      title: \(quoted)
      scenes:
        - id: \(quoted)
          windows:
            - root:
                class: UINavigationController
                id: nav
                viewControllers: [{ class: A, id: a }\(extra)]
        - id: other
          windows:
            - root: { class: B, id: b, title: \(quoted) }

      """
  }

  @Test(arguments: forgedTexts)
  func dataNeverStartsAnOutputLine(_ text: String) throws {
    let directory = try TemporaryDirectory("forged")
    try directory.write("a.yaml", Self.description(text))
    try directory.write("b.yaml", Self.description(text, added: true))
    for command in [
      ["analyze", "a.yaml"], ["analyze", "b.yaml"], ["diff", "a.yaml", "b.yaml"],
      ["diff", "b.yaml", "a.yaml"], ["check", "b.yaml"], ["analyze", "b.yaml", "--dismiss", text],
      ["analyze", "b.yaml", "--responder-chain", text], ["analyze", "a.yaml", "--dismiss", text],
    ] {
      let result = try vcgraph(command, cwd: directory.url)
      let what = command.joined(separator: " ")
      // 64: an id is no `--dismiss` level (`C:N`), an echoed usage error.
      #expect([0, 1, 64, 65].contains(result.exitCode), "\(what): \(result.stderr)")
      #expect(!result.stdout.isEmpty || !result.stderr.isEmpty, "\(what)")
      #expect(forgedLines(result.stdout).isEmpty, "\(what): \(result.stdout)")
      #expect(forgedLines(result.stderr).isEmpty, "\(what): \(result.stderr)")
    }
  }

  // A line starting with `#` is a YAML comment; one starting with `::` is an error, quoted.
  @Test(arguments: ["::error file=x.yaml,line=1::forged", "  ::warning::forged"])
  func aQuotedSourceLineNeverStartsAWorkflowCommand(_ text: String) throws {
    let directory = try TemporaryDirectory("forged-source")
    // A line at column 0 that YAML rejects: the error quotes it under its position.
    try directory.write("bad.yaml", "window: { root: A }\n\(text)\n")
    for command in [["analyze", "bad.yaml"], ["check", "bad.yaml"], ["render", "bad.yaml"]] {
      let result = try vcgraph(command, cwd: directory.url)
      #expect(result.exitCode == 65, "\(result.stderr)")
      #expect(result.stderr.contains("bad.yaml:2:"), "\(result.stderr)")
      #expect(forgedLines(result.stderr).isEmpty, "\(result.stderr)")
    }
  }

  @Test func githubAnnotationsAreStillWorkflowCommands() throws {
    let directory = try TemporaryDirectory("github")
    try directory.write(
      "a.yaml",
      "window: { root: { class: UITabBarController, id: '::x', viewControllers: [A],"
        + " selectedIndex: 3 } }\n")
    let result = try vcgraph(["check", "--format", "github", "a.yaml"], cwd: directory.url)
    let lines = result.stdout.split(separator: "\n")
    #expect(
      lines.count == 1 && lines.first?.hasPrefix("::error file=a.yaml,") == true, "\(result.stdout)"
    )
    #expect(
      lines.first?.hasSuffix("::selectedIndex 3 is out of range: '::x' has 1 tab (0...0)") == true)
  }

  @Test func theConsoleKeepsDataFromStartingAWorkflowCommand() {
    let (console, captured) = Console.capturing()
    console.out("  ")
    console.out("::error::x\nok ::fine\n\t##[warning]y\n")
    console.err("##vso[task.complete]x\n")
    #expect(captured.stdout == "  \\u{3A}:error::x\nok ::fine\n\t\\u{23}#[warning]y\n")
    #expect(captured.stderr == "\\u{23}#vso[task.complete]x\n")
    console.out(workflowCommands: "::notice file=a::b\n")
    #expect(captured.stdout.hasSuffix("\n::notice file=a::b\n"))
  }

  @Test func bidiControlsAreEscapedInTerminalAndTextOutput() throws {
    let directory = try TemporaryDirectory("bidi")
    let id = "tabs\u{202E}gnp.exe"
    try directory.write(
      "a.yaml",
      "title: \"x\\u2066y\\u200Fz\\u061C\"\nwindow:\n  root: { class: UITabBarController, id: \"tabs\\u202Egnp.exe\", viewControllers: [A, B] }\n"
        + "  # \u{202E} a comment\n")
    try directory.write(
      "b.yaml", "window:\n  root: { class: UITabBarController, id: \(id), viewControllers: [A] }\n")
    for command in [
      ["analyze", "a.yaml"], ["analyze", "a.yaml", "--format", "json"], ["check", "a.yaml"],
      ["check", "--format", "github", "a.yaml"], ["diff", "a.yaml", "b.yaml"],
      ["analyze", "a.yaml", "--dismiss", "nothere\u{202E}"],
    ] {
      let result = try vcgraph(command, cwd: directory.url)
      let what = command.joined(separator: " ")
      #expect(bidiControls(result.stdout).isEmpty, "\(what): \(result.stdout)")
      #expect(bidiControls(result.stderr).isEmpty, "\(what): \(result.stderr)")
    }
    // `import` writes a YAML escape, which reads back as the same class.
    try directory.write(
      "dump.txt",
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
        + "   | <Feed\u{202E}gnp 0x3>, state: appeared, view: <UIView 0x4>\n")
    let imported = try vcgraph(["import", "dump.txt", "-o", "imported.yaml"], cwd: directory.url)
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    let yaml = String(decoding: directory.bytes("imported.yaml") ?? [], as: UTF8.self)
    #expect(bidiControls(yaml).isEmpty && yaml.contains("\"Feed\\u202Egnp\""), "\(yaml)")
    let reread = try vcgraph(["analyze", "imported.yaml", "--format", "json"], cwd: directory.url)
    #expect(reread.stdout.contains("Feed\\u202egnp"), "\(reread.stdout)")
    // Drawn literally where a viewer lays text out itself (an SVG), escaped in text.
    let analyzed = try vcgraph(["analyze", "a.yaml"], cwd: directory.url)
    #expect(analyzed.stdout.contains("tabs\\u{202E}gnp.exe"), "\(analyzed.stdout)")
    #expect(ControlCharacters.escaped(id) == "tabs\\u{202E}gnp.exe")
    #expect(ControlCharacters.printableQuote("  a\u{202E}b") == "  a?b")
  }
}
