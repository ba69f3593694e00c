import Foundation
import Testing

@testable import VCGraphCore

/// `.vcgraph.yml`: what it says about rules, excluded files and option defaults, and the
/// positioned errors it gets (the description reader's, with "did you mean").
@Suite struct ConfigurationFileTests {
  static let keys: [String: ConfigurationFile.ValueShape] = [
    "layout": .scalar, "legend": .flag, "max_depth": .scalar, "classes": .mapping,
  ]

  func load(_ text: String) throws(VCGraphError) -> ConfigurationFile {
    try ConfigurationFile.load(
      bytes: Array(text.utf8), path: "/p/.vcgraph.yml", optionKeys: Self.keys)
  }

  func error(_ text: String) -> VCGraphError? {
    do {
      _ = try load(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func readsRulesExcludedAndOptions() throws {
    let file = try load(
      """
      # CI settings
      disabled_rules: [tabs-under-more]
      severity: { tab-bar-not-root: error, alert-not-presented: info }
      excluded: [ "Legacy/**", "*.generated.yaml" ]
      layout: neato
      legend: false
      max_depth: 100
      classes: { FeedNav: navigation }
      """)
    #expect(file.rules.disabled == ["tabs-under-more"])
    #expect(file.rules.severities == ["tab-bar-not-root": .error, "alert-not-presented": .info])
    #expect(file.excluded.map(\.pattern) == ["Legacy/**", "*.generated.yaml"])
    #expect(file.options.map(\.key) == ["layout", "legend", "max_depth", "classes"])
    #expect(file.options.map(\.texts) == [["neato"], ["false"], ["100"], ["FeedNav=navigation"]])
    #expect(
      file.options[2].location == SourceLocation(path: "/p/.vcgraph.yml", line: 7, column: 12))
  }

  @Test func anEmptyOrCommentOnlyFileConfiguresNothing() throws {
    let file = try load("# nothing yet\n\n   # really\n")
    #expect(file.rules == RuleConfiguration())
    #expect(file.options.isEmpty && file.excluded.isEmpty)
  }

  @Test("unknown keys: position and did you mean, as in descriptions")
  func unknownKeys() throws {
    let top = try #require(error("disabled_rules: []\nlayot: dot\n"))
    #expect(top.kind == .dataError)
    #expect(top.location == SourceLocation(path: "/p/.vcgraph.yml", line: 2, column: 1))
    #expect(top.message == "unknown key 'layot' in a configuration file")
    #expect(top.hint == "did you mean 'layout'?")
    let rule = try #require(error("disabled_rules: [tabs-under-mor]\n"))
    #expect(rule.location?.column == 18)
    #expect(rule.hint == "did you mean 'tabs-under-more'?")
    let severityKey = try #require(error("severity:\n  tab-bar-not-rot: error\n"))
    #expect(severityKey.location?.line == 2)
    #expect(severityKey.hint == "did you mean 'tab-bar-not-root'?")
    let severity = try #require(error("severity: { tab-bar-not-root: eror }\n"))
    #expect(severity.message == "unknown severity 'eror' for 'tab-bar-not-root'")
    #expect(severity.hint == "did you mean 'error'?")
  }

  @Test("values of the wrong shape, duplicate keys, opt-in of a rule that is on by default")
  func wrongValues() throws {
    #expect(error("legend: no\n")?.hint?.contains("write false") == true)
    #expect(error("layout: [dot]\n")?.message == "`layout` must be text, found a list")
    #expect(error("disabled_rules: tabs-under-more\n")?.message.contains("must be a list") == true)
    #expect(error("layout: dot\nlayout: neato\n")?.message.contains("duplicate key") == true)
    let optIn = try #require(error("opt_in_rules: [tabs-under-more]\n"))
    #expect(optIn.message.contains("is not an opt-in rule"))
    #expect(error("excluded: [\"/abs/path\"]\n")?.message.contains("relative") == true)
    #expect(
      error("[1, 2]\n")?.message == "expected a mapping for a configuration file, found a list")
  }

  @Test("excluded globs: * in a component, ** across components, a directory excludes its files")
  func globs() {
    let file = ConfigurationFile(
      path: "/repo/.vcgraph.yml",
      excluded: [PathGlob("Legacy"), PathGlob("**/*.generated.yaml"), PathGlob("Samples/0?-*.yml")])
    #expect(file.excludes(absolutePath: "/repo/Legacy/a.yaml"))
    #expect(file.excludes(absolutePath: "/repo/Legacy/deep/b.yaml"))
    #expect(!file.excludes(absolutePath: "/repo/LegacyKit/b.yaml"))
    #expect(file.excludes(absolutePath: "/repo/x.generated.yaml"))
    #expect(file.excludes(absolutePath: "/repo/a/b/c/x.generated.yaml"))
    #expect(!file.excludes(absolutePath: "/repo/a/x.generated.yaml.txt"))
    #expect(file.excludes(absolutePath: "/repo/Samples/01-tabs.yml"))
    #expect(!file.excludes(absolutePath: "/repo/Samples/001-tabs.yml"))
    #expect(
      !file.excludes(absolutePath: "/elsewhere/Legacy/a.yaml"), "outside the file's directory")
    #expect(file.excludes(absolutePath: "/repo/./Legacy/../Legacy/a.yaml"))
  }

