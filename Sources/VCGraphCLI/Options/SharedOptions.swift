import VCGraphCore
import VCGraphDiagram

/// Options that are the same wherever they appear.
enum SharedOptions {
  /// `-q`, `--quiet`, accepted by every command (render: no progress line; check: no count on
  /// standard error; simulate: no summary on standard output; the others print neither).
  static let quiet = Option(flag: "quiet", short: "q", help: "print no progress or summary")
}

/// The limits on what one input may contain, and the longest label drawn: every command.
struct LimitOptions: OptionGroup {
  static let title = "limits"
  static let maxInputBytes = Option(
    "max-input-bytes", value: "N", help: "largest input file",
    default: InputLimits.default.maxInputBytes, parse: Parse.positiveInt)
  static let maxDepth = Option(
    "max-depth", value: "N", help: "deepest nesting", default: InputLimits.default.maxDepth,
    parse: Parse.positiveInt)
  static let maxControllers = Option(
    "max-controllers", value: "N", help: "most controllers and views in one input",
    default: InputLimits.default.maxControllers, parse: Parse.positiveInt)
  static let maxScalarLength = Option(
    "max-scalar-length", value: "N", help: "longest value",
    default: InputLimits.default.maxScalarLength, parse: Parse.positiveInt)
  static let maxLabelLines = Option(
    "max-label-lines", value: "N",
    help: "longest label drawn, below \(LayoutLimits.labelLineCeiling)",
    default: LayoutLimits.default.maxLabelLines
  ) { text, flag throws(VCGraphError) in
    let lines = try Parse.positiveInt(text, flag)
    guard lines < LayoutLimits.labelLineCeiling else {
      throw VCGraphError(
        .usage,
        "'\(flag)' must stay below \(LayoutLimits.labelLineCeiling) (Graphviz crashes on longer"
          + " labels)")
    }
    return lines
  }

  static let options = [
    maxInputBytes.declaration, maxDepth.declaration, maxControllers.declaration,
    maxScalarLength.declaration, maxLabelLines.declaration,
  ]

  /// What the readers check.
  var input = InputLimits()
  /// Lines in one label drawn.
  var maxLabelLines: Int

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    input.maxInputBytes = try arguments.value(of: Self.maxInputBytes)
    input.maxDepth = try arguments.value(of: Self.maxDepth)
    input.maxControllers = try arguments.value(of: Self.maxControllers)
    input.maxScalarLength = try arguments.value(of: Self.maxScalarLength)
    maxLabelLines = try arguments.value(of: Self.maxLabelLines)
  }
}

/// `--class NAME=KIND`: the kind of a custom class the input does not declare: every command.
struct ClassOptions: OptionGroup {
  static let title = "custom classes"
  static let kinds = "navigation, tabBar, split, page, alert, plain"
  static let declaration = Option(
    repeating: "class", value: "NAME=KIND",
    help: "declare a custom class's kind"
  ) { text, flag throws(VCGraphError) -> (String, ControllerKind) in
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, let kind = kind(named: parts[1]) else {
      throw VCGraphError(
        .usage, "'\(flag) \(text)' is not NAME=KIND",
        hint: "KIND is a UIKit class (UINavigationController, ...) or \(kinds)")
    }
    return (parts[0], kind)
  }

  static let options = [declaration.declaration]

  /// Class name to kind; a later declaration of a name wins.
  var declaredKinds: [String: ControllerKind] = [:]

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    for (name, kind) in try arguments.value(of: Self.declaration) { declaredKinds[name] = kind }
  }

  /// A kind by UIKit class name (`UITabBarController`) or by its name in the format (`tabBar`).
  static func kind(named name: String) -> ControllerKind? {
    ControllerKind(uikitClass: name) ?? ControllerKind(rawValue: name)
  }
}

/// Questions asked on the command line besides the file's `analyze:`: `render` and `analyze`.
struct QuestionOptions: OptionGroup {
  static let title = "analysis questions"
  static let dismiss = Option(
    repeating: "dismiss", value: "FROM[:LEVELS]", help: "answer dismiss called on FROM"
  ) { text, flag throws(VCGraphError) -> AnalysisRequest in
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    var levels: Int?
    if parts.count == 2 {
      guard let number = Int(parts[1]), number > 0 else {
        throw VCGraphError(.usage, "'\(flag) \(text)': LEVELS must be a positive number")
      }
      levels = number
    }
    return .dismiss(from: parts[0], levels: levels, toClass: nil, location: nil)
  }
  static let dismissTo = Option(
    repeating: "dismiss-to", value: "FROM:CLASS",
    help: "answer dismiss from FROM back to class CLASS"
  ) { text, flag throws(VCGraphError) -> AnalysisRequest in
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw VCGraphError(.usage, "'\(flag) \(text)' is not FROM:CLASS")
    }
    return .dismiss(from: parts[0], levels: nil, toClass: parts[1], location: nil)
  }
  static let responderChain = Option(
    repeating: "responder-chain", value: "ID",
    help: "answer the responder chain from a view or controller id"
  ) { text, _ throws(VCGraphError) -> AnalysisRequest in
    .responderChain(from: text, location: nil)
  }

  static let options = [dismiss.declaration, dismissTo.declaration, responderChain.declaration]

  /// The questions: every `--dismiss`, then every `--dismiss-to`, then every
  /// `--responder-chain`, each in the order given.
  var requests: [AnalysisRequest]

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    requests =
      try arguments.value(of: Self.dismiss) + arguments.value(of: Self.dismissTo)
      + arguments.value(of: Self.responderChain)
  }
}

