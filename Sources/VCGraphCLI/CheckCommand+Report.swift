import ArgumentParser
import Foundation
import VCGraphBackends
import VCGraphCore

/// How `check` and `lint` report findings: `--format`, `--warnings-as-errors`, the baseline
/// read and written, and the links of the SARIF and Markdown reports. One group, taken by both
/// commands with `@OptionGroup`, so the two cannot drift apart.
struct ReportingOptions: ParsableArguments {
  @Option(help: "how findings are printed")
  var format = CheckFormat.text

  @Flag(help: "fail on warnings too")
  var warningsAsErrors = false

  @Option(help: ArgumentHelp("ignore the findings recorded in FILE", valueName: "file"))
  var baseline: String?

  @Option(help: ArgumentHelp("record the current findings in FILE", valueName: "file"))
  var writeBaseline: String?

  @Option(
    name: .customLong("rules-url"),
    help: ArgumentHelp(
      "sarif: link rules to URL#RULE-ID (your copy of Rules.md)", valueName: "url"),
    transform: Parse.option(Parse.webAddress))
  var rulesURL: String?

  @Option(
    help: ArgumentHelp(
      "markdown: links to lines start with URL (a blob URL ending in /)", valueName: "url"),
    transform: Parse.option(Parse.webAddress))
  var linkBase: String?
}

/// A command that reports findings with ``ReportingOptions``.
protocol FindingReportOptions {
  var reporting: ReportingOptions { get }
}

extension FindingReportOptions {
  var format: CheckFormat { reporting.format }
  var warningsAsErrors: Bool { reporting.warningsAsErrors }
  /// `--baseline FILE`.
  var baseline: String? { reporting.baseline }
  /// `--write-baseline FILE`.
  var writeBaseline: String? { reporting.writeBaseline }
  var rulesURL: String? { reporting.rulesURL }
  var linkBase: String? { reporting.linkBase }
}

extension CheckOptions: FindingReportOptions {}
extension LintOptions: FindingReportOptions {}

/// The run as reporters take it (`FindingReport`), and its printing: one piece of code for
/// `check` and `lint`.
extension CommandContext {
  /// The report of `findings`, the inputs read and those that could not be; `sources` holds
  /// the inputs' text by path, for each finding's region and quoted line.
  func findingReport(
    _ findings: [PlacedFinding], inputs: [String], failures: [ReportFailure],
    sources: [String: String], options: some FindingReportOptions
  ) -> FindingReport {
    var lines: [String: [Substring]] = [:]
    let reported = findings.map { placed -> ReportedFinding in
      let location = placed.finding.location
      if lines[location.path] == nil {
        lines[location.path] = sources[location.path].map {
          $0.split(separator: "\n", omittingEmptySubsequences: false)
        }
      }
      // The region runs to the last character of the finding's line.
      var endColumn = location.column + 1
      if let text = lines[location.path], text.indices.contains(location.line - 1) {
        let line = text[location.line - 1]
        let trimmed = line.unicodeScalars.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        endColumn = max(endColumn, trimmed.count + 1)
      }
      return ReportedFinding(
        placed.finding, logicalPath: placed.controllerPath, endColumn: endColumn)
    }
    let directory = FileManager.default.currentDirectoryPath
    let configuration = self.configuration?.rules ?? RuleConfiguration()
    return FindingReport(
      tool: SARIFLog.Tool(
        name: "vcgraph", version: VCGraphCommandLine.version, rulesURI: options.rulesURL),
      rules: Rule.all.map {
        ReportRule($0, rulesURI: options.rulesURL, configuration: configuration)
      },
      findings: reported, failures: failures, inputs: inputs, strict: options.warningsAsErrors,
      sourceRoot: WorkspacePath.sourceRoot(for: inputs, in: directory),
      workingDirectory: directory, sources: sources, linkBase: options.linkBase)
  }

  /// Writes `report` in `format` to standard output (through the console).
  func emit(_ report: FindingReport, format: CheckFormat) {
    let reporter = format.reporter
    let text = reporter.report(report)
    if reporter.writesWorkflowCommands {
      console.out(workflowCommands: text)
    } else {
      console.out(text)
    }
  }
}

extension CheckCommand {
  /// The report of the findings reported, the inputs read and those that could not be.
  func report(
    _ findings: [PlacedFinding], inputs: [String], failures: [ReportFailure]
  ) -> FindingReport {
    context.findingReport(
      findings, inputs: inputs, failures: failures, sources: context.loader.sources,
      options: options)
  }

  /// Problems met while finding the inputs, each with the argument it is about when its
  /// message names one (`nope.yaml: no such file or directory`).
  func expansionFailures(besides first: VCGraphError? = nil) -> [ReportFailure] {
    let arguments = context.inputs
    return ((first.map { [$0] } ?? []) + context.expansionProblems).map { error in
      ReportFailure(
        error,
        path: arguments.filter { error.message.hasPrefix($0 + ": ") }.max { $0.count < $1.count })
    }
  }

  /// Writes the report in the chosen format to standard output (through the console).
  func emit(_ report: FindingReport) { context.emit(report, format: options.format) }

}
