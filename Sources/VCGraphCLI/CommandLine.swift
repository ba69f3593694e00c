import Foundation
import GraphvizKit
import VCGraphCore
import VCGraphDiagram

/// The `vcgraph` command line: parses arguments, hands off to a command, and turns errors into
/// compiler-style diagnostics and exit codes (`cli.md`).
public enum VCGraphCommandLine {
  public static let version = "0.1.0"

  /// Runs one command line (without the program name) and returns the exit code.
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      console.err(mainHelp)
      return FailureKind.usage.rawValue
    }
    switch first {
    case "--help", "-h", "help":
      if arguments.count > 1, let command = Command(rawValue: arguments[1]) {
        console.out(command.help)
      } else {
        console.out(mainHelp)
      }
      return 0
    case "--version":
      console.out("vcgraph \(version)\n")
      return 0
    default:
      break
    }
    if first == LayoutWorker.command { return LayoutWorker.serve(console: console) }
    guard let command = Command(rawValue: first) else {
      let hint = suggestion(for: first, among: Command.allCases.map(\.rawValue))
      console.err(
        "error: unknown command '\(first)'" + (hint.map { " (\($0))" } ?? "")
          + "\nrun 'vcgraph --help' for the commands\n")
      return FailureKind.usage.rawValue
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      console.out(command.help)
      return 0
    }
    let context: CommandContext
    do {
      let parsed = try Arguments(rest, options: command.options)
      context = try CommandContext(arguments: parsed, console: console)
    } catch {
      console.err(DiagnosticPrinter().format(error))
      console.err("run 'vcgraph \(command.rawValue) --help' for its options\n")
      return error.kind.rawValue
    }
    return command.run(context)
  }

  static let mainHelp = """
    vcgraph \(version): UIKit view-controller hierarchies, analyzed and drawn.

    usage: vcgraph COMMAND [OPTIONS] INPUT...

    commands:
      render    draw annotated diagrams (svg, png, pdf, dot, json, mermaid, md)
      analyze   what is on screen, the top view controller, dismissals, responder chains
      check     consistency findings for CI; exit 1 when an error is found
      import    turn a debugger dump (_printHierarchy, Chisel pvc) into a description file
      simulate  apply a description's steps: one diagram per state and a review page

    Inputs are description files (.yaml, .yml), debugger dumps (.txt, detected by content),
    directories (every input inside, sorted by path), or - for standard input.
    Run 'vcgraph COMMAND --help' for a command's options; 'vcgraph --version' for the version.

    """
}

/// The subcommands.
enum Command: String, CaseIterable {
  case render, analyze, check, `import`, simulate

  static let limitOptions: [Arguments.Option] = [
    .init(
      name: "max-input-bytes", takesValue: true,
      help: "largest input file (default \(InputLimits.default.maxInputBytes))"),
    .init(
      name: "max-depth", takesValue: true,
      help: "deepest nesting (default \(InputLimits.default.maxDepth))"),
    .init(
      name: "max-controllers", takesValue: true,
      help: "most controllers in one input (default \(InputLimits.default.maxControllers))"),
    .init(
      name: "max-scalar-length", takesValue: true,
      help: "longest value (default \(InputLimits.default.maxScalarLength))"),
    .init(
      name: "max-label-lines", takesValue: true,
      help: "longest label drawn (default \(InputLimits.default.maxLabelLines))"),
    .init(
      name: "class", takesValue: true, repeatable: true,
      help: "declare a custom class's kind, NAME=KIND (repeatable)"),
  ]

  static let analysisOptions: [Arguments.Option] = [
    .init(
      name: "dismiss", takesValue: true, repeatable: true,
      help: "answer dismiss called on FROM[:LEVELS]"),
    .init(
      name: "dismiss-to", takesValue: true, repeatable: true,
      help: "answer dismiss from FROM back to class CLASS, FROM:CLASS"),
    .init(
      name: "responder-chain", takesValue: true, repeatable: true,
      help: "answer the responder chain from a view (or controller) id"),
  ]

