import ArgumentParser
import VCGraphCore
import VCGraphDiagram

// The option groups commands share, each declared once and taken with `@OptionGroup` by the
// commands that use it. A value an option refuses is a usage error (64) before any input is
// read; a default that comes from a constant is stated in the help from that constant.

/// `-q`, `--quiet`, accepted by every command (render: no progress line; check: no count on
/// standard error; simulate: no summary on standard output; the others print neither).
struct QuietOption: ParsableArguments {
  @Flag(name: .shortAndLong, help: "print no progress or summary")
  var quiet = false
}

/// The limits on what one input may contain, and the longest label drawn: every command that
/// reads hierarchies.
struct LimitOptions: ParsableArguments {
  static let title = "limits"

  @Option(
    help: ArgumentHelp(
      "largest input file (default \(InputLimits.default.maxInputBytes))", valueName: "n"),
    transform: Parse.option(Parse.positiveInt))
  var maxInputBytes = InputLimits.default.maxInputBytes

  @Option(
    help: ArgumentHelp("deepest nesting (default \(InputLimits.default.maxDepth))", valueName: "n"),
    transform: Parse.option(Parse.positiveInt))
  var maxDepth = InputLimits.default.maxDepth

  @Option(
    help: ArgumentHelp(
      "most controllers and views in one input (default \(InputLimits.default.maxControllers))",
      valueName: "n"),
    transform: Parse.option(Parse.positiveInt))
  var maxControllers = InputLimits.default.maxControllers

  @Option(
    help: ArgumentHelp(
      "longest value (default \(InputLimits.default.maxScalarLength))", valueName: "n"),
    transform: Parse.option(Parse.positiveInt))
  var maxScalarLength = InputLimits.default.maxScalarLength

  @Option(
    help: ArgumentHelp(
      "longest label drawn, below \(LayoutLimits.labelLineCeiling)"
        + " (default \(LayoutLimits.default.maxLabelLines))", valueName: "n"),
    transform: Parse.option(labelLines))
  var maxLabelLines = LayoutLimits.default.maxLabelLines

  /// `--max-label-lines`: Graphviz crashes on labels of `LayoutLimits.labelLineCeiling` lines.
  static let labelLines: ValueParser<Int> = { text throws(ValueProblem) in
    guard let lines = Int(text), lines > 0, lines < LayoutLimits.labelLineCeiling else {
      throw ValueProblem(
        "a positive whole number below \(LayoutLimits.labelLineCeiling) (Graphviz crashes on"
          + " longer labels)")
    }
    return lines
  }

  /// What the readers check.
  var input: InputLimits {
    var limits = InputLimits()
    limits.maxInputBytes = maxInputBytes
    limits.maxDepth = maxDepth
    limits.maxControllers = maxControllers
    limits.maxScalarLength = maxScalarLength
    return limits
  }
}

/// `--class NAME=KIND`: the kind of a custom class the input does not declare: every command
/// that reads hierarchies.
struct ClassOptions: ParsableArguments {
  static let title = "custom classes"
  static let kinds = "navigation, tabBar, split, page, alert, plain"

  @Option(
    name: .customLong("class"),
    help: ArgumentHelp("declare a custom class's kind (repeatable)", valueName: "name=kind"),
    transform: Parse.option(declaration))
  var declarations: [ClassDeclaration] = []

  /// One `NAME=KIND`.
  struct ClassDeclaration: Sendable {
    var name: String
    var kind: ControllerKind
  }

  static let declaration: ValueParser<ClassDeclaration> = { text throws(ValueProblem) in
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, let kind = kind(named: parts[1]) else {
      throw ValueProblem(
        "NAME=KIND", hint: "KIND is a UIKit class (UINavigationController, ...) or \(kinds)")
    }
    return ClassDeclaration(name: parts[0], kind: kind)
  }

  /// Class name to kind; a later declaration of a name wins.
  var declaredKinds: [String: ControllerKind] {
    var kinds: [String: ControllerKind] = [:]
    for declaration in declarations { kinds[declaration.name] = declaration.kind }
    return kinds
  }

  /// A kind by UIKit class name (`UITabBarController`) or by its name in the format (`tabBar`).
  static func kind(named name: String) -> ControllerKind? {
    ControllerKind(uikitClass: name) ?? ControllerKind(rawValue: name)
  }
}

/// Questions asked on the command line besides the file's `analyze:`: `render` and `analyze`.
struct QuestionOptions: ParsableArguments {
  static let title = "analysis questions"

  @Option(
    help: ArgumentHelp("answer dismiss called on FROM (repeatable)", valueName: "from[:levels]"),
    transform: Parse.option(dismissal))
  var dismiss: [AnalysisRequest] = []

