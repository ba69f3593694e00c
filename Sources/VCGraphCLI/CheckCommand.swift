import VCGraphCore

/// How `check` prints findings.
enum CheckFormat: String, CaseIterable, Sendable {
  case text, json, github, sarif
}

/// The options of `vcgraph check`.
struct CheckOptions: CommandOptions {
  static let format = Option(
    "format", value: "FORMAT", help: "text, json, github or sarif", default: CheckFormat.text,
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

  static let sections =
    [
      OptionSection(
        title: "options",
        options: [
          format.declaration, warningsAsErrors.declaration, baseline.declaration,
          writeBaseline.declaration, rulesURL.declaration, SharedOptions.quiet.declaration,
        ])
    ] + RuleOptions.sections + InputSelectionOptions.sections + LimitOptions.sections
    + ClassOptions.sections + ReferenceOptions.sections

  var format: CheckFormat
  var warningsAsErrors: Bool
  var baseline: String?
  var writeBaseline: String?
  var rulesURL: String?
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
    quiet = try arguments.value(of: SharedOptions.quiet)
  }
}

/// `vcgraph check INPUT... [--format text|json|github|sarif]`: findings for CI.
struct CheckCommand: Subcommand {
  let options: CheckOptions
  let context: CommandContext

  static let synopsis =
    "vcgraph check INPUT... [--format text|json|github|sarif] [--warnings-as-errors]\n"
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
      baseline = try options.baseline.map(Self.readBaseline)
      inputs = try context.inputs()
    } catch {
      context.report(error)
      return error.exitCode
    }
    let strict = options.warningsAsErrors
    let rules = context.configuration?.rules ?? RuleConfiguration()
    var all: [PlacedFinding] = []
    var seen = Set<String>()
    var failure: Int32?
    var failures: [VCGraphError] = []
    var checked = 0
    for path in inputs {
      do {
        let input = try context.load(path)
        // A finding in a storyboard that several inputs reference (or load) is reported once.
        for finding in AnalysisReport.findings(
          for: Analysis(input.hierarchy), storyboard: input.storyboard, configuration: rules)
        where seen.insert("\(finding.rule.rawValue) \(finding.location)").inserted {
          all.append(PlacedFinding(finding, in: input.hierarchy))
        }
        checked += 1
      } catch {
        context.report(error)
        failure = failure ?? error.exitCode
        failures.append(error)
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
    let placed = baseline.map { Self.filter(all, by: $0) } ?? all
    let findings = placed.map(\.finding)
    let printer = DiagnosticPrinter(sources: context.loader.sources)
    switch options.format {
    case .sarif:
      let log = sarif(placed, strict: strict, failures: failures)
      context.console.out(log.formatted() + "\n")
    case .json:
      let json = JSON.object([
        ("version", .int(JSONOutputVersion.check)),
        ("findings", .array(findings.map(AnalysisReport.json(for:)))),
      ])
      context.console.out(json.formatted() + "\n")
    case .github:
      for finding in findings {
        let level =
          switch finding.severity {
          case .error: "error"
          case .warning: strict ? "error" : "warning"
          case .info: "notice"
          }
        let message = Self.githubEscape(finding.message, property: false)
        let file = Self.githubEscape(finding.location.path, property: true)
        context.console.out(
          workflowCommands:
            "::\(level) file=\(file),line=\(finding.location.line),col=\(finding.location.column),"
            + "title=\(finding.rule.rawValue)::\(message)\n")
      }
    case .text:
      for finding in findings {
        context.console.out(
          printer.format(
            severity: finding.severity, message: finding.message, location: finding.location,
            suffix: " [\(finding.rule.rawValue)]", uikitMessage: finding.uikitMessage))
      }
      if !options.quiet {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let unreadable = inputs.count - checked
        let tolerated = all.count - placed.count
        context.console.err(
          "\(checked) input\(checked == 1 ? "" : "s") checked: \(errors) error"
            + "\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            + (tolerated > 0 ? " (and \(tolerated) in the baseline)" : "")
            + (unreadable > 0 ? "; \(unreadable) could not be read" : "") + "\n")
      }
    }
    if let failure { return failure }
    let failing = findings.contains {
      $0.severity == .error || (strict && $0.severity == .warning)
    }
    return context.status(after: failing ? ExitCode.findings : ExitCode.success)
  }

  /// GitHub workflow commands escape %, CR and LF (and , and : in properties); other control
  /// characters are shown escaped, so nothing reaches the log raw.
  static func githubEscape(_ text: String, property: Bool) -> String {
    var out = text.replacingOccurrences(of: "%", with: "%25")
      .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    out = ControlCharacters.escaped(out, atLineStart: false)
    if property {
      out = out.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
        of: ",", with: "%2C")
    }
    return out
  }
}
