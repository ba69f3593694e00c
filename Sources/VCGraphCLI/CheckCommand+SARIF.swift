import Foundation
import VCGraphCore

/// `--format sarif`.
extension CheckCommand {
  /// The SARIF log of the findings reported and the inputs that could not be read.
  /// URIs are relative to `sourceRoot` (`WorkspacePath.sourceRoot`), or absolute `file:` URIs
  /// for inputs outside it.
  func sarif(
    _ findings: [PlacedFinding], strict: Bool, failures: [VCGraphError], sourceRoot: String
  ) -> JSON {
    let sources = context.loader.sources
    var lines: [String: [Substring]] = [:]
    let directory = FileManager.default.currentDirectoryPath
    func uri(_ path: String) -> String {
      let absolute = WorkspacePath.absolute(path, in: directory)
      guard absolute.hasPrefix(sourceRoot == "/" ? "/" : sourceRoot + "/") else {
        return "file://" + WorkspacePath.uri(absolute)
      }
      return WorkspacePath.uri(WorkspacePath.relative(absolute, to: sourceRoot))
    }
    let results = findings.map { placed -> SARIFLog.Result in
      let location = placed.finding.location
      if lines[location.path] == nil {
        lines[location.path] = sources[location.path].map {
          $0.split(separator: "\n", omittingEmptySubsequences: false)
        }
      }
      var endColumn = location.column + 1
      if let text = lines[location.path], text.indices.contains(location.line - 1) {
        let line = text[location.line - 1]
        let trimmed = line.unicodeScalars.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        endColumn = max(endColumn, trimmed.count + 1)
      }
      let severity = placed.finding.severity
      return SARIFLog.Result(
        finding: placed.finding, level: strict && severity == .warning ? .error : severity,
        uri: uri(location.path), endColumn: endColumn,
        controllerPath: placed.controllerPath)
    }
    let notifications = failures.map { error in
      SARIFLog.Notification(
        message: error.message + (error.hint.map { " (\($0))" } ?? ""),
        uri: error.location.map { uri($0.path) },
        line: error.location?.line, column: error.location?.column)
    }
    let tool = SARIFLog.Tool(
      name: "vcgraph", version: VCGraphCommandLine.version, rulesURI: options.rulesURL)
    return SARIFLog.document(
      tool: tool, configuration: context.configuration?.rules ?? RuleConfiguration(),
      results: results, notifications: notifications, sourceRoot: sourceRoot)
  }
}