  @Test func findsTheFileHereOrAbove() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vcgraph-config-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let deep = root.appendingPathComponent("a/b")
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    #expect(
      ConfigurationFile.find(from: deep.path) == nil
        || !ConfigurationFile.find(from: deep.path)!.hasPrefix(root.path))
    try Data("layout: dot\n".utf8).write(to: root.appendingPathComponent(".vcgraph.yml"))
    #expect(
      ConfigurationFile.find(from: deep.path)
        == root.appendingPathComponent(".vcgraph.yml").standardizedFileURL.path)
  }
}

/// The checker under a rule configuration.
@Suite struct RuleConfigurationTests {
  static let yaml = """
    window:
      root:
        class: UIViewController
        children:
          - { class: UITabBarController, viewControllers: [ T1, T2, T3, T4, T5, T6 ] }
    """

  func findings(_ configuration: RuleConfiguration, rules: [any CheckRule.Type] = Checker.rules)
    throws -> [Finding]
  {
    let hierarchy = try DescriptionLoader().load(text: Self.yaml, path: "f.yaml")
    return Checker.findings(for: Analysis(hierarchy), configuration: configuration, rules: rules)
  }

  @Test func disabledRulesDoNotRunAndSeveritiesChange() throws {
    #expect(try findings(.init()).map(\.rule) == [.tabBarNotRoot, .tabsUnderMore])
    #expect(try findings(.init(disabled: ["tabs-under-more"])).map(\.rule) == [.tabBarNotRoot])
    let raised = try findings(.init(severities: ["tab-bar-not-root": .error]))
    #expect(raised.map(\.severity) == [.error, .info])
  }

  /// A rule that runs only when opted in, registered only here.
  struct EveryTabBar: CheckRule {
    static let rule = Rule("every-tab-bar", .info, summary: "a tab bar controller")
    static let documentation = RuleDocumentation(uikit: "", example: "", fix: "")
    static let isOptIn = true
    static func findings(in analysis: Analysis) -> [Finding] {
      analysis.hierarchy.controllers.filter { $0.kind == .tabBar }.map {
        Finding(rule, "a tab bar", at: $0.location)
      }
    }
  }

  @Test func optInRulesRunOnlyWhenOptedIn() throws {
    let rules = Checker.rules + [EveryTabBar.self]
    #expect(try findings(.init(), rules: rules).count == 2)
    let opted = try findings(.init(optedIn: ["every-tab-bar"]), rules: rules)
    // Both tab bar findings are at the nested tab bar controller: ordered by rule id.
    #expect(opted.map(\.rule.rawValue) == ["every-tab-bar", "tab-bar-not-root", "tabs-under-more"])
  }

  @Test("a file's ignore: wins over the configuration")
  func ignoreWins() throws {
    let hierarchy = try DescriptionLoader().load(
      text: "ignore: [tab-bar-not-root]\n" + Self.yaml, path: "f.yaml")
    let found = Checker.findings(
      for: Analysis(hierarchy), configuration: .init(severities: ["tab-bar-not-root": .error]))
    #expect(found.map(\.rule) == [.tabsUnderMore])
  }
}
