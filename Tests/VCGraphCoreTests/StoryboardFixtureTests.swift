import Foundation
import Testing
import VCGraphCore

/// The real storyboards: what they build at launch, their segues and what UIKit does with each.
@Suite struct StoryboardFixtureTests {
  typealias F = StoryboardFixtures

  /// Where `needle` first occurs in a fixture: 1-based line and column in Unicode scalars (an
  /// independent count of the text, not the reader's).
  static func position(of needle: String, in name: String) throws -> (line: Int, column: Int) {
    let text = try String(contentsOfFile: F.path(name), encoding: .utf8)
    let range = try #require(text.range(of: needle))
    let before = text[..<range.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    return (line, text[lineStart..<range.lowerBound].unicodeScalars.count + 1)
  }

  func ids(_ state: StoryboardInitialState, _ indexes: [ControllerIndex]) -> [String] {
    indexes.map { state.hierarchy.controllers[$0].id }
  }

  // MARK: - UnwindSegueDemo: navigation root, a presentation from a button, an unwind

  @Test func unwindDemoLaunchStateIsTheNavigationControllerWithItsRoot() throws {
    let map = try F.load(F.unwindDemo)
    let state = try map.initialState()
    let hierarchy = state.hierarchy
    #expect(hierarchy.controllers.map(\.id) == ["Lku-Hg-AHD", "BYZ-38-t0r"])
    #expect(
      hierarchy.controllers.map(\.className) == ["UINavigationController", "MainViewController"])
    #expect(hierarchy.controllers[0].children == [1])
    #expect(hierarchy.controllers[1].title == "Unwind Segue Demo")
    #expect(hierarchy.windows.count == 1 && hierarchy.windows[0].root == 0)
    #expect(hierarchy.superclasses["MainViewController"] == "UIViewController")
    // Locations point at the controller elements in the XML.
    let root = try Self.position(
      of: "<navigationController automaticallyAdjustsScrollViewInsets=\"NO\" id=\"Lku",
      in: F.unwindDemo)
    #expect(hierarchy.controllers[0].location.line == root.line)
    #expect(hierarchy.controllers[0].location.column == root.column)
    // The existing analyses work on it: the navigation controller shows its root.
    #expect(Analysis(hierarchy).topViewController == 1)
    #expect(Checker.findings(for: Analysis(hierarchy)).isEmpty)
  }

