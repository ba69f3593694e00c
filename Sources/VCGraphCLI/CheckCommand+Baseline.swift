import Foundation
import VCGraphCore

/// A finding with what CI formats need besides it: where it is in the hierarchy (for the
/// baseline and SARIF fingerprints) and its input's path relative to the working directory.
struct PlacedFinding {
  var finding: Finding
  /// `FindingPath.of(finding, in:)`.
  var controllerPath: String
  /// The input's path relative to the working directory.
  var relativePath: String

  init(_ finding: Finding, in hierarchy: Hierarchy) {
    self.finding = finding
    controllerPath = FindingPath.of(finding, in: hierarchy)
    relativePath = WorkspacePath.relative(
      finding.location.path, to: FileManager.default.currentDirectoryPath)
  }

  var baselineEntry: Baseline.Entry {
    Baseline.Entry(
      rule: finding.rule.rawValue, path: relativePath, controllerPath: controllerPath)
  }
}

/// `--baseline FILE` and `--write-baseline FILE`.
extension CheckCommand {
  /// Reads a baseline: missing or unreadable is 66, malformed 65 with its position.
  static func readBaseline(_ path: String) throws(VCGraphError) -> Baseline {
    guard FileManager.default.fileExists(atPath: path) else {
      throw VCGraphError(
        .noInput, "\(path): no such baseline file",
        hint: "write one with --write-baseline \(path)")
    }
    let bytes = try InputFileReading.read(path, limit: InputLimits.default.maxInputBytes)
    return try Baseline.load(bytes: bytes, path: path)
  }

  /// The findings a baseline does not hold.
  static func filter(_ findings: [PlacedFinding], by baseline: Baseline) -> [PlacedFinding] {
    let absorbed = baseline.absorbs(findings.map(\.baselineEntry))
    return zip(findings, absorbed).filter { !$0.1 }.map(\.0)
  }

  /// Records every current finding (those an old baseline holds too), atomically.
  static func writeBaseline(
    _ findings: [PlacedFinding], to path: String, inputs: [String]
  ) throws(VCGraphError) {
    let baseline = Baseline(entries: findings.map(\.baselineEntry))
    let text = baseline.json.formatted() + "\n"
    try OutputWriter(inputs: inputs).write(Array(text.utf8), to: path)
  }
}
