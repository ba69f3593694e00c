import Foundation
import VCGraphCore
import VCGraphLint
import XCTest

/// Lints one snippet (`App.swift`) or several files, and checks that the lint says the same
/// when it walks every function's body (`LintFile`'s skipping; `LintSkippingTests`).
func lint(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LintResult {
  lint([("App.swift", text)], file: file, line: line)
}

func lint(
  _ files: [(String, String)], file: StaticString = #filePath, line: UInt = #line
) -> LintResult {
  let result = Linter.lint(sources: files)
  XCTAssertEqual(
    result, Linter.lint(sources: files, skipping: false), "skipping changed the findings",
    file: file, line: line)
  return result
}

/// `line: rule-id` for each finding, for comparing whole results in one assertion.
func lines(_ result: LintResult) -> [String] {
  result.findings.map { "\($0.location.line): \($0.rule.rawValue)" }
}

/// The repository's root and its `Tests/Fixtures/swift` folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let swiftFixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/swift")
