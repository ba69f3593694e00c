import VCGraphCore
import VCGraphLint
import XCTest

/// Every Swift-code rule's own examples, from the registry: each triggering example triggers
/// that rule and no other; each non-triggering one triggers nothing.
final class LintExamplesTests: XCTestCase {
  func testEveryLintRuleHasACheck() {
    XCTAssertEqual(
      Linter.checks.map { $0.rule.rawValue }, LintRules.rules.map { $0.rule.rawValue })
  }

  func testTriggeringExamplesTriggerExactlyTheirRule() {
    for definition in LintRules.rules {
      let id = definition.rule.rawValue
      XCTAssertFalse(definition.documentation.triggering.isEmpty, id)
      XCTAssertEqual(definition.documentation.exampleFormat, .swift, id)
      for (index, example) in definition.documentation.triggering.enumerated() {
        let result = lint([("Example.swift", example)])
        let ids = result.findings.map(\.rule.rawValue)
        XCTAssertFalse(ids.isEmpty, "\(id) triggering example \(index + 1) finds nothing")
        XCTAssertEqual(Set(ids), [id], "\(id) triggering example \(index + 1): \(ids)")
      }
    }
  }

  func testNonTriggeringExamplesTriggerNothing() {
    for definition in LintRules.rules {
      let id = definition.rule.rawValue
      XCTAssertFalse(definition.documentation.nonTriggering.isEmpty, id)
      for (index, example) in definition.documentation.nonTriggering.enumerated() {
        let result = lint([("Example.swift", example)])
        XCTAssertEqual(
          result.findings.map { "\($0.location.line): \($0.rule.rawValue) \($0.message)" }, [],
          "\(id) non-triggering example \(index + 1)")
      }
    }
  }
}
