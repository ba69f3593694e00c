import Foundation
import Testing

/// Rules about the source tree itself that the developers' guide sets: files a reader can
/// hold in mind, and test hooks that never reach a release build.
@Suite struct SourceLayoutTests {
  /// Every Swift file under `Sources/`, relative to the repository root.
  private static func sourceFiles() throws -> [String] {
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let files = (FileManager.default.subpaths(atPath: sources.path) ?? [])
      .filter { $0.hasSuffix(".swift") }.map { "Sources/" + $0 }.sorted()
    #expect(files.count > 100, "found \(files.count) Swift files under Sources/")
    return files
  }

  private static func text(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("no source file is longer than 600 lines")
  func sourceFilesStayShort() throws {
    for path in try Self.sourceFiles() {
      let lines = try Self.text(path).split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count <= 601, "\(path) has \(lines.count - 1) lines")
    }
  }

  /// A `VCGRAPH_TEST_…` variable is read in `TestHooks.swift` only, and there only inside
  /// `#if DEBUG`, so a release build cannot be made to crash or stall by its environment.
  @Test("test hooks are read in one file, in debug builds only")
  func testHooksStayOutOfReleaseBuilds() throws {
    for path in try Self.sourceFiles() where !path.hasSuffix("/TestHooks.swift") {
      let text = try Self.text(path)
      for hook in ["VCGRAPH_TEST_", "VCGRAPH_IN_PROCESS_LAYOUT_LIMIT"] {
        let uses = text.components(separatedBy: "\"" + hook).count - 1
        #expect(uses == 0, "\(path) reads \(hook)… itself; go through TestHooks")
      }
    }
    let hooks = try Self.text("Sources/VCGraphCLI/TestHooks.swift")
    let environmentReads = hooks.components(separatedBy: "processInfo.environment").count - 1
    #expect(environmentReads == 1, "TestHooks reads the environment \(environmentReads) times")
    let guarded = try #require(hooks.range(of: "#if DEBUG"))
    let read = try #require(hooks.range(of: "processInfo.environment"))
    let otherwise = try #require(hooks.range(of: "#else"))
    #expect(guarded.upperBound <= read.lowerBound && read.upperBound <= otherwise.lowerBound)
  }
}
