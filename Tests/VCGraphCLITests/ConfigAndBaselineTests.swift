import Foundation
import Testing
import VCGraphCore

/// Descriptions for the CI tests: one with an error, one with a warning and an info.
enum CIInputs {
  static let error = """
    window:
      id: main
      root:
        class: UINavigationController
        id: nav
        viewControllers:
          - FeedViewController
          - { class: UINavigationController, id: postNav, viewControllers: [ PostViewController ] }
    """
  static let warnings = """
    window:
      id: main
      root:
        class: HomeViewController
        id: home
        children:
          - { class: UITabBarController, id: tabs, viewControllers: [ T1, T2, T3, T4, T5, T6 ] }
    """
}

/// `.vcgraph.yml` through the built binary: it changes what `check` reports and how options
/// default, explicit options win, and its mistakes are positioned errors.
@Suite struct ConfigFileCommandTests {
  static func project() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory("config")
    try directory.write("Screens/error.yaml", CIInputs.error)
    try directory.write("Screens/warnings.yaml", CIInputs.warnings)
    try directory.write("Screens/Legacy/old.yaml", CIInputs.error)
    return directory
  }

  func rules(_ run: RunResult) throws -> [String] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    return try #require(object["findings"] as? [[String: Any]]).map {
      "\($0["path"] ?? "")|\($0["rule"] ?? "")|\($0["severity"] ?? "")"
    }
  }

  @Test("the configuration changes what check reports: rules off, severities, excluded files")
  func changesFindings() throws {
    let directory = try Self.project()
    let plain = try vcgraph(["check", "Screens", "--format", "json"], cwd: directory.url)
    #expect(plain.exitCode == 1)
    #expect(
      try rules(plain) == [
        "Screens/Legacy/old.yaml|navigation-in-navigation|error",
        "Screens/error.yaml|navigation-in-navigation|error",
        "Screens/warnings.yaml|tab-bar-not-root|warning",
        "Screens/warnings.yaml|tabs-under-more|info",
      ])
    try directory.write(
      ".vcgraph.yml",
      """
      disabled_rules: [navigation-in-navigation]
      severity: { tabs-under-more: warning }
      excluded: [ Screens/Legacy ]
      """)
    let configured = try vcgraph(["check", "Screens", "--format", "json"], cwd: directory.url)
    #expect(configured.exitCode == 0, "the only error rule is off")
    #expect(
      try rules(configured) == [
        "Screens/warnings.yaml|tab-bar-not-root|warning",
        "Screens/warnings.yaml|tabs-under-more|warning",
      ])
    // A file named on the command line is read even when excluded.
    let named = try vcgraph(["check", "Screens/Legacy/old.yaml", "-q"], cwd: directory.url)
    #expect(named.exitCode == 0 && named.stdout.isEmpty, "read, and its rule is off")
    // The file's own ignore: still wins.
    try directory.write("Screens/warnings.yaml", "ignore: [tab-bar-not-root]\n" + CIInputs.warnings)
    let ignored = try vcgraph(["check", "Screens", "--format", "json"], cwd: directory.url)
    #expect(try rules(ignored) == ["Screens/warnings.yaml|tabs-under-more|warning"])
    // --no-config and --config FILE.
    let none = try vcgraph(
      ["check", "Screens", "--format", "json", "--no-config"], cwd: directory.url)
    #expect(
      try rules(none) == [
        "Screens/Legacy/old.yaml|navigation-in-navigation|error",
        "Screens/error.yaml|navigation-in-navigation|error",
        "Screens/warnings.yaml|tabs-under-more|info",
      ])
    try directory.write("other.yml", "severity: { tabs-under-more: error }\n")
    let other = try vcgraph(
      ["check", "Screens", "--config", "other.yml", "-q"], cwd: directory.url)
    #expect(other.exitCode == 1)
    #expect(other.stdout.contains("error: 'tabs' has 6 tabs"))
  }

  @Test("found in a directory above the working directory")
  func foundAbove() throws {
    let directory = try Self.project()
    try directory.write(".vcgraph.yml", "disabled_rules: [navigation-in-navigation]\n")
    let run = try vcgraph(
      ["check", "error.yaml"], cwd: directory.url.appendingPathComponent("Screens"))
    #expect(run.exitCode == 0)
    #expect(run.stderr.contains("1 input checked: 0 errors"))
  }

  @Test("option defaults: the file's value applies, an explicit option wins")
  func optionDefaults() throws {
    let directory = try Self.project()
    try directory.write(".vcgraph.yml", "max_controllers: 2\nwarnings_as_errors: true\n")
    let limited = try vcgraph(["check", "Screens/warnings.yaml"], cwd: directory.url)
    #expect(limited.exitCode == 65)
    #expect(limited.stderr.contains("more than 2 controllers"))
    let explicit = try vcgraph(
      ["check", "Screens/warnings.yaml", "--max-controllers", "100"], cwd: directory.url)
    #expect(explicit.exitCode == 1, "warnings fail: warnings_as_errors from the file")
    #expect(explicit.stdout.contains("tab-bar-not-root"))
    // A drawing default: the legend is left out of the DOT, as --no-legend does.
    try directory.write(".vcgraph.yml", "legend: false\n")
    let without = try vcgraph(
      ["render", "Screens/warnings.yaml", "-f", "dot", "-o", "-"], cwd: directory.url)
    let with = try vcgraph(
      ["render", "Screens/warnings.yaml", "-f", "dot", "-o", "-", "--no-config"], cwd: directory.url
    )
    let flag = try vcgraph(
      ["render", "Screens/warnings.yaml", "-f", "dot", "-o", "-", "--no-config", "--no-legend"],
      cwd: directory.url)
    #expect(without.exitCode == 0 && with.exitCode == 0)
    #expect(without.stdout == flag.stdout)
    #expect(without.stdout != with.stdout)
  }

  @Test("max_width: render's and scan's reading width from the file, --max-width wins")
  func readingWidthDefault() throws {
    let directory = try Self.project()
    let sample = repositoryRoot.appendingPathComponent("Samples/tabs-form-sheet.yaml").path
    // The sample is 839 px wide (CommandLine.md's example): it reads at 880, not at 400.
    let plain = try vcgraph(["render", sample, "-f", "svg", "-o", "-"], cwd: directory.url)
    #expect(plain.exitCode == 0 && !plain.stderr.contains("shown"), "\(plain.stderr)")
    try directory.write(".vcgraph.yml", "max_width: 400\n")
    let narrow = try vcgraph(["render", sample, "-f", "svg", "-o", "-"], cwd: directory.url)
    #expect(narrow.exitCode == 0)
    #expect(narrow.stderr.contains("shown 400 px wide (--max-width)"), "\(narrow.stderr)")
    let strict = try vcgraph(
      ["render", sample, "-f", "svg", "-o", "-", "--strict"], cwd: directory.url)
    #expect(strict.exitCode == 65, "\(strict.stderr)")
    let explicit = try vcgraph(
      ["render", sample, "-f", "svg", "-o", "-", "--max-width", "880"], cwd: directory.url)
    #expect(explicit.exitCode == 0 && !explicit.stderr.contains("shown"), "\(explicit.stderr)")
    // Checked as the option is, at its line and column.
    try directory.write(".vcgraph.yml", "legend: true\nmax_width: 50\n")
    let wrong = try vcgraph(["render", sample, "-f", "svg", "-o", "-"], cwd: directory.url)
    #expect(wrong.exitCode == 65)
    #expect(wrong.stderr.contains(".vcgraph.yml:2:12: error:"), "\(wrong.stderr)")
  }

  @Test("mistakes in the file: positioned, with did you mean; a missing --config file is 66")
  func mistakes() throws {
    let directory = try Self.project()
    try directory.write(".vcgraph.yml", "disabled_rules: []\nlayot: neato\n")
    let key = try vcgraph(["check", "Screens"], cwd: directory.url)
    #expect(key.exitCode == 65)
    #expect(
      key.stderr.contains(".vcgraph.yml:2:1: error: unknown key 'layot' in a configuration file"))
    #expect(key.stderr.contains("note: did you mean 'layout'?"))
    try directory.write(".vcgraph.yml", "max_depth: many\n")
    let value = try vcgraph(["analyze", "Screens/error.yaml"], cwd: directory.url)
    #expect(value.exitCode == 65)
    #expect(
      value.stderr.contains(".vcgraph.yml:1:12: error: 'max_depth' takes a positive whole number"))
    let missing = try vcgraph(["check", "Screens", "--config", "nope.yml"], cwd: directory.url)
    #expect(missing.exitCode == 66)
    let both = try vcgraph(
      ["check", "Screens", "--config", "x.yml", "--no-config"], cwd: directory.url)
    #expect(both.exitCode == 64)
  }
}

