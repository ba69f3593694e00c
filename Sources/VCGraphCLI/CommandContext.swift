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
