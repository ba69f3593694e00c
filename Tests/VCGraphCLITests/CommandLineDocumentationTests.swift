import Foundation
import Testing

/// `Documentation/CommandLine.md` lists every option of every command, and no other: its
/// option tables say which commands take each option, and `vcgraph COMMAND --help` (generated
/// from the option declarations) says what each command takes.
@Suite struct CommandLineDocumentationTests {
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // VCGraphCLITests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()
    .appendingPathComponent("Documentation/CommandLine.md")

  static let commands = [
    "render", "analyze", "check", "rules", "import", "simulate", "diff", "scan", "lint",
  ]

  /// The long option names (`--output`) in a text.
  static func longOptions(in text: some StringProtocol) -> [String] {
    let pattern = try! NSRegularExpression(pattern: #"(?<![\w-])--[a-z][a-z0-9-]*"#)
    let string = String(text)
    return pattern.matches(in: string, range: NSRange(string.startIndex..., in: string)).map {
      String(string[Range($0.range, in: string)!])
    }
  }

  /// Each command's options by the page's tables (`| option | commands | what it does |`).
  static func documented() throws -> [String: Set<String>] {
    let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
    var options: [String: Set<String>] = [:]
    var inTable = false
    for line in lines {
      if line == "| option | commands | what it does |" {
        inTable = true
        continue
      }
      guard inTable, line.hasPrefix("|") else {
        inTable = false
        continue
      }
      if line.hasPrefix("|---") { continue }
      // `\|` is a `|` inside a cell.
      let cells = line.replacingOccurrences(of: #"\|"#, with: "¦").split(separator: "|")
      guard cells.count >= 2, let option = longOptions(in: cells[0]).first else {
        Issue.record("a row without an option: \(line)")
        continue
      }
      for command in commands where cells[1].contains("`\(command)`") {
        options[command, default: []].insert(option)
      }
    }
    return options
  }

  @Test("CommandLine.md's option tables are what each command's --help lists")
  func optionTablesMatchTheHelp() throws {
    let documented = try Self.documented()
    for command in Self.commands {
      let help = runInProcess([command, "--help"])
      #expect(help.exitCode == 0)
      // Option lines are indented and start with the option; the usage line and the summary
      // mention options too, but every one of those is also on an option line.
      let listed = help.stdout.components(separatedBy: "\n")
        .filter { $0.hasPrefix("  -") }
        .compactMap { Self.longOptions(in: $0).first }
        .filter { !["--help", "--version", "--generate-completion-script"].contains($0) }
      #expect(!listed.isEmpty, "\(command) --help lists options")
      #expect(documented[command, default: []] == Set(listed), "\(command)")
    }
  }

  /// The README's transcripts: in a `sh` block, a line `$ vcgraph ARGS` and the lines after it
  /// up to the next `$` line or the block's end, what the command prints on standard output.
  static func readmeTranscripts() throws -> [(arguments: [String], output: String)] {
    let readme = page.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("README.md")
    var transcripts: [(arguments: [String], output: String)] = []
    var inShell = false
    var current: Int?  // the transcript whose output the lines are
    for line in try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n") {
      if line.hasPrefix("```") {
        inShell = line == "```sh"
        current = nil
        continue
      }
      guard inShell else { continue }
      if line.hasPrefix("$ vcgraph ") {
        let arguments = line.dropFirst("$ vcgraph ".count).split(separator: " ").map(String.init)
        transcripts.append((arguments, ""))
        current = transcripts.count - 1
      } else if line.hasPrefix("$ ") {
        current = nil
      } else if let current {
        transcripts[current].output += line + "\n"
      }
    }
    return transcripts
  }

  @Test("the README's `$ vcgraph …` transcripts print what the README shows")
  func readmeTranscriptsAreTrue() throws {
    let transcripts = try Self.readmeTranscripts()
    #expect(!transcripts.isEmpty, "the README shows a command with its output")
    let root = Self.page.deletingLastPathComponent().deletingLastPathComponent()
    for transcript in transcripts {
      let run = try vcgraph(transcript.arguments, cwd: root)
      #expect(run.exitCode == 0, "\(transcript.arguments)")
      #expect(run.stdout == transcript.output, "\(transcript.arguments)")
    }
  }
}
