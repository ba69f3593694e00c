import VCGraphCore

/// `gitlab`: GitLab's Code Quality report (a JSON array a job publishes with
/// `artifacts: reports: codequality:`, shown in merge requests): one issue per finding with
/// `description` (the message), `check_name` (the rule id), `fingerprint` (stable across runs:
/// the rule, the file relative to the source root, the finding's place in its input's
/// structure or else its line, and the message, hashed), `severity` (`major` for an error,
/// `minor` for a warning, `info`, as SwiftLint's GitLab reporter maps them) and `location`
/// (`path` relative to the source root, `lines.begin`). An input that could not be read is a
/// `blocker` issue with check name `vcgraph`, so the report never claims a clean run.
public enum GitLabReporter: FindingReporter {
  public static let identifier = "gitlab"
  public static let description = "GitLab Code Quality JSON for merge requests"
  public static let reportsFailedRuns = true

  public static func report(_ report: FindingReport) -> String {
    var seen: [String: Int] = [:]
    func issue(
      _ description: String, check: String, severity: String, path: String, line: Int,
      identity: String
    ) -> JSON {
      // Two findings alike in every part get distinct fingerprints, in order.
      let occurrence = seen[identity, default: 0]
      seen[identity] = occurrence + 1
      return .object([
        ("description", .string(description)),
        ("check_name", .string(check)),
        ("fingerprint", .string(fingerprint(identity + "\u{0}\(occurrence)"))),
        ("severity", .string(severity)),
        (
          "location",
          .object([("path", .string(path)), ("lines", .object([("begin", .int(line))]))])
        ),
      ])
    }
    var issues: [JSON] = report.findings.map { finding in
      let path = report.rootRelative(finding.location.path)
      let place = finding.logicalPath.isEmpty ? "\(finding.location.line)" : finding.logicalPath
      let severity =
        switch report.level(of: finding) {
        case .error: "major"
        case .warning: "minor"
        case .info: "info"
        }
      return issue(
        finding.message, check: finding.ruleID, severity: severity, path: path,
        line: finding.location.line,
        identity: [finding.ruleID, path, place, finding.message].joined(separator: "\u{0}"))
    }
    for failure in report.failures {
      let path = report.rootRelative(failure.path ?? "-")
      issues.append(
        issue(
          failure.message, check: "vcgraph", severity: "blocker", path: path,
          line: failure.error.location?.line ?? 1,
          identity: ["vcgraph", path, failure.message].joined(separator: "\u{0}")))
    }
    return JSON.array(issues).formatted() + "\n"
  }

  /// 64-bit FNV-1a of the text's UTF-8, twice (two offsets), as 32 hex digits: GitLab needs a
  /// stable unique string, not a cryptographic digest.
  public static func fingerprint(_ text: String) -> String {
    func fnv(_ basis: UInt64) -> UInt64 {
      var hash = basis
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      return hash
    }
    let hex = [fnv(0xcbf2_9ce4_8422_2325), fnv(0x6c62_272e_07bb_0142)].map { value in
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
    return hex.joined()
  }
}
