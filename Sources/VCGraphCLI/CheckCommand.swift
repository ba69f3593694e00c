import Foundation
import VCGraphBackends
import VCGraphCore

/// How `check` prints findings: one case per reporter of `FindingReporters.all`.
enum CheckFormat: String, CaseIterable, Sendable {
  case text, json, github, sarif, markdown, junit, checkstyle

  /// The reporter that prints this format.
  var reporter: any FindingReporter.Type { FindingReporters.named(rawValue)! }
}

/// The options of `vcgraph check`.
struct CheckOptions: CommandOptions {
  static let format = Option(
    "format", value: "FORMAT",
    help: "text, json, github, sarif, markdown, junit, checkstyle", default: CheckFormat.text,
    parse: Parse.choice(CheckFormat.self))
  static let warningsAsErrors = Option(flag: "warnings-as-errors", help: "fail on warnings too")
  static let baseline = Option(
    "baseline", value: "FILE", help: "ignore the findings recorded in FILE", parse: Parse.text)
  static let writeBaseline = Option(
    "write-baseline", value: "FILE", help: "record the current findings in FILE",
    parse: Parse.text)
  static let rulesURL = Option(
    "rules-url", value: "URL",
    help: "sarif: link rules to URL#RULE-ID (your copy of the README)",
    parse: Parse.webAddress)
  static let linkBase = Option(
    "link-base", value: "URL",
    help: "markdown: links to lines start with URL (a blob URL ending in /)",
    parse: Parse.webAddress)

  static let sections =
    [
      OptionSection(
        title: "options",
        options: [
          format.declaration, warningsAsErrors.declaration, baseline.declaration,
          writeBaseline.declaration, rulesURL.declaration, linkBase.declaration,
          SharedOptions.quiet.declaration,
        ])
    ] + RuleOptions.sections + InputSelectionOptions.sections + LimitOptions.sections
    + ClassOptions.sections + ReferenceOptions.sections

  var format: CheckFormat
  var warningsAsErrors: Bool
  var baseline: String?
  var writeBaseline: String?
  var rulesURL: String?
  var linkBase: String?
  var quiet: Bool
  var rules: RuleOptions
  var limits: LimitOptions
  var classes: ClassOptions
  var inputSelection: InputSelectionOptions

  var selection: InputSelection { inputSelection.selection }
  var references: ReferenceOptions
  var storyboardFolders: [String] { references.folders }

  var ignoredRules: [String] { rules.ignored }

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
    inputSelection = try InputSelectionOptions(arguments)
    references = try ReferenceOptions(arguments)
    rules = try RuleOptions(arguments)
    format = try arguments.value(of: Self.format)
    warningsAsErrors = try arguments.value(of: Self.warningsAsErrors)
    baseline = try arguments.value(of: Self.baseline)
    writeBaseline = try arguments.value(of: Self.writeBaseline)
    rulesURL = try arguments.value(of: Self.rulesURL)
    linkBase = try arguments.value(of: Self.linkBase)
    quiet = try arguments.value(of: SharedOptions.quiet)
  }
}

/// `vcgraph check INPUT... [--format FORMAT]`: findings for CI, printed by a reporter.
struct CheckCommand: Subcommand {
  let options: CheckOptions
  let context: CommandContext

  static let synopsis =
    "vcgraph check INPUT... [--format text|json|github|sarif|markdown|junit|checkstyle]\n"
    + "         [--warnings-as-errors]"
    + "         [--baseline FILE] [--write-baseline FILE]"
  static let summary =
    "Prints consistency findings like a compiler; exits 1 when an error-severity finding\n"
    + "exists (or a warning, with --warnings-as-errors). A file's `ignore: [rule-id]`\n"
    + "and --ignore silence rules; .vcgraph.yml switches rules off or on and changes\n"
    + "severities; findings recorded in a baseline are not reported. 'vcgraph rules'\n"
    + "explains each rule. A storyboard is checked as its launch state plus its segues and\n"
    + "scenes."

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
