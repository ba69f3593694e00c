import Foundation
import TestSupport
import Testing
import VCGraphBackends
import VCGraphCore

@testable import VCGraphCLI

/// The finding reporters (`check --format`), each against output written by hand from its
/// format's documentation (Checkstyle's XMLLogger, the JUnit Ant format, GitHub-flavoured
/// Markdown), with hostile data in every field; XML parsed back by Python's XML parser.
@Suite struct ReporterTests {
  /// Two files in a repository at /repo, run from /repo/App; a message holding every character
  /// XML and Markdown treat specially, and one input that could not be read.
  static func sample(strict: Bool = false) -> FindingReport {
    let hostile = "a <b> & \"c\" | 'd' ]]> `e` [f](g) ::error x"
    return FindingReport(
      tool: SARIFLog.Tool(name: "vcgraph", version: "0.1.0"),
      rules: Rule.all.map { ReportRule($0, rulesURI: nil, configuration: RuleConfiguration()) },
      findings: [
        ReportedFinding(
          ruleID: "tab-bar-not-root", severity: .warning, message: hostile,
          location: SourceLocation(path: "Screens/My Tabs.yaml", line: 4, column: 9)),
        ReportedFinding(
          ruleID: "pushed-twice", severity: .error, message: "pushed twice",
          location: SourceLocation(path: "/repo/Other/b.yaml", line: 12, column: 3)),
        ReportedFinding(
          ruleID: "unknown-uikit-class", severity: .info, message: "unknown",
          location: SourceLocation(path: "Screens/My Tabs.yaml", line: 7, column: 1)),
      ],
      failures: [
        ReportFailure(
          VCGraphError(
            .dataError, "unexpected end", at: SourceLocation(path: "c.yaml", line: 2, column: 1)))
      ],
      inputs: ["Screens/My Tabs.yaml", "/repo/Other/b.yaml", "clean.yaml", "c.yaml"],
      strict: strict, sourceRoot: "/repo", workingDirectory: "/repo/App")
  }

  static let hostileXML =
    "a &lt;b&gt; &amp; &quot;c&quot; | &apos;d&apos; ]]&gt; `e` [f](g) ::error x"

  @Test("checkstyle: Checkstyle's XMLLogger layout, paths relative to the source root")
  func checkstyle() throws {
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <checkstyle version="4.3">
      <file name="App/Screens/My Tabs.yaml">
        <error line="4" column="9" severity="warning" message="\(Self.hostileXML)" source="tab-bar-not-root"/>
        <error line="7" column="1" severity="info" message="unknown" source="unknown-uikit-class"/>
      </file>
      <file name="Other/b.yaml">
        <error line="12" column="3" severity="error" message="pushed twice" source="pushed-twice"/>
      </file>
      <file name="App/clean.yaml"/>
      <file name="App/c.yaml">
        <error line="2" column="1" severity="error" message="unexpected end" source="vcgraph"/>
      </file>
      </checkstyle>

      """
    let output = CheckstyleReporter.report(Self.sample())
    #expect(output == expected)
    let parsed = try XMLCheck.parse(output)
    #expect(
      parsed.contains {
        $0.hasPrefix("error|line=4|column=9|severity=warning|message=" + Self.hostile + "|")
      })
  }

  static let hostile = "a <b> & \"c\" | 'd' ]]> `e` [f](g) ::error x"

  @Test("junit: one suite per input, one case per finding, totals on the root")
  func junit() throws {
    let tabs = "App/Screens/My Tabs.yaml"
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="vcgraph" tests="5" failures="2" errors="1">
        <testsuite name="\(tabs)" tests="2" failures="1" errors="0" skipped="0">
          <testcase classname="\(tabs)" name="tab-bar-not-root at 4:9" file="\(tabs)" line="4"><failure type="warning" message="\(Self.hostileXML)">\(tabs):4:9: warning: \(Self.hostileXML) [tab-bar-not-root]</failure></testcase>
          <testcase classname="\(tabs)" name="unknown-uikit-class at 7:1" file="\(tabs)" line="7"><system-out>\(tabs):7:1: info: unknown [unknown-uikit-class]</system-out></testcase>
        </testsuite>
        <testsuite name="Other/b.yaml" tests="1" failures="1" errors="0" skipped="0">
          <testcase classname="Other/b.yaml" name="pushed-twice at 12:3" file="Other/b.yaml" line="12"><failure type="error" message="pushed twice">Other/b.yaml:12:3: error: pushed twice [pushed-twice]</failure></testcase>
        </testsuite>
        <testsuite name="App/clean.yaml" tests="1" failures="0" errors="0" skipped="0">
          <testcase classname="App/clean.yaml" name="no findings" file="App/clean.yaml"/>
        </testsuite>
        <testsuite name="App/c.yaml" tests="1" failures="0" errors="1" skipped="0">
          <testcase classname="App/c.yaml" name="read" file="App/c.yaml" line="2"><error type="unreadable" message="unexpected end">unexpected end</error></testcase>
        </testsuite>
      </testsuites>

      """
    let output = JUnitReporter.report(Self.sample())
    #expect(output == expected)
    let parsed = try XMLCheck.parse(output)
    #expect(parsed.contains("failure|type=warning|message=" + Self.hostile))
    let diagnostic = "App/Screens/My Tabs.yaml:4:9: warning: \(Self.hostile) [tab-bar-not-root]"
    #expect(parsed.contains("text|" + diagnostic))
    // --warnings-as-errors: the warning is reported as an error.
    #expect(JUnitReporter.report(Self.sample(strict: true)).contains("<failure type=\"error\""))
  }

