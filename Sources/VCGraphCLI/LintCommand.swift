import ArgumentParser
import Foundation
import VCGraphBackends
import VCGraphCore

/// `vcgraph lint`: `check`'s reporting options, and which files are read.
struct LintOptions: CommandOptions {
  typealias Runner = LintCommand

  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "UIKit misuse in Swift code, reported as check reports; exit 1 on an error",
    // argument-parser lists up to 12 options in the usage line; this command has 11, too
    // long for a line.
    usage: "vcgraph lint [<options>] [<path> ...]",
    discussion: """
      Reads the .swift files under PATH (folders recursively) and reports UIKit misuse the \
      rules of 'vcgraph rules' find in the code: presentations before the window, two at \
      once, popovers without an anchor, containers pushed, containment by halves, SwiftUI \
      navigation outside a stack. Exits 1 on an error-severity finding (or a warning, with \
      --warnings-as-errors). Comments `// vcgraph:disable[:next|:this] RULE-ID` (and \
      `enable`) silence rules in code; .vcgraph.yml switches rules off or on, changes \
      severities and leaves files out; a baseline tolerates recorded findings. Needs \
      vcgraph-swift, as scan does.
      """)

  @Argument(help: ArgumentHelp("folders and .swift files", valueName: "path"))
  var inputs: [String] = []

  @OptionGroup var reporting: ReportingOptions

  @OptionGroup var quietOption: QuietOption
  @OptionGroup(title: ExcludeOptions.title) var excludeOptions: ExcludeOptions
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions

  var quiet: Bool { quietOption.quiet }
  var exclude: [String] { excludeOptions.exclude }
}

/// `vcgraph lint PATH...`: UIKit misuse in Swift code, reported as `check` reports (the same
/// formats, configuration, baseline and exit codes). The rules run in `vcgraph-swift lint`
/// (SwiftSyntax is built into that program only); this command finds the files, runs it, and
/// applies `.vcgraph.yml` and the baseline to what it found (Documentation/Lint.md).
struct LintCommand: Subcommand {
  let options: LintOptions
  let context: CommandContext

  func run() -> Int32 {
    do throws(VCGraphError) {
      let paths = try context.sourcePaths(for: LintOptions.name)
      let baseline = try baselinePath.map(CheckCommand.readBaseline)
      // The scan's exclusions: the configuration files looked up once per folder (or per
      // folder given), where asking them for every file cost 80 ms of 5,408 files.
      let exclusion = ScanExclusion(
        configurations: context.loader.configurations, globs: options.exclude)
      let found = try ScanSources.collect(paths, isExcluded: exclusion.isExcluded)
      guard !found.swiftFiles.isEmpty else {
        throw VCGraphError(.noInput, "no .swift file under \(paths.joined(separator: " "))")
      }
      let sources = ScanSources(root: found.root, swiftFiles: found.swiftFiles, storyboards: [])
      let json = try ScanRunner.run(sources, command: "lint", console: context.console)
      let result = try LintResult(jsonBytes: json, path: "vcgraph-swift's output")
      for problem in result.problems {
        context.console.err(ControlCharacters.escaped("warning: \(problem)") + "\n")
      }
      let all = try configured(result.findings).map(PlacedFinding.init(lint:))
      if let target = options.writeBaseline {
        try CheckCommand.writeBaseline(all, to: target, inputs: paths)
      }
      let placed = baseline.map { CheckCommand.filter(all, by: $0, at: baselinePath ?? "") } ?? all
      emit(report(placed, inputs: sources.swiftFiles, linted: result.files))
      let findings = placed.map(\.finding)
      if options.format == .text && !options.quiet {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let tolerated = all.count - placed.count
        context.console.err(
          "\(result.files) Swift file\(result.files == 1 ? "" : "s") linted: \(errors) error"
            + "\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            + (tolerated > 0 ? " (and \(tolerated) in the baseline)" : "") + "\n")
      }
      if result.files < sources.swiftFiles.count { return ExitCode.of(.noInput) }
      let failing = findings.contains {
        $0.severity == .error || (options.warningsAsErrors && $0.severity == .warning)
      }
      return failing ? ExitCode.findings : ExitCode.success
    } catch {
      context.report(error)
      return error.exitCode
    }
  }

  /// The baseline read: `--baseline FILE`, else the configuration file's `baseline`.
  var baselinePath: String? { options.baseline ?? context.configuration?.baseline?.path }

  /// The findings of the rules each file's configuration runs, at the severity it gives.
  func configured(_ findings: [Finding]) throws(VCGraphError) -> [Finding] {
    var rules: [String: RuleConfiguration] = [:]
    var kept: [Finding] = []
    for var finding in findings {
      let path = finding.location.path
      if rules[path] == nil { rules[path] = try context.configurations.rules(for: path) }
      let configuration = rules[path]!
      guard configuration.runs(finding.rule, optIn: finding.rule.isOptIn) else { continue }
      finding.severity = configuration.severity(of: finding.rule)
      kept.append(finding)
    }
    return kept
  }

  /// The report reporters print, with the files' text for quoting lines.
  func report(_ findings: [PlacedFinding], inputs: [String], linted: Int) -> FindingReport {
    var sources: [String: String] = [:]
    for path in Set(findings.map(\.finding.location.path)) {
      sources[path] = FileManager.default.contents(atPath: path).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    return context.findingReport(
      findings, inputs: inputs, failures: [], sources: sources, options: options)
  }

  /// Writes the report to standard output (through the console).
  func emit(_ report: FindingReport) { context.emit(report, format: options.format) }
}

extension PlacedFinding {
  /// A lint finding, placed by its place in the code (`swift:Type.function()`).
  init(lint finding: Finding) {
    self.finding = finding
    controllerPath = finding.place ?? ""
  }
}
