import Foundation
import VCGraphCore
import SwiftParser
import VCGraphScan
import XCTest

@testable import VCGraphLint

/// Lint skips the bodies of functions whose text names none of the words its rules start from
/// (`LintFile.marked`): over the fixture apps the findings must be those of the walk of every
/// body, and most bodies must be skipped (else the comparison is of nothing). Every snippet the
/// other lint tests read is compared both ways too (`lint` in LintSupport.swift).
final class LintSkippingTests: XCTestCase {
  func testFixtureAppsLintTheSameWithAndWithoutSkipping() throws {
    let paths = try ScanSources.collect([swiftFixtures.path]).swiftFiles
    let sources = try paths.map { ($0, try String(contentsOfFile: $0, encoding: .utf8)) }
    let skipping = Linter.lint(sources: sources)
    let full = Linter.lint(sources: sources, skipping: false)
    XCTAssertFalse(full.findings.isEmpty)
    XCTAssertEqual(skipping, full)
    // Most functions' bodies are skipped.
    var functions = 0
    var walked = 0
    for (path, text) in sources {
      let source = Array(text.utf8)
      let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
      let file = LintFile(path: path, tree: tree, source: source)
      let marks = LintFile.marked.index(source).marks
      for function in file.functions {
        functions += 1
        let body = function.body.position.utf8Offset..<function.body.endPosition.utf8Offset
        if NameMarks.holds(marks, in: body) { walked += 1 }
      }
    }
    XCTAssertGreaterThan(functions, 2_000)
    XCTAssertLessThan(walked, functions / 4)
  }

  /// The names the rules start from besides the scan's make a function walked: a stack in a
  /// stack built in a function (no other marked word in it), a child removed in one.
  func testTheRulesOwnNamesMakeAFunctionWalked() {
    let stacks = """
      import SwiftUI
      struct Root: View {
        var body: some View { content() }
        func content() -> some View {
          NavigationStack { VStack { NavigationStack { Text("x") } } }
        }
      }
      """
    XCTAssertEqual(lint(stacks).findings.map(\.rule.rawValue), ["nested-navigation-stack"])
    let removed = """
      import UIKit
      final class ContainerViewController: UIViewController {
        func remove(_ child: UIViewController) { child.removeFromParent() }
      }
      """
    XCTAssertEqual(lint(removed).findings.map(\.rule.rawValue), ["unbalanced-containment"])
  }
}
