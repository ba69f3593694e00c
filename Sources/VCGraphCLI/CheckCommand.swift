import ArgumentParser
import Foundation
import VCGraphBackends
import VCGraphCore

/// How `check` prints findings: one case per reporter of `FindingReporters.all`.
enum CheckFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
  case text, json, github, sarif, markdown, junit, checkstyle, gitlab

  /// The reporter that prints this format.
  var reporter: any FindingReporter.Type { FindingReporters.named(rawValue)! }
}

/// `vcgraph check`: its options.
struct CheckOptions: ReadsDescriptions, SelectsFiles {
  typealias Runner = CheckCommand

  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "consistency findings for CI; exit 1 when an error is found",
    discussion: """
      Prints consistency findings like a compiler; exits 1 when an error-severity finding \
      exists (or a warning, with --warnings-as-errors). A file's `ignore: [rule-id]` and \
      --ignore silence rules; .vcgraph.yml switches rules off or on and changes severities; \
      findings recorded in a baseline are not reported. 'vcgraph rules' explains each rule. \
      A storyboard is checked as its launch state plus its segues and scenes.
      """)

  @Argument(
    help: ArgumentHelp(
      "descriptions, dumps, storyboards, directories, or - for standard input", valueName: "input"))
  var inputs: [String] = []

  @OptionGroup var reporting: ReportingOptions

  @OptionGroup var quietOption: QuietOption
  @OptionGroup(title: RuleOptions.title) var rules: RuleOptions
  @OptionGroup(title: ExcludeOptions.title) var include: IncludeOptions
  @OptionGroup(title: ExcludeOptions.title) var exclude: ExcludeOptions
  @OptionGroup(title: LimitOptions.title) var limits: LimitOptions
  @OptionGroup(title: ClassOptions.title) var classes: ClassOptions
  @OptionGroup(title: ReferenceOptions.title) var references: ReferenceOptions
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions

  var quiet: Bool { quietOption.quiet }
  var ignoredRules: [String] { rules.ignore }
}

/// `vcgraph check INPUT... [--format FORMAT]`: findings for CI, printed by a reporter.
struct CheckCommand: Subcommand {
  let options: CheckOptions
  let context: CommandContext

  func run() -> Int32 {
    let inputs: [String]
    let baseline: Baseline?
    do {
      baseline = try baselinePath.map(Self.readBaseline)
      inputs = try context.inputs()
    } catch {
      context.report(error)
      if options.format.reporter.reportsFailedRuns {
        // Never an empty log: it says the run failed, and why.
        emit(report([], inputs: [], failures: expansionFailures(besides: error)))
      }
      return error.exitCode
    }
    let strict = options.warningsAsErrors
    var all: [PlacedFinding] = []
    var seen = Set<String>()
    var failure: Int32?
    var failures: [ReportFailure] = []
    var read: [String] = []
    for path in inputs {
      do {
        let rules = try context.configurations.rules(for: path)
        let input = try context.load(path)
        // A finding in a storyboard that several inputs reference (or load) is reported once.
        for finding in AnalysisReport.findings(
          for: Analysis(input.hierarchy), storyboard: input.storyboard, configuration: rules)
        where seen.insert("\(finding.rule.rawValue) \(finding.location)").inserted {
          all.append(PlacedFinding(finding, in: input.hierarchy))
        }
        read.append(path)
      } catch {
        context.report(error)
        failure = failure ?? error.exitCode
        failures.append(ReportFailure(error, path: path))
      }
    }
    if let target = options.writeBaseline {
      do {
        try Self.writeBaseline(all, to: target, inputs: inputs)
      } catch {
        context.report(error)
        return error.exitCode
      }
    }
    let placed = baseline.map { Self.filter(all, by: $0, at: baselinePath ?? "") } ?? all
    let findings = placed.map(\.finding)
    emit(report(placed, inputs: inputs, failures: expansionFailures() + failures))
    if options.format == .text && !options.quiet {
      let errors = findings.filter { $0.severity == .error }.count
      let warnings = findings.filter { $0.severity == .warning }.count
      let unreadable = inputs.count - read.count
      let tolerated = all.count - placed.count
      let checked = read.count
      context.console.err(
        "\(checked) input\(checked == 1 ? "" : "s") checked: \(errors) error"
          + "\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
          + (tolerated > 0 ? " (and \(tolerated) in the baseline)" : "")
          + (unreadable > 0 ? "; \(unreadable) could not be read" : "") + "\n")
    }
    if let failure { return failure }
    let failing = findings.contains {
      $0.severity == .error || (strict && $0.severity == .warning)
    }
    return context.status(after: failing ? ExitCode.findings : ExitCode.success)
  }
}
