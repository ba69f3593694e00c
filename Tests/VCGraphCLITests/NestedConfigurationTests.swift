import Foundation
import Testing
import VCGraphCore

@testable import VCGraphCLI

/// `.vcgraph.yml` as SwiftLint's configuration: nested files (the nearest to an input wins,
/// merged over its parents), `only_rules`, `included`, `--force-exclude`, a per-controller
/// `ignore:` (and a storyboard's `vcgraphDisable` runtime attribute), and paths relative to
/// the file that names them. Expected findings are worked out by hand from the documented
/// rules (Documentation/CommandLine.md, "The configuration file").
@Suite struct NestedConfigurationTests {
  /// Fires `tab-bar-not-root` (a warning) on the tab bar controller, line 5.
  static let tabBar = """
    window:
      root:
        class: HomeViewController
        children:
          - { class: UITabBarController, viewControllers: [ FeedViewController ] }

    """
  /// Fires `tabs-under-more` (information, on by default).
  static let moreTabs = Rule.tabsUnderMore.documentation.example + "\n"

  /// `check --format json`'s findings as `path rule severity`, sorted.
  static func findings(
    _ arguments: [String], in directory: TemporaryDirectory, cwd: String = ""
  ) throws -> (RunResult, [String]) {
    let run = try vcgraph(
      ["check"] + arguments + ["--format", "json"],
      cwd: cwd.isEmpty ? directory.url : directory.url.appendingPathComponent(cwd))
    guard run.exitCode == 0 || run.exitCode == 1,
      let object = try? JSONSerialization.jsonObject(with: Data(run.stdoutBytes))
        as? [String: Any],
      let list = object["findings"] as? [[String: Any]]
    else { return (run, []) }
    let lines = list.map { finding in
      "\(finding["path"] ?? "") \(finding["rule"] ?? "") \(finding["severity"] ?? "")"
    }
    return (run, lines.sorted())
  }

