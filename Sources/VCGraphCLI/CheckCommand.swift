import VCGraphCore

/// `vcgraph check INPUT... [--format text|json|github]`: findings for CI.
struct CheckCommand {
  let context: CommandContext

  func run() -> Int32 {
    let format: String
    let inputs: [String]
    do {
      format = try context.arguments.choice("format", among: ["text", "json", "github"]) ?? "text"
      inputs = try context.inputs()
    } catch {
      context.report(error)
      return error.exitCode
    }
    let strict = context.arguments.has("warnings-as-errors")
    var findings: [Finding] = []
    var failure: Int32?
    var checked = 0
    for path in inputs {
      do {
        let input = try context.loader.load(path)
        findings += Checker.findings(for: Analysis(input.hierarchy))
        checked += 1
      } catch {
        context.report(error)
        failure = failure ?? error.exitCode
      }
    }
    let printer = DiagnosticPrinter(sources: context.loader.sources)
    switch format {
    case "json":
      let json = JSON.object([("findings", .array(findings.map(AnalysisReport.json(for:))))])
      context.console.out(json.formatted() + "\n")
    case "github":
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
    default:
      for finding in findings {
        context.console.out(
          printer.format(
            severity: finding.severity, message: finding.message, location: finding.location,
            suffix: " [\(finding.rule.rawValue)]"))
      }
      if !context.arguments.has("quiet") {
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