  @Option(
    help: ArgumentHelp(
      "answer dismiss from FROM back to class CLASS (repeatable)", valueName: "from:class"),
    transform: Parse.option(dismissalTo))
  var dismissTo: [AnalysisRequest] = []

  @Option(
    help: ArgumentHelp(
      "answer the responder chain from a view or controller id (repeatable)", valueName: "id"))
  var responderChain: [String] = []

  static let dismissal: ValueParser<AnalysisRequest> = { text throws(ValueProblem) in
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    var levels: Int?
    if parts.count == 2 {
      guard let number = Int(parts[1]), number > 0 else {
        throw ValueProblem("FROM[:LEVELS] with LEVELS a positive number")
      }
      levels = number
    }
    return .dismiss(from: parts.first ?? "", levels: levels, toClass: nil, location: nil)
  }

  static let dismissalTo: ValueParser<AnalysisRequest> = { text throws(ValueProblem) in
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw ValueProblem("FROM:CLASS")
    }
    return .dismiss(from: parts[0], levels: nil, toClass: parts[1], location: nil)
  }

  /// The questions: every `--dismiss`, then every `--dismiss-to`, then every
  /// `--responder-chain`, each in the order given.
  var requests: [AnalysisRequest] {
    dismiss + dismissTo + responderChain.map { .responderChain(from: $0, location: nil) }
  }
}

/// The size and time a layout may take: `render`, `simulate`.
struct LayoutLimitOptions: ParsableArguments {
  static let title = "layout limits"

  @Option(
    help: ArgumentHelp(
      "largest diagram laid out, nodes+edges (default \(LayoutLimits.default.maxLayoutNodes))",
      valueName: "n"),
    transform: Parse.option(Parse.positiveInt))
  var maxLayoutNodes = LayoutLimits.default.maxLayoutNodes

  @Option(
    help: ArgumentHelp(
      "seconds a large layout may take"
        + " (default \(LayoutLimits.format(LayoutLimits.default.layoutTimeout)))",
      valueName: "seconds"),
    transform: Parse.option(seconds))
  var layoutTimeout = LayoutLimits.default.layoutTimeout

  static let seconds: ValueParser<Double> = { text throws(ValueProblem) in
    guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
      throw ValueProblem("a number of seconds (at most 86400)")
    }
    return seconds
  }
}

/// `--ignore RULE`: rules silenced for every input, as a description's `ignore:` silences them
/// for itself (the only way for a storyboard, which has no `ignore:`): `analyze`, `check` and
/// `render`.
struct RuleOptions: ParsableArguments {
  static let title = "rules"

  @Option(
    help: ArgumentHelp("silence a rule (its id) for every input (repeatable)", valueName: "rule"),
    transform: Parse.option(ruleID))
  var ignore: [String] = []

  static let ruleID: ValueParser<String> = { text throws(ValueProblem) in
    guard Rule(rawValue: text) != nil else {
      throw ValueProblem(
        "a rule id",
        hint: suggestion(for: text, among: Rule.all.map(\.rawValue))
          ?? "`vcgraph rules` lists every rule id")
    }
    return text
  }
}

/// `--initial`: a storyboard's launch state only, not its map and segues: `analyze`, `render`.
struct StoryboardOptions: ParsableArguments {
  @Flag(help: "a storyboard's launch state only (no map, no segues)")
  var initial = false
}

/// `--storyboard-folder DIR`: where storyboard references are also looked for (after the
/// referencing file's folder; the input directories and the input files' folders follow):
/// every command that reads storyboards. Worker processes get the run's folders this way too.
struct ReferenceOptions: ParsableArguments {
  static let title = "storyboard references"
  /// The option, as worker processes are given it.
  static let flag = "--storyboard-folder"

  @Option(
    name: .customLong("storyboard-folder"),
    help: ArgumentHelp(
      "also look for referenced storyboards in DIR (repeatable)", valueName: "dir"),
    completion: .directory)
  var folders: [String] = []
}

/// `--exclude GLOB`: files inside directories given as inputs that are not read (`render`,
/// `check`, `scan`).
struct ExcludeOptions: ParsableArguments {
  static let title = "inputs in directories"

  @Option(help: ArgumentHelp("skip files that match (repeatable)", valueName: "glob"))
  var exclude: [String] = []
}

/// `--include GLOB` and `--force-exclude`: more files inside directories given as inputs, and
/// the configuration's exclusions applied to files named on the command line (`render`,
/// `check`).
struct IncludeOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "also read matching files (name, or path if it has a /) (repeatable)", valueName: "glob"))
  var include: [String] = []

  @Flag(help: "leave out excluded files even when named as inputs (.vcgraph.yml)")
  var forceExclude = false
}

/// `--format text|json`: `analyze` and `simulate`.
enum TextOrJSON: String, CaseIterable, Sendable, ExpressibleByArgument {
  case text, json
}
