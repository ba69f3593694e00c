import Foundation
import Testing

@testable import VCGraphCore

/// Every registered rule explains itself (`vcgraph rules ID`, `Documentation/Rules.md`, SARIF),
/// (its examples are tests too: `RuleExamplesTests`).
@Suite struct RuleDocumentationTests {
  static let rulesPage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // VCGraphCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the repository
    .appendingPathComponent("Documentation/Rules.md")

  @Test(
    "every rule has what UIKit does, an example and a fix, within GitHub's SARIF limits",
    arguments: Rule.all.map(\.rawValue))
  func documentationIsComplete(id: String) throws {
    let rule = try #require(Rule(rawValue: id))
    let docs = rule.documentation
    #expect(docs.uikit.count > 80, "what UIKit does, in sentences")
    #expect(docs.fix.count > 20)
    #expect(!docs.example.isEmpty)
    // GitHub code scanning: shortDescription and fullDescription at most 1024 characters.
    #expect(rule.summary.count <= 1024)
    #expect(docs.uikit.count <= 1024)
    if let message = docs.uikitMessage { #expect(!message.contains("\n")) }
  }

  @Test("rules --format json carries every example, the first also as `example`")
  func jsonCarriesTheExamples() throws {
    guard case .object(let top) = RuleReference.json() else {
      Issue.record("not an object")
      return
    }
    guard case .array(let rules)? = top.first(where: { $0.0 == "rules" })?.1 else {
      Issue.record("no rules array")
      return
    }
    #expect(rules.count == Rule.all.count)
    for (json, rule) in zip(rules, Rule.all) {
      guard case .object(let fields) = json else { continue }
      let field = { (name: String) in fields.first { $0.0 == name }?.1 }
      let docs = rule.documentation
      #expect(field("id") == .string(rule.rawValue))
      #expect(field("example") == .string(docs.triggering[0]))
      #expect(field("triggering") == .array(docs.triggering.map(JSON.string)))
      #expect(field("nonTriggering") == .array(docs.nonTriggering.map(JSON.string)))
    }
  }

  @Test("Rules.md's rule sections are the ones the rules generate (helpUri anchors)")
  func rulesPageSectionsMatchTheRules() throws {
    let text = try String(contentsOf: Self.rulesPage, encoding: .utf8)
    let generated = RuleReference.markdown()
    let begin = try #require(
      text.range(of: RuleReference.sectionsBegin), "Rules.md has the block")
    let end = try #require(
      text.range(of: RuleReference.sectionsEnd + "\n", range: begin.upperBound..<text.endIndex))
    let current = String(text[begin.lowerBound..<end.upperBound])
    if current != generated, ProcessInfo.processInfo.environment["VCGRAPH_RECORD_GOLDEN"] == "1" {
      try text.replacingCharacters(in: begin.lowerBound..<end.upperBound, with: generated)
        .write(to: Self.rulesPage, atomically: true, encoding: .utf8)
      return
    }
    let stale =
      "Rules.md's rule sections are stale: run `vcgraph rules --format markdown` and paste it,"
      + " or VCGRAPH_RECORD_GOLDEN=1 swift test"
    #expect(current == generated, Comment(rawValue: stale))
    for rule in Rule.all {
      // GitHub's anchor for a heading is its text, lowercased, without backquotes.
      #expect(text.contains("\n#### `\(rule.rawValue)`\n"), "section \(rule.documentationAnchor)")
    }
  }

  @Test("the rule text for a terminal has each part, and the list one line per rule")
  func terminalText() throws {
    let text = RuleReference.text(.navigationInNavigation)
    #expect(text.hasPrefix("navigation-in-navigation (error)\n"))
    for heading in ["What UIKit does:", "UIKit prints:", "A description that triggers it:", "Fix:"]
    {
      #expect(text.contains("\n" + heading + "\n"), "\(heading)")
    }
    #expect(
      text.contains(
        "\n  *** Terminating app due to uncaught exception 'NSInvalidArgumentException'"))
    #expect(!RuleReference.text(.tabsUnderMore).contains("UIKit prints:"), "no message, no part")
    // Every example is shown, the near misses after the ones that trigger.
    let tabs = RuleReference.text(.tabsUnderMore)
    #expect(tabs.components(separatedBy: "\nA description that does not:\n").count == 3)
    let first = try #require(tabs.range(of: "A description that triggers it:"))
    let near = try #require(tabs.range(of: "A description that does not:"))
    #expect(first.lowerBound < near.lowerBound)
    #expect(tabs.contains("\n  device: iPad\n"), "the iPad near miss")
    let list = RuleReference.list()
    #expect(list.split(separator: "\n").count == Rule.all.count)
    // The ids in one column as wide as the longest id and two spaces.
    let width = Rule.all.map(\.rawValue.count).max()! + 2
    let line = "tabs-under-more".padding(toLength: width, withPad: " ", startingAt: 0)
    #expect(list.contains("\n" + line + "info     tabs past the fifth"))
  }
}