  var options: [Arguments.Option] {
    let quiet = Arguments.Option(name: "quiet", short: "q", takesValue: false, help: "no progress")
    switch self {
    case .render:
      return [
        .init(name: "output", short: "o", takesValue: true, help: "output file or directory"),
        .init(
          name: "format", short: "f", takesValue: true, help: "svg,png,pdf,dot,json,mermaid,md"),
        .init(
          name: "image", takesValue: true,
          help: "with -f md: an svg or png written beside the page, not Mermaid"),
        .init(name: "layout", takesValue: true, help: "Graphviz layout engine (default dot)"),
        .init(name: "jobs", short: "j", takesValue: true, help: "worker processes"),
        .init(name: "expand-all", takesValue: false, help: "never collapse off-screen subtrees"),
        .init(name: "no-legend", takesValue: false, help: "leave the legend out"),
        .init(
          name: "max-layout-nodes", takesValue: true,
          help:
            "largest diagram laid out, nodes+edges (default \(InputLimits.default.maxLayoutNodes))"),
        .init(
          name: "layout-timeout", takesValue: true,
          help:
            "seconds a large layout may take (default \(Int(InputLimits.default.layoutTimeout)))"),
        quiet,
      ] + Self.analysisOptions + Self.limitOptions
    case .analyze:
      return [.init(name: "format", takesValue: true, help: "text or json")]
        + Self.analysisOptions + Self.limitOptions
    case .check:
      return [
        .init(name: "format", takesValue: true, help: "text, json or github"),
        .init(name: "warnings-as-errors", takesValue: false, help: "fail on warnings too"),
        quiet,
      ] + Self.limitOptions
    case .import:
      return [.init(name: "output", short: "o", takesValue: true, help: "the .yaml file to write")]
        + Self.limitOptions
    case .simulate:
      return [
        .init(
          name: "output", short: "o", takesValue: true,
          help: "directory to write into (default NAME-simulation)"),
        .init(name: "format", takesValue: true, help: "summary on stdout: text or json"),
        .init(name: "layout", takesValue: true, help: "Graphviz layout engine (default dot)"),
        .init(name: "png", takesValue: false, help: "also write step-N.png"),
        .init(name: "expand-all", takesValue: false, help: "never collapse off-screen subtrees"),
        .init(name: "no-legend", takesValue: false, help: "leave the legend out"),
        .init(name: "quiet", short: "q", takesValue: false, help: "print no summary"),
      ] + Self.limitOptions
    }
  }

  var synopsis: String {
    switch self {
    case .render:
      "vcgraph render INPUT... [-o PATH] [-f svg,png,pdf,dot,json,mermaid,md] [--image svg|png]"
        + " [--layout ENGINE]"
    case .analyze: "vcgraph analyze INPUT [--format text|json]"
    case .check: "vcgraph check INPUT... [--format text|json|github] [--warnings-as-errors]"
    case .import: "vcgraph import DUMP [-o FILE.yaml]"
    case .simulate: "vcgraph simulate INPUT [-o DIR] [--format text|json] [--layout ENGINE]"
    }
  }

  var summary: String {
    switch self {
    case .render:
      """
      Draws annotated diagrams. One input and -o FILE writes that file (format from -f, else
      from the extension); several inputs or formats write INPUT-NAME.FORMAT files into the -o
      directory (default: the current directory); -o - writes one format to standard output.
      -f mermaid writes a Mermaid flowchart (.mmd); -f md a Markdown page with the diagram as
      a Mermaid block (or, with --image svg|png, the image written beside it), the answers
      and the findings, for documentation and CI job summaries.
      """
    case .analyze:
      "Prints what UIKit would do: the top view controller, the visible path, what is on\n"
        + "screen, requested dismissals and responder chains, and the findings."
    case .check:
      "Prints consistency findings like a compiler; exits 1 when an error-severity finding\n"
        + "exists (or a warning, with --warnings-as-errors). A file's `ignore: [rule-id]`\n"
        + "silences rules."
    case .import:
      "Turns a _printHierarchy or Chisel pvc dump into a description file (standard output\n"
        + "without -o). Notes where the importer had to guess become YAML comments."
    case .simulate:
      """
      Applies the description's `steps` in order with UIKit's rules and writes into DIR:
      step-0.svg (the state as described) ... step-N.svg, each marking what its step added,
      removed, moved or brought on screen and the top view controller; summary.json; and
      index.html, a self-contained review page (open index.html#step-3 for step 3; arrow
      keys or j/k step through). Prints one line per step. A step UIKit refuses is an error
      at its position (exit 65) and nothing is written.
      """
    }
  }

