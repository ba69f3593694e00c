import Foundation

/// What `vcgraph-swift lint` hands `vcgraph lint`: every finding of every Swift-code rule in
/// the files read (in-code suppression comments already applied; the configuration, the
/// baseline and the reporters are `vcgraph lint`'s), with the files it could not read. Each
/// finding's `place` is where it is in the code, stable across edits elsewhere in the file
/// (`swift:FeedViewController.viewDidLoad()`), for baselines and SARIF fingerprints.
public struct LintResult: Sendable, Equatable {
  /// The findings, sorted by path, line, column and rule id. Paths are as the files were
  /// given.
  public var findings: [Finding]
  /// Files that could not be read (`path: why`), and suppression comments naming no rule.
  public var problems: [String]
  /// Swift files read.
  public var files: Int
  /// Swift lines read.
  public var lines: Int

  public init(findings: [Finding], problems: [String] = [], files: Int = 0, lines: Int = 0) {
    self.findings = findings
    self.problems = problems
    self.files = files
    self.lines = lines
  }

  /// The document `vcgraph-swift lint` prints.
  public var json: JSON {
    .object([
      ("version", .int(1)), ("files", .int(files)), ("lines", .int(lines)),
      (
        "findings",
        .array(
          findings.map { finding in
            var fields: [(String, JSON)] = [
              ("rule", .string(finding.rule.rawValue)), ("message", .string(finding.message)),
              ("path", .string(finding.location.path)), ("line", .int(finding.location.line)),
              ("column", .int(finding.location.column)), ("place", .string(finding.place ?? "")),
            ]
            if let message = finding.uikitMessage { fields.append(("uikit", .string(message))) }
            return .object(fields)
          })
      ),
      ("problems", .array(problems.map { .string($0) })),
    ])
  }

  /// Reads the document `json` writes; a finding of a rule this build does not know is an
  /// error (the two programs come from one build).
  public init(jsonBytes bytes: [UInt8], path: String) throws(VCGraphError) {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
    } catch {
      throw VCGraphError(.software, "\(path): not JSON (\(error.localizedDescription))")
    }
    guard let root = object as? [String: Any], root["version"] as? Int == 1,
      let items = root["findings"] as? [[String: Any]]
    else {
      throw VCGraphError(.software, "\(path): not a lint result of version 1")
    }
    var findings: [Finding] = []
    for item in items {
      guard let id = item["rule"] as? String, let rule = Rule(rawValue: id),
        let message = item["message"] as? String, let file = item["path"] as? String,
        let line = item["line"] as? Int, let column = item["column"] as? Int
      else {
        throw VCGraphError(.software, "\(path): a finding without rule, message or position")
      }
      var finding = Finding(
        rule, message, at: SourceLocation(path: file, line: line, column: column),
        uikitMessage: item["uikit"] as? String)
      finding.place = (item["place"] as? String).flatMap { $0.isEmpty ? nil : $0 }
      findings.append(finding)
    }
    self.init(
      findings: findings, problems: root["problems"] as? [String] ?? [],
      files: root["files"] as? Int ?? 0, lines: root["lines"] as? Int ?? 0)
  }
}
