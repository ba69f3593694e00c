import Foundation
import VCGraphCore

/// `github`: one GitHub Actions workflow command per finding,
/// `::error file=PATH,line=L,col=C,title=RULE-ID::MESSAGE` (`warning`, `notice` for
/// information), which the runner shows as annotations on the pull request's files. The path
/// is as given (Actions resolves it against the workspace, the usual working directory).
public enum GitHubReporter: FindingReporter {
  public static let identifier = "github"
  public static let description = "GitHub Actions annotations (workflow commands)"
  public static let writesWorkflowCommands = true

  public static func report(_ report: FindingReport) -> String {
    report.findings.map { finding in
      let level =
        switch report.level(of: finding) {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
      let message = escape(finding.message, property: false)
      let file = escape(finding.location.path, property: true)
      let rule = escape(finding.ruleID, property: true)
      return "::\(level) file=\(file),line=\(finding.location.line),"
        + "col=\(finding.location.column),title=\(rule)::\(message)\n"
    }.joined()
  }

  /// GitHub workflow commands escape %, CR and LF (and , and : in properties); other control
  /// characters are shown escaped (`ControlCharacters`), so nothing reaches the log raw.
  public static func escape(_ text: String, property: Bool) -> String {
    let encoded = PercentEncoding.encoded(text) { byte in
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): false
      case UInt8(ascii: ":"), UInt8(ascii: ","): !property
      default: true
      }
    }
    return ControlCharacters.escaped(encoded, atLineStart: false)
  }
}
