import Foundation

@testable import VCGraphCLI

/// `Documentation/vcgraph.1`, the manual page in mdoc(7), generated from the command
/// definitions (argument-parser's description of each command, `CommandDescription`): the
/// synopsis, every command with its discussion, and every option of every command with its
/// help and default. The environment, files, exit status and examples follow as they are.
/// `ManualPageTests` keeps the committed page equal to this; `VCGRAPH_RECORD_GOLDEN=1`
/// rewrites it.
enum ManualPage {
  /// The date of the page: the release it documents (`VCGraphCommandLine.version`).
  static let date = "December 4, 2026"

  static func generate() -> String {
    let root = CommandDescription.of(VCGraphRoot.self)
    let commands = (root.subcommands ?? []).filter {
      $0.shouldDisplay != false && $0.commandName != "help"
    }
    var page = """
      .\\" vcgraph's manual page, generated from its command definitions by ManualPageTests
      .\\" (VCGRAPH_RECORD_GOLDEN=1 swift test --filter ManualPageTests); do not edit.
      .Dd \(date)
      .Dt VCGRAPH 1
      .Os
      .Sh NAME
      .Nm vcgraph
      .Nd \(text(sentence(root.abstract ?? "")))
      .Sh SYNOPSIS

      """
    for command in commands {
      page += ".Nm\n.Cm \(command.commandName)\n.Op Ar options\n"
      for argument in command.arguments ?? [] where argument.kind == "positional" {
        let name = argument.valueName ?? "input"
        let shown = ".Ar \(name)" + (argument.isRepeating ? " ..." : "")
        page += (argument.isOptional ? ".Op \(shown.dropFirst(1))" : shown) + "\n"
      }
    }
    page += ".Nm\n.Fl -help | -version\n"
    page += ".Sh DESCRIPTION\n" + text(root.discussion ?? "") + "\n"
    page += ".Sh COMMANDS\n"
    for command in commands {
      page += ".Ss vcgraph \(command.commandName)\n"
      page += text(sentence(command.abstract ?? "") + ".") + "\n"
      if let discussion = command.discussion, !discussion.isEmpty {
        page += ".Pp\n" + text(discussion) + "\n"
      }
      let arguments = (command.arguments ?? []).filter {
        $0.shouldDisplay && !$0.longNames.contains("--help")
      }
      guard !arguments.isEmpty else { continue }
      page += ".Bl -tag -width Ds\n"
      for argument in arguments { page += item(argument) }
      page += ".El\n"
    }
    return page + tail
  }

  /// One option's `.It` line and its help.
  static func item(_ argument: CommandDescription.Argument) -> String {
    var head: String
    if argument.kind == "positional" {
      head = "Ar \(argument.valueName ?? "input")" + (argument.isRepeating ? " ..." : "")
    } else {
      head = (argument.shortNames + argument.longNames).map { "Fl \($0.dropFirst())" }
        .joined(separator: " , ")
      if argument.kind == "option" { head += " Ar \(argument.valueName ?? "value")" }
    }
    var help = sentence(argument.abstract ?? "")
    if let values = argument.allValues, !values.isEmpty {
      help += " (one of " + values.joined(separator: ", ") + ")"
    }
    if let value = argument.defaultValue, !value.isEmpty, argument.kind == "option" {
      help += " (default \(value))"
    }
    return ".It \(head)\n" + text(help + ".") + "\n"
  }

  /// Without a final period, its first letter capitalised unless the first word is a literal
  /// (`svg,png,...`, `json,`: a word with anything but letters).
  static func sentence(_ text: String) -> String {
    var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasSuffix(".") { text.removeLast() }
    let first = text.prefix { $0 != " " }
    guard first.allSatisfy(\.isLetter) else { return text }
    return text.prefix(1).uppercased() + text.dropFirst()
  }

  /// Running text as mdoc input lines: a backslash escaped, each sentence on a new line and
  /// no line over 80 characters (mandoc's style), and a line that would start with a control
  /// character (`.`, `'`) escaped.
  static func text(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e")
    var lines: [String] = []
    for paragraph in escaped.components(separatedBy: "\n\n") {
      if !lines.isEmpty { lines.append(".Pp") }
      var current = ""
      let words = paragraph.replacingOccurrences(of: "\n", with: " ").split(separator: " ")
      for word in words {
        if !current.isEmpty && current.count + 1 + word.count > 80 {
          lines.append(current)
          current = ""
        }
        current += (current.isEmpty ? "" : " ") + word
        if word.hasSuffix(".") || word.hasSuffix("?") || word.hasSuffix("!") {
          lines.append(current)
          current = ""
        }
      }
      if !current.isEmpty { lines.append(current) }
    }
    return lines.map { $0.hasPrefix(".") && $0 != ".Pp" || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
      .joined(separator: "\n")
  }

  /// What the command definitions do not say.
  static let tail = """
    .Sh ENVIRONMENT
    .Bl -tag -width Ds
    .It Ev SOURCE_DATE_EPOCH
    The date, in seconds since 1970, written into PDFs; 1970-01-01 when it is not
    set.
    .It Ev GRAPHVIZKIT_ACCELERATORS
    .Cm off
    renders without the text-measurement cache and the coordinate printer.
    .El
    .Sh FILES
    .Bl -tag -width Ds
    .It Pa .vcgraph.yml
    Rules switched off or on, severities, excluded files and option defaults.
    .El
    .Sh EXIT STATUS
    .Bl -tag -width Ds -compact
    .It 0
    Success.
    .It 1
    .Cm check
    found an error, or
    .Cm diff Fl -exit-code
    found a difference.
    .It 64
    A usage error.
    .It 65
    Bad input data, or a limit was exceeded.
    .It 66
    An input is missing or unreadable.
    .It 69
    .Cm scan
    cannot run
    .Nm vcgraph-swift .
    .It 70
    An internal error.
    .It 73
    An output cannot be created.
    .It 74
    Writing failed.
    .El
    .Sh EXAMPLES
    Draw every sample as SVG and PNG:
    .Dl $ vcgraph render Samples -o Output -f svg,png
    .Pp
    Findings as SARIF for code scanning:
    .Dl $ vcgraph check Hierarchies --format sarif > vcgraph.sarif
    .Pp
    Completions for bash:
    .Dl $ vcgraph --generate-completion-script bash > /etc/bash_completion.d/vcgraph
    .Sh SEE ALSO
    .Xr dot 1
    .Pp
    .Pa Documentation/CommandLine.md
    in the vcgraph repository describes every command, input and output.

    """
}