/// `--write-baseline` then `--baseline`: an existing app starts clean and fails only on new
/// findings, also after lines move.
@Suite struct BaselineCommandTests {
  @Test("written then used: exit 0; one new finding: exit 1; lines inserted above: still matched")
  func adoptThenCatchNew() throws {
    let directory = try TemporaryDirectory("baseline")
    try directory.write("Screens/error.yaml", CIInputs.error)
    try directory.write("Screens/warnings.yaml", CIInputs.warnings)
    let check = ["check", "Screens", "--no-config", "--warnings-as-errors"]
    #expect(try vcgraph(check, cwd: directory.url).exitCode == 1)
    let write = try vcgraph(
      check + ["--write-baseline", "baseline.json", "-q"], cwd: directory.url)
    #expect(write.exitCode == 1, "writing records; the exit code still says what was found")
    let first = try #require(directory.bytes("baseline.json"))
    let used = try vcgraph(check + ["--baseline", "baseline.json"], cwd: directory.url)
    #expect(used.exitCode == 0)
    #expect(used.stdout.isEmpty)
    #expect(used.stderr.contains("2 inputs checked: 0 errors, 0 warnings (and 3 in the baseline)"))
    // Lines inserted above the old findings: they still match.
    try directory.write("Screens/error.yaml", "title: Feed\n# moved\n\n" + CIInputs.error)
    try directory.write(
      "Screens/warnings.yaml",
      CIInputs.warnings.replacingOccurrences(of: "root:\n", with: "root:\n    title: Home\n"))
    #expect(try vcgraph(check + ["--baseline", "baseline.json"], cwd: directory.url).exitCode == 0)
    // One new finding, with lines inserted above too: exit 1, and only it is reported.
    try directory.write(
      "Screens/error.yaml",
      "title: Feed\n# moved\n\n" + CIInputs.error
        + "\n      - { class: UINavigationController, id: second, viewControllers: [ X ] }\n")
    let new = try vcgraph(check + ["--baseline", "baseline.json"], cwd: directory.url)
    #expect(new.exitCode == 1)
    #expect(new.stdout.components(separatedBy: "[navigation-in-navigation]").count == 2)
    #expect(new.stdout.contains("'second' is pushed"))
    #expect(new.stderr.contains("1 error, 0 warnings (and 3 in the baseline)"))
    // The file is deterministic and sorted: written again from the same findings, the same
    // bytes; paths are relative to the working directory however they were spelled.
    try directory.write("Screens/error.yaml", CIInputs.error)
    try directory.write("Screens/warnings.yaml", CIInputs.warnings)
    _ = try vcgraph(
      ["check", "./Screens/", "--no-config", "--write-baseline", "again.json"], cwd: directory.url)
    #expect(directory.bytes("again.json") == first)
    let text = String(decoding: first, as: UTF8.self)
    #expect(text.contains("\"path\": \"Screens/error.yaml\""))
    #expect(
      text.contains(
        "\"controller\": \"window:main/nav:UINavigationController/postNav:UINavigationController\"")
    )
  }

  @Test("a malformed baseline is a positioned error (65); a missing one is 66")
  func badBaselines() throws {
    let directory = try TemporaryDirectory("baseline")
    try directory.write("a.yaml", CIInputs.error)
    try directory.write("bad.json", "{\n  \"version\": 1,\n  \"finding\": []\n}\n")
    let bad = try vcgraph(["check", "a.yaml", "--baseline", "bad.json"], cwd: directory.url)
    #expect(bad.exitCode == 65)
    #expect(bad.stderr.contains("bad.json:3:3: error: unknown key 'finding' in a baseline"))
    #expect(bad.stderr.contains("did you mean 'findings'?"))
    let missing = try vcgraph(["check", "a.yaml", "--baseline", "none.json"], cwd: directory.url)
    #expect(missing.exitCode == 66)
    let onto = try vcgraph(["check", "a.yaml", "--write-baseline", "a.yaml"], cwd: directory.url)
    #expect(onto.exitCode == 73, "the baseline may not overwrite an input")
  }
}