  var help: String {
    var text = "usage: \(synopsis)\n\n\(summary)\n\noptions:\n"
    for option in options {
      var name = "--\(option.name)"
      if let short = option.short { name = "-\(short), " + name }
      if option.takesValue { name += " VALUE" }
      text += "  " + name.padding(toLength: 28, withPad: " ", startingAt: 0) + option.help + "\n"
    }
    return text
  }

  func run(_ context: CommandContext) -> Int32 {
    switch self {
    case .render: RenderCommand(context: context).run()
    case .analyze: AnalyzeCommand(context: context).run()
    case .check: CheckCommand(context: context).run()
    case .import: ImportCommand(context: context).run()
    case .simulate: SimulateCommand(context: context).run()
    }
  }
}

/// What every command receives: its parsed arguments, the console, the input loader and the
/// analysis requests given on the command line.
struct CommandContext {
  let arguments: Arguments
  let console: Console
  let loader: InputLoader
  let requests: [AnalysisRequest]
  let limits: InputLimits

  init(arguments: Arguments, console: Console) throws(VCGraphError) {
    self.arguments = arguments
    self.console = console
    var limits = InputLimits.default
    if let value = try arguments.positiveInt("max-input-bytes") { limits.maxInputBytes = value }
    if let value = try arguments.positiveInt("max-depth") { limits.maxDepth = value }
    if let value = try arguments.positiveInt("max-controllers") { limits.maxControllers = value }
    if let value = try arguments.positiveInt("max-scalar-length") {
      limits.maxScalarLength = value
    }
    if let value = try arguments.positiveInt("max-label-lines") {
      guard value < 32_000 else {
        throw VCGraphError(
          .usage, "'--max-label-lines' must stay below 32000 (Graphviz crashes on longer labels)")
      }
      limits.maxLabelLines = value
    }
    self.limits = limits
    var kinds: [String: ControllerKind] = [:]
    for declaration in arguments.all("class") {
      let parts = declaration.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, let kind = Self.kind(named: parts[1]) else {
        throw VCGraphError(
          .usage, "'--class \(declaration)' is not NAME=KIND",
          hint: "KIND is a UIKit class (UINavigationController, ...) or navigation, tabBar,"
            + " split, page, alert, plain")
      }
      kinds[parts[0]] = kind
    }
    loader = InputLoader(limits: limits, declaredKinds: kinds, console: console)
    var requests: [AnalysisRequest] = []
    for value in arguments.all("dismiss") {
      let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
      var levels: Int?
      if parts.count == 2 {
        guard let number = Int(parts[1]), number > 0 else {
          throw VCGraphError(.usage, "'--dismiss \(value)': LEVELS must be a positive number")
        }
        levels = number
      }
      requests.append(.dismiss(from: parts[0], levels: levels, toClass: nil, location: nil))
    }
    for value in arguments.all("dismiss-to") {
      let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw VCGraphError(.usage, "'--dismiss-to \(value)' is not FROM:CLASS")
      }
      requests.append(.dismiss(from: parts[0], levels: nil, toClass: parts[1], location: nil))
    }
    for value in arguments.all("responder-chain") {
      requests.append(.responderChain(from: value, location: nil))
    }
    self.requests = requests
  }

  static func kind(named name: String) -> ControllerKind? {
    if let kind = ControllerKind(uikitClass: name) { return kind }
    return ControllerKind(rawValue: name)
  }

  /// Prints an error as a compiler diagnostic, quoting the source line when known.
  func report(_ error: VCGraphError) {
    console.err(DiagnosticPrinter(sources: loader.sources).format(error))
  }

  /// The expanded input paths, or a usage error when there are none.
  func inputs(atMostOne: Bool = false) throws(VCGraphError) -> [String] {
    let positional = arguments.positional
    if positional.isEmpty { throw VCGraphError(.usage, "no input given") }
    if atMostOne && positional.count > 1 {
      throw VCGraphError(.usage, "this command takes one input, not \(positional.count)")
    }
    let inputs = try loader.expand(positional)
    if atMostOne && inputs.count > 1 {
      throw VCGraphError(.usage, "this command takes one input file, not a directory of them")
    }
    return inputs
  }

  /// Loads an input and builds its report, with the command line's analysis requests.
  func report(for path: String) throws(VCGraphError) -> AnalysisReport {
    let input = try loader.load(path)
    return try AnalysisReport(input.hierarchy, extra: requests)
  }
}
