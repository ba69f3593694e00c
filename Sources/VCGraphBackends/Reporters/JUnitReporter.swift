import VCGraphCore

/// `junit`: a JUnit XML report (the Ant task's format that Jenkins, GitLab's `junit` reports
/// and most CI test views read): a `<testsuites>` root with the totals, one `<testsuite>` per
/// input (named by its path relative to the source root) and one `<testcase>` per finding,
/// named `RULE-ID at LINE:COLUMN`, whose `<failure>` (type: the level) holds the message and
/// the diagnostic line. An information finding is a passing test case with the diagnostic as
/// its `<system-out>`; an input without findings has one passing case, `no findings`; an input
/// that could not be read has a case `read` with an `<error>`.
public enum JUnitReporter: FindingReporter {
  public static let identifier = "junit"
  public static let description = "JUnit XML for CI test reports"
  public static let reportsFailedRuns = true

  public static func report(_ report: FindingReport) -> String {
    var suites: [String] = []
    var totals = (tests: 0, failures: 0, errors: 0)
    for group in FileGroups(report) {
      var cases: [String] = []
      var failures = 0
      for finding in group.findings {
        let level = report.level(of: finding)
        let diagnostic =
          "\(group.path):\(finding.location.line):\(finding.location.column): "
          + "\(level.rawValue): \(finding.message) [\(finding.ruleID)]"
        let body: String
        if level == .info {
          body = "<system-out>\(XMLText.escaped(diagnostic))</system-out>"
        } else {
          failures += 1
          body =
            "<failure \(XMLText.attribute("type", level.rawValue)) "
            + "\(XMLText.attribute("message", finding.message))>"
            + "\(XMLText.escaped(diagnostic))</failure>"
        }
        cases.append(
          testcase(
            group.path, "\(finding.ruleID) at \(finding.location.line):\(finding.location.column)",
            line: finding.location.line, body: body))
      }
      for failure in group.failures {
        let body =
          "<error \(XMLText.attribute("type", "unreadable"))"
          + " \(XMLText.attribute("message", failure.message))>"
          + "\(XMLText.escaped(failure.message))</error>"
        cases.append(testcase(group.path, "read", line: failure.error.location?.line, body: body))
      }
      if cases.isEmpty { cases.append(testcase(group.path, "no findings", line: nil, body: nil)) }
      let errors = group.failures.count
      totals.tests += cases.count
      totals.failures += failures
      totals.errors += errors
      suites.append(
        "  <testsuite \(XMLText.attribute("name", group.path)) tests=\"\(cases.count)\""
          + " failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
          + cases.map { "    " + $0 + "\n" }.joined() + "  </testsuite>\n")
    }
    return XMLText.declaration
      + "<testsuites \(XMLText.attribute("name", report.tool.name)) tests=\"\(totals.tests)\""
      + " failures=\"\(totals.failures)\" errors=\"\(totals.errors)\">\n"
      + suites.joined() + "</testsuites>\n"
  }

  private static func testcase(_ path: String, _ name: String, line: Int?, body: String?) -> String
  {
    var attributes = [
      XMLText.attribute("classname", path), XMLText.attribute("name", name),
      XMLText.attribute("file", path),
    ]
    if let line { attributes.append(XMLText.attribute("line", String(line))) }
    let head = "<testcase " + attributes.joined(separator: " ")
    guard let body else { return head + "/>" }
    return head + ">" + body + "</testcase>"
  }
}
