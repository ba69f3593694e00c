import Foundation
import Testing

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Golden files kept next to the tests.
let goldenDirectory = repositoryRoot.appendingPathComponent("Tests/VCGraphCLITests/Golden")

/// Whether goldens are re-recorded instead of compared (`VCGRAPH_RECORD_GOLDEN=1 swift test`).
let recordingGoldens = ProcessInfo.processInfo.environment["VCGRAPH_RECORD_GOLDEN"] == "1"

/// Compares `actual` with the golden file `name` (a path under Golden/), or records it.
func expectGolden(
  _ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = goldenDirectory.appendingPathComponent(name)
  if recordingGoldens {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try actual.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "missing golden \(name); record it with VCGRAPH_RECORD_GOLDEN=1 swift test",
      sourceLocation: sourceLocation)
    return
  }
  if expected != actual {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first =
      Array(zip(expectedLines, actualLines)).firstIndex { $0 != $1 }
      ?? min(expectedLines.count, actualLines.count)
    let expectedLine = first < expectedLines.count ? String(expectedLines[first]) : "<end>"
    let actualLine = first < actualLines.count ? String(actualLines[first]) : "<end>"
    Issue.record(
      """
      \(name) differs from its golden at line \(first + 1):
        expected: \(expectedLine)
        actual:   \(actualLine)
      (re-record with VCGRAPH_RECORD_GOLDEN=1 swift test if the change is intended)
      """, sourceLocation: sourceLocation)
  }
}

/// The sample descriptions, sorted by name.
func sampleFiles() -> [URL] {
  let directory = repositoryRoot.appendingPathComponent("Samples")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  return names.filter {
    $0.hasSuffix(".yaml") || $0.hasSuffix(".txt") || $0.hasSuffix(".storyboard")
  }.sorted().map {
    directory.appendingPathComponent($0)
  }
}
