import Foundation
import Testing

@testable import VCGraphCLI

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

  /// The cells of every row of the page's option tables (`| option | commands | what it does |`),
  /// a `\|` inside a cell written `¦`.
  static func optionRows() throws -> [(line: String, cells: [Substring])] {
    let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
    var rows: [(line: String, cells: [Substring])] = []
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
      rows.append((line, line.replacingOccurrences(of: #"\|"#, with: "¦").split(separator: "|")))
    }
    return rows
  }

  /// Each command's options by the page's tables.
  static func documented() throws -> [String: Set<String>] {
    var options: [String: Set<String>] = [:]
    for (line, cells) in try optionRows() {
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

  /// One option of one command as a row of the page's tables writes it: `` `-o`, `--output
  /// PATH` `` is the short names, the long name and the value (nil for a flag).
  struct Spelling: Equatable, CustomStringConvertible {
    var shortNames: [String]
    var longName: String
    var value: String?
    var description: String {
      (shortNames + [longName + (value.map { " " + $0 } ?? "")]).joined(separator: ", ")
    }
  }

  /// `` `-o`, `--output PATH` `` read from a row's first cell (`\|` inside a value is `|`).
  static func spelling(ofCell cell: some StringProtocol) -> Spelling? {
    var shortNames: [String] = []
    var long: (name: String, value: String?)?
    for code in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
    where code.offset % 2 == 1 {
      let parts = code.element.replacingOccurrences(of: #"\|"#, with: "|")
        .split(separator: " ", maxSplits: 1).map(String.init)
      if parts[0].hasPrefix("--") {
        long = (parts[0], parts.count > 1 ? parts[1] : nil)
      } else if parts[0].hasPrefix("-") {
        shortNames.append(parts[0])
      }
    }
    return long.map {
      Spelling(shortNames: shortNames.sorted(), longName: $0.name, value: $0.value)
    }
  }

  /// Every row of the option tables, for each command it names.
  static func documentedSpellings() throws -> [String: [Spelling]] {
    var spellings: [String: [Spelling]] = [:]
    for (_, cells) in try optionRows() {
      guard cells.count >= 2,
        let spelling = spelling(ofCell: cells[0].replacingOccurrences(of: "¦", with: #"\|"#))
      else { continue }
      for command in commands where cells[1].contains("`\(command)`") {
        spellings[command, default: []].append(spelling)
      }
    }
    return spellings
  }

  /// The ways the page may write `argument`: its value as the value name in capitals
  /// (`--output PATH`), or, for an option with a fixed set of values, those values
  /// (`--theme light|dark|transparent`).
  static func spellings(of argument: CommandDescription.Argument) -> [Spelling] {
    let short = argument.shortNames.sorted()
    let long = argument.longNames[0]
    guard argument.kind == "option" else {
      return [Spelling(shortNames: short, longName: long, value: nil)]
    }
    var values = [argument.valueName?.uppercased()]
    if let all = argument.allValues, !all.isEmpty { values.append(all.joined(separator: "|")) }
    return values.map { Spelling(shortNames: short, longName: long, value: $0) }
  }

  @Test("each row's names and value are what the command definitions declare")
  func optionTablesSpellTheDefinitions() throws {
    let documented = try Self.documentedSpellings()
    let root = CommandDescription.of(VCGraphRoot.self)
    for command in Self.commands {
      let definition = try #require(root.subcommands?.first { $0.commandName == command })
      let declared = (definition.arguments ?? []).filter {
        $0.kind != "positional" && $0.shouldDisplay && !$0.longNames.isEmpty
          && $0.longNames != ["--help"]
      }
      #expect(!declared.isEmpty, "\(command) declares options")
      let rows = documented[command, default: []]
      for argument in declared {
        let allowed = Self.spellings(of: argument)
        let found = rows.filter { $0.longName == argument.longNames[0] }
        let shown = allowed.map(\.description).joined(separator: " or ")
        #expect(
          found.count == 1 && allowed.contains(found[0]),
          "\(command): declared as \(shown), CommandLine.md has \(found.map(\.description))")
      }
      let declaredNames = Set(declared.map { $0.longNames[0] })
      for row in rows where !declaredNames.contains(row.longName) {
        Issue.record("\(command): CommandLine.md has \(row), which the command does not declare")
      }
    }
  }

  @Test("a row's first cell reads as its short names, long name and value")
  func spellingOfACell() {
    #expect(
      Self.spelling(ofCell: " `-o`, `--output PATH` ")
        == Spelling(shortNames: ["-o"], longName: "--output", value: "PATH"))
    #expect(
      Self.spelling(ofCell: #" `--command check\|lint` "#)
        == Spelling(shortNames: [], longName: "--command", value: "check|lint"))
    #expect(
      Self.spelling(ofCell: " `--durable` ")
        == Spelling(shortNames: [], longName: "--durable", value: nil))
    #expect(Self.spelling(ofCell: " the rest ") == nil)
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
