import VCGraphCore

/// The options every command has (limits and custom classes), and what a command's options
/// give the shared machinery: how inputs are read, the questions asked, the drawing limits.
protocol CommandOptions: ParsableOptions {
  var limits: LimitOptions { get }
  var classes: ClassOptions { get }
  /// Questions from the command line (none unless the command takes `QuestionOptions`).
  var requests: [AnalysisRequest] { get }
  /// The drawing limits (the defaults and `--max-label-lines` unless the command takes
  /// `LayoutLimitOptions`).
  var layoutLimits: LayoutLimits { get }
  /// Which files inside directories given as inputs are read (`--include`, `--exclude`).
  var selection: InputSelection { get }
  /// Rules silenced for every input (none unless the command takes `RuleOptions`).
  var ignoredRules: [String] { get }
  /// `--storyboard-folder`: where storyboard references are also looked for (none unless the
  /// command takes `ReferenceOptions`).
  var storyboardFolders: [String] { get }
}

extension CommandOptions {
  var requests: [AnalysisRequest] { [] }
  var ignoredRules: [String] { [] }
  var storyboardFolders: [String] { [] }

  var selection: InputSelection { InputSelection() }

  var layoutLimits: LayoutLimits {
    var limits = LayoutLimits.default
    limits.maxLabelLines = self.limits.maxLabelLines
    return limits
  }

  /// How the inputs are read.
  var readOptions: ReadOptions {
    ReadOptions(
      limits: limits.input, declaredKinds: classes.declaredKinds,
      searchFolders: storyboardFolders)
  }
}

/// A subcommand: its options, its help text, and what it does.
protocol Subcommand {
  associatedtype Options: CommandOptions
  /// The usage line after `usage: `.
  static var synopsis: String { get }
  /// What the command does, for its help.
  static var summary: String { get }
  init(options: Options, context: CommandContext)
  /// Runs the command; returns the exit code.
  func run() -> Int32
}

extension Subcommand {
  /// The command's help, generated from its option declarations.
  static var help: String {
    HelpText.command(
      synopsis: synopsis, summary: summary,
      sections: Options.sections + ConfigurationOptions.sections)
  }

  /// Parses the command line (after the command name) into the command, ready to run.
  static func prepare(
    _ words: [String], console: Console
  ) throws(VCGraphError) -> Self {
    var arguments = try ParsedArguments(
      words, accepting: Options.declarations + ConfigurationOptions.declarations)
    let group = try ConfigurationOptions.parse(arguments)
    let configuration = try group.load(into: &arguments, accepted: Options.declarations)
    let options = try Options.parse(arguments)
    return Self(
      options: options,
      context: CommandContext(
        arguments: arguments, console: console, options: options, configuration: configuration,
        nested: group.path == nil && !group.none))
  }
}
