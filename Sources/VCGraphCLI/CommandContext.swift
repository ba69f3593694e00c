import VCGraphCore

/// What every command receives besides its options: the command line (its positional inputs,
/// and its words as given, which worker processes are started with), the console,
/// the input loader, the questions asked on the command line, the drawing limits and the
/// configuration file.
struct CommandContext {
  /// The positional words: the inputs as given.
  let inputs: [String]
  /// The command line after the command's name, as given.
  let words: [String]
  let console: Console
  let loader: InputLoader
  let requests: [AnalysisRequest]
  let layoutLimits: LayoutLimits
  /// Which files inside directories given as inputs are inputs.
  let selection: InputSelection
  /// The exit status of problems reported while finding the inputs (an unreadable
  /// subdirectory, a bad file name), which the others do not stop.
  private let expansionStatus = StatusBox()
  /// Rule ids silenced for every input (`--ignore`), besides a description's own `ignore:`.
  let ignoredRules: [String]
  /// The base configuration file (`.vcgraph.yml` here or above, `--config`), if any: its
  /// option defaults apply to the run; `configurations` has the rules for each input.
  let configuration: ConfigurationFile?

  /// The configuration files that apply to each input (the base one and nested ones).
  let configurations: NestedConfigurations

  /// `nested`: whether `.vcgraph.yml` files nearer the inputs apply too (not with `--config`
  /// or `--no-config`).
  init(
    words: [String], console: Console, options: some CommandOptions,
    configuration: ConfigurationFile? = nil, nested: Bool = false
  ) {
    self.words = words
    inputs = options.inputs
    self.console = console
    self.configuration = configuration
    configurations = NestedConfigurations(base: configuration, nested: nested)
    loader = InputLoader(
      options: options.readOptions, console: console, excluding: configurations)
    requests = options.requests
    layoutLimits = options.layoutLimits
    selection = options.selection
    ignoredRules = options.ignoredRules
  }

  /// Prints an error as a compiler diagnostic, quoting the source line when known.
  func report(_ error: VCGraphError) {
    console.err(diagnostic(error))
  }

  /// An error as a compiler diagnostic, quoting the source line when known.
  func diagnostic(_ error: VCGraphError) -> String {
    DiagnosticPrinter(sources: loader.sources(for: error.location?.path)).format(error)
  }

  /// A finding as `check --format text` prints it.
  func diagnostic(_ finding: Finding) -> String {
    DiagnosticPrinter(sources: loader.sources(for: finding.location.path)).format(
      severity: finding.severity, message: finding.message, location: finding.location,
      suffix: " [\(finding.rule.rawValue)]")
  }

  /// The expanded input paths, or a usage error when there are none.
  func inputs(atMostOne: Bool = false) throws(VCGraphError) -> [String] {
    try inputFiles(atMostOne: atMostOne).map(\.path)
  }

  /// The folders and `.swift` files `scan` and `lint` read: the positional words as given, or
  /// a usage error naming `command` when there are none.
  func sourcePaths(for command: String) throws(VCGraphError) -> [String] {
    guard !inputs.isEmpty else {
      throw VCGraphError(
        .usage, "\(command) needs a PATH: a folder or .swift files",
        hint: "vcgraph \(command) Sources")
    }
    return inputs
  }

  /// The expanded input files. Problems with some inputs are reported here (unless
  /// `reportingProblems` is false: a run restarted after a crash printed them once) and
  /// remembered for `status(after:)`; when no input remains, the first problem is thrown.
  func inputFiles(
    atMostOne: Bool = false, reportingProblems: Bool = true
  ) throws(VCGraphError) -> [InputFile] {
    let positional = inputs
    if positional.isEmpty { throw VCGraphError(.usage, "no input given") }
    if atMostOne && positional.count > 1 {
      throw VCGraphError(.usage, "this command takes one input, not \(positional.count)")
    }
    let expansion = loader.expand(positional, selection: selection)
    if atMostOne && expansion.files.count > 1 {
      throw VCGraphError(.usage, "this command takes one input file, not a directory of them")
    }
    if expansion.files.isEmpty, let first = expansion.problems.first {
      for problem in expansion.problems.dropFirst() {
        report(problem)
        expansionStatus.record(problem)
      }
      throw first
    }
    for problem in expansion.problems {
      if reportingProblems { report(problem) }
      expansionStatus.record(problem)
    }
    for (directory, names) in expansion.skipped where reportingProblems {
      let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
      console.err(
        ControlCharacters.escaped(
          "note: \(directory): skipped \(names.count) file\(names.count == 1 ? "" : "s") that"
            + " \(names.count == 1 ? "is" : "are") neither a description nor a dump (\(shown));"
            + " --include GLOB reads them") + "\n")
    }
    return expansion.files
  }

  /// The problems found while finding the inputs, which the others did not stop (for
  /// `check --format sarif`'s notifications).
  var expansionProblems: [VCGraphError] { expansionStatus.problems }

  /// The run's exit status: `status`, unless it is 0 and finding the inputs had a problem.
  func status(after status: Int32) -> Int32 {
    status != 0 ? status : expansionStatus.value
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
  /// With `answeringWhatItCan` (`analyze`), a question without an answer is in the report's
  /// `unanswered` instead of failing the input.
  func report(
    for path: String, launchOnly: Bool = false, answeringWhatItCan: Bool = false
  ) throws(VCGraphError) -> AnalysisReport {
    let input = try load(path)
    return try AnalysisReport(
      input.hierarchy, extra: requests, storyboard: launchOnly ? nil : input.storyboard,
      answeringWhatItCan: answeringWhatItCan)
  }
}

/// The first nonzero exit status recorded, and the problems recorded.
final class StatusBox: @unchecked Sendable {
  private(set) var value: Int32 = 0
  private(set) var problems: [VCGraphError] = []

  func record(_ status: Int32) {
    if value == 0 { value = status }
  }

  func record(_ problem: VCGraphError) {
    record(problem.exitCode)
    problems.append(problem)
  }
}
