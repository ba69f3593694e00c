import ArgumentParser
import Foundation
import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

/// The `vcgraph` command line: parses arguments with swift-argument-parser (`VCGraphRoot` and
/// its subcommands), hands off to a command, and turns errors into compiler-style diagnostics
/// and exit codes (`Documentation/CommandLine.md`).
public enum VCGraphCommandLine {
  public static let version = "0.1.0"

  /// Whether a crash while drawing one input of a batch reports it and restarts this process
  /// after it (`CrashRecovery`): set by the `vcgraph` executable, not by tests that run
  /// commands in their own process.
  nonisolated(unsafe) public static var recoversFromCrashes = false

  /// Runs one command line (without the program name) and returns the exit code. Output that
  /// could not be written to standard output (a full disk, a closed stream) is an error, 74.
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    let status = dispatch(arguments, console: console)
    guard let code = console.outputError else { return status }
    console.err(
      "error: cannot write to standard output (\(String(cString: strerror(code))));"
        + " the output is incomplete\n")
    return ExitCode.of(.ioError)
  }

  /// The words that ask for help, which run whatever the environment holds.
  private static let helpWords: Set<String> = ["--help", "-h", "help"]

  private static func dispatch(_ arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      console.err(VCGraphRoot.helpMessage() + "\n")
      return ExitCode.of(.usage)
    }
    if let problem = ImageBackend.environmentProblem, !helpWords.contains(first) {
      console.err(
        DiagnosticPrinter().format(
          VCGraphError(.usage, problem, hint: "unset it, or set it to one of those")))
      return ExitCode.of(.usage)
    }
    if first == "--version" {
      console.out(versionText())
      return ExitCode.success
    }
    if first == LayoutWorker.command { return LayoutWorker.serve(console: console) }
    if first == RenderWorker.command {
      return RenderWorker.serve(Array(arguments.dropFirst()), console: console)
    }
    let names = VCGraphRoot.commands.map { $0.name }
    if !first.hasPrefix("-") && !helpWords.contains(first) && !names.contains(first) {
      let hint = suggestion(for: first, among: names)
      console.err(
        ControlCharacters.escaped(
          "error: unknown command '\(first)'" + (hint.map { " (\($0))" } ?? ""))
          + "\nrun 'vcgraph --help' for the commands\n")
      return ExitCode.of(.usage)
    }
    let parsed: any ParsableCommand
    if let command = directlyParsed(arguments) {
      parsed = command
    } else {
      do {
        parsed = try VCGraphRoot.parseAsRoot(arguments)
      } catch {
        return report(error, command: names.contains(first) ? first : nil, console: console)
      }
    }
    guard let command = parsed as? any CommandOptions else {
      // argument-parser's own commands (`help`, `--help`): their run throws what they print.
      var builtIn = parsed
      do {
        try builtIn.run()
      } catch {
        return report(error, command: names.contains(first) ? first : nil, console: console)
      }
      return ExitCode.success
    }
    return command.execute(words: Array(arguments.dropFirst()), console: console)
  }

  /// Words that argument-parser answers itself through the root (help, completion scripts,
  /// its description), or that name no command's option: those go the root's way.
  private static func asksTheRoot(_ word: String) -> Bool {
    helpWords.contains(word) || word == "--version" || word.hasPrefix("--generate-completion")
      || word.hasPrefix("--experimental")
  }

  /// The command line parsed by its command alone (`ScanOptions.parse` for `vcgraph scan
  /// ...`), when that succeeds and no word asks for what only the root answers: the same value
  /// `parseAsRoot` gives, without the root's argument sets and completion-script check (about
  /// 5 M instructions at every start, by callgrind on `vcgraph scan DIR`). Nil: parse through
  /// the root, which also words its errors as before.
  private static func directlyParsed(_ arguments: [String]) -> (any CommandOptions)? {
    guard let first = arguments.first,
      let type = VCGraphRoot.commands.first(where: { $0.name == first }),
      !arguments.contains(where: asksTheRoot)
    else { return nil }
    func parse<Command: CommandOptions>(_ type: Command.Type) -> (any CommandOptions)? {
      try? Command.parse(Array(arguments.dropFirst()))
    }
    return parse(type)
  }

  /// What argument-parser threw: help, completion scripts and its description of the commands
  /// go to standard output (0); a command line it refused is a usage error (64), said with
  /// where to find the options.
  private static func report(_ error: any Error, command: String?, console: Console) -> Int32 {
    if VCGraphRoot.exitCode(for: error) == .success {
      console.out(VCGraphRoot.fullMessage(for: error) + "\n")
      return ExitCode.success
    }
    console.err(
      ControlCharacters.escaped("error: " + VCGraphRoot.message(for: error)) + "\n"
        + (command.map { "run 'vcgraph \($0) --help' for its options\n" }
          ?? "run 'vcgraph --help' for the commands\n"))
    return ExitCode.of(.usage)
  }

  /// `vcgraph VERSION`, then the Graphviz library in use and what each of GraphvizKit's
  /// accelerators does with it (for bug reports: which Graphviz, and whether vcgraph printed
  /// its numbers itself).
  static func versionText() -> String {
    let status = ImageBackend.versionStatus()
    var text = "vcgraph \(version)\nGraphviz \(status.version)\n"
    for accelerator in status.accelerators { text += "  \(accelerator)\n" }
    return text
  }
}

/// `vcgraph`: the subcommands, and what the help says of inputs.
struct VCGraphRoot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vcgraph",
    abstract: "UIKit view-controller hierarchies, analyzed and drawn.",
    discussion: """
      Inputs are description files (.yaml, .yml), debugger dumps (.txt, detected by \
      content), storyboards (.storyboard: render draws the map, --initial the launch state), \
      directories (every input inside, sorted by path), or - for standard input. Run 'vcgraph \
      COMMAND --help' for a command's options; 'vcgraph --version' for the version, the \
      Graphviz in use and its accelerators.
      """,
    subcommands: commands)

  /// The subcommands, in the order the help lists them.
  static let commands: [any CommandOptions.Type] = [
    RenderOptions.self, AnalyzeOptions.self, CheckOptions.self, ImportOptions.self,
    SimulateOptions.self, DiffOptions.self, RulesOptions.self, ScanOptions.self, LintOptions.self,
  ]
}

extension CommandOptions {
  /// Prepares and runs the command; a problem preparing it (the configuration file) is
  /// reported as a diagnostic with where to find the options.
  func execute(words: [String], console: Console) -> Int32 {
    do {
      return try prepare(words: words, console: console).run()
    } catch {
      console.err(DiagnosticPrinter().format(error))
      console.err("run 'vcgraph \(Self.name) --help' for its options\n")
      return error.exitCode
    }
  }
}
