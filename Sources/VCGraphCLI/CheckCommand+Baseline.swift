import Foundation
import VCGraphCore

/// A finding with what CI formats need besides it: where it is in the hierarchy (for the
/// baseline and SARIF fingerprints).
struct PlacedFinding {
  var finding: Finding
  /// `FindingPath.of(finding, in:)`.
  var controllerPath: String

  init(_ finding: Finding, in hierarchy: Hierarchy) {
    self.finding = finding
    controllerPath = FindingPath.of(finding, in: hierarchy)
  }

  /// The finding as a baseline entry whose path is relative to `directory` (absolute).
  func baselineEntry(relativeTo directory: String) -> Baseline.Entry {
    let path =
      finding.location.path == "-"
      ? "-"
      : WorkspacePath.relative(
        WorkspacePath.absolute(
          finding.location.path, in: FileManager.default.currentDirectoryPath), to: directory)
    return Baseline.Entry(rule: finding.rule.rawValue, path: path, controllerPath: controllerPath)
  }
}

/// `--baseline FILE` and `--write-baseline FILE`.
extension CheckCommand {
  /// The baseline read: `--baseline FILE` (relative to the working directory), else the base
  /// configuration file's `baseline` (relative to that file's directory).
  var baselinePath: String? {
    options.baseline ?? context.configuration?.baseline?.path
  }

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

  /// The findings a baseline (read from `path`) does not hold: entries' paths are relative to
  /// its directory (version 2) or to the working directory (version 1).
  static func filter(
    _ findings: [PlacedFinding], by baseline: Baseline, at path: String
  ) -> [PlacedFinding] {
    let directory = baselineDirectory(path, version: baseline.version)
    let absorbed = baseline.absorbs(findings.map { $0.baselineEntry(relativeTo: directory) })
    return zip(findings, absorbed).filter { !$0.1 }.map(\.0)
  }

  /// The directory a baseline's paths are relative to, absolute.
  static func baselineDirectory(_ path: String, version: Int = Baseline.version) -> String {
    let working = FileManager.default.currentDirectoryPath
    guard version >= 2 else { return WorkspacePath.absolute(".", in: working) }
    return (WorkspacePath.absolute(path, in: working) as NSString).deletingLastPathComponent
  }

  /// Records every current finding (those an old baseline holds too), atomically, each path
  /// relative to the baseline's directory.
  static func writeBaseline(
    _ findings: [PlacedFinding], to path: String, inputs: [String]
  ) throws(VCGraphError) {
    let directory = baselineDirectory(path)
    let baseline = Baseline(entries: findings.map { $0.baselineEntry(relativeTo: directory) })
    let text = baseline.json.formatted() + "\n"
    try OutputWriter(inputs: inputs).write(Array(text.utf8), to: path)
  }
}