/// `vcgraph rules`.
@Suite struct RulesCommandTests {
  /// `--command lint` lists the rules issue 29 names for Swift code, and activity-not-presented
  /// met in code (written out here, not read from the registry); `--command check` lists every
  /// other rule and the two both share.
  @Test func listsTheRulesOneCommandRuns() throws {
    let swiftRules: Set = [
      "present-before-window", "present-while-presenting", "popover-without-anchor",
      "push-container", "unbalanced-containment", "navigation-link-outside-stack",
      "navigation-destination-in-lazy-container", "nested-navigation-stack",
      "activity-not-presented",
    ]
    func ids(_ command: String) -> [String] {
      let run = runInProcess(["rules", "--command", command, "--no-config"])
      #expect(run.exitCode == 0, "\(run.stderr)")
      return run.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    }
    #expect(Set(ids("lint")) == swiftRules)
    let check = ids("check")
    #expect(check.contains("popover-without-anchor") && check.contains("tab-bar-not-root"))
    #expect(
      Set(check).intersection(swiftRules) == ["popover-without-anchor", "activity-not-presented"])
    #expect(Set(check).union(swiftRules) == Set(Rule.all.map(\.rawValue)))
    let refused = runInProcess(["rules", "tab-bar-not-root", "--command", "lint", "--no-config"])
    #expect(refused.exitCode == 64)
    #expect(refused.stderr.contains("'tab-bar-not-root' is not a rule lint runs"))
  }

  @Test func listsAndExplains() throws {
    let list = runInProcess(["rules", "--no-config"])
    #expect(list.exitCode == 0)
    let lines = list.stdout.split(separator: "\n")
    #expect(lines.count == Rule.all.count)
    for (line, rule) in zip(lines, Rule.all) {
      #expect(line.hasPrefix(Substring(rule.rawValue + " ")))
      #expect(line.contains(" \(rule.severity.rawValue) "))
    }
    let one = runInProcess(["rules", "already-presenting", "--no-config"])
    #expect(one.exitCode == 0)
    #expect(one.stdout == RuleReference.text(.alreadyPresenting))
    #expect(one.stdout.contains("UIKit prints:\n  Attempt to present <ShareViewController: 0x…>"))
    let unknown = runInProcess(["rules", "already-presnting", "--no-config"])
    #expect(unknown.exitCode == 64)
    #expect(unknown.stderr.contains("did you mean 'already-presenting'?"))
    let json = runInProcess(["rules", "--format", "json", "--no-config"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
    #expect((object["rules"] as? [Any])?.count == Rule.all.count)
    #expect(
      runInProcess(["rules", "--format", "markdown", "--no-config"]).stdout
        == RuleReference.markdown())
  }

  @Test("rules the configuration changes are marked")
  func marksConfiguredRules() throws {
    let directory = try TemporaryDirectory("rules")
    try directory.write(
      ".vcgraph.yml", "disabled_rules: [tabs-under-more]\nseverity: { tab-bar-not-root: error }\n")
    let run = try vcgraph(["rules"], cwd: directory.url)
    let line = { (id: String) in
      run.stdout.split(separator: "\n").first { $0.hasPrefix(Substring(id)) } ?? ""
    }
    #expect(line("tabs-under-more").hasSuffix(".vcgraph.yml]"))
    #expect(line("tabs-under-more").contains("[off in "))
    #expect(line("tab-bar-not-root").contains("[error in "))
    #expect(!line("stacked-children").contains("["))
  }
}