/// How diagrams are drawn: `render` and `simulate`.
struct DrawingOptions: OptionGroup {
  static let title = "drawing"
  static let layout = Option(
    "layout", value: "ENGINE", help: "Graphviz layout engine", default: "dot", parse: Parse.text)
  static let expandAll = Option(flag: "expand-all", help: "never collapse off-screen subtrees")
  static let legend = Option(
    "legend", value: "right|below|none", help: "where the legend goes", default: LegendChoice.below,
    parse: Parse.choice(LegendChoice.self))
  static let noLegend = Option(flag: "no-legend", help: "leave the legend out (--legend none)")
  static let theme = Option(
    "theme", value: "light|dark|transparent", help: "colours", default: ThemeChoice.light,
    parse: Parse.choice(ThemeChoice.self))
  static let titleText = Option(
    "title", value: "TEXT", help: "the diagram's title (default: the file's title, else its name)",
    parse: Parse.text)
  static let showPath = Option(
    flag: "show-path", help: "name the input by its path as given, not its file name")

  static let options = [
    layout.declaration, expandAll.declaration, legend.declaration, noLegend.declaration,
    theme.declaration, titleText.declaration, showPath.declaration,
  ]

  /// The Graphviz layout engine.
  var engine: String
  var expandAll: Bool
  /// Where the legend goes, nil for none.
  var legendPlacement: LegendPlacement?
  var theme: Theme
  var title: String?
  var showPath: Bool
  /// Whether the legend is drawn.
  var legend: Bool { legendPlacement != nil }

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    engine = try arguments.value(of: Self.layout)
    expandAll = try arguments.value(of: Self.expandAll)
    let choice = try arguments.value(of: Self.legend)
    legendPlacement = try arguments.value(of: Self.noLegend) ? nil : choice.placement
    theme = try arguments.value(of: Self.theme).theme
    title = try arguments.value(of: Self.titleText)
    showPath = try arguments.value(of: Self.showPath)
  }

  /// The diagram options these choices give; `theme` overrides the chosen theme.
  func diagramOptions(maxLabelLines: Int, theme: Theme? = nil) -> DiagramOptions {
    var options = DiagramOptions()
    options.expandAll = expandAll
    options.legend = legend
    options.legendPlacement = legendPlacement ?? .below
    options.theme = theme ?? self.theme
    options.title = title
    options.showPath = showPath
    options.maxLabelLines = maxLabelLines
    return options
  }
}

/// `--legend right|below|none`.
enum LegendChoice: String, CaseIterable, Sendable {
  case right, below, none

  var placement: LegendPlacement? {
    switch self {
    case .right: .right
    case .below: .below
    case .none: nil
    }
  }
}

/// `--theme light|dark|transparent`.
enum ThemeChoice: String, CaseIterable, Sendable {
  case light, dark, transparent

  var theme: Theme {
    switch self {
    case .light: .light
    case .dark: .dark
    case .transparent: .transparent
    }
  }
}

/// The size and time a layout may take: `render`.
struct LayoutLimitOptions: OptionGroup {
  static let title = "layout limits"
  static let maxLayoutNodes = Option(
    "max-layout-nodes", value: "N", help: "largest diagram laid out, nodes+edges",
    default: LayoutLimits.default.maxLayoutNodes, parse: Parse.positiveInt)
  static let layoutTimeout = Option(
    "layout-timeout", value: "SECONDS", help: "seconds a large layout may take",
    default: LayoutLimits.default.layoutTimeout,
    defaultText: LayoutLimits.format(LayoutLimits.default.layoutTimeout)
  ) { text, flag throws(VCGraphError) in
    guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
      throw VCGraphError(
        .usage, "'\(flag)' takes a number of seconds (at most 86400), not '\(text)'")
    }
    return seconds
  }

  static let options = [maxLayoutNodes.declaration, layoutTimeout.declaration]

  var maxLayoutNodes: Int
  var layoutTimeout: Double

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    maxLayoutNodes = try arguments.value(of: Self.maxLayoutNodes)
    layoutTimeout = try arguments.value(of: Self.layoutTimeout)
  }
}

/// `--ignore RULE`: rules silenced for every input, as a description's `ignore:` silences them
/// for itself (the only way for a storyboard, which has no `ignore:`): `analyze`, `check` and
/// `render`.
struct RuleOptions: OptionGroup {
  static let title = "rules"
  static let ignore = Option(
    repeating: "ignore", value: "RULE", help: "silence a rule (its id) for every input"
  ) { text, flag throws(VCGraphError) -> String in
    guard Rule(rawValue: text) != nil else {
      throw VCGraphError(
        .usage, "'\(flag) \(text)': unknown rule id",
        hint: suggestion(for: text, among: Rule.all.map(\.rawValue))
          ?? "`vcgraph rules` lists every rule id")
    }
    return text
  }

  static let options = [ignore.declaration]

  var ignored: [String]

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    ignored = try arguments.value(of: Self.ignore)
  }
}

/// `--initial`: a storyboard's launch state only, not its map and segues: `analyze`, `render`.
enum StoryboardOptions {
  static let initial = Option(
    flag: "initial", help: "a storyboard's launch state only (no map, no segues)")
}

/// `--storyboard-folder DIR`: where storyboard references are also looked for (after the
/// referencing file's folder; the input directories and the input files' folders follow):
/// every command. Worker processes get the run's folders this way too.
struct ReferenceOptions: OptionGroup {
  static let title = "storyboard references"
  static let folder = Option(
    repeating: "storyboard-folder", value: "DIR",
    help: "also look for referenced storyboards in DIR", parse: Parse.text)

  static let options = [folder.declaration]

  var folders: [String]

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    folders = try arguments.value(of: Self.folder)
  }
}

/// `--format text|json`: `analyze` and `simulate`.
enum TextOrJSON: String, CaseIterable, Sendable {
  case text, json
}
