import VCGraphCore

/// What every command receives besides its options: the command line as parsed (positional
/// inputs, and every option as given, which worker processes are started with), the console,
/// the input loader, the questions asked on the command line, the drawing limits and the
/// configuration file.
struct CommandContext {
  let arguments: ParsedArguments
  let console: Console
  let loader: InputLoader
  let requests: [AnalysisRequest]
  let layoutLimits: LayoutLimits
  /// Rule ids silenced for every input (`--ignore`), besides a description's own `ignore:`.
  let ignoredRules: [String]
  /// The configuration file that applies (`.vcgraph.yml`, `--config`), if any.
  let configuration: ConfigurationFile?

  init(
    arguments: ParsedArguments, console: Console, options: some CommandOptions,
    configuration: ConfigurationFile? = nil
  ) {
    self.arguments = arguments
    self.console = console
    self.configuration = configuration
    loader = InputLoader(
      options: options.readOptions, console: console, excluding: configuration)
    requests = options.requests
    layoutLimits = options.layoutLimits
    ignoredRules = options.ignoredRules
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

  /// Loads an input, with the rules `--ignore` names silenced.
  func load(_ path: String) throws(VCGraphError) -> LoadedInput {
    var input = try loader.load(path)
    for rule in ignoredRules where !input.hierarchy.ignoredRules.contains(rule) {
      input.hierarchy.ignoredRules.append(rule)
    }
    return input
  }

  /// Loads an input and builds its report, with the command line's analysis requests; for a
  /// storyboard, with its segues and storyboard findings unless `launchOnly` (`--initial`).
  func report(for path: String, launchOnly: Bool = false) throws(VCGraphError) -> AnalysisReport {
    let input = try load(path)
    return try AnalysisReport(
      input.hierarchy, extra: requests, storyboard: launchOnly ? nil : input.storyboard)
  }
}
