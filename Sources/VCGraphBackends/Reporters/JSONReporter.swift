import VCGraphCore

/// `json`: `{"version": N, "findings": [...]}` (N is the report's `jsonVersion`,
/// `JSONOutputVersion.check` for `check`, whose schema is `Schemas/check.v1.schema.json`), every
/// finding as `analyze --format json` writes one (`rule`,
/// `severity`, `message`, `path` as given, `line`, `column`, `uikitMessage`).
public enum JSONReporter: FindingReporter {
  public static let identifier = "json"
  public static let description = "{\"findings\": [...]} for scripts"

  public static func report(_ report: FindingReport) -> String {
    let findings = report.findings.map { finding -> JSON in
      .object([
        ("rule", .string(finding.ruleID)),
        ("severity", .string(finding.severity.rawValue)),
        ("message", .string(finding.message)),
        ("path", .string(finding.location.path)),
        ("line", .int(finding.location.line)),
        ("column", .int(finding.location.column)),
        ("uikitMessage", finding.uikitMessage.map { .string($0) } ?? .null),
      ])
    }
    return JSON.object([
      ("version", .int(report.jsonVersion)), ("findings", .array(findings)),
    ]).formatted() + "\n"
  }
}
