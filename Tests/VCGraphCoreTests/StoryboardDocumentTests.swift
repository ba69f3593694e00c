import Foundation
import Testing
import VCGraphCore

/// A storyboard as the commands read it: launch state of any storyboard, the rules in the
/// registry, report sections, and `perform` steps.
@Suite struct StoryboardDocumentTests {
  typealias F = StoryboardFixtures

  static func document(_ name: String) throws -> StoryboardDocument {
    let path = F.path(name)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return try StoryboardDocument.read(bytes: bytes, path: path, options: .default)
  }

  static func document(text: String) throws -> StoryboardDocument {
    try StoryboardDocument.read(bytes: Array(text.utf8), path: "t.storyboard", options: .default)
  }

  // MARK: - Launch state without an initial view controller

  @Test func aStoryboardWithoutInitialControllerLaunchesNothingAndListsItsIdentifierScenes()
    throws
  {
    // Activity.storyboard has no initialViewController; its one scene has the
    // storyboardIdentifier ActivitiesViewController.
    let activity = try Self.document(
      "kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Activity.storyboard")
    let hierarchy = activity.launch.hierarchy
    #expect(hierarchy.windows.isEmpty)
    #expect(
      hierarchy.detachedRoots.map { hierarchy.controllers[$0].id } == ["ActivitiesViewController"])
    #expect(Analysis(hierarchy).topViewController == nil)
    #expect(
      hierarchy.controllers[0].notes.contains { $0.contains("has no initial view controller") })
  }

  @Test func containersComeFirstAndEachSceneOnce() throws {
    // No initial controller; a navigation controller (identifier N) whose root (identifier R)
    // has an identifier too: R is built inside N, not again on its own.
    let text = F.document(
      initial: nil,
      [
        F.controller(
          "viewController", id: "r", attributes: "storyboardIdentifier=\"R\""),
        F.controller(
          "navigationController", id: "n", attributes: "storyboardIdentifier=\"N\"",
          segues: [F.segue("relationship", to: "r", "relationship=\"rootViewController\"")]),
      ])
    let hierarchy = try Self.document(text: text).launch.hierarchy
    #expect(hierarchy.detachedRoots.map { hierarchy.controllers[$0].id } == ["N"])
    #expect(hierarchy.controllers.map(\.id) == ["N", "R"])
  }

  @Test func declaredKindsApplyToTheMapAndTheLaunchState() throws {
    let path = F.path(F.unwindDemo)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let options = ReadOptions(declaredKinds: ["MainViewController": .tabBar])
    let document = try StoryboardDocument.read(bytes: bytes, path: path, options: options)
    let main = try #require(document.map.storyboards[0].scene(elementID: "BYZ-38-t0r"))
    #expect(document.map.storyboards[0].scenes[main].kind == .tabBar)
    #expect(document.launch.hierarchy.controllers[1].kind == .tabBar)
  }

  // MARK: - The registry

  @Test func everyStoryboardRuleIsRegisteredOnce() {
    let registered = Checker.rules.map { $0.rule.rawValue }
    #expect(Set(registered).count == registered.count)
    let storyboardRules: [Rule] = [
      .showPresentsModally, .navigationInNavigation, .unreachableScene, .popoverWithoutAnchor,
      .alreadyPresenting, .pushOutsideNavigation,
    ]
    for rule in storyboardRules {
      #expect(registered.contains(rule.rawValue), "\(rule) is not in Checker.rules")
    }
    // The rules whose examples are storyboards are the storyboard-only ones.
    let storyboardOnly = Checker.rules.filter { $0.documentation.exampleFormat == .storyboard }
    #expect(
      Set(storyboardOnly.map { $0.rule.rawValue })
        == ["show-presents-modally", "unreachable-scene", "popover-without-anchor",
          "push-outside-navigation"])
  }

  /// `b` shows a navigation controller from inside `nav`'s stack: a storyboard
  /// navigation-in-navigation (the segue), and the launch state holds none.
  static let navigationShown = F.document(
    initial: "nav",
    [
      F.controller(
        "navigationController", id: "nav",
        segues: [F.segue("relationship", to: "b", "relationship=\"rootViewController\"")]),
      F.controller("viewController", id: "b", segues: [F.segue("show", to: "nav2")]),
      F.controller("navigationController", id: "nav2"),
    ])

  @Test func findingsJoinTheLaunchStatesAndHonourIgnoredRules() throws {
    let document = try Self.document(text: Self.navigationShown)
    let report = try AnalysisReport(document.launch.hierarchy, storyboard: document)
    #expect(report.findings.map(\.rule.rawValue) == ["navigation-in-navigation"])
    // On the launch state's controller for the segue's scene (a badge on the diagram).
    #expect(report.findings[0].controller == document.launch.hierarchy.controller(id: "b"))
    #expect(
      report.findings[0].location.line
        == document.map[SegueRef(storyboard: 0, segue: 1)].location.line)
    var silenced = document.launch.hierarchy
    silenced.ignoredRules = ["navigation-in-navigation"]
    #expect(try AnalysisReport(silenced, storyboard: document).findings.isEmpty)
    // Without the storyboard (`--initial`), only the launch state: no finding, no segues.
    let launch = try AnalysisReport(document.launch.hierarchy)
    #expect(launch.findings.isEmpty)
    guard case .object(let pairs) = launch.json, case .object(let all) = report.json else {
      Issue.record("the reports are JSON objects")
      return
    }
    #expect(!pairs.contains { $0.0 == "segues" })
    #expect(all.last?.0 == "segues")
    #expect(report.text.contains("segues (2):"))
    #expect(report.text.contains("refused: navigation controller pushed onto 'nav'"))
  }

  // MARK: - perform steps

  @Test func performStepsDecodeInBothFormsAndWriteBack() throws {
    let document = try Self.document(text: Self.navigationShown)
    let steps = try DescriptionLoader().loadSteps(
      bytes: Array("steps:\n  - perform: go\n  - perform: { segue: back, from: b }\n".utf8),
      path: "steps.yaml", for: document.launch.hierarchy)
    #expect(
      steps.map(\.operation) == [
        .perform(segue: "go", from: nil), .perform(segue: "back", from: "b"),
      ])
    #expect(
      steps[0].keyLocations["segue"] == SourceLocation(path: "steps.yaml", line: 2, column: 14))
    var hierarchy = document.launch.hierarchy
    hierarchy.steps = steps
    let written = DescriptionWriter.yaml(for: hierarchy)
    #expect(written.contains("- perform: { segue: go }"))
    #expect(written.contains("- perform: { segue: back, from: b }"))
    #expect(throws: VCGraphError.self) {
      try DescriptionLoader().loadSteps(
        bytes: Array("window: { root: A }\nsteps: []\n".utf8), path: "steps.yaml",
        for: document.launch.hierarchy)
    }
  }

  @Test func showDetailInAnExpandedSplitReplacesTheDetailColumn() throws {
    // Alamofire on iPad (expanded): GET replaces the detail navigation controller.
    let document = try Self.document(F.alamofire)
    var hierarchy = document.launch.hierarchy
    hierarchy.device = .iPad
    // Expanded, both columns are on screen and the split is the top view controller: the
    // master names itself as the source.
    let at = SourceLocation(path: "s", line: 1, column: 1)
    hierarchy.steps = [
      Step(.perform(segue: "GET", from: nil), location: at),
      Step(.perform(segue: "GET", from: "7bK-jq-Zjz"), location: at),
    ]
    var simulation = Simulator.run(hierarchy, storyboard: document)
    #expect(
      simulation.refusal?.message.contains("'H1p-Uh-vWS' (UISplitViewController) has no segue")
        == true)
    hierarchy.steps.removeFirst()
    simulation = Simulator.run(hierarchy, storyboard: document)
    #expect(simulation.refusal == nil)
    let after = try #require(simulation.states.last)
    let split = try #require(after.controller(id: "H1p-Uh-vWS"))
    // "a UISplitViewController replaces its second child view controller (the detail
    // controller) with the new view controller": a new instance, the old one gone.
    #expect(
      after.controllers[split].children.map { after.controllers[$0].id } == [
        "RMx-3f-FxP", "vC3-pB-5Vb-2",
      ])
    #expect(after.controller(id: "vC3-pB-5Vb") == nil)
    #expect(simulation.effects[0].removed == ["vC3-pB-5Vb", "hay-0o-6iw"])
  }

  /// Collapsed (iPhone), Alamofire's GET from the master list: the segue analysis and a
  /// `perform` step give one hierarchy, the detail navigation controller itself pushed onto
  /// the master's. Apple, `UISplitViewController.showDetailViewController(_:sender:)`: "If the
  /// delegate doesn't show the view controller, the split view controller forwards the message
  /// to the view controller being replaced. For example, a navigation controller responds by
  /// pushing `vc` onto its navigation stack." — `vc` itself, as the default collapse pushes
  /// "the secondary view controller onto its navigation stack"
  /// (`splitViewController(_:collapseSecondary:onto:)`). UIKit builds that nesting, so neither
  /// engine reports navigation-in-navigation. (Before, the simulator pushed the navigation
  /// controller's root instead.)
  @Test func showDetailInACollapsedSplitPushesTheDetailNavigationControllerItself() throws {
    let document = try Self.document(F.alamofire)
    let map = document.map
    func scene(_ id: String) -> SceneRef {
      SceneRef(storyboard: 0, scene: map.storyboards[0].scene(elementID: id)!)
    }
    let get = SegueRef(
      storyboard: 0, segue: map.storyboards[0].segues.firstIndex { $0.identifier == "GET" }!)
    let destination = try #require(map.destination(of: get))
    #expect(destination == scene("vC3-pB-5Vb"))
    #expect(map[destination].kind == .navigation)
    // The segue analysis: compact, pushed onto the master's navigation controller.
    let compact = try #require(document.segues.outcomes[get]?.first { $0.width == .compact })
    #expect(compact.effect == .push(navigation: scene("RMx-3f-FxP")))
    #expect(!document.findings().contains { $0.rule == .navigationInNavigation })

    var hierarchy = document.launch.hierarchy
    #expect(hierarchy.device == .iPhone)
    hierarchy.steps = [
      Step(
        .perform(segue: "GET", from: "7bK-jq-Zjz"),
        location: SourceLocation(path: "s", line: 1, column: 1))
    ]
    let simulation = Simulator.run(hierarchy, storyboard: document)
    #expect(simulation.refusal == nil)
    #expect(simulation.exception == nil)
    let after = try #require(simulation.states.last)
    let nav = try #require(after.controller(id: "RMx-3f-FxP"))
    let stack = after.controllers[nav].children
    // The master list, the secondary the collapse pushed, then the new detail navigation
    // controller holding its root.
    #expect(stack.map { after.controllers[$0].id } == ["7bK-jq-Zjz", "vC3-pB-5Vb", "vC3-pB-5Vb-2"])
    let pushed = try #require(stack.last)
    func sceneOf(_ index: ControllerIndex) -> SceneRef? {
      document.scene(at: after.controllers[index].location)
    }
    // The same place as the analysis says: an instance of the destination on the navigation
    // controller it names, holding the destination's root.
    #expect(sceneOf(pushed) == destination)
    #expect(sceneOf(nav) == scene("RMx-3f-FxP"))
    #expect(after.controllers[pushed].children.map(sceneOf) == [scene("hay-0o-6iw")])
    #expect(
      Analysis(after).topViewController.map { after.controllers[$0].id } == "hay-0o-6iw-2")
    #expect(
      !Checker.findings(for: Analysis(after)).contains { $0.rule == .navigationInNavigation })
    #expect(
      simulation.effects.first?.notes.contains { $0.contains("navigation controller itself") }
        == true)
  }
}