  @Test("markdown: a table for a pull-request comment, links to path#Lline, data escaped")
  func markdown() throws {
    var report = Self.sample()
    report.linkBase = "https://github.com/o/r/blob/0123abc/"
    let expected = """
      ### vcgraph check

      **1 error, 1 warning, 1 info** in 4 inputs.

      | level | rule | where | message |
      |---|---|---|---|
      | warning | `tab-bar-not-root` | [App/Screens/My Tabs.yaml:4:9](https://github.com/o/r/blob/0123abc/App/Screens/My%20Tabs.yaml#L4) | a \\<b\\> \\& "c" \\| 'd' \\]\\]\\> \\`e\\` \\[f\\](g) ::error x |
      | error | `pushed-twice` | [Other/b.yaml:12:3](https://github.com/o/r/blob/0123abc/Other/b.yaml#L12) | pushed twice |
      | info | `unknown-uikit-class` | [App/Screens/My Tabs.yaml:7:1](https://github.com/o/r/blob/0123abc/App/Screens/My%20Tabs.yaml#L7) | unknown |

      **1 input could not be read:**

      - App/c.yaml:2:1: unexpected end

      """
    #expect(MarkdownReporter.report(report) == expected)
    // Without --link-base, links are relative to the source root.
    #expect(
      MarkdownReporter.report(Self.sample()).contains(
        "[Other/b.yaml:12:3](Other/b.yaml#L12)"))
    var clean = Self.sample()
    clean.findings = []
    clean.failures = []
    #expect(MarkdownReporter.report(clean) == "### vcgraph check\n\nNo findings in 4 inputs.\n")
  }

  @Test("diff --format markdown: the changes and the fixed findings, as the text lists them")
  func diffMarkdown() throws {
    let directory = try TemporaryDirectory("diff-markdown")
    try directory.write(
      "b1.yaml",
      "window:\n  root:\n    class: HomeViewController\n    children:\n"
        + "      - { class: UITabBarController, viewControllers: [ FeedViewController ] }\n")
    try directory.write(
      "a 1.yaml",
      "window:\n  root: { class: UITabBarController, viewControllers: [ FeedViewController ] }\n")
    let run = try vcgraph(
      ["diff", "b1.yaml", "a 1.yaml", "--no-config", "--format", "markdown", "--exit-code"],
      cwd: directory.url)
    #expect(run.exitCode == 1)
    // By hand, from `vcgraph diff b1.yaml 'a 1.yaml'`'s text: the same rows in the same order.
    let message =
      "tab bar controller 'UITabBarController' is a child of 'HomeViewController'; a tab bar"
      + " interface should be a window's root view controller"
    let expected = """
      ### b1.yaml → a 1.yaml

      **2 added, 3 removed, top view controller changed, 1 fixed finding**

      | change | controller | before | after |
      |---|---|---|---|
      | added | `UITabBarController` | — | root of window window |
      | added | `FeedViewController` | — | child of UITabBarController |
      | removed | `HomeViewController` | root of window window | — |
      | removed | `UITabBarController` | child of HomeViewController | — |
      | removed | `FeedViewController` | child of UITabBarController | — |
      | top view controller | | `FeedViewController` | `FeedViewController` |

      **Fixed findings (1):**

      | level | rule | where | message |
      |---|---|---|---|
      | warning | `tab-bar-not-root` | [b1.yaml:5:9](b1.yaml#L5) | \(message) |

      """
    #expect(run.stdout == expected)
  }

  @Test("gitlab: GitLab's Code Quality issues, paths relative to the source root, stable ids")
  func gitlab() throws {
    let output = GitLabReporter.report(Self.sample())
    let issues = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    // GitLab's Code Quality format: description, check_name, fingerprint, severity
    // (info|minor|major|critical|blocker), location.path and location.lines.begin.
    #expect(issues.map { $0["check_name"] as? String } == [
      "tab-bar-not-root", "pushed-twice", "unknown-uikit-class", "vcgraph",
    ])
    #expect(issues.map { $0["severity"] as? String } == ["minor", "major", "info", "blocker"])
    #expect(issues.map { $0["description"] as? String } == [
      Self.hostile, "pushed twice", "unknown", "unexpected end",
    ])
    let locations = issues.compactMap { $0["location"] as? [String: Any] }
    #expect(locations.map { $0["path"] as? String } == [
      "App/Screens/My Tabs.yaml", "Other/b.yaml", "App/Screens/My Tabs.yaml", "App/c.yaml",
    ])
    #expect(
      locations.map { ($0["lines"] as? [String: Any])?["begin"] as? Int } == [4, 12, 7, 2])
    let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
    #expect(Set(fingerprints).count == 4 && fingerprints.allSatisfy { $0.count == 32 })
    // --warnings-as-errors: the warning is reported as an error (major), its identity kept.
    let strictOutput = GitLabReporter.report(Self.sample(strict: true))
    let strict = try #require(
      try JSONSerialization.jsonObject(with: Data(strictOutput.utf8)) as? [[String: Any]])
    #expect(strict.map { $0["severity"] as? String } == ["major", "major", "info", "blocker"])
    #expect(strict.compactMap { $0["fingerprint"] as? String } == fingerprints)
    // FNV-1a 64's published test vectors: "" and "a".
    #expect(GitLabReporter.fingerprint("").hasPrefix("cbf29ce484222325"))
    #expect(GitLabReporter.fingerprint("a").hasPrefix("af63dc4c8601ec8c"))
  }

  @Test("the registry: one reporter per --format value, each identifier once")
  func registry() {
    #expect(
      FindingReporters.all.map { $0.identifier } == CheckFormat.allCases.map(\.rawValue))
    for format in CheckFormat.allCases {
      #expect(format.reporter.identifier == format.rawValue)
    }
  }

  @Test("check in every format: no data starts a CI workflow command; XML parses; exit codes")
  func endToEnd() throws {
    let directory = try TemporaryDirectory("reporters")
    let name = "##[error]::warning x.yaml"
    try directory.write(name, Rule.tabBarNotRoot.documentation.example + "\n")
    for format in CheckFormat.allCases {
      let result = try vcgraph(
        ["check", name, "missing.yaml", "--no-config", "--format", format.rawValue],
        cwd: directory.url)
      #expect(result.exitCode == 66, "\(format)")
      let lines = result.stdout.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
      for line in lines {
        let content = line.drop { $0 == " " || $0 == "\t" }
        let annotation = format == .github && content.hasPrefix("::warning file=")
        let forged =
          content.hasPrefix("##[") || content.hasPrefix("##vso[")
          || (content.hasPrefix("::") && !annotation)
        #expect(!forged, "\(format): \(line)")
      }
      #expect(result.stdout.contains("tab-bar-not-root"), "\(format)")
      if format == .junit || format == .checkstyle {
        let parsed = try XMLCheck.parse(result.stdout)
        #expect(parsed.contains { $0.contains("missing.yaml") }, "\(format): the failure")
      }
    }
    // No input could be read: the machine formats still print a report that says so.
    for format in [CheckFormat.junit, .checkstyle, .markdown, .gitlab] {
      let result = try vcgraph(
        ["check", "missing.yaml", "--no-config", "--format", format.rawValue], cwd: directory.url)
      #expect(result.exitCode == 66)
      #expect(result.stdout.contains("missing.yaml: no such file or directory"), "\(format)")
    }
  }
}

/// Python's XML parser (the standard library's expat), which refuses a document that is not
/// well-formed: each element as `name|attribute=value|...` in document order (text as
/// `text|...`).
enum XMLCheck {
  struct Failure: Error, CustomStringConvertible { var description: String }

  static func parse(_ xml: String) throws -> [String] {
    guard let python = ExecutableSearch.all(["python3"]).first else {
      missingTool("python3 is not installed: XML reports cannot be checked for well-formedness")
      return []
    }
    let script = """
      import sys, xml.etree.ElementTree as ET
      root = ET.fromstring(sys.stdin.buffer.read())
      for e in root.iter():
          print("|".join([e.tag] + ["%s=%s" % kv for kv in e.attrib.items()]))
          if e.text and e.text.strip(): print("text|" + e.text)
      """
    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", script]
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(xml.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "not well-formed: " + String(decoding: err, as: UTF8.self))
    }
    return String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
