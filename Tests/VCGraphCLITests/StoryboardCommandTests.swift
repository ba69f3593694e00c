import Foundation
import TestSupport
import Testing

/// Storyboards through the built binary: every command on the real fixtures
/// (`Tests/Fixtures/storyboards`, provenance in its README), the segue effects and findings on a
/// storyboard written here, and hostile XML.
@Suite struct StoryboardCommandTests {
  static let fixtures: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // VCGraphCLITests
    .deletingLastPathComponent()  // Tests
    .appendingPathComponent("Fixtures/storyboards")

  static let unwindDemo =
    "joinpursuit__Pursuit-Core-iOS-UnwindSegueDemo/UnwindSegueDemo/Base.lproj/Main.storyboard"
  static let kickstarterMain = "kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Main.storyboard"
  static let alamofire = "Alamofire__Alamofire/Example/Resources/Base.lproj/Main.storyboard"
  static let all = [
    unwindDemo, kickstarterMain, alamofire,
    "kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Discovery.storyboard",
    "kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Login.storyboard",
    "kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Activity.storyboard",
  ]

  static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  /// A JSON object from a command's standard output.
  static func object(_ result: RunResult) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes))
    return try #require(value as? [String: Any], "not a JSON object: \(result.stdout)")
  }

  /// Where `needle` first occurs in `text`: 1-based line and column (Unicode scalars).
  static func position(of needle: String, in text: String) throws -> (line: Int, column: Int) {
    let range = try #require(text.range(of: needle), "'\(needle)' is not in the text")
    let before = text[..<range.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let start = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    return (line, text[start..<range.lowerBound].unicodeScalars.count + 1)
  }

  // MARK: - Every fixture

  @Test(arguments: all)
  func everyFixtureAnalyzesImportsAndRoundTrips(name: String) throws {
    let input = Self.path(name)
    let text = try String(contentsOfFile: input, encoding: .utf8)
    let analysis = try vcgraph(["analyze", input, "--format", "json"])
    #expect(analysis.exitCode == 0, "\(analysis.stderr)")
    let report = try Self.object(analysis)
    // Every <segue> element of the file (the text's own count), in document order.
    let segues = try #require(report["segues"] as? [[String: Any]])
    let own = segues.filter { $0["path"] as? String == input }
    let written = text.components(separatedBy: "<segue destination=").count - 1
    #expect(own.count == written)
    let lines = own.compactMap { $0["line"] as? Int }
    #expect(lines == lines.sorted())
    #expect(own.allSatisfy { $0["effect"] is String })
    #expect(try vcgraph(["analyze", input]).stdout.contains("segues"))

    // import, then analyze of the description = analyze --initial of the storyboard.
    let directory = try TemporaryDirectory("storyboard-import")
    let yaml = directory.path("app.yaml")
    let imported = try vcgraph(["import", input, "-o", yaml])
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    let description = try String(contentsOfFile: yaml, encoding: .utf8)
    #expect(description.contains("# scene "))
    func answers(_ arguments: [String]) throws -> [String: String] {
      let result = try vcgraph(arguments + ["--format", "json"])
      #expect(result.exitCode == 0, "\(result.stderr)")
      var object = try Self.object(result)
      object["input"] = nil
      // Findings point into each file; their rules and messages must agree.
      object["findings"] = (object["findings"] as? [[String: Any]])?.map {
        "\($0["rule"] ?? "") \($0["message"] ?? "")"
      }
      return try object.mapValues {
        let data = try JSONSerialization.data(
          withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
      }
    }
    let fromYAML = try answers(["analyze", yaml])
    let initial = try answers(["analyze", "--initial", input])
    #expect(fromYAML == initial)
    #expect(initial["segues"] == nil)
    // Text too, but for the first line (the input's path).
    let yamlText = try vcgraph(["analyze", yaml]).stdout.split(separator: "\n").dropFirst()
    let initialText = try vcgraph(["analyze", "--initial", input]).stdout.split(separator: "\n")
      .dropFirst()
    #expect(Array(yamlText) == Array(initialText))
  }

  @Test(arguments: all)
  func everyFixtureRendersItsLaunchState(name: String) throws {
    let directory = try TemporaryDirectory("storyboard-render")
    let input = Self.path(name)
    let result = try vcgraph(["render", "--initial", input, "-o", directory.path("initial.svg")])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let svg = String(decoding: directory.bytes("initial.svg") ?? [], as: UTF8.self)
    // Every controller of the launch state is drawn.
    let report = try Self.object(try vcgraph(["analyze", "--initial", input, "--format", "json"]))
    let imported = try vcgraph(["import", input])
    let ids = imported.stdout.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      for prefix in ["- id: ", "id: "] where trimmed.hasPrefix(prefix) {
        return String(trimmed.dropFirst(prefix.count))
      }
      return nil
    }
    #expect(!ids.isEmpty || (report["visible"] as? [Any])?.isEmpty == true)
    // Graphviz writes `-` in ids as `&#45;`.
    for id in ids {
      let drawn = "id=\"vc-\(id)\"".replacingOccurrences(of: "-", with: "&#45;")
      #expect(svg.contains(drawn), "\(id) is not drawn")
    }
  }

  @Test(arguments: all)
  func everyFixtureRendersItsMapInEveryFormat(name: String) throws {
    let input = Self.path(name)
    let text = try String(contentsOfFile: input, encoding: .utf8)
    let dot = try vcgraph(["render", input, "-f", "dot", "-o", "-"])
    #expect(dot.exitCode == 0, "\(dot.stderr)")
    // One node per scene of the file (Graphviz names them s0_0, s0_1, ...; each is declared
    // once with its attributes): the file's own count of scene controllers.
    let scenes = text.components(separatedBy: "sceneMemberID=\"viewController\"").count - 1
    let names = Set(
      dot.stdout.split(separator: "\n").compactMap { line -> String? in
        let words = line.trimmingCharacters(in: .whitespaces).split(separator: "\t")
        guard words.count > 1, words[0].hasPrefix("s0_"), !words[0].contains("->"),
          words[1].hasPrefix("[")
        else {
          return nil
        }
        return String(words[0])
      })
    #expect(names.count == scenes, "\(names.sorted())")
    let svg = try vcgraph(["render", input, "-f", "svg", "-o", "-"])
    #expect(svg.exitCode == 0, "\(svg.stderr)")
    #expect(SVGCheck.coordinateProblems(in: svg.stdout).isEmpty)
    if GraphvizVersionTests.matchingDot() {
      // Without the title, description and ARIA attributes vcgraph adds, the bytes are dot's.
      let metadata =
        /\n<title id="vcgraph-title">[^<]*<\/title>\n<desc id="vcgraph-desc">[^<]*<\/desc>/
      let bare = svg.stdout.replacing(metadata, with: "")
        .replacing(#" role="img" aria-labelledby="vcgraph-title vcgraph-desc""#, with: "")
      let same = try DotCommand.render(dot.stdout) == Array(bare.utf8)
      #expect(same, "dot -Tsvg of the map's DOT draws different bytes")
    }
    for format in ["png", "mermaid", "md"] {
      let result = try vcgraph(["render", input, "-f", format, "-o", "-"])
      #expect(result.exitCode == 0, "\(format): \(result.stderr)")
    }
    let transitions = text.components(separatedBy: "kind=\"").dropFirst()
      .filter { !$0.hasPrefix("relationship") && !$0.hasPrefix("embed") }.count
    let page = try vcgraph(["render", input, "-f", "md", "-o", "-"]).stdout
    #expect(page.contains("## Segues") == (transitions > 0), "\(page)")
  }

  @Test func theMapSaysWhatUIKitDoesWithEachSegue() throws {
    let dot = try vcgraph(["render", Self.path(Self.alamofire), "-f", "dot", "-o", "-"]).stdout
    // Five showDetail segues from the master list's cells, alike, on one edge: an expanded
    // split replaces its detail, a collapsed one (iPhone) pushes onto the master's stack.
    // Labels are HTML in the DOT: quotes are &#39;.
    let text = dot.replacingOccurrences(of: "&#39;", with: "'")
    #expect(text.contains("showDetail ×5 'GET', 'POST', 'PUT', +2"))
    // The scenes by class or title, as their nodes are named (their ids are element ids).
    #expect(text.contains("regular: replace detail of 'UISplitViewController'"))
    #expect(text.contains("compact: push onto 'Master'"))
    #expect(dot.contains("▶ initial view controller"))
    let tabs = try vcgraph(
      ["render", Self.path(Self.kickstarterMain), "-f", "dot", "-o", "-"]
    ).stdout
    // Each tab is a reference: a node that links to the other storyboard's map, read beside
    // Main.storyboard (an unresolved reference links nowhere: `OutputLinkTests`).
    #expect(tabs.contains("URL=\"Login.svg\"") && tabs.contains("URL=\"Discovery.svg\""))
    // What a reference stands for, on two lines to keep the row of references narrow.
    #expect(
      tabs.contains("<B>→ Discovery.storyboard</B></FONT><BR/>")
        && tabs.contains("<B>› DiscoveryViewController</B>"))
    #expect(tabs.components(separatedBy: "id=\"reference-").count - 1 == 3)
    // --initial: the launch state only, as any hierarchy; no scene outside it, no segue.
    let initial = try vcgraph(
      ["render", "--initial", Self.path(Self.alamofire), "-f", "dot", "-o", "-"]
    ).stdout
    #expect(!initial.contains("showDetail") && !initial.contains("storyboard map"))
    #expect(initial.contains("vc-hay-0o-6iw"))
  }

  // MARK: - What the fixtures build and do (hand-checked against the XML)

  @Test func alamofireSplitViewAndItsShowDetailSegues() throws {
    let report = try Self.object(
      try vcgraph(["analyze", Self.path(Self.alamofire), "--format", "json"]))
    let path = (report["visiblePath"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    // The split view (H1p-Uh-vWS) collapsed on iPhone: with no delegate override UIKit pushes
    // the secondary (the detail navigation controller vC3-pB-5Vb) onto the master navigation
    // controller's stack ("the UINavigationController class responds by pushing the secondary
    // view controller onto its navigation stack", Apple), so DetailViewController is on top.
    #expect(path == ["H1p-Uh-vWS", "RMx-3f-FxP", "vC3-pB-5Vb", "hay-0o-6iw"])
    let segues = try #require(report["segues"] as? [[String: Any]])
    let kinds = segues.compactMap { $0["kind"] as? String }
    #expect(kinds.filter { $0 == "relationship" }.count == 4)
    #expect(kinds.filter { $0 == "showDetail" }.count == 5)
    let get = try #require(segues.first { $0["identifier"] as? String == "GET" })
    #expect(get["from"] as? String == "7bK-jq-Zjz")
    #expect(get["to"] as? String == "vC3-pB-5Vb")
    #expect(get["effect"] as? String == "showDetail")
    let text = try vcgraph(["analyze", Self.path(Self.alamofire)]).stdout
    #expect(
      text.contains(
        "showDetail 'GET' 7bK-jq-Zjz → vC3-pB-5Vb: regular: replace detail of 'H1p-Uh-vWS';"
          + " compact: push onto 'RMx-3f-FxP'"))
  }

  @Test func unwindDemoPresentationAndUnwind() throws {
    let report = try Self.object(
      try vcgraph(["analyze", Self.path(Self.unwindDemo), "--format", "json"]))
    let segues = try #require(report["segues"] as? [[String: Any]])
    let presentation = try #require(segues.first { $0["kind"] as? String == "presentation" })
    // S1: the button's controller is the navigation controller's root, so the navigation
    // controller presents; no style written: automatic.
    #expect(presentation["effect"] as? String == "present")
    #expect(presentation["presenter"] as? String == "Lku-Hg-AHD")
    #expect(presentation["style"] as? String == "automatic")
    let unwind = try #require(segues.first { $0["kind"] as? String == "unwind" })
    #expect(unwind["effect"] as? String == "unwind")
    #expect(unwind["to"] is NSNull)
    #expect(unwind["identifier"] as? String == "Unwind From Edit Fullname")
  }

  @Test func kickstarterTabsAreReferencesToOtherStoryboards() throws {
    let report = try Self.object(
      try vcgraph(["analyze", Self.path(Self.kickstarterMain), "--format", "json"]))
    let path = (report["visiblePath"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    // The first tab is selected: the reference to Discovery.storyboard's
    // DiscoveryViewController.
    #expect(path == ["49e-Tb-3d3", "DiscoveryViewController"])
    let yaml = try vcgraph(["import", Self.path(Self.kickstarterMain)]).stdout
    // Tabs in the storyboard's order, each from its reference.
    let ids = yaml.split(separator: "\n").filter { $0.contains("- id: ") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      ids == [
        "- id: DiscoveryViewController", "- id: ActivitiesViewController", "- id: OyO-rp-Px7",
        "- id: jyD-hR-XbB",
      ])
    #expect(yaml.contains("# from the reference aB0-Y1-uoU in Main.storyboard"))
  }

  // MARK: - A storyboard with every kind of segue

  /// Launch: a navigation controller (`nav`) with `a` (AViewController) as root. `a` has
  /// segues of every kind from a button; `b` shows a navigation controller (refused); `c`
  /// unwinds; `z` is reached by nothing.
  static let allKinds = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections>
                            <segue destination="a" kind="relationship" relationship="rootViewController" id="r1"/>
                        </connections>
                    </navigationController>
                </objects>
            </scene>
            <!--A-->
            <scene sceneID="s2">
                <objects>
                    <viewController id="a" customClass="AViewController" sceneMemberID="viewController">
                        <view key="view" id="a-view">
                            <subviews>
                                <button id="go">
                                    <connections>
                                        <segue destination="b" kind="show" identifier="toB" id="g1"/>
                                        <segue destination="c" kind="presentation" identifier="toC" modalPresentationStyle="formSheet" id="g2"/>
                                        <segue destination="d" kind="popoverPresentation" identifier="toD" popoverAnchorView="go" id="g3"/>
                                        <segue destination="e" kind="custom" identifier="toE" customClass="FadeSegue" id="g4"/>
                                        <segue destination="g" kind="push" identifier="toG" id="g5"/>
                                    </connections>
                                </button>
                                <containerView id="box">
                                    <connections>
                                        <segue destination="f" kind="embed" id="g6"/>
                                    </connections>
                                </containerView>
                            </subviews>
                        </view>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="s3">
                <objects>
                    <viewController id="b" storyboardIdentifier="B" sceneMemberID="viewController">
                        <connections>
                            <segue destination="nav2" kind="show" identifier="toNav" id="g7"/>
                        </connections>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="s4">
                <objects>
                    <viewController id="c" sceneMemberID="viewController">
                        <connections>
                            <segue destination="exit4" kind="unwind" identifier="back" unwindAction="backToA:" id="g8"/>
                        </connections>
                    </viewController>
                    <exit id="exit4" userLabel="Exit" sceneMemberID="exit"/>
                </objects>
            </scene>
            <scene sceneID="s5"><objects><viewController id="d" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="s6"><objects><viewController id="e" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="s7"><objects><viewController id="f" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="s8"><objects><viewController id="g" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="s9"><objects><navigationController id="nav2" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="s10"><objects><viewController id="z" sceneMemberID="viewController"/></objects></scene>
        </scenes>
    </document>

    """

  @Test func oneEffectOfEachKind() throws {
    let directory = try TemporaryDirectory("storyboard-kinds")
    let input = try directory.write("App.storyboard", Self.allKinds)
    let report = try Self.object(try vcgraph(["analyze", input, "--format", "json"]))
    let segues = try #require(report["segues"] as? [[String: Any]])
    func segue(_ identifier: String) -> [String: Any] {
      segues.first { $0["identifier"] as? String == identifier } ?? [:]
    }
    // show in a navigation stack pushes (UINavigationController implements show(_:sender:)).
    #expect(segue("toB")["effect"] as? String == "push")
    // Present Modally with the segue's style; S1: the navigation controller presents.
    #expect(segue("toC")["effect"] as? String == "present")
    #expect(segue("toC")["style"] as? String == "formSheet")
    #expect(segue("toC")["presenter"] as? String == "nav")
    #expect(segue("toD")["style"] as? String == "popover")
    #expect(segue("toE")["effect"] as? String == "custom")
    #expect(segue("toG")["effect"] as? String == "push")
    #expect(segue("toNav")["effect"] as? String == "refused")
    #expect(segue("back")["effect"] as? String == "unwind")
    let embed = try #require(segues.first { $0["kind"] as? String == "embed" })
    #expect(embed["effect"] as? String == "embed")
    #expect(embed["to"] as? String == "f")
    // The embedded child is part of the launch state.
    let visible = (report["visible"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    #expect(visible == ["nav", "a", "f"])
    let segueLine = try Self.position(of: "identifier=\"toC\"", in: Self.allKinds).line
    #expect(segue("toC")["line"] as? Int == segueLine)
  }

  @Test func checkReportsStoryboardFindingsInTheXMLAndIgnoresThemOnRequest() throws {
    let directory = try TemporaryDirectory("storyboard-check")
    let input = try directory.write("App.storyboard", Self.allKinds)
    let result = try vcgraph(["check", input], cwd: directory.url)
    #expect(result.exitCode == 1, "navigation-in-navigation is an error")
    let segue = try Self.position(of: "<segue destination=\"nav2\"", in: Self.allKinds)
    #expect(
      result.stdout.contains(
        "\(input):\(segue.line):\(segue.column): error: show segue 'toNav' in 'B'"
          + " (UIViewController) pushes navigation controller 'nav2'"))
    #expect(result.stdout.contains("[navigation-in-navigation]"))
    let scene = try Self.position(of: "<viewController id=\"z\"", in: Self.allKinds)
    #expect(
      result.stdout.contains("\(input):\(scene.line):\(scene.column): warning: 'z'"))
    #expect(result.stdout.contains("[unreachable-scene]"))
    // The XML line is quoted under the finding.
    #expect(result.stdout.contains("<segue destination=\"nav2\" kind=\"show\""))
    let json = try Self.object(try vcgraph(["check", input, "--format", "json"]))
    let rules = (json["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
    #expect(rules == ["navigation-in-navigation", "unreachable-scene"])
    let ignored = try vcgraph(["check", input, "--ignore", "navigation-in-navigation"])
    #expect(ignored.exitCode == 0)
    #expect(!ignored.stdout.contains("navigation-in-navigation"))
    #expect(ignored.stdout.contains("unreachable-scene"))
    let typo = try vcgraph(["check", input, "--ignore", "unreachable-scenes"])
    #expect(typo.exitCode == 64)
    #expect(typo.stderr.contains("did you mean 'unreachable-scene'?"))
    // analyze lists the same findings.
    let analyzed = try Self.object(try vcgraph(["analyze", input, "--format", "json"]))
    let analyzedRules = (analyzed["findings"] as? [[String: Any]])?.compactMap {
      $0["rule"] as? String
    }
    #expect(analyzedRules == rules)
  }

  @Test func baselinesAndTheConfigurationFileTreatStoryboardFindingsAsAnyOther() throws {
    let directory = try TemporaryDirectory("storyboard-baseline")
    try directory.write("App.storyboard", Self.allKinds)
    let written = try vcgraph(
      ["check", "App.storyboard", "--write-baseline", "baseline.json", "--no-config"],
      cwd: directory.url)
    #expect(written.exitCode == 1)
    // Each finding is recorded by its scene and segue ids, not by line.
    let baseline = String(decoding: directory.bytes("baseline.json") ?? [], as: UTF8.self)
    #expect(baseline.contains("\"storyboard:App/scene:B/segue:toNav\""))
    #expect(baseline.contains("\"storyboard:App/scene:z\""))
    // Lines move (a comment before every scene): the baseline still holds both findings.
    try directory.write(
      "App.storyboard",
      Self.allKinds.replacingOccurrences(of: "<scene sceneID", with: "<!--moved-->\n<scene sceneID")
    )
    let tolerated = try vcgraph(
      ["check", "App.storyboard", "--baseline", "baseline.json", "--no-config"],
      cwd: directory.url)
    #expect(tolerated.exitCode == 0, "\(tolerated.stdout)")
    #expect(!tolerated.stdout.contains("[navigation-in-navigation]"))
    // .vcgraph.yml switches a storyboard rule off and changes another's severity.
    try directory.write(
      ".vcgraph.yml",
      "disabled_rules: [unreachable-scene]\nseverity:\n  navigation-in-navigation: warning\n")
    let configured = try vcgraph(["check", "App.storyboard"], cwd: directory.url)
    #expect(configured.exitCode == 0, "a warning now: \(configured.stdout)")
    #expect(configured.stdout.contains("warning: show segue 'toNav'"))
    #expect(!configured.stdout.contains("[unreachable-scene]"))
  }

  // MARK: - References

  @Test func referencesResolveInFoldersGivenOnTheCommandLine() throws {
    let directory = try TemporaryDirectory("storyboard-references")
    let main = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="tabs">
          <scenes>
              <scene sceneID="s1"><objects>
                  <tabBarController id="tabs" sceneMemberID="viewController">
                      <connections>
                          <segue destination="ref" kind="relationship" relationship="viewControllers" id="r1"/>
                      </connections>
                  </tabBarController>
              </objects></scene>
              <scene sceneID="s2"><objects>
                  <viewControllerPlaceholder storyboardName="Feed" id="ref" sceneMemberID="viewController"/>
              </objects></scene>
          </scenes>
      </document>

      """
    let feed = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="feed">
          <scenes>
              <scene sceneID="f1"><objects>
                  <tableViewController id="feed" customClass="FeedViewController" sceneMemberID="viewController"/>
              </objects></scene>
          </scenes>
      </document>

      """
    try directory.write("app/Main.storyboard", main)
    try directory.write("modules/feed/Feed.storyboard", feed)
    // Not next to Main.storyboard: a labelled placeholder with a note, not an error.
    let alone = try vcgraph(["import", "app/Main.storyboard"], cwd: directory.url)
    #expect(alone.exitCode == 0, "\(alone.stderr)")
    #expect(alone.stdout.contains("unresolved reference to Feed.storyboard"))
    #expect(alone.stdout.contains("class: UIViewController"))
    // A folder given on the command line is searched: the reference becomes the tab.
    let found = try vcgraph(["check", "app", "modules"], cwd: directory.url)
    #expect(found.exitCode == 0, "\(found.stderr)")
    // `analyze` takes one input: other folders are named with --storyboard-folder.
    func top(_ arguments: [String]) throws -> String? {
      let report = try Self.object(
        try vcgraph(["analyze", "--format", "json"] + arguments, cwd: directory.url))
      return (report["topViewController"] as? [String: Any])?["class"] as? String
    }
    #expect(try top(["app"]) == "UIViewController")
    #expect(try top(["app", "--storyboard-folder", "modules/feed"]) == "FeedViewController")
    // Worker processes (--jobs 2) resolve references as one process does.
    for jobs in ["1", "2"] {
      let out = "out-\(jobs)"
      try FileManager.default.createDirectory(
        atPath: directory.path(out), withIntermediateDirectories: true)
      let rendered = try vcgraph(
        ["render", "--initial", "app", "modules", "-f", "dot", "-o", out, "--jobs", jobs],
        cwd: directory.url)
      #expect(rendered.exitCode == 0, "\(rendered.stderr)")
      let dot = String(decoding: directory.bytes("\(out)/Main.dot") ?? [], as: UTF8.self)
      #expect(dot.contains("FeedViewController"), "--jobs \(jobs)")
    }
  }

  // MARK: - simulate --steps with perform

  @Test func performAppliesEachSegueAsUIKitDoes() throws {
    let directory = try TemporaryDirectory("storyboard-simulate")
    let input = try directory.write("App.storyboard", Self.allKinds)
    let steps = try directory.write(
      "steps.yaml",
      """
      steps:
        - perform: toB
        - pop: { on: nav }
        - perform: { segue: toC, from: a }
        - perform: back
        - perform: toD

      """)
    let result = try vcgraph(
      ["simulate", input, "--steps", steps, "-o", directory.path("out"), "--format", "json"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let summary = try Self.object(result)
    let stepList = try #require(summary["steps"] as? [[String: Any]])
    func tops() -> [String] {
      stepList.compactMap { ($0["topViewController"] as? [String: Any])?["after"] as? String }
    }
    // Push B (b's storyboardIdentifier); pop back to a, whose embedded child f is the top (S3
    // steps into a container's only attached child); present c (formSheet, by nav); unwind
    // to a (c dismissed); popover d, performed by a, the container that has the segue.
    #expect(tops() == ["B", "f", "c", "f", "d"])
    #expect((stepList[0]["description"] as? String)?.contains("push B on nav") == true)
    #expect((stepList[2]["description"] as? String)?.contains("presenter: nav") == true)
    #expect((stepList[3]["removed"] as? [String]) == ["c"])
    #expect(FileManager.default.fileExists(atPath: directory.path("out/index.html")))
  }

  @Test func performRefusalsArePositionedInTheStepsFile() throws {
    let directory = try TemporaryDirectory("storyboard-refusals")
    let input = try directory.write("App.storyboard", Self.allKinds)
    let cases: [(steps: String, message: String)] = [
      ("steps:\n  - perform: toQ\n", "has no segue with the identifier 'toQ'"),
      (
        "steps:\n  - perform: toB\n  - perform: toNav\n", "a navigation controller cannot be pushed"
      ),
      ("steps:\n  - perform: toE\n", "a custom segue (FadeSegue)"),
      ("steps:\n  - perform: { segue: toB, form: a }\n", "unknown key 'form'"),
    ]
    for (text, message) in cases {
      let steps = try directory.write("steps.yaml", text)
      // --strict: a raising step (pushing a navigation controller) is refused too.
      let result = try vcgraph(
        ["simulate", input, "--steps", steps, "-o", directory.path("out"), "--strict"])
      #expect(result.exitCode == 65, "\(text): \(result.stderr)")
      #expect(result.stderr.contains("\(steps):"), "\(result.stderr)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: directory.path("out/index.html")))
    }
    let description = try directory.write("app.yaml", "window: { root: A }\n")
    let steps = try directory.write("steps.yaml", "steps:\n  - perform: toB\n")
    let notStoryboard = try vcgraph(["simulate", description, "--steps", steps])
    #expect(notStoryboard.exitCode == 65)
    #expect(notStoryboard.stderr.contains("this input is not a storyboard"))
  }

  /// A deprecated Push segue from a controller no navigation controller holds: UIKit raises
  /// NSGenericException "Push segues can only be used when the source controller is managed by
  /// an instance of UINavigationController." (UIKitMessages.pushSegueOutsideNavigation, from
  /// ltebean/LTInfiniteScrollView-Swift #3). Without --strict the step is the one UIKit raises
  /// at, with UIKit's line; with --strict the refusal carries the same line.
  @Test func pushSegueOutsideNavigationRaisesWithUIKitsLine() throws {
    let directory = try TemporaryDirectory("storyboard-push-outside")
    let input = try directory.write(
      "Push.storyboard",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
          <scenes>
              <scene sceneID="s1"><objects>
                  <viewController id="a" customClass="AViewController" sceneMemberID="viewController">
                      <connections>
                          <segue destination="b" kind="push" identifier="toB" id="p1"/>
                      </connections>
                  </viewController>
              </objects></scene>
              <scene sceneID="s2"><objects>
                  <viewController id="b" customClass="BViewController" sceneMemberID="viewController"/>
              </objects></scene>
          </scenes>
      </document>

      """)
    let steps = try directory.write("steps.yaml", "steps:\n  - perform: toB\n")
    let line =
      "*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Push segues"
      + " can only be used when the source controller is managed by an instance of"
      + " UINavigationController.'"
    let result = try vcgraph(
      ["simulate", input, "--steps", steps, "-o", directory.path("out"), "--format", "json"])
    #expect(result.exitCode == 1, "\(result.stderr)")
    #expect(result.stderr.contains("UIKit raises at step 1"), "\(result.stderr)")
    let summary = try Self.object(result)
    let effect = try #require((summary["steps"] as? [[String: Any]])?.first)
    #expect((effect["description"] as? String)?.hasPrefix("UIKit raises: ") == true)
    #expect((effect["notes"] as? [String]) == ["UIKit prints: " + line])
    let strict = try vcgraph(
      ["simulate", input, "--steps", steps, "-o", directory.path("strict"), "--format", "json",
       "--strict"])
    #expect(strict.exitCode == 65, "\(strict.stderr)")
    let refusal = try #require(try Self.object(strict)["refusal"] as? [String: Any])
    #expect(refusal["uikitMessage"] as? String == line)
  }

  // MARK: - Hostile XML through every command

  static let minimal = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <viewController id="a" customClass="A" sceneMemberID="viewController"/>
                </objects>
            </scene>
        </scenes>
    </document>

    """

  static func hostile() -> [(name: String, bytes: [UInt8], line: Int, message: String)] {
    let text = minimal
    func line(of needle: String, in text: String) -> Int {
      (try? position(of: needle, in: text).line) ?? 0
    }
    var latin1 = Array(text.utf8)
    let marker = Array("customClass=\"A".utf8)
    if let at = latin1.indices.first(where: { latin1[$0...].starts(with: marker) }) {
      latin1.insert(0xE9, at: at + marker.count)
    }
    var entities = "<!ENTITY lol0 \"lol\">\n"
    for level in 1...9 {
      entities +=
        "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
    }
    let bomb = text.replacingOccurrences(
      of: "<document", with: "<!DOCTYPE document [\n\(entities)]>\n<document")
    let external = text.replacingOccurrences(
      of: "<document",
      with: "<!DOCTYPE document [<!ENTITY leak SYSTEM \"file:///etc/passwd\">]>\n<document"
    ).replacingOccurrences(of: "</scenes>", with: "&leak;</scenes>")
    let deep = text.replacingOccurrences(
      of: "<viewController id=\"a\" customClass=\"A\" sceneMemberID=\"viewController\"/>",
      with: "<viewController id=\"a\" sceneMemberID=\"viewController\">"
        + String(repeating: "<view>", count: 1_000) + String(repeating: "</view>", count: 1_000)
        + "</viewController>")
    let malformed = text.replacingOccurrences(of: "</objects>", with: "</object>")
    let truncated = String(text.prefix(text.count - 40))
    return [
      ("malformed", Array(malformed.utf8), line(of: "</object>", in: malformed), "malformed XML"),
      ("truncated", Array(truncated.utf8), truncated.filter { $0 == "\n" }.count + 1, "XML"),
      ("non-UTF-8", latin1, line(of: "customClass", in: text), "not valid UTF-8"),
      ("deep", Array(deep.utf8), line(of: "<view>", in: deep), "nest more than"),
      ("entity bomb", Array(bomb.utf8), line(of: "<!DOCTYPE", in: bomb), "<!DOCTYPE>"),
      ("external entity", Array(external.utf8), line(of: "<!DOCTYPE", in: external), "<!DOCTYPE>"),
    ]
  }

  @Test func hostileXMLFailsWithAPositionedErrorAndExit65() throws {
    let directory = try TemporaryDirectory("storyboard-hostile")
    for item in Self.hostile() {
      let input = try directory.write("\(item.name).storyboard", bytes: item.bytes)
      for command in [
        ["render", input, "-o", directory.path("out.svg")], ["render", "--initial", input],
        ["analyze", input], ["check", input], ["import", input],
        ["simulate", input, "-o", directory.path("sim")],
      ] {
        let result = try vcgraph(command, cwd: directory.url)
        #expect(result.exitCode == 65, "\(item.name) \(command[0]): \(result.stderr)")
        #expect(
          result.stderr.contains("\(input):\(item.line):"),
          "\(item.name) \(command[0]) is not positioned at line \(item.line): \(result.stderr)")
        #expect(result.stderr.contains(item.message), "\(item.name): \(result.stderr)")
        #expect(!result.stderr.contains("root:x:0:0"), "nothing is read from an entity")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.svg")))
  }

  @Test func aHundredMegabyteStoryboardIsRefusedBeforeItIsRead() throws {
    let directory = try TemporaryDirectory("storyboard-huge")
    let path = try directory.write("Huge.storyboard", Self.minimal)
    let file = open(path, O_WRONLY)
    try #require(file >= 0)
    #expect(ftruncate(file, 100 * 1024 * 1024) == 0)
    close(file)
    let started = Date()
    let result = try vcgraph(["check", path])
    #expect(result.exitCode == 65)
    #expect(
      result.stderr.contains(
        "\(path):1:1: error: the file is \(100 * 1024 * 1024) bytes, more than the limit"))
    #expect(Date().timeIntervalSince(started) < 5)
  }
}
