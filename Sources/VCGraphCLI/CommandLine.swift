import Foundation
import GraphvizKit
import VCGraphCore
import VCGraphDiagram

/// The `vcgraph` command line: parses arguments, hands off to a command, and turns errors into
/// compiler-style diagnostics and exit codes (`cli.md`).
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

  private static func dispatch(_ arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      console.err(mainHelp)
      return ExitCode.of(.usage)
    }
    if let problem = GraphvizAccelerators.environmentProblem,
      !["--help", "-h", "help"].contains(first)
    {
      console.err(
        DiagnosticPrinter().format(
          VCGraphError(.usage, problem, hint: "unset it, or set it to one of those")))
      return ExitCode.of(.usage)
    }
    switch first {
    case "--help", "-h", "help":
      if arguments.count > 1, let command = Command(rawValue: arguments[1]) {
        console.out(command.type.help)
      } else {
        console.out(mainHelp)
      }
      return ExitCode.success
    case "--version":
      console.out(versionText())
      return ExitCode.success
    default:
      break
    }
    if first == LayoutWorker.command { return LayoutWorker.serve(console: console) }
    if first == RenderWorker.command {
      return RenderWorker.serve(Array(arguments.dropFirst()), console: console)
    }
    guard let command = Command(rawValue: first) else {
      let hint = suggestion(for: first, among: Command.allCases.map(\.rawValue))
      console.err(
        ControlCharacters.escaped(
          "error: unknown command '\(first)'" + (hint.map { " (\($0))" } ?? ""))
          + "\nrun 'vcgraph --help' for the commands\n")
      return ExitCode.of(.usage)
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      console.out(command.type.help)
      return ExitCode.success
    }
    do {
      return try command.type.prepare(rest, console: console).run()
    } catch {
      console.err(DiagnosticPrinter().format(error))
      console.err("run 'vcgraph \(command.rawValue) --help' for its options\n")
      return error.exitCode
    }
  }

  /// `vcgraph VERSION`, then the Graphviz library in use and what each of GraphvizKit's
  /// accelerators does with it (for bug reports: which Graphviz, and whether vcgraph printed
  /// its numbers itself).
  static func versionText() -> String {
    let status = GraphvizAccelerators.status()
    var text = "vcgraph \(version)\nGraphviz \(status.version)\n"
    for accelerator in status.accelerators { text += "  \(accelerator)\n" }
    return text
  }

  static let mainHelp = """
    vcgraph \(version): UIKit view-controller hierarchies, analyzed and drawn.

    usage: vcgraph COMMAND [OPTIONS] INPUT...

    commands:
      render    draw annotated diagrams (svg, png, pdf, dot, json, mermaid, md)
      analyze   what is on screen, the top view controller, dismissals, responder chains
      check     consistency findings for CI; exit 1 when an error is found
      import    turn a debugger dump or a storyboard's launch state into a description file
      simulate  apply a description's steps: one diagram per state and a review page
      diff      what changed between two hierarchies (or two scans); --exit-code for CI
      rules     list the check rules, or explain one: vcgraph rules RULE-ID
      scan      the app's navigation from its Swift code and storyboards (JSON or a map)
      lint      UIKit misuse in Swift code, reported as check reports; exit 1 on an error

    Inputs are description files (.yaml, .yml), debugger dumps (.txt, detected by content),
    storyboards (.storyboard: render draws the map, --initial the launch state), directories
    (every input inside, sorted by path), or - for standard input.
    Run 'vcgraph COMMAND --help' for a command's options; 'vcgraph --version' for the version.

    """
}

/// The subcommands.
enum Command: String, CaseIterable {
  case render, analyze, check, `import`, simulate, diff, rules, scan, lint

  /// The command's type: its options, help and work.
  var type: any Subcommand.Type {
    switch self {
    case .render: RenderCommand.self
    case .analyze: AnalyzeCommand.self
    case .check: CheckCommand.self
    case .import: ImportCommand.self
    case .simulate: SimulateCommand.self
    case .diff: DiffCommand.self
    case .rules: RulesCommand.self
    case .scan: ScanCommand.self
    case .lint: LintCommand.self
    }
  }
}
