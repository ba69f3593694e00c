import VCGraphCore

/// `text`: each finding like a compiler diagnostic, `path:line:column: severity: message
/// [rule-id]`, then the source line and a caret under the column, and UIKit's console message
/// when it prints one (`DiagnosticPrinter`, which shows refused characters escaped).
public enum TextReporter: FindingReporter {
  public static let identifier = "text"
  public static let description = "compiler-style diagnostics with the source line"

  public static func report(_ report: FindingReport) -> String {
    let printer = DiagnosticPrinter(sources: report.sources)
    return report.findings.map { finding in
      printer.format(
        severity: finding.severity, message: finding.message, location: finding.location,
        suffix: " [\(finding.ruleID)]", uikitMessage: finding.uikitMessage)
    }.joined()
  }
}