  @Test func unwindDemoSeguesAndTheirEffects() throws {
    let map = try F.load(F.unwindDemo)
    let storyboard = map.storyboards[0]
    #expect(
      storyboard.segues.map(\.kind) == [.unwind, .presentation, .relationship, .relationship])
    let presentation = SegueRef(storyboard: 0, segue: 1)
    #expect(
      map[presentation].trigger == .init(element: "button", id: "F7e-6t-1bu", isManual: false))
    #expect(
      map.describe(map.destination(of: presentation)!) == "'CTI-xT-FEH' (UINavigationController)")
    let segueAt = try Self.position(of: "<segue destination=\"CTI-xT-FEH\"", in: F.unwindDemo)
    #expect(map[presentation].location.line == segueAt.line)
    #expect(map[presentation].location.column == segueAt.column)

    let analysis = SegueAnalysis(map)
    // S1: "the presenter is the root of X's presentation context" — the button's controller is
    // the navigation controller's root, so the navigation controller presents. No style is
    // written, so it is automatic (a page sheet on iOS 17).
    let nav = SceneRef(storyboard: 0, scene: storyboard.scene(elementID: "Lku-Hg-AHD")!)
    let main = SceneRef(storyboard: 0, scene: storyboard.scene(elementID: "BYZ-38-t0r")!)
    #expect(
      analysis.effect(of: presentation)?.effect
        == .present(style: .automatic, presenter: nav, fallback: nil))
    // The unwind leaves EditFullnameController, inside the presented navigation controller;
    // of the controllers on the way back only MainViewController is the app's own class.
    let unwind = SegueRef(storyboard: 0, segue: 0)
    #expect(map[unwind].trigger.isManual)
    #expect(
      analysis.effect(of: unwind)?.effect
        == .unwind(action: "unwindFromEditFullnameWithSegue:", candidates: [main]))
    #expect(
      analysis.effect(of: unwind)?.path.map { map.preferredID(of: $0) }
        == ["nwy-aW-Y96", "CTI-xT-FEH", "BYZ-38-t0r", "Lku-Hg-AHD"])
    #expect(
      [presentation, unwind].compactMap { analysis.effect(of: $0) }.map(map.describe)
        == [
          "present pageSheet by 'Lku-Hg-AHD'",
          "unwind unwindFromEditFullnameWithSegue: to 'BYZ-38-t0r'",
        ])
    #expect(Checker.findings(for: analysis).isEmpty)
  }

  @Test func unwindDemoSeguesAsJSON() throws {
    let analysis = SegueAnalysis(try F.load(F.unwindDemo))
    guard case .array(let segues) = analysis.seguesJSON else {
      Issue.record("an array")
      return
    }
    let line = try Self.position(of: "<segue destination=\"CTI-xT-FEH\"", in: F.unwindDemo).line
    #expect(
      segues[1].formatted()
        == JSON.object([
          ("from", .string("BYZ-38-t0r")), ("to", .string("CTI-xT-FEH")),
          ("kind", .string("presentation")), ("identifier", .null), ("effect", .string("present")),
          ("style", .string("automatic")), ("presenter", .string("Lku-Hg-AHD")),
          ("path", .string(F.path(F.unwindDemo))), ("line", .int(line)),
        ]).formatted())
    guard case .object(let unwind) = segues[0] else { return }
    #expect(unwind.first { $0.0 == "effect" }?.1 == .string("unwind"))
    #expect(unwind.first { $0.0 == "to" }?.1 == .null)
    #expect(unwind.first { $0.0 == "identifier" }?.1 == .string("Unwind From Edit Fullname"))
  }

  // MARK: - Kickstarter: tabs that are references into other storyboards

  @Test func kickstarterTabsAreTheReferencedScenesInStoryboardOrder() throws {
    let map = try F.load(F.kickstarterMain)
    // Referenced storyboards load in the document order of the placeholders that name them.
    #expect(map.storyboards.map(\.name) == ["Main", "Login", "Activity", "Discovery"])
    let state = try map.initialState()
    let hierarchy = state.hierarchy
    let tabBar = hierarchy.windows[0].root
    #expect(hierarchy.controllers[tabBar].kind == .tabBar)
    #expect(
      ids(state, hierarchy.controllers[tabBar].children)
        == ["DiscoveryViewController", "ActivitiesViewController", "OyO-rp-Px7"])
    #expect(
      hierarchy.controllers[tabBar].children.map { hierarchy.controllers[$0].className }
        == ["DiscoveryViewController", "ActivitiesViewController", "UINavigationController"])
    // Login is referenced without an identifier: its initial navigation controller and root.
    let login = hierarchy.controllers[tabBar].children[2]
    #expect(ids(state, hierarchy.controllers[login].children) == ["jyD-hR-XbB"])
    #expect(
      hierarchy.controllers[hierarchy.controllers[login].children[0]].className
        == "LoginToutViewController")
    // Each controller points into the storyboard it comes from.
    let discovery = hierarchy.controllers[hierarchy.controllers[tabBar].children[0]]
    #expect(discovery.location.path.hasSuffix("Discovery.storyboard"))
    #expect(
      discovery.location.line
        == (try Self.position(of: "<tableViewController", in: F.kickstarterDiscovery)).line)
    #expect(discovery.notes.contains { $0.contains("aB0-Y1-uoU") })
    // No selectedIndex: the first tab is selected, and it is on top.
    let analysis = Analysis(hierarchy)
    #expect(analysis.selectedTab(tabBar) == 0)
    #expect(
      analysis.topViewController.map { hierarchy.controllers[$0].id } == "DiscoveryViewController")
  }

  @Test func kickstarterPresentationIntoAMissingStoryboardStaysAPlaceholder() throws {
    let map = try F.load(F.kickstarterMain)
    let discovery = try #require(map.storyboards.firstIndex { $0.name == "Discovery" })
    let placeholder = SceneRef(storyboard: discovery, scene: 1)
    #expect(map[placeholder].reference?.label == "Project.storyboard › ProjectNavigationController")
    #expect(
      map.unresolvedReferences[placeholder]?.contains("Project.storyboard was not found") == true)
    let segue = SegueRef(storyboard: discovery, segue: 0)
    #expect(map[segue].trigger.element == "tableViewCell")
    // In the launch state the table controller is a tab: the tab bar controller, root of its
    // presentation context, presents (S1).
    let analysis = SegueAnalysis(map)
    #expect(
      analysis.effect(of: segue)?.effect
        == .present(style: .automatic, presenter: SceneRef(storyboard: 0, scene: 0), fallback: nil))
    #expect(analysis.effect(of: segue)?.origin == .launch)
    #expect(analysis.unreachableScenes.isEmpty)
  }

  @Test func discoveryAloneHasNoLaunchStateAndAnUnknownPresenter() throws {
    let map = try F.load(F.kickstarterDiscovery)
    do {
      _ = try map.initialState()
      Issue.record("a storyboard without an initial controller has no launch state")
    } catch {
      #expect(error.kind == .dataError)
      #expect(
        error.location?.line
          == (try Self.position(of: "<document", in: F.kickstarterDiscovery)).line)
    }
    // Created in code from its storyboardIdentifier: what holds it, and so what presents, is
    // unknown.
    let outcome = SegueAnalysis(map).effect(of: SegueRef(storyboard: 0, segue: 0))
    #expect(outcome?.effect == .present(style: .automatic, presenter: nil, fallback: nil))
    #expect(outcome?.origin == .code)
  }

  // MARK: - Alamofire: master/detail split with showDetail segues

  @Test func alamofireSplitHasItsColumnsInOrder() throws {
    let map = try F.load(F.alamofire)
    let state = try map.initialState()
    let hierarchy = state.hierarchy
    let split = hierarchy.windows[0].root
    #expect(hierarchy.controllers[split].kind == .split)
    #expect(ids(state, hierarchy.controllers[split].children) == ["RMx-3f-FxP", "vC3-pB-5Vb"])
    let master = hierarchy.controllers[split].children[0]
    let detail = hierarchy.controllers[split].children[1]
    #expect(hierarchy.controllers[master].title == "Master")
    #expect(
      hierarchy.controllers[hierarchy.controllers[master].children[0]].className
        == "MasterViewController")
    #expect(
      hierarchy.controllers[hierarchy.controllers[detail].children[0]].className
        == "DetailViewController")
    // On iPhone the split is collapsed, and with no delegate override UIKit's default collapse
    // pushes the secondary onto the master's navigation stack: "the UINavigationController
    // class responds by pushing the secondary view controller onto its navigation stack"
    // (Apple, splitViewController(_:collapseSecondary:onto:)). The storyboard cannot say that
    // Alamofire's AppDelegate returns true there (Samples/alamofire-launch.yaml does).
    #expect(
      Analysis(hierarchy).topViewController.map { hierarchy.controllers[$0].className }
        == "DetailViewController")
  }

  @Test func alamofireShowDetailReplacesTheDetailOrPushesWhenCollapsed() throws {
    let map = try F.load(F.alamofire)
    let storyboard = map.storyboards[0]
    // Nine segues: the `<segue reference=...>` under inferredMetricsTieBreakers is a repeat.
    #expect(storyboard.segues.count == 9)
    #expect(
      storyboard.segues.filter { $0.kind == .showDetail }.map(\.identifier) == [
        "GET", "POST", "PUT", "DELETE", "DOWNLOAD",
      ])
    #expect(
      storyboard.segues.filter { $0.kind == .relationship }.map { $0.relationship! } == [
        .rootViewController, .masterViewController, .detailViewController, .rootViewController,
      ])
    #expect(
      storyboard.segues.filter { $0.kind == .showDetail }.allSatisfy {
        $0.trigger.element == "tableViewCell"
      })
    let get = SegueRef(
      storyboard: 0, segue: storyboard.segues.firstIndex { $0.identifier == "GET" }!)
    let split = SceneRef(storyboard: 0, scene: storyboard.scene(elementID: "H1p-Uh-vWS")!)
    let masterNav = SceneRef(storyboard: 0, scene: storyboard.scene(elementID: "RMx-3f-FxP")!)
    // "In a regular environment, the UISplitViewController class overrides this method and
    // installs vc as its detail view controller; in a compact environment, the split view
    // controller's implementation of this method calls show(_:sender:) instead."
    let outcomes = SegueAnalysis(map).outcomes[get] ?? []
    #expect(outcomes.map(\.effect) == [.replaceDetail(split: split), .push(navigation: masterNav)])
    #expect(outcomes.map(\.width) == [.regular, .compact])
    #expect(
      outcomes.map(map.describe)
        == ["regular: replace detail of 'H1p-Uh-vWS'", "compact: push onto 'RMx-3f-FxP'"])
    #expect(Checker.findings(for: SegueAnalysis(map)).isEmpty)
  }

  // MARK: - Behind the common reader protocol, and the rules' identities

  @Test func theLaunchStateIsReadBehindTheReaderProtocol() throws {
    let path = F.path(F.unwindDemo)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(StoryboardHierarchyReader.recognizes(bytes))
    #expect(!StoryboardHierarchyReader.recognizes(Array("window: { root: A }".utf8)))
    let options = ReadOptions(declaredKinds: ["MainViewController": .tabBar])
    let hierarchy = try StoryboardHierarchyReader.read(bytes: bytes, path: path, options: options)
    #expect(hierarchy.controllers.map(\.id) == ["Lku-Hg-AHD", "BYZ-38-t0r"])
    #expect(hierarchy.controllers.map(\.kind) == [.navigation, .tabBar])
  }

  @Test func rulesSharedWithTheHierarchyChecksAreOneRuleEach() {
    // One rule type answers for a description and a storyboard: the same id, severity and
    // console line, whichever input the finding came from.
    for rule in [Rule.navigationInNavigation, .alreadyPresenting] {
      let types = Checker.rules.filter { $0.rule.rawValue == rule.rawValue }
      #expect(types.count == 1, "\(rule)")
    }
    #expect(Rule.unreachableScene.summary.contains("possibly dead"))
  }

  // MARK: - Every fixture

  static let all = [
    F.unwindDemo, F.kickstarterMain, F.alamofire, F.kickstarterDiscovery,
    "kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Login.storyboard",
    "kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Activity.storyboard",
  ]

  /// The launch state written as a description and read back answers every question the same
  /// way (what `import` then `analyze` must give).
  @Test(arguments: all.prefix(3))
  func launchStateRoundTripsThroughADescription(name: String) throws {
    let state = try F.load(name).initialState()
    let yaml = DescriptionWriter.yaml(for: state.hierarchy, source: name)
    let loaded = try DescriptionLoader().load(text: yaml, path: "imported.yaml")
    #expect(loaded.controllers.map(\.id) == state.hierarchy.controllers.map(\.id))
    #expect(loaded.controllers.map(\.className) == state.hierarchy.controllers.map(\.className))
    #expect(loaded.controllers.map(\.children) == state.hierarchy.controllers.map(\.children))
    func answers(_ hierarchy: Hierarchy) throws -> [JSON] {
      guard case .object(let pairs) = try AnalysisReport(hierarchy).json else { return [] }
      return pairs.filter { $0.0 != "input" }.map(\.1)
    }
    #expect(try answers(loaded) == answers(state.hierarchy))
  }

  @Test(arguments: all)
  func everyFixtureReadsWithItsSeguesResolved(name: String) throws {
    let map = try F.load(name)
    for segue in map.allSegues where map[segue].kind != .unwind {
      #expect(map.destination(of: segue) != nil)
    }
    let analysis = SegueAnalysis(map)
    for segue in map.allSegues { #expect(analysis.outcomes[segue]?.isEmpty == false) }
  }
}
