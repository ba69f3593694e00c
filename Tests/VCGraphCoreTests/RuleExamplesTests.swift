import Testing

@testable import VCGraphCore

/// The rules' examples as tests, generated from the registry (SwiftLint's shape): every
/// triggering example of every check rule fires that rule and no other, and every
/// non-triggering example (the near miss UIKit accepts) fires none of it. Descriptions are
/// read as `check` reads a description; storyboards as `check` reads a storyboard (its launch
/// state, then its segues and scenes). The Swift-code rules' examples are lint's tests.
@Suite struct RuleExamplesTests {
  /// One example of one rule.
  struct Example: CustomTestStringConvertible, Sendable {
    var id: String
    var triggers: Bool
    var index: Int
    var text: String
    var format: RuleDocumentation.ExampleFormat
    var testDescription: String {
      "\(id): \(triggers ? "triggering" : "non-triggering") example \(index + 1)"
    }
  }

  /// Every example of every check rule, in registry order.
  static let examples: [Example] = Checker.rules.flatMap { type in
    let docs = type.documentation
    let id = type.rule.rawValue
    return docs.triggering.enumerated().map {
      Example(id: id, triggers: true, index: $0, text: $1, format: docs.exampleFormat)
    }
      + docs.nonTriggering.enumerated().map {
        Example(id: id, triggers: false, index: $0, text: $1, format: docs.exampleFormat)
      }
  }

  /// The rule ids of the findings `check` makes of an example, every rule running (opt-in
  /// ones opted in, as a configuration file would).
  static func firedRules(_ text: String, format: RuleDocumentation.ExampleFormat) throws
    -> [String]
  {
    let everything = RuleConfiguration(optedIn: Set(Rule.all.filter(\.isOptIn).map(\.rawValue)))
    switch format {
    case .description:
      let hierarchy = try DescriptionLoader().load(text: text, path: "x.yaml")
      return Checker.findings(for: Analysis(hierarchy), configuration: everything)
        .map(\.rule.rawValue)
    case .storyboard:
      let document = try StoryboardDocument.read(
        bytes: Array(text.utf8), path: "x.storyboard", options: .default)
      return AnalysisReport.findings(
        for: Analysis(document.launch.hierarchy), storyboard: document,
        configuration: everything
      ).map(\.rule.rawValue)
    case .swift:
      return []
    }
  }

  @Test("each example fires exactly its rule, or none of it", arguments: examples)
  func example(_ example: Example) throws {
    #expect(example.format != .swift, "a check rule's examples are descriptions or storyboards")
    let fired = try Self.firedRules(example.text, format: example.format)
    if example.triggers {
      #expect(fired == [example.id], "\(fired)")
    } else {
      #expect(!fired.contains(example.id), "\(fired)")
      #expect(fired.isEmpty, "a near miss fires no other rule either: \(fired)")
    }
  }

  @Test("every check rule has a near miss, and no example is listed twice")
  func everyRuleHasANearMiss() {
    for type in Checker.rules {
      let docs = type.documentation
      #expect(!docs.triggering.isEmpty, "\(type.rule)")
      #expect(!docs.nonTriggering.isEmpty, "\(type.rule) has no non-triggering example")
      let all = docs.triggering + docs.nonTriggering
      #expect(Set(all).count == all.count, "\(type.rule) repeats an example")
    }
  }

  @Test("the suite can fail: a triggering example run as a near miss fires its rule")
  func theCheckSeesTheRule() throws {
    let docs = Rule.tabsUnderMore.documentation
    #expect(try Self.firedRules(docs.triggering[0], format: .description) == ["tabs-under-more"])
    #expect(try Self.firedRules(docs.nonTriggering[0], format: .description).isEmpty)
  }
}
