import VCGraphCore

/// `checkstyle`: Checkstyle's XML report (its `XMLLogger`, which CI tools such as Jenkins'
/// Warnings plugin, reviewdog and Danger read): a `<checkstyle>` root holding one `<file>` per
/// input (its path relative to the source root, `%SRCROOT%`), each holding one `<error>` per
/// finding with `line`, `column` (1-based), `severity` (`error`, `warning` or `info`),
/// `message` and `source` (the rule id). An input that could not be read is an `<error>` with
/// severity `error` and source `vcgraph`. Files are in input order, findings in position order.
public enum CheckstyleReporter: FindingReporter {
  public static let identifier = "checkstyle"
  public static let description = "Checkstyle XML for CI tools"
  public static let reportsFailedRuns = true
  /// The `version` SwiftLint's Checkstyle reporter writes too.
  static let version = "4.3"

  public static func report(_ report: FindingReport) -> String {
    var out = XMLText.declaration + "<checkstyle \(XMLText.attribute("version", version))>\n"
    for group in FileGroups(report) {
      let name = XMLText.attribute("name", group.path)
      var lines: [String] = group.findings.map { finding in
        let severity =
          switch report.level(of: finding) {
          case .error: "error"
          case .warning: "warning"
          case .info: "info"
          }
        return element(
          line: finding.location.line, column: finding.location.column, severity: severity,
          message: finding.message, source: finding.ruleID)
      }
      lines += group.failures.map { failure in
        element(
          line: failure.error.location?.line, column: failure.error.location?.column,
          severity: "error", message: failure.message, source: "vcgraph")
      }
      if lines.isEmpty {
        out += "<file \(name)/>\n"
      } else {
        out += "<file \(name)>\n" + lines.map { "  " + $0 + "\n" }.joined() + "</file>\n"
      }
    }
    return out + "</checkstyle>\n"
  }

  private static func element(
    line: Int?, column: Int?, severity: String, message: String, source: String
  ) -> String {
    var attributes: [String] = []
    if let line { attributes.append(XMLText.attribute("line", String(line))) }
    if let column { attributes.append(XMLText.attribute("column", String(column))) }
    attributes += [
      XMLText.attribute("severity", severity), XMLText.attribute("message", message),
      XMLText.attribute("source", source),
    ]
    return "<error " + attributes.joined(separator: " ") + "/>"
  }
}

/// A report's findings and failures by file, for reporters that group them so: the inputs in
/// order (those without findings too), then any other file a finding or failure names (a
/// storyboard a reference led to), each path relative to the source root; a failure that names
/// no file is under `-`.
struct FileGroups: Sequence {
  struct Group {
    var path: String
    var findings: [ReportedFinding] = []
    var failures: [ReportFailure] = []
  }

  var groups: [Group] = []

  init(_ report: FindingReport) {
    var index: [String: Int] = [:]
    func slot(_ path: String) -> Int {
      let relative = report.rootRelative(path)
      if let existing = index[relative] { return existing }
      groups.append(Group(path: relative))
      index[relative] = groups.count - 1
      return groups.count - 1
    }
    for input in report.inputs { _ = slot(input) }
    for finding in report.findings { groups[slot(finding.location.path)].findings.append(finding) }
    for failure in report.failures {
      groups[slot(failure.path ?? "-")].failures.append(failure)
    }
  }

  func makeIterator() -> IndexingIterator<[Group]> { groups.makeIterator() }
}
