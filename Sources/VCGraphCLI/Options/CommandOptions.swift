import ArgumentParser
import VCGraphCore

/// A command's options as swift-argument-parser parses them: each subcommand is one
/// `ParsableCommand` (`RenderOptions` is `vcgraph render`) that declares exactly the options
/// it uses (its own `@Option`s and the shared `@OptionGroup`s), checks combinations in
/// `validate()`, and hands the parsed values to its `Runner`, which does the work. What the
/// options give the shared machinery: how inputs are read, the questions asked, the drawing
/// limits; a command without an option group gets that group's defaults.
protocol CommandOptions: ParsableCommand {
  associatedtype Runner: Subcommand where Runner.Options == Self
  /// The positional words (inputs, or `rules`' rule id), in order.
  var inputs: [String] { get }
  /// `--config` and `--no-config`.
  var configurationOptions: ConfigurationOptions { get }
  /// What one input may contain (`LimitOptions`).
  var inputLimits: InputLimits { get }
  /// The longest label drawn (`LimitOptions`).
  var maxLabelLines: Int { get }
  /// Custom classes' kinds (`ClassOptions`).
  var declaredKinds: [String: ControllerKind] { get }
  /// Questions from the command line (`QuestionOptions`).
  var requests: [AnalysisRequest] { get }
  /// The drawing limits (`LayoutLimitOptions`; else the defaults and `maxLabelLines`).
  var layoutLimits: LayoutLimits { get }
  /// Which files inside directories given as inputs are read (`--include`, `--exclude`).
  var selection: InputSelection { get }
  /// Rules silenced for every input (`RuleOptions`).
  var ignoredRules: [String] { get }
  /// `--storyboard-folder`: where storyboard references are also looked for
  /// (`ReferenceOptions`).
  var storyboardFolders: [String] { get }
}

extension CommandOptions {
  var inputLimits: InputLimits { InputLimits() }
  var maxLabelLines: Int { LayoutLimits.default.maxLabelLines }
  var declaredKinds: [String: ControllerKind] { [:] }
  var requests: [AnalysisRequest] { [] }
  var ignoredRules: [String] { [] }
  var storyboardFolders: [String] { [] }
  var selection: InputSelection { InputSelection() }

  var layoutLimits: LayoutLimits {
    var limits = LayoutLimits.default
    limits.maxLabelLines = maxLabelLines
    return limits
  }

  /// How the inputs are read.
  var readOptions: ReadOptions {
    ReadOptions(limits: inputLimits, declaredKinds: declaredKinds, searchFolders: storyboardFolders)
  }

  /// The command's name on the command line.
  static var name: String { configuration.commandName ?? "\(self)" }

  /// Ready to run: reads the configuration file that applies (its option values become the
  /// defaults of the options this command has, so the words are parsed again with them
  /// first), then builds the runner. `words` is the command line after the command's name.
  /// `checkingRepeats` false: the words were checked already (a worker gets its parent's).
  func prepare(
    words: [String], console: Console, checkingRepeats: Bool = true
  ) throws(VCGraphError) -> Runner {
    // argument-parser's description of the command, which the check reads, is JSON it
    // encodes and this decodes: about 15 M instructions, made only when two words name options.
    if checkingRepeats { try Self.refuseRepeatedOptions(in: words) }
    let group = configurationOptions
    let configuration = try group.load()
    var options = self
    if let configuration {
      let defaults = ConfigurableOptions.arguments(
        from: configuration, accepted: Self.acceptedOptions, given: words)
      if !defaults.isEmpty {
        do {
          options = try Self.parse(defaults + words)
        } catch {
          throw VCGraphError(.usage, Self.message(for: error))
        }
      }
    }
    return Runner(
      options: options,
      context: CommandContext(
        words: words, console: console, options: options, configuration: configuration,
        nested: group.config == nil && !group.noConfig))
  }

  /// An option that takes one value, given twice, is a usage error (argument-parser would keep
  /// the last): `--layout dot --layout neato` says which it means. `words` is the command
  /// line after the command's name.
  static func refuseRepeatedOptions(in words: [String]) throws(VCGraphError) {
    let named = words.prefix { $0 != "--" }
    // Two words that name options are needed for one to be given twice; with fewer (`vcgraph
    // scan App/`), argument-parser's description, a JSON round trip of about 15 M
    // instructions, is not made.
    guard named.count(where: { $0.hasPrefix("-") && $0 != "-" }) > 1 else { return }
    for argument in CommandDescription.of(Self.self).arguments ?? []
    where argument.kind == "option" && !argument.isRepeating {
      let names = argument.longNames + argument.shortNames
      let count = named.count { word in
        names.contains { word == $0 || ($0.hasPrefix("--") && word.hasPrefix($0 + "=")) }
      }
      if count > 1, let name = argument.longNames.first {
        throw VCGraphError(.usage, "option '\(name)' is given twice")
      }
    }
  }

  /// The long options this command takes (`--max-depth`), from argument-parser's own
  /// description of the command.
  static var acceptedOptions: Set<String> {
    Set((CommandDescription.of(Self.self).arguments ?? []).flatMap(\.longNames))
  }
}

/// The work of a subcommand, given its parsed options.
protocol Subcommand {
  associatedtype Options: CommandOptions
  init(options: Options, context: CommandContext)
  /// Runs the command; returns the exit code.
  func run() -> Int32
}
