import VCGraphCore

/// How `check` prints findings.
enum CheckFormat: String, CaseIterable, Sendable {
  case text, json, github
}

/// The options of `vcgraph check`.
struct CheckOptions: CommandOptions {
  static let format = Option(
    "format", value: "FORMAT", help: "text, json or github", default: CheckFormat.text,
    parse: Parse.choice(CheckFormat.self))
  static let warningsAsErrors = Option(flag: "warnings-as-errors", help: "fail on warnings too")

  static let sections =
    [
      OptionSection(
        title: "options",
        options: [
          format.declaration, warningsAsErrors.declaration, SharedOptions.quiet.declaration,
        ])
    ] + RuleOptions.sections + LimitOptions.sections + ClassOptions.sections
    + ReferenceOptions.sections

  var format: CheckFormat
  var warningsAsErrors: Bool
  var quiet: Bool
  var rules: RuleOptions
  var limits: LimitOptions
  var classes: ClassOptions
  var references: ReferenceOptions

  var ignoredRules: [String] { rules.ignored }

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
    references = try ReferenceOptions(arguments)
    rules = try RuleOptions(arguments)
    format = try arguments.value(of: Self.format)
    warningsAsErrors = try arguments.value(of: Self.warningsAsErrors)
    quiet = try arguments.value(of: SharedOptions.quiet)
  }
}

/// `vcgraph check INPUT... [--format text|json|github]`: findings for CI.
struct CheckCommand: Subcommand {
  let options: CheckOptions
  let context: CommandContext

  static let synopsis =
    "vcgraph check INPUT... [--format text|json|github] [--warnings-as-errors]"
  static let summary =
    "Prints consistency findings like a compiler; exits 1 when an error-severity finding\n"
    + "exists (or a warning, with --warnings-as-errors). A file's `ignore: [rule-id]`\n"
    + "and --ignore silence rules. A storyboard is checked as its launch state plus its\n"
    + "segues and scenes."

  func run() -> Int32 {
    let inputs: [String]
    do {
      inputs = try context.inputs()
    } catch {
      context.report(error)
      return error.exitCode
    }
    let strict = options.warningsAsErrors
    var findings: [Finding] = []
    var seen = Set<String>()
    var failure: Int32?
    var checked = 0
    for path in inputs {
      do {
        let input = try context.load(path)
        // A finding in a storyboard that several inputs reference (or load) is reported once.
        findings += AnalysisReport.findings(
          for: Analysis(input.hierarchy), storyboard: input.storyboard
        ).filter { seen.insert("\($0.rule.rawValue) \($0.location)").inserted }
        checked += 1
      } catch {
        context.report(error)
        failure = failure ?? error.exitCode
      }
    }
    let printer = DiagnosticPrinter(sources: context.loader.sources)
    switch options.format {
    case .json:
      let json = JSON.object([("findings", .array(findings.map(AnalysisReport.json(for:))))])
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
          "::\(level) file=\(file),line=\(finding.location.line),col=\(finding.location.column),"
            + "title=\(finding.rule.rawValue)::\(message)\n")
      }
    case .text:
      for finding in findings {
        context.console.out(
          printer.format(
            severity: finding.severity, message: finding.message, location: finding.location,
            suffix: " [\(finding.rule.rawValue)]"))
      }
      if !options.quiet {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        let unreadable = inputs.count - checked
        context.console.err(
          "\(checked) input\(checked == 1 ? "" : "s") checked: \(errors) error"
            + "\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            + (unreadable > 0 ? "; \(unreadable) could not be read" : "") + "\n")
      }
    }
    if let failure { return failure }
    let failing = findings.contains {
      $0.severity == .error || (strict && $0.severity == .warning)
    }
    return failing ? ExitCode.findings : ExitCode.success
  }

  /// GitHub workflow commands escape %, CR and LF (and , and : in properties).
  static func githubEscape(_ text: String, property: Bool) -> String {
    var out = text.replacingOccurrences(of: "%", with: "%25")
      .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    if property {
      out = out.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
        of: ",", with: "%2C")
    }
    return out
  }
}