  static func tree() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory("nested")
    try directory.write(
      ".vcgraph.yml", "disabled_rules: [tabs-under-more]\nseverity: { tab-bar-not-root: error }\n")
    try directory.write("Screens/tab.yaml", tabBar)
    try directory.write("Screens/more.yaml", moreTabs)
    try directory.write("Screens/Legacy/.vcgraph.yml", "severity: { tab-bar-not-root: info }\n")
    try directory.write("Screens/Legacy/tab.yaml", tabBar)
    try directory.write("Screens/Legacy/Only/.vcgraph.yml", "only_rules: [tabs-under-more]\n")
    try directory.write("Screens/Legacy/Only/tab.yaml", tabBar)
    try directory.write("Screens/Legacy/Only/more.yaml", moreTabs)
    return directory
  }

  @Test("the nearest .vcgraph.yml wins, merged over its parents'; --config reads no nested file")
  func nested() throws {
    let directory = try Self.tree()
    let (run, found) = try Self.findings(["Screens"], in: directory)
    #expect(run.exitCode == 1, "\(run.stderr)")
    #expect(
      found == [
        // only_rules there: tab-bar-not-root does not run, tabs-under-more does again.
        "Screens/Legacy/Only/more.yaml tabs-under-more info",
        // Legacy's severity over the base's.
        "Screens/Legacy/tab.yaml tab-bar-not-root info",
        // The base: tabs-under-more off, tab-bar-not-root an error.
        "Screens/tab.yaml tab-bar-not-root error",
      ])
    // From a subdirectory: the base is found above, and the nested files still apply.
    let (_, fromBelow) = try Self.findings(["Legacy"], in: directory, cwd: "Screens")
    #expect(
      fromBelow == [
        "Legacy/Only/more.yaml tabs-under-more info", "Legacy/tab.yaml tab-bar-not-root info",
      ])
    // --config FILE: that file alone.
    let (_, explicit) = try Self.findings(["Screens", "--config", ".vcgraph.yml"], in: directory)
    #expect(
      explicit == [
        "Screens/Legacy/Only/tab.yaml tab-bar-not-root error",
        "Screens/Legacy/tab.yaml tab-bar-not-root error", "Screens/tab.yaml tab-bar-not-root error",
      ])
  }

  @Test("a nested file may not set option defaults or the baseline; only_rules stands alone")
  func nestedRefusals() throws {
    let directory = try Self.tree()
    try directory.write("Screens/Legacy/.vcgraph.yml", "severity: {}\nlayout: neato\n")
    let (run, _) = try Self.findings(["Screens"], in: directory)
    #expect(run.exitCode == 65)
    #expect(
      run.stderr.contains(
        "Screens/Legacy/.vcgraph.yml:2:1: error: `layout` belongs in the base configuration file,"
          + " not in a nested one"), "\(run.stderr)")
    try directory.write(
      ".vcgraph.yml", "only_rules: [pushed-twice]\ndisabled_rules: [pushed-twice]\n")
    let (both, _) = try Self.findings(["Screens/tab.yaml"], in: directory)
    #expect(both.exitCode == 65)
    #expect(
      both.stderr.contains(
        ".vcgraph.yml:1:1: error: `only_rules` cannot be used together with `disabled_rules`"),
      "\(both.stderr)")
  }

  @Test("included: only matching files inside input directories; --force-exclude for named files")
  func includedAndForceExclude() throws {
    let directory = try TemporaryDirectory("included")
    try directory.write(".vcgraph.yml", "included: [Kept]\nexcluded: [Kept/Legacy]\n")
    try directory.write("Kept/a.yaml", Self.tabBar)
    try directory.write("Kept/Legacy/b.yaml", Self.tabBar)
    try directory.write("Other/c.yaml", Self.tabBar)
    let (_, all) = try Self.findings(["."], in: directory)
    #expect(all == ["./Kept/a.yaml tab-bar-not-root warning"])
    // A file named on the command line is read, unless --force-exclude.
    let (_, named) = try Self.findings(["Kept/Legacy/b.yaml", "Other/c.yaml"], in: directory)
    #expect(named.count == 2)
    let (forced, left) = try Self.findings(
      ["Kept/Legacy/b.yaml", "Other/c.yaml", "Kept/a.yaml", "--force-exclude"], in: directory)
    #expect(forced.exitCode == 0)
    #expect(left == ["Kept/a.yaml tab-bar-not-root warning"])
    let (none, _) = try Self.findings(["Other/c.yaml", "--force-exclude"], in: directory)
    #expect(none.exitCode == 66)
    #expect(none.stderr.contains("every input is excluded by"), "\(none.stderr)")
  }

  @Test("a baseline named by .vcgraph.yml is relative to it, and its paths to the baseline")
  func baselineRelativeToTheFile() throws {
    let directory = try TemporaryDirectory("baseline-key")
    try directory.write("Screens/tab.yaml", Self.tabBar)
    try FileManager.default.createDirectory(
      atPath: directory.path("ci"), withIntermediateDirectories: true)
    // Written from the root: paths relative to ci/, where the baseline is.
    let write = try vcgraph(
      ["check", "Screens", "--no-config", "--write-baseline", "ci/baseline.json"],
      cwd: directory.url)
    #expect(write.exitCode == 0)
    let text = String(decoding: directory.bytes("ci/baseline.json") ?? [], as: UTF8.self)
    #expect(text.contains("\"version\": 2"))
    #expect(text.contains("\"path\": \"../Screens/tab.yaml\""), "\(text)")
    try directory.write(".vcgraph.yml", "baseline: ci/baseline.json\n")
    // Run from Screens/: the configuration is found above, the baseline beside it, and the
    // finding is in it.
    for (arguments, cwd) in [(["Screens"], ""), (["tab.yaml"], "Screens")] {
      let run = try vcgraph(
        ["check"] + arguments,
        cwd: cwd.isEmpty ? directory.url : directory.url.appendingPathComponent(cwd))
      #expect(run.exitCode == 0)
      #expect(run.stderr.contains("0 errors, 0 warnings (and 1 in the baseline)"), "\(run.stderr)")
    }
  }

  @Test("ignore: on a controller silences the rule for that controller only")
  func controllerIgnore() throws {
    let directory = try TemporaryDirectory("controller-ignore")
    let two = """
      window:
        root:
          class: HomeViewController
          children:
            - { class: UITabBarController, id: a, ignore: [tab-bar-not-root], viewControllers: [F] }
            - { class: UITabBarController, id: b, viewControllers: [G] }

      """
    try directory.write("two.yaml", two)
    let (run, found) = try Self.findings(["two.yaml", "--no-config"], in: directory)
    #expect(run.exitCode == 0)
    #expect(found == ["two.yaml tab-bar-not-root warning"])
    let json = try vcgraph(
      ["check", "two.yaml", "--no-config", "--format", "json"], cwd: directory.url)
    #expect(json.stdout.contains("\"line\": 6"), "the finding left is b's, on line 6")
    try directory.write(
      "bad.yaml", two.replacingOccurrences(of: "[tab-bar-not-root]", with: "[tab-bar-not-rot]"))
    let bad = try vcgraph(["check", "bad.yaml", "--no-config"], cwd: directory.url)
    #expect(bad.exitCode == 65)
    #expect(
      bad.stderr.contains("bad.yaml:5:54: error: unknown rule id 'tab-bar-not-rot'"),
      "\(bad.stderr)")
  }

  @Test("a storyboard scene's vcgraphDisable runtime attribute silences the rule for it")
  func storyboardDisable() throws {
    let directory = try TemporaryDirectory("storyboard-disable")
    let storyboard = Rule.unreachableScene.documentation.example
    try directory.write("Main.storyboard", storyboard + "\n")
    let (_, before) = try Self.findings(["Main.storyboard", "--no-config"], in: directory)
    #expect(before == ["Main.storyboard unreachable-scene warning"])
    let attribute = """
      <viewController id="orphan" sceneMemberID="viewController">
            <userDefinedRuntimeAttributes>
              <userDefinedRuntimeAttribute type="string" keyPath="vcgraphDisable" value="pushed-twice, unreachable-scene"/>
            </userDefinedRuntimeAttributes>
          </viewController>
      """
    let silenced = storyboard.replacingOccurrences(
      of: "<viewController id=\"orphan\" sceneMemberID=\"viewController\"/>", with: attribute)
    #expect(silenced != storyboard)
    try directory.write("Main.storyboard", silenced + "\n")
    let (after, found) = try Self.findings(["Main.storyboard", "--no-config"], in: directory)
    #expect(after.exitCode == 0, "\(after.stderr)")
    #expect(found.isEmpty)
    // An unknown id is an error at the attribute.
    try directory.write(
      "Main.storyboard",
      silenced.replacingOccurrences(of: "unreachable-scene\"", with: "unreachable-scen\"") + "\n")
    let bad = try vcgraph(["check", "Main.storyboard", "--no-config"], cwd: directory.url)
    #expect(bad.exitCode == 65)
    #expect(bad.stderr.contains("unknown rule id 'unreachable-scen'"), "\(bad.stderr)")
    #expect(bad.stderr.contains("did you mean 'unreachable-scene'?"), "\(bad.stderr)")
  }
}

/// Documentation/CI.md's configuration examples are configuration files the loader reads.
@Suite struct CIDocumentationTests {
  @Test("every YAML example of CI.md loads as a .vcgraph.yml (a nested one when it says so)")
  func examplesLoad() throws {
    let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Documentation/CI.md")
    let text = try String(contentsOf: page, encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```yaml" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n") + "\n")
        current = nil
      } else {
        current?.append(line)
      }
    }
    // The GitHub Actions examples (a workflow, a job, or steps) are workflows, not
    // configuration files (ActionTests lints the one that uses the action).
    let workflows = blocks.filter {
      $0.hasPrefix("name: ") || $0.hasPrefix("jobs:") || $0.hasPrefix("- ")
    }
    #expect(workflows.count == 3)
    let configurations = blocks.filter { !workflows.contains($0) }
    #expect(configurations.count == 2)
    for block in configurations {
      let nested = block.hasPrefix("# Modules/")
      let file = try ConfigurationFile.load(
        bytes: Array(block.utf8), path: "CI.md", optionKeys: ConfigurableOptions.keys,
        nested: nested)
      #expect(!file.rules.severities.isEmpty, "\(block)")
    }
  }
}
