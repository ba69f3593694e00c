import VCGraphCore

/// `markdown`: a pull-request comment. A heading with the totals, then a table of findings in
/// order, one row each: level, rule id (linked to its help page when the run names one),
/// where (a link to the line, `path#Lline`, the path relative to the source root and
/// percent-encoded, after `--link-base` when given) and the message; then the inputs that could
/// not be read. Every piece of data is escaped (`MarkdownText`): nothing in a message or a path
/// can end a row, start a link, or run HTML.
public enum MarkdownReporter: FindingReporter {
  public static let identifier = "markdown"
  public static let description = "a Markdown table for a pull-request comment"
  public static let reportsFailedRuns = true

  public static func report(_ report: FindingReport) -> String {
    let counts = report.counts
    let inputs = report.inputs.count
    let checked = "\(inputs) input\(inputs == 1 ? "" : "s")"
    var out = "### \(MarkdownText.text(report.tool.name)) check\n\n"
    if report.findings.isEmpty {
      out += "No findings in \(checked).\n"
    } else {
      let parts = [
        plural(counts.errors, "error"), plural(counts.warnings, "warning"),
        counts.notes == 0 ? nil : "\(counts.notes) info",
      ].compactMap { $0 }
      out += "**\(parts.joined(separator: ", "))** in \(checked).\n\n" + table(report)
    }
    if !report.failures.isEmpty {
      out += "\n**\(plural(report.failures.count, "input")!) could not be read:**\n\n"
      for failure in report.failures {
        let location = failure.error.location.map {
          "\(report.rootRelative($0.path)):\($0.line):\($0.column): "
        }
        out += "- " + MarkdownText.text((location ?? "") + failure.message) + "\n"
      }
    }
    return out
  }

  /// The table of the report's findings: a header, then one row per finding.
  public static func table(_ report: FindingReport) -> String {
    var out = "| level | rule | where | message |\n|---|---|---|---|\n"
    let help = Dictionary(
      report.rules.compactMap { rule in rule.helpURI.map { (rule.id, $0) } },
      uniquingKeysWith: { first, _ in first })
    for finding in report.findings {
      let rule = MarkdownText.code(finding.ruleID, inTable: true)
      let ruleCell = help[finding.ruleID].map { "[\(rule)](\(destination($0)))" } ?? rule
      out +=
        "| \(report.level(of: finding).rawValue) | \(ruleCell) | \(place(finding, in: report))"
        + " | \(MarkdownText.text(finding.message)) |\n"
    }
    return out
  }

  /// `path:line:column` linked to `path#Lline`; standard input and a file outside the source
  /// root are not linked.
  static func place(_ finding: ReportedFinding, in report: FindingReport) -> String {
    let path = report.rootRelative(finding.location.path)
    let text = MarkdownText.text("\(path):\(finding.location.line):\(finding.location.column)")
    guard path != "-", !path.hasPrefix("/") else { return text }
    let target = (report.linkBase ?? "") + WorkspacePath.uri(path) + "#L\(finding.location.line)"
    return "[\(text)](\(destination(target)))"
  }

  /// A link destination with what would end it or break the table percent-encoded: space,
  /// `( ) < > | \\ \` "` and the C0 controls and DEL; other characters stay as they are.
  static func destination(_ address: String) -> String {
    PercentEncoding.encoded(address) { byte in
      byte >= 0x80 || (byte > 0x20 && byte != 0x7F && !destinationBreakers.contains(byte))
    }
  }

  private static let destinationBreakers = Set("()<>|\\`\"".utf8)

  private static func plural(_ count: Int, _ noun: String) -> String? {
    count == 0 ? nil : "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
