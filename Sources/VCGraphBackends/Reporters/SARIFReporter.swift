import VCGraphCore

/// `sarif`: a SARIF 2.1.0 log for GitHub code scanning (`SARIFLog`), URIs relative to
/// `%SRCROOT%`; inputs that could not be read are `toolExecutionNotifications` of a failed
/// invocation.
public enum SARIFReporter: FindingReporter {
  public static let identifier = "sarif"
  public static let description = "a SARIF 2.1.0 log for code scanning"
  public static let reportsFailedRuns = true

  public static func report(_ report: FindingReport) -> String {
    SARIFLog.document(report).formatted() + "\n"
  }
}
