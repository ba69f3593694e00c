import Foundation
import Testing
import VCGraphCore

/// S6: each rule fires at the exact position on a fixture that breaks it, and stays silent on
/// a near miss that a careless rule would flag.
@Suite struct CheckerTests {
  func findings(_ yaml: String) throws -> [Finding] {
    let hierarchy = try DescriptionLoader().load(text: yaml, path: "f.yaml")
    return Checker.findings(for: Analysis(hierarchy))
  }

  /// The single finding of `rule`, with its position.
  func expectFinding(
    _ rule: Rule, line: Int, column: Int, in yaml: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let matching = try findings(yaml).filter { $0.rule == rule }
    #expect(matching.count == 1, "\(rule.rawValue) fires once", sourceLocation: sourceLocation)
    guard let finding = matching.first else { return }
    #expect(finding.severity == rule.severity, sourceLocation: sourceLocation)
    #expect(
      (finding.location.line, finding.location.column) == (line, column),
      "at \(finding.location)", sourceLocation: sourceLocation)
    #expect(!finding.message.isEmpty, sourceLocation: sourceLocation)
  }

  func expectNoFinding(
    _ rule: Rule, in yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let matching = try findings(yaml).filter { $0.rule == rule }
    #expect(matching.isEmpty, "\(matching)", sourceLocation: sourceLocation)
  }

  // MARK: view-hosted-by-non-parent (error)

  @Test func viewHostedByNonParent() throws {
    try expectFinding(
      .viewHostedByNonParent, line: 8, column: 32,
      in: """
        window:
          root:
            class: UINavigationController
            viewControllers:
              - class: UIViewController
                id: container
                view:
                  subviews: [ { hosts: other } ]
              - { class: UIViewController, id: other }
        """)
  }

  @Test func hostingOwnChildIsFine() throws {
    try expectNoFinding(
      .viewHostedByNonParent,
      in: """
        window:
          root:
            class: UIViewController
            id: container
            children: [ { class: UIViewController, id: child } ]
            view: { subviews: [ { hosts: child } ] }
        """)
  }

  // MARK: controller-in-two-places (error)

  @Test func controllerInTwoPlaces() throws {
    try expectFinding(
      .controllerInTwoPlaces, line: 6, column: 9,
      in: """
        window:
          root:
            class: UITabBarController
            viewControllers:
              - { class: ProfileViewController, id: profile }
              - { class: ProfileViewController, id: profile }
        """)
  }

  @Test func twoInstancesOfOneClassAreFine() throws {
    try expectNoFinding(
      .controllerInTwoPlaces,
      in: """
        window:
          root:
            class: UITabBarController
            viewControllers: [ ProfileViewController, ProfileViewController ]
        """)
  }

  // MARK: selected-index-out-of-range (error)

  @Test func selectedIndexOutOfRange() throws {
    try expectFinding(
      .selectedIndexOutOfRange, line: 4, column: 20,
      in: """
        window:
          root:
            class: UITabBarController
            selectedIndex: 2
            viewControllers: [ A, B ]
        """)
  }

  @Test func lastTabIsInRange() throws {
    try expectNoFinding(
      .selectedIndexOutOfRange,
      in: """
        window:
          root: { class: UITabBarController, selectedIndex: 1, viewControllers: [ A, B ] }
        """)
  }

  // MARK: navigation-in-navigation (error)

  @Test func navigationPushedOnNavigation() throws {
    try expectFinding(
      .navigationInNavigation, line: 6, column: 9,
      in: """
        window:
          root:
            class: UINavigationController
            viewControllers:
              - UIViewController
              - { class: UINavigationController, id: inner }
        """)
  }

  @Test func navigationInsideTabsIsFine() throws {
    try expectNoFinding(
      .navigationInNavigation,
      in: """
        window:
          root:
            class: UITabBarController
            viewControllers: [ { class: UINavigationController, viewControllers: [ A ] } ]
        """)
  }

  // MARK: already-presenting (error)

  @Test func presentingOnAPresenterThatIsAlreadyPresenting() throws {
    // Both full-screen requests go to the navigation controller (the context root); the
    // second is refused at its `presents`.
    try expectFinding(
      .alreadyPresenting, line: 9, column: 19,
      in: """
        window:
          root:
            class: UINavigationController
            id: nav
            viewControllers:
              - class: UIViewController
                presents: { class: UIViewController, id: first, modalPresentationStyle: fullScreen }
              - class: UIViewController
                presents: { class: UIViewController, id: second, modalPresentationStyle: fullScreen }
        """)
  }

  @Test func presentingFromThePresentedControllerIsFine() throws {
    try expectNoFinding(
      .alreadyPresenting,
      in: """
        window:
          root:
            class: UIViewController
            presents:
              class: UIViewController
              presents: { class: UIViewController, modalPresentationStyle: formSheet }
        """)
  }

  // MARK: tab-bar-not-root (warning)

  @Test func tabBarAsAChild() throws {
    try expectFinding(
      .tabBarNotRoot, line: 5, column: 9,
      in: """
        window:
          root:
            class: UIViewController
            children:
              - { class: UITabBarController, viewControllers: [ A ] }
        """)
  }

  @Test func tabBarAsWindowRootOrPresentedIsFine() throws {
    try expectNoFinding(
      .tabBarNotRoot,
      in: """
        window:
          root:
            class: UITabBarController
            viewControllers: [ A ]
            presents: { class: UITabBarController, id: modalTabs, viewControllers: [ B ] }
        """)
  }

  // MARK: stacked-children (warning, seed 001)

  @Test func stackedChildrenInAOneChildSwitcher() throws {
    try expectFinding(
      .stackedChildren, line: 4, column: 14,
      in: """
        window:
          root:
            class: UIViewController
            showing: two
            children: [ { class: UIViewController, id: one }, { class: UIViewController, id: two } ]
            view: { subviews: [ { hosts: one }, { hosts: two } ] }
        """)
  }

  @Test func switcherShowingOneViewIsFine() throws {
    try expectNoFinding(
      .stackedChildren,
      in: """
        window:
          root:
            class: UIViewController
            showing: two
            children: [ { class: UIViewController, id: one }, { class: UIViewController, id: two } ]
            view: { subviews: [ { hosts: two } ] }
        """)
  }

  // MARK: unowned-hosted-view (warning, seed 001)

  @Test func hostedViewWhoseControllerNobodyHolds() throws {
    try expectFinding(
      .unownedHostedView, line: 5, column: 34,
      in: """
        window:
          root:
            class: UIViewController
            id: screen
            view: { subviews: [ { hosts: floating } ] }
        detached:
          - { class: UIViewController, id: floating }
        """)
  }

  @Test func hostedChildIsHeld() throws {
    try expectNoFinding(
      .unownedHostedView,
      in: """
        window:
          root:
            class: UIViewController
            children: [ { class: UIViewController, id: held } ]
            view: { subviews: [ { hosts: held } ] }
        """)
  }

  // MARK: alert-not-presented (warning)

  @Test func alertEmbeddedAsAChild() throws {
    try expectFinding(
      .alertNotPresented, line: 4, column: 17,
      in: """
        window:
          root:
            class: UIViewController
            children: [ { class: UIAlertController, id: alert } ]
        """)
  }

  @Test func presentedAlertIsFine() throws {
    try expectNoFinding(
      .alertNotPresented,
      in: """
        window:
          root: { class: UIViewController, presents: { class: UIAlertController } }
        """)
  }

  // MARK: activity-not-presented (warning)

  // Apple, UIActivityViewController: "On iPad, you must present the view controller in a
  // popover. On iPhone and iPod touch, you must present it modally."
  @Test func activityControllerPushed() throws {
    try expectFinding(
      .activityControllerNotPresented, line: 6, column: 9,
      in: """
        window:
          root:
            class: UINavigationController
            viewControllers:
              - FeedViewController
              - { class: UIActivityViewController, id: share }
        """)
  }

  @Test func activityControllerSubclassAsAWindowRoot() throws {
    try expectFinding(
      .activityControllerNotPresented, line: 3, column: 9,
      in: """
        classes: { ShareSheet: UIActivityViewController }
        window:
          root: { class: ShareSheet }
        """)
  }

  @Test func presentedActivityControllerIsFine() throws {
    try expectNoFinding(
      .activityControllerNotPresented,
      in: """
        window:
          root: { class: UIViewController, presents: { class: UIActivityViewController } }
        """)
  }

  // MARK: tabs-under-more (info)

  @Test func sixTabsGoUnderMore() throws {
    try expectFinding(
      .tabsUnderMore, line: 4, column: 44,
      in: """
        window:
          root:
            class: UITabBarController
            viewControllers: [ T1, T2, T3, T4, T5, T6 ]
        """)
  }

  @Test func fiveTabsFit() throws {
    try expectNoFinding(
      .tabsUnderMore,
      in: """
        window:
          root: { class: UITabBarController, viewControllers: [ T1, T2, T3, T4, T5 ] }
        """)
  }

  // MARK: ignore

  @Test func ignoreSilencesARuleForTheFile() throws {
    let yaml = """
      ignore: [tabs-under-more]
      window:
        root: { class: UITabBarController, viewControllers: [ T1, T2, T3, T4, T5, T6 ] }
      """
    #expect(try findings(yaml).isEmpty)
  }

  @Test func ignoringAnUnknownRuleIsAnErrorWithASuggestion() throws {
    let yaml = """
      ignore: [tab-bar-not-rot]
      window: { root: UIViewController }
      """
    #expect(throws: VCGraphError.self) { try DescriptionLoader().load(text: yaml, path: "f.yaml") }
    do {
      _ = try DescriptionLoader().load(text: yaml, path: "f.yaml")
    } catch {
      #expect(error.location?.line == 1)
      #expect(error.location?.column == 10)
      #expect(error.hint == "did you mean 'tab-bar-not-root'?")
    }
  }

  // MARK: the registry and Documentation/Rules.md

  /// The rows of the checks table of `Documentation/Rules.md`: id, severity, what it catches.
  static func rulesPageRows() throws -> [(id: String, severity: String, summary: String)] {
    let page = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // VCGraphCoreTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the repository
      .appendingPathComponent("Documentation/Rules.md")
    let text = try String(contentsOf: page, encoding: .utf8)
    let parts = text.components(separatedBy: "\n## The rules\n")
    try #require(parts.count == 2, "Rules.md has one checks table section")
    let section = parts[1].components(separatedBy: "\n## ")[0]
    return section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
      let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
      return (
        cells[0].trimmingCharacters(in: ["`"]), cells[1], cells[2...].joined(separator: " | ")
      )
    }
  }

  @Test("Rules.md's checks table lists the registered rules: ids, severities, summaries, order")
  func rulesPageTableMatchesTheRegistry() throws {
    let rows = try Self.rulesPageRows()
    #expect(rows.count == 30)
    #expect(rows.map(\.id) == Rule.all.map(\.rawValue))
    #expect(rows.map(\.severity) == Rule.all.map(\.severity.rawValue))
    #expect(rows.map(\.summary) == Rule.all.map(\.summary))
    #expect(Set(Rule.all.map(\.rawValue)).count == Rule.all.count, "ids are unique")
  }
}
