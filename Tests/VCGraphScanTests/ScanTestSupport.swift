import Foundation
import VCGraphCore
import XCTest

@testable import VCGraphScan

/// Scans Swift snippets given as `(file, text)` (one file when a string), with storyboards
/// already indexed; and checks that the scan says the same when its operations' walk visits
/// every node (`ScanSkippingTests`).
func scan(
  _ files: [(String, String)], storyboards: StoryboardIndex = StoryboardIndex(),
  file: StaticString = #filePath, line: UInt = #line
) -> ScanResult {
  let result = Scanner.scan(sources: files, storyboards: storyboards, skipping: true)
  let full = Scanner.scan(sources: files, storyboards: storyboards, skipping: false)
  XCTAssertEqual(result, full, "skipping changed the scan", file: file, line: line)
  return result
}

func scan(
  _ text: String, storyboards: StoryboardIndex = StoryboardIndex(),
  file: StaticString = #filePath, line: UInt = #line
) -> ScanResult {
  scan([("App.swift", text)], storyboards: storyboards, file: file, line: line)
}

/// The edges of `operation` in `result`.
func edges(_ result: ScanResult, _ operation: ScanEdge.Operation) -> [ScanEdge] {
  result.edges.filter { $0.operation == operation }
}

/// `from -op-> to` lines, for comparing whole results in one assertion.
func lines(_ result: ScanResult) -> [String] {
  result.edges.map { edge in
    "\(edge.from) \(edge.operation.rawValue) \(edge.to ?? "nil")"
      + (edge.on.map { " on \($0)" } ?? "") + (edge.confidence == .labels ? " (labels)" : "")
  }
}

/// The repository's `Tests/Fixtures/swift` folder.
let swiftFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("Fixtures/swift")

/// A scan of one fixture app (its folder under `Tests/Fixtures/swift`), computed once.
enum FixtureScans {
  nonisolated(unsafe) private static var cache: [String: ScanResult] = [:]
  private static let lock = NSLock()

  static func result(_ app: String) throws -> ScanResult {
    lock.lock()
    defer { lock.unlock() }
    if let known = cache[app] { return known }
    let folder = swiftFixtures.appendingPathComponent(app).path
    let sources = try ScanSources.collect([folder])
    let outcome = Scanner().scan(sources)
    cache[app] = outcome.result
    return outcome.result
  }
}

extension ScanResult {
  /// The edges at `file:line` (file relative to the app's folder).
  func edges(at file: String, _ line: Int) -> [ScanEdge] {
    edges.filter { $0.file == file && $0.line == line }
  }
}
