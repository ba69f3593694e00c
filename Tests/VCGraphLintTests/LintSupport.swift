import Foundation
import VCGraphCore
import VCGraphLint

/// Lints one snippet (`App.swift`) or several files.
func lint(_ text: String) -> LintResult { Linter.lint(sources: [("App.swift", text)]) }

func lint(_ files: [(String, String)]) -> LintResult { Linter.lint(sources: files) }

/// `line: rule-id` for each finding, for comparing whole results in one assertion.
func lines(_ result: LintResult) -> [String] {
  result.findings.map { "\($0.location.line): \($0.rule.rawValue)" }
}

/// The repository's root and its `Tests/Fixtures/swift` folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let swiftFixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/swift")
