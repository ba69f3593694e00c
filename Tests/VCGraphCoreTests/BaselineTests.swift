import Foundation
import Testing

@testable import VCGraphCore

/// Finding paths (what baselines and SARIF fingerprints match on) and the baseline file.
@Suite struct BaselineTests {
  static let tabs = """
    window:
      id: main
      root:
        class: UITabBarController
        id: tabs
        viewControllers:
          - class: UINavigationController
            id: feedNav
            viewControllers:
              - class: FeedViewController
                presents: { class: UITabBarController, id: modalTabs, viewControllers: [ A ] }
          - class: UIViewController
            id: settings
            children: [ { class: UITabBarController, id: nested, viewControllers: [ B ] } ]
    """

  func paths(_ yaml: String) throws -> [String: String] {
    let hierarchy = try DescriptionLoader().load(text: yaml, path: "f.yaml")
    let findings = Checker.findings(for: Analysis(hierarchy))
    return Dictionary(
      findings.map { ($0.rule.rawValue, FindingPath.of($0, in: hierarchy)) },
      uniquingKeysWith: { $0 + " & " + $1 })
  }

  @Test("a finding's path: window, containment with /, presentation with /+, ids and classes")
  func pathsByHand() throws {
    let found = try paths(Self.tabs)
    #expect(
      found["tab-bar-not-root"] == "window:main/tabs:UITabBarController/settings:UIViewController"
        + "/nested:UITabBarController")
    let hosted = try paths(
      """
      window:
        root:
          class: UIViewController
          id: screen
          view: { subviews: [ { id: slot, hosts: floating } ] }
      detached:
        - { class: FloatingViewController, id: floating }
      """)
    #expect(hosted["unowned-hosted-view"] == "detached/floating:FloatingViewController#view:slot")
  }

  @Test("the path does not change when lines are inserted above, or the file is reformatted")
  func pathsSurviveEdits() throws {
    let before = try paths(Self.tabs)
    let after = try paths("title: Tabs\n# a comment\n\n" + Self.tabs)
    #expect(before == after)
    #expect(!before.isEmpty)
  }

  @Test("baseline JSON: sorted, versioned, read back equal; each entry absorbs one finding")
  func roundTrip() throws {
    let a = Baseline.Entry(rule: "r", path: "b.yaml", controllerPath: "window:w/x")
    let b = Baseline.Entry(rule: "r", path: "a.yaml", controllerPath: "window:w/y")
    let baseline = Baseline(entries: [a, b, a])
    #expect(baseline.entries == [b, a, a])
    let text = baseline.json.formatted()
    #expect(
      text.hasPrefix("{\n  \"version\": 2,\n  \"findings\": [\n    {\n      \"rule\": \"r\","))
    let read = try Baseline.load(bytes: Array(text.utf8), path: "base.json")
    #expect(read == baseline)
    #expect(read.absorbs([a, a, a, b]) == [true, true, false, true])
  }

  @Test("a malformed baseline is a positioned error")
  func malformed() throws {
    let text = "{\n  \"version\": 1,\n  \"findings\": [ { \"rule\": \"r\", \"pth\": \"a\" } ]\n}\n"
    #expect(throws: VCGraphError.self) {
      try Baseline.load(bytes: Array(text.utf8), path: "b.json")
    }
    do {
      _ = try Baseline.load(bytes: Array(text.utf8), path: "b.json")
    } catch {
      #expect(error.location == SourceLocation(path: "b.json", line: 3, column: 32))
      #expect(error.hint == "did you mean 'path'?")
    }
    #expect(throws: VCGraphError.self) {
      try Baseline.load(bytes: Array("{\"version\": 3, \"findings\": []}".utf8), path: "b.json")
    }
    // Version 1 (paths relative to the working directory) is still read, and says so.
    let old = try Baseline.load(
      bytes: Array("{\"version\": 1, \"findings\": []}".utf8), path: "b.json")
    #expect(old.version == 1)
  }

  @Test("paths relative to the working directory, and as URIs")
  func workspacePaths() {
    #expect(WorkspacePath.relative("./Samples//a.yaml", to: "/repo") == "Samples/a.yaml")
    #expect(WorkspacePath.relative("/repo/Samples/../x/a.yaml", to: "/repo") == "x/a.yaml")
    #expect(WorkspacePath.relative("/other/a.yaml", to: "/repo/sub") == "../../other/a.yaml")
    #expect(WorkspacePath.relative("-", to: "/repo") == "-")
    #expect(WorkspacePath.uri("My Screens/a+b é.yaml") == "My%20Screens/a%2Bb%20%C3%A9.yaml")
  }
}
