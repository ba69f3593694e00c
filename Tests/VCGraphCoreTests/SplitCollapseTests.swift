import Testing
import VCGraphCore

/// Split view controllers as UIKit collapses and contains them (issue 31), from Apple's
/// documentation:
/// - UISplitViewController: "You can't push a split view controller onto a navigation stack."
/// - `splitViewController(_:collapseSecondary:onto:)`: return "false to let the split view
///   controller try to incorporate the secondary view controller's content into the collapsed
///   interface, or true to indicate that you do not want the split view controller to do
///   anything with the secondary view controller"; by default "the UINavigationController class
///   responds by pushing the secondary view controller onto its navigation stack", and after
///   collapsing UIKit leaves "the primary view controller as its only child".
@Suite struct SplitCollapseTests {
  static func load(_ yaml: String) throws -> Hierarchy {
    try DescriptionLoader().load(text: yaml, path: "split.yaml")
  }

  static func top(_ yaml: String) throws -> String? {
    let analysis = Analysis(try load(yaml))
    return analysis.topViewController.map { analysis.hierarchy.controllers[$0].id }
  }

  static let masterDetail = """
    window:
      root:
        class: UISplitViewController
        id: split
        viewControllers:
          - { class: UINavigationController, id: masterNav, viewControllers: [ { class: MasterViewController, id: master } ] }
          - { class: UINavigationController, id: detailNav, viewControllers: [ { class: DetailViewController, id: detail } ] }
    """

  @Test("collapsed on iPhone with no delegate override, the secondary's top is on screen")
  func defaultCollapseShowsTheSecondary() throws {
    let analysis = Analysis(try Self.load(Self.masterDetail))
    let ids = analysis.visiblePath.map { analysis.hierarchy.controllers[$0.controller].id }
    #expect(ids == ["split", "masterNav", "detailNav", "detail"])
    let master = try #require(analysis.hierarchy.controller(id: "master"))
    #expect(!analysis.onScreen[master], "the pushed secondary covers the master list")
  }

  @Test("`collapseSecondary: true` (the delegate handled it): the primary stays on top")
  func delegateOverrideKeepsThePrimary() throws {
    let yaml = Self.masterDetail.replacingOccurrences(
      of: "    id: split\n", with: "    id: split\n    collapseSecondary: true\n")
    #expect(try Self.top(yaml) == "master")
  }

  @Test("expanded (iPad) both columns show; a plain primary does nothing with the secondary")
  func expandedAndPlainPrimary() throws {
    let ipad = Analysis(try Self.load("device: iPad\n" + Self.masterDetail))
    #expect(
      Set(ipad.visibleLeaves.map { ipad.hierarchy.controllers[$0].id }) == ["master", "detail"])
    let plain = """
      window:
        root:
          class: UISplitViewController
          viewControllers: [ { class: ListViewController, id: list }, { class: DetailViewController, id: detail } ]
      """
    #expect(try Self.top(plain) == "list")
  }

  @Test("the key round-trips through import's writer and is in Format.md's key table")
  func keyRoundTrips() throws {
    let yaml = Self.masterDetail.replacingOccurrences(
      of: "    id: split\n", with: "    id: split\n    collapseSecondary: true\n")
    let written = DescriptionWriter.yaml(for: try Self.load(yaml))
    #expect(written.contains("collapseSecondary: true"))
    let again = try Self.load(written)
    #expect(
      again.controllers[try #require(again.controller(id: "split"))].collapseSecondary == true)
  }

  @Test("a split view controller pushed onto a navigation stack is split-in-navigation")
  func splitInNavigation() throws {
    let hierarchy = try Self.load(
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - HomeViewController
            - { class: UISplitViewController, id: mail, viewControllers: [ Mailboxes, Message ] }
      """)
    let findings = Checker.findings(for: Analysis(hierarchy)).filter {
      $0.rule == .splitInNavigation
    }
    #expect(findings.count == 1)
    #expect((findings.first?.location.line, findings.first?.location.column) == (6, 9))
    #expect(findings.first?.message.contains("You can't push a split view controller") == true)
  }

  @Test("a push step of a split view controller goes ahead with Apple's warning as a note")
  func pushStepOfASplit() throws {
    let simulation = Simulator.run(
      try Self.load(
        """
        window:
          root: { class: UINavigationController, id: nav, viewControllers: [ Home ] }
        steps:
          - push: { on: nav, controller: { class: UISplitViewController, id: mail } }
        """))
    #expect(simulation.refusal == nil)
    #expect(simulation.effects.first?.notes.contains { $0.contains("split-in-navigation") } == true)
  }

  @Test("navigation in navigation inside a collapsed split is UIKit's doing: no finding")
  func navigationInCollapsedSplit() throws {
    // What a dump of a collapsed split shows (Apple's Settings app): the split keeps only the
    // primary, whose stack holds the secondary navigation controller UIKit pushed there.
    let collapsed = """
      window:
        root:
          class: UISplitViewController
          viewControllers:
            - class: UINavigationController
              id: primary
              viewControllers:
                - SettingsListController
                - { class: UINavigationController, id: secondary, viewControllers: [ General ] }
      """
    let findings = Checker.findings(for: Analysis(try Self.load(collapsed)))
    #expect(!findings.contains { $0.rule == .navigationInNavigation }, "\(findings)")
    // The same stack outside a split is still the mistake.
    let plain = """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - SettingsListController
            - { class: UINavigationController, id: secondary, viewControllers: [ General ] }
      """
    let plainFindings = Checker.findings(for: Analysis(try Self.load(plain)))
    #expect(plainFindings.contains { $0.rule == .navigationInNavigation })
  }
}

/// `targetRuntime="iOS.CocoaTouch.iPad"` storyboards launch on iPad (issue 31): a regular
/// width, where a split view controller is expanded and its detail on screen.
@Suite struct StoryboardDeviceTests {
  static func alamofire(targetRuntime: String) throws -> StoryboardDocument {
    let url = StoryboardFixtures.directory.appendingPathComponent(StoryboardFixtures.alamofire)
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(#"targetRuntime="iOS.CocoaTouch""#))
    // The real file with only its target changed, as Interface Builder writes an iPad one.
    let changed = text.replacingOccurrences(
      of: #"targetRuntime="iOS.CocoaTouch""#, with: #"targetRuntime="\#(targetRuntime)""#)
    return try StoryboardDocument.read(
      bytes: Array(changed.utf8), path: "Main.storyboard", options: .default)
  }

  @Test("an iOS.CocoaTouch.iPad storyboard launches expanded, its detail on screen")
  func iPadStoryboardLaunchesExpanded() throws {
    let document = try Self.alamofire(targetRuntime: "iOS.CocoaTouch.iPad")
    let analysis = Analysis(document.launch.hierarchy)
    #expect(analysis.hierarchy.device == .iPad)
    let leaves = analysis.visibleLeaves.map { analysis.hierarchy.controllers[$0].className }
    #expect(leaves == ["MasterViewController", "DetailViewController"])
  }

  @Test("an iOS.CocoaTouch storyboard launches on iPhone, collapsed")
  func iPhoneStoryboardLaunchesCollapsed() throws {
    let document = try Self.alamofire(targetRuntime: "iOS.CocoaTouch")
    #expect(document.launch.hierarchy.device == .iPhone)
  }
}
