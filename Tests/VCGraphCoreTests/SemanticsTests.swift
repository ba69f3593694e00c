import Testing
import VCGraphCore

// Tests of the UIKit semantics (spec/semantics.md, rules S1–S5). Each suite and test names
// the rule it checks.

/// Loads a description and answers questions about it by id; shared with the table suite.
struct SemanticsProbe {
  let hierarchy: Hierarchy
  let analysis: Analysis

  struct UnknownID: Error, CustomStringConvertible {
    var id: String
    var description: String { "the fixture has no controller '\(id)'" }
  }

  init(_ yaml: String) throws {
    hierarchy = try DescriptionLoader().load(text: yaml, path: "t.yaml")
    analysis = Analysis(hierarchy)
  }

  func index(_ id: String) throws -> ControllerIndex {
    guard let index = hierarchy.controller(id: id) else { throw UnknownID(id: id) }
    return index
  }

  func id(_ index: ControllerIndex?) -> String? { index.map { hierarchy.controllers[$0].id } }

  var top: String? { id(analysis.topViewController) }
  /// Every controller on screen (S2).
  var onScreen: Set<String> {
    Set(hierarchy.controllers.indices.filter { analysis.onScreen[$0] }.map { id($0)! })
  }
  /// The visible path as `id/via` (S3).
  var path: [String] {
    analysis.visiblePath.map { "\(id($0.controller)!)/\($0.via.rawValue)" }
  }
  var leaves: [String] { analysis.visibleLeaves.map { id($0)! } }

  func presenter(of presented: String) throws -> String? {
    id(analysis.presentation.presenter[try index(presented)])
  }
  func presented(by presenter: String) throws -> String? {
    id(analysis.presentation.presented[try index(presenter)])
  }
  func requestedBy(_ presented: String) throws -> String? {
    id(hierarchy.controllers[try index(presented)].requestedBy)
  }
  /// Refused presentations as `presented<-presenter`.
  var refused: [String] {
    analysis.presentation.refused.map { "\(id($0.presented)!)<-\(id($0.presenter)!)" }
  }

  func dismiss(
    from: String, levels: Int? = nil, toClass: String? = nil
  ) throws -> Dismissal {
    try analysis.dismiss(from: try index(from), levels: levels, toClass: toClass)
  }

  /// A dismissal in one line: `receiver=R removed=a,b animated=X after=T`.
  func summary(_ dismissal: Dismissal) -> String {
    "receiver=\(id(dismissal.receiver)!) removed=\(dismissal.removed.map { id($0)! }.joined(separator: ","))"
      + " animated=\(id(dismissal.animated)!) after=\(id(dismissal.topViewControllerAfter) ?? "nil")"
  }

  /// The dismissal's error message, or nil if it succeeded.
  func dismissError(from: String, levels: Int? = nil, toClass: String? = nil) throws -> String? {
    let index = try index(from)
    do {
      _ = try analysis.dismiss(from: index, levels: levels, toClass: toClass)
      return nil
    } catch {
      return error.message
    }
  }

  /// A responder chain by printable names.
  func chain(from id: String) throws -> [String] {
    try analysis.responderChain(from: id).responders.map(analysis.name(of:))
  }
}

// MARK: - S1 Which controller presents

@Suite("S1 which controller presents")
struct PresentationRuleTests {
  static let tabWithNavigation = """
    window:
      root:
        class: UITabBarController
        id: tabs
        viewControllers:
          - class: UINavigationController
            id: feedNav
            viewControllers:
              - { class: FeedViewController, id: feed }
              - class: PostViewController
                id: post
                presents: { class: ComposeViewController, id: compose, modalPresentationStyle: STYLE }
          - { class: SettingsViewController, id: settings }
    """

  @Test(
    "S1: fullScreen from inside a tab's navigation stack is presented by the tab bar controller")
  func fullScreenGoesToContextRoot() throws {
    let probe = try SemanticsProbe(
      Self.tabWithNavigation.replacingOccurrences(of: "STYLE", with: "fullScreen"))
    #expect(try probe.presenter(of: "compose") == "tabs")
    #expect(try probe.presented(by: "tabs") == "compose")
    #expect(try probe.requestedBy("compose") == "post")
    #expect(try probe.presented(by: "post") == nil)
    #expect(probe.refused.isEmpty)
  }

  @Test(
    "S1: every full-screen and sheet style goes to the root of the presentation context",
    arguments: ["fullScreen", "overFullScreen", "pageSheet", "formSheet", "popover", "automatic"])
  func sheetStylesGoToContextRoot(style: String) throws {
    let probe = try SemanticsProbe(
      Self.tabWithNavigation.replacingOccurrences(of: "STYLE", with: style))
    #expect(try probe.presenter(of: "compose") == "tabs")
    #expect(try probe.requestedBy("compose") == "post")
  }

  @Test("S1: without modalPresentationStyle the style is automatic, presented by the context root")
  func missingStyleIsAutomatic() throws {
    let probe = try SemanticsProbe(
      Self.tabWithNavigation.replacingOccurrences(
        of: ", modalPresentationStyle: STYLE", with: ""))
    let compose = try probe.index("compose")
    #expect(probe.hierarchy.controllers[compose].style == .automatic)
    #expect(PresentationStyle.automatic.resolved == .pageSheet)
    #expect(try probe.presenter(of: "compose") == "tabs")
  }

  @Test(
    "S1: currentContext inside a navigation controller is presented by the navigation controller",
    arguments: ["currentContext", "overCurrentContext"])
  func contextStyleInNavigation(style: String) throws {
    let probe = try SemanticsProbe(
      Self.tabWithNavigation.replacingOccurrences(of: "STYLE", with: style))
    #expect(try probe.presenter(of: "compose") == "feedNav")
    #expect(try probe.requestedBy("compose") == "post")
    let nav = try probe.index("feedNav")
    #expect(probe.hierarchy.controllers[nav].definesContext)
  }

  @Test("S1: a context style with no controller defining the context goes to the window root")
  func contextStyleWithoutDefiner() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: ContainerViewController
          id: container
          children:
            - class: PanelViewController
              id: panel
              presents: { class: PickerViewController, id: picker, modalPresentationStyle: overCurrentContext }
      """)
    #expect(try probe.presenter(of: "picker") == "container")
    #expect(try probe.requestedBy("picker") == "panel")
  }

  static let definerInContainer = """
    window:
      root:
        class: ContainerViewController
        id: container
        children:
          - class: PanelViewController
            id: panel
            definesPresentationContext: true
            children:
              - class: RowViewController
                id: row
                presents: { class: PickerViewController, id: picker, modalPresentationStyle: STYLE }
    """

  @Test("S1: definesPresentationContext: true on a plain controller makes it the presenter")
  func explicitDefiner() throws {
    let probe = try SemanticsProbe(
      Self.definerInContainer.replacingOccurrences(of: "STYLE", with: "currentContext"))
    #expect(try probe.presenter(of: "picker") == "panel")
    #expect(probe.onScreen == ["container", "picker"])
    #expect(probe.path == ["container/root", "panel/child", "picker/presented"])
  }

  @Test("S1: a full-screen style ignores definesPresentationContext")
  func fullScreenIgnoresDefiner() throws {
    let probe = try SemanticsProbe(
      Self.definerInContainer.replacingOccurrences(of: "STYLE", with: "fullScreen"))
    #expect(try probe.presenter(of: "picker") == "container")
  }

  @Test("S1: definesPresentationContext: false on a navigation controller is skipped")
  func navigationWithoutContext() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              definesPresentationContext: false
              viewControllers:
                - class: ListViewController
                  id: list
                  presents: { class: Overlay, id: overlay, modalPresentationStyle: overCurrentContext }
      """)
    #expect(try probe.presenter(of: "overlay") == "tabs")
  }

  @Test("S1: a second presentation resolving to a presenter that already presents is refused")
  func alreadyPresentingIsRefused() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers:
            - class: ListViewController
              id: list
              presents: { class: FirstModal, id: first, modalPresentationStyle: fullScreen }
            - class: DetailViewController
              id: detail
              presents: { class: SecondModal, id: second, modalPresentationStyle: pageSheet }
      """)
    #expect(try probe.presented(by: "nav") == "first")
    #expect(try probe.presenter(of: "second") == nil)
    #expect(probe.refused == ["second<-nav"])
    #expect(!probe.onScreen.contains("second"))
    #expect(probe.top == "first")
  }

  @Test("S1: a refusal is in document order: the first request wins")
  func firstRequestWins() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: ContainerViewController
          id: root
          presents: { class: Alpha, id: alpha, modalPresentationStyle: formSheet }
          children:
            - { class: Child, id: child, presents: { class: Beta, id: beta, modalPresentationStyle: fullScreen } }
      """)
    #expect(try probe.presented(by: "root") == "alpha")
    #expect(probe.refused == ["beta<-root"])
  }

  @Test("S1: presentingController(of:) and presentedController(of:) answer for children")
  func presentingAndPresentedOfChildren() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - class: ListViewController
                  id: list
                  presents:
                    class: UINavigationController
                    id: modalNav
                    modalPresentationStyle: fullScreen
                    viewControllers:
                      - { class: EditViewController, id: edit }
      """)
    let a = probe.analysis
    // presentingViewController: "If the view controller was not presented modally, but one
    // of its ancestors was, this property contains the view controller that presented the
    // ancestor."
    #expect(probe.id(a.presentingController(of: try probe.index("edit"))) == "tabs")
    #expect(probe.id(a.presentingController(of: try probe.index("modalNav"))) == "tabs")
    #expect(a.presentingController(of: try probe.index("list")) == nil)
    #expect(a.presentingController(of: try probe.index("tabs")) == nil)
    // presentedViewController of a child: what its nearest presenting ancestor presented.
    #expect(probe.id(a.presentedController(of: try probe.index("list"))) == "modalNav")
    #expect(probe.id(a.presentedController(of: try probe.index("nav"))) == "modalNav")
    #expect(probe.id(a.presentedController(of: try probe.index("tabs"))) == "modalNav")
    #expect(a.presentedController(of: try probe.index("edit")) == nil)
  }

  @Test("S1: inside a presented controller, full-screen styles go to that presented controller")
  func contextRootIsPresentedController() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: HomeViewController
          id: home
          presents:
            class: UINavigationController
            id: modalNav
            viewControllers:
              - class: EditViewController
                id: edit
                presents: { class: Popup, id: popup, modalPresentationStyle: popover }
      """)
    #expect(try probe.presenter(of: "modalNav") == "home")
    #expect(try probe.presenter(of: "popup") == "modalNav")
    #expect(probe.top == "popup")
  }

  @Test(
    "S1: a context style with no definer inside a presented controller is presented by that controller, the last one presented onscreen"
  )
  func contextStyleWalksThroughPresentations() throws {
    let yaml = """
      window:
        root:
          class: HomeViewController
          id: home
          presents:
            class: ModalViewController
            id: modal
            modalPresentationStyle: fullScreen
            DEFINES
            children:
              - class: PanelViewController
                id: panel
                presents: { class: Overlay, id: overlay, modalPresentationStyle: overCurrentContext }
      """
    let probe = try SemanticsProbe(yaml.replacingOccurrences(of: "DEFINES", with: ""))
    // Apple, UIPresentationController.presentingViewController: "the root view controller of
    // the window, a parent view controller that is marked as defining the current context, or
    // the last view controller that was presented onscreen" (issue 31).
    #expect(try probe.presenter(of: "overlay") == "modal")
    #expect(probe.refused == [])
    let defined = try SemanticsProbe(
      yaml.replacingOccurrences(of: "DEFINES", with: "definesPresentationContext: true"))
    #expect(try defined.presenter(of: "overlay") == "modal")
    #expect(defined.top == "overlay")
  }
}

// MARK: - S2 What is on screen

@Suite("S2 what is on screen")
struct OnScreenRuleTests {
  @Test("S2: a navigation controller shows only the top of its stack")
  func navigationShowsTop() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers: [{ class: A, id: a }, { class: B, id: b }, { class: C, id: c }]
      """)
    #expect(probe.onScreen == ["nav", "c"])
  }

  @Test("S2: a tab bar shows only the selected tab")
  func tabBarShowsSelected() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          selectedIndex: 1
          viewControllers: [{ class: A, id: a }, { class: B, id: b }, { class: C, id: c }]
      """)
    #expect(probe.onScreen == ["tabs", "b"])
  }

  @Test("S2: the default selectedIndex is 0")
  func tabBarDefaultsToFirst() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers: [{ class: A, id: a }, { class: B, id: b }]
      """)
    #expect(probe.onScreen == ["tabs", "a"])
  }

  @Test("S2: a tab past the fifth (under More) is still shown when selected")
  func tabPastFifth() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          selectedIndex: 6
          viewControllers: [t0, t1, t2, t3, t4, t5, { class: UINavigationController, id: t6, viewControllers: [{ class: Deep, id: deep }] }]
      """)
    #expect(probe.onScreen == ["tabs", "t6", "deep"])
    #expect(probe.path == ["tabs/root", "t6/selected", "deep/top"])
  }

  @Test("S2: an expanded split view shows every column")
  func splitExpanded() throws {
    let probe = try SemanticsProbe(
      """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers: [{ class: Primary, id: primary }, { class: Supplementary, id: supplementary }, { class: Secondary, id: secondary }]
      """)
    #expect(probe.onScreen == ["split", "primary", "supplementary", "secondary"])
  }

  @Test("S2: a split view is collapsed by default on iPhone: only the primary column")
  func splitCollapsedOnIPhone() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers: [{ class: Primary, id: primary }, { class: Secondary, id: secondary }]
      """)
    #expect(probe.analysis.isCollapsed(try probe.index("split")))
    #expect(probe.onScreen == ["split", "primary"])
  }

  @Test(
    "S2: collapsed as written wins over the device default",
    arguments: [("iPhone", "false", true), ("iPad", "true", false), ("iPad", "false", true)])
  func splitCollapsedAsWritten(device: String, collapsed: String, secondaryShown: Bool) throws {
    let probe = try SemanticsProbe(
      """
      device: \(device)
      window:
        root:
          class: UISplitViewController
          id: split
          collapsed: \(collapsed)
          viewControllers: [{ class: Primary, id: primary }, { class: Secondary, id: secondary }]
      """)
    #expect(probe.onScreen.contains("secondary") == secondaryShown)
    #expect(probe.onScreen.contains("primary"))
  }

  @Test("S2: a page view controller shows all its pages")
  func pageViewShowsPages() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UIPageViewController
          id: pager
          viewControllers: [{ class: LeftPage, id: left }, { class: RightPage, id: right }]
      """)
    #expect(probe.onScreen == ["pager", "left", "right"])
  }

  @Test("S2: a custom container with `showing` shows only that child")
  func customContainerShowing() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: SwitcherViewController
          id: switcher
          showing: two
          children: [{ class: One, id: one }, { class: Two, id: two }, { class: Three, id: three }]
      """)
    #expect(probe.onScreen == ["switcher", "two"])
    #expect(probe.path == ["switcher/root", "two/child"])
  }

  @Test("S2: a custom container with a view tree shows the children its views host")
  func customContainerViewTree() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: DashboardViewController
          id: dashboard
          children: [{ class: Chart, id: chart }, { class: Table, id: table }, { class: Hidden, id: hidden }]
          view:
            id: dashboardRoot
            subviews:
              - { id: header, class: UILabel }
              - id: body
                subviews:
                  - { hosts: chart }
                  - { hosts: table }
      """)
    #expect(probe.onScreen == ["dashboard", "chart", "table"])
    // Two children attached: S3 stops at the container and lists both leaves.
    #expect(probe.path == ["dashboard/root"])
    #expect(probe.top == "dashboard")
    #expect(probe.leaves == ["chart", "table"])
  }

  @Test("S2: a view tree wins over `showing`")
  func viewTreeWinsOverShowing() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: Switcher
          id: switcher
          showing: one
          children: [{ class: One, id: one }, { class: Two, id: two }]
          view: { subviews: [{ hosts: two }] }
      """)
    #expect(probe.onScreen == ["switcher", "two"])
  }

  @Test("S2: a custom container with neither `showing` nor a view attaches every child")
  func customContainerAll() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: Container
          id: container
          children: [{ class: One, id: one }, { class: Two, id: two }]
      """)
    #expect(probe.onScreen == ["container", "one", "two"])
  }

  static let presenting = """
    window:
      root:
        class: UITabBarController
        id: tabs
        viewControllers:
          - class: UINavigationController
            id: nav
            viewControllers:
              - class: List
                id: list
                presents: { class: Modal, id: modal, modalPresentationStyle: STYLE }
    """

  @Test("S2: fullScreen removes the presenter's views")
  func fullScreenRemoves() throws {
    let probe = try SemanticsProbe(
      Self.presenting.replacingOccurrences(of: "STYLE", with: "fullScreen"))
    #expect(probe.onScreen == ["modal"])
  }

  @Test("S2: currentContext removes the context controller's views, not its container's")
  func currentContextRemovesContext() throws {
    let probe = try SemanticsProbe(
      Self.presenting.replacingOccurrences(of: "STYLE", with: "currentContext"))
    #expect(try probe.presenter(of: "modal") == "nav")
    #expect(probe.onScreen == ["tabs", "modal"])
  }

  @Test(
    "S2: over-styles, sheets, popovers and automatic leave the presenter on screen",
    arguments: [
      "overFullScreen", "overCurrentContext", "pageSheet", "formSheet", "popover", "automatic",
    ])
  func stylesThatKeepPresenter(style: String) throws {
    let probe = try SemanticsProbe(Self.presenting.replacingOccurrences(of: "STYLE", with: style))
    #expect(probe.onScreen == ["tabs", "nav", "list", "modal"])
    #expect(probe.top == "modal")
  }

  @Test("S2: popovers keep the presenter on iPad too (on iPhone they behave as sheets)")
  func popoverOnIPad() throws {
    let probe = try SemanticsProbe(
      "device: iPad\n" + Self.presenting.replacingOccurrences(of: "STYLE", with: "popover"))
    #expect(probe.onScreen == ["tabs", "nav", "list", "modal"])
  }

  @Test("S2: a UIAlertController leaves its presenter on screen, whatever style is written")
  func alertKeepsPresenter() throws {
    for style in ["automatic", "fullScreen", "currentContext"] {
      let probe = try SemanticsProbe(
        """
        window:
          root:
            class: UINavigationController
            id: nav
            viewControllers:
              - class: List
                id: list
                presents: { class: UIAlertController, id: alert, modalPresentationStyle: \(style) }
        """)
      #expect(probe.onScreen == ["nav", "list", "alert"], "style \(style)")
      #expect(probe.top == "alert")
    }
  }

  @Test("S2: a fullScreen presentation over a sheet removes only its own presenter")
  func fullScreenOverSheet() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: Home
          id: home
          presents:
            class: Sheet
            id: sheet
            modalPresentationStyle: pageSheet
            presents: { class: Player, id: player, modalPresentationStyle: fullScreen }
      """)
    #expect(probe.onScreen == ["home", "player"])
  }

  @Test("S2: windows in a background scene are not on screen, nor what they present")
  func backgroundScene() throws {
    let probe = try SemanticsProbe(
      """
      scenes:
        - id: front
          windows: [{ id: frontWindow, root: { class: Front, id: front } }]
        - id: back
          foreground: false
          windows:
            - id: backWindow
              root: { class: Back, id: back, presents: { class: BackModal, id: backModal } }
      """)
    #expect(probe.onScreen == ["front"])
    #expect(probe.top == "front")
    #expect(!probe.analysis.isForeground(window: 1))
  }

  @Test("S2: the key window is the one marked key, not the first nor the highest level")
  func keyWindowAmongSeveral() throws {
    let probe = try SemanticsProbe(
      """
      windows:
        - { id: banner, level: alert, root: { class: BannerViewController, id: banner } }
        - id: main
          key: true
          root: { class: UINavigationController, id: nav, viewControllers: [{ class: Home, id: home }] }
        - { id: status, level: statusBar, root: { class: StatusViewController, id: status } }
      """)
    #expect(probe.analysis.keyWindow == 1)
    #expect(probe.top == "home")
    // Windows stack by level but have no frames: a higher one does not hide a lower one.
    #expect(probe.onScreen == ["banner", "nav", "home", "status"])
  }

  @Test(
    "S2: with several foreground scenes the first scene's key window is used; a background key window never is"
  )
  func keyWindowAmongScenes() throws {
    let probe = try SemanticsProbe(
      """
      scenes:
        - id: background
          foreground: false
          windows: [{ id: bgWindow, key: true, root: { class: Old, id: old } }]
        - id: left
          windows:
            - { id: leftOverlay, level: alert, root: { class: Overlay, id: overlay } }
            - { id: leftMain, key: true, root: { class: Left, id: left } }
        - id: right
          windows: [{ id: rightMain, root: { class: Right, id: right } }]
      """)
    #expect(probe.top == "left")
    #expect(probe.onScreen == ["overlay", "left", "right"])
  }
}

// MARK: - S3 The top view controller

@Suite("S3 the top view controller")
struct TopViewControllerRuleTests {
  @Test("S3: the seed-000 loop through tab bar, navigation and a presented navigation controller")
  func seedLoop() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          selectedIndex: 1
          viewControllers:
            - { class: UINavigationController, id: homeNav, viewControllers: [{ class: Home, id: home }] }
            - class: UINavigationController
              id: profileNav
              viewControllers:
                - { class: Profile, id: profile }
                - class: Settings
                  id: settings
                  presents:
                    class: UINavigationController
                    id: editNav
                    modalPresentationStyle: fullScreen
                    viewControllers: [{ class: EditName, id: editName }, { class: Confirm, id: confirm }]
      """)
    #expect(probe.top == "confirm")
    #expect(probe.path == ["tabs/root", "editNav/presented", "confirm/top"])
    #expect(probe.leaves == ["confirm"])
  }

  @Test("S3: the walk finds a presentation hosted by the tab bar (seed-000's loop would miss it)")
  func tabBarPresentation() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: List, id: list, presents: { class: Sheet, id: sheet, modalPresentationStyle: formSheet } }
      """)
    #expect(try probe.presenter(of: "sheet") == "tabs")
    #expect(probe.top == "sheet")
    #expect(probe.path == ["tabs/root", "sheet/presented"])
  }

  @Test("S3: every via label: root, presented, top, selected, child, column, page")
  func viaLabels() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: Shell
          id: shell
          presents:
            class: UITabBarController
            id: tabs
            modalPresentationStyle: fullScreen
            viewControllers:
              - class: UISplitViewController
                id: split
                collapseSecondary: true
                viewControllers:
                  - class: UINavigationController
                    id: nav
                    viewControllers:
                      - { class: Root, id: navRoot }
                      - class: UIPageViewController
                        id: pager
                        viewControllers:
                          - class: Page
                            id: page
                            showing: inner
                            children: [{ class: Inner, id: inner }, { class: Other, id: other }]
                  - { class: Detail, id: detail }
      """)
    #expect(
      probe.path == [
        "shell/root", "tabs/presented", "split/selected", "nav/column", "pager/top",
        "page/page", "inner/child",
      ])
    #expect(probe.top == "inner")
  }

  @Test("S3: an expanded split view stops the path at the split and lists every visible leaf")
  func expandedSplitStops() throws {
    let probe = try SemanticsProbe(
      """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers:
            - { class: UINavigationController, id: sidebarNav, viewControllers: [{ class: Sidebar, id: sidebar }] }
            - { class: UINavigationController, id: detailNav, viewControllers: [{ class: List, id: list }, { class: Message, id: message }] }
      """)
    #expect(probe.path == ["split/root"])
    #expect(probe.top == "split")
    #expect(probe.leaves == ["sidebar", "message"])
  }

  @Test("S3: a collapsed split view steps into its primary column")
  func collapsedSplitSteps() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers:
            - { class: UINavigationController, id: sidebarNav, viewControllers: [{ class: Sidebar, id: sidebar }] }
            - { class: Detail, id: detail }
      """)
    // UIKit's default collapse pushes the secondary onto the primary navigation controller.
    #expect(probe.path == ["split/root", "sidebarNav/column", "detail/top"])
  }

  @Test("S3: a navigation controller's current-context presentation is reached through the tab")
  func currentContextInsideTab() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: List, id: list, presents: { class: Filter, id: filter, modalPresentationStyle: currentContext } }
            - { class: Other, id: other }
      """)
    #expect(try probe.presenter(of: "filter") == "nav")
    #expect(probe.top == "filter")
    #expect(probe.path == ["tabs/root", "nav/selected", "filter/presented"])
    #expect(probe.onScreen == ["tabs", "filter"])
  }

  @Test("S3: in an expanded split, a column's current-context presentation is a visible leaf")
  func currentContextInSplitColumn() throws {
    let probe = try SemanticsProbe(
      """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers:
            - { class: UINavigationController, id: sidebarNav, viewControllers: [{ class: Sidebar, id: sidebar }] }
            - class: UINavigationController
              id: detailNav
              viewControllers:
                - { class: Message, id: message, presents: { class: Reply, id: reply, modalPresentationStyle: currentContext } }
      """)
    #expect(probe.path == ["split/root"])
    #expect(probe.leaves == ["sidebar", "reply"])
    #expect(probe.onScreen == ["split", "sidebarNav", "sidebar", "reply"])
  }

  @Test(
    "S3: a leaf covered by an over-context presentation is not a visible leaf; the presentation is")
  func overContextLeaf() throws {
    let probe = try SemanticsProbe(
      """
      device: iPad
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers:
            - { class: Sidebar, id: sidebar }
            - class: UINavigationController
              id: detailNav
              viewControllers:
                - { class: Message, id: message, presents: { class: Hud, id: hud, modalPresentationStyle: overCurrentContext } }
      """)
    #expect(probe.leaves == ["sidebar", "hud"])
    #expect(probe.onScreen.contains("message"))
  }

  @Test("S3: with nothing on screen the top view controller is nil")
  func nothingOnScreen() throws {
    let probe = try SemanticsProbe(
      """
      scenes:
        - id: only
          foreground: false
          windows: [{ id: w, root: { class: Home, id: home } }]
      """)
    #expect(probe.top == nil)
    #expect(probe.path.isEmpty)
    #expect(probe.leaves.isEmpty)
    #expect(probe.onScreen.isEmpty)
  }

  @Test("S3: a container with no attached child is the top")
  func containerShowingNothing() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: Container
          id: container
          children: [{ class: One, id: one }]
          view: { id: root }
      """)
    #expect(probe.top == "container")
    #expect(probe.leaves == ["container"])
  }
}

// MARK: - S4 Dismissal

@Suite("S4 dismissal")
struct DismissalRuleTests {
  static let fourLevels = """
    classes:
      BaseModalViewController: UIViewController
      BViewController: BaseModalViewController
    window:
      root:
        class: AViewController
        id: A
        presents:
          class: BViewController
          id: B
          modalPresentationStyle: fullScreen
          presents:
            class: CViewController
            id: C
            modalPresentationStyle: fullScreen
            presents: { class: DViewController, id: D, modalPresentationStyle: fullScreen }
    """

  @Test("S4: plain dismiss on the top presented controller is handled by its presenter")
  func plainDismissOnTop() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root: { class: Home, id: home, presents: { class: Compose, id: compose } }
      """)
    let d = try probe.dismiss(from: "compose")
    #expect(probe.summary(d) == "receiver=home removed=compose animated=compose after=home")
  }

  @Test(
    "S4: dismiss on a presenter lower in the stack removes its presented and all above; only the top-most animates"
  )
  func dismissLowerInStack() throws {
    let probe = try SemanticsProbe(Self.fourLevels)
    let fromA = try probe.dismiss(from: "A")
    #expect(probe.summary(fromA) == "receiver=A removed=B,C,D animated=D after=A")
    #expect(fromA.removedLevels.map { probe.id($0)! } == ["B", "C", "D"])
    let fromB = try probe.dismiss(from: "B")
    #expect(probe.summary(fromB) == "receiver=B removed=C,D animated=D after=B")
    let fromD = try probe.dismiss(from: "D")
    #expect(probe.summary(fromD) == "receiver=C removed=D animated=D after=C")
  }

  @Test("S4: levels counts from the caller's level (its own level is 1)")
  func levels() throws {
    let probe = try SemanticsProbe(Self.fourLevels)
    #expect(
      probe.summary(try probe.dismiss(from: "D", levels: 1))
        == "receiver=C removed=D animated=D after=C")
    #expect(
      probe.summary(try probe.dismiss(from: "D", levels: 2))
        == "receiver=B removed=C,D animated=D after=B")
    #expect(
      probe.summary(try probe.dismiss(from: "D", levels: 3))
        == "receiver=A removed=B,C,D animated=D after=A")
    // From a lower level, levels count from there and take everything above along.
    #expect(
      probe.summary(try probe.dismiss(from: "C", levels: 1))
        == "receiver=B removed=C,D animated=D after=B")
  }

  @Test("S4: more levels than exist is an error naming how many exist")
  func tooManyLevels() throws {
    let probe = try SemanticsProbe(Self.fourLevels)
    let message = try #require(try probe.dismissError(from: "D", levels: 4))
    #expect(message.contains("3 presentation levels"))
    let fromB = try #require(try probe.dismissError(from: "B", levels: 2))
    #expect(fromB.contains("only 1 presentation level exists"))
    let root = try #require(try probe.dismissError(from: "A", levels: 1))
    #expect(root.contains("only 0 presentation levels"))
  }

  @Test(
    "S4: toClass goes down to the nearest controller of the class or a subclass (via `classes`)")
  func toClass() throws {
    let probe = try SemanticsProbe(Self.fourLevels)
    #expect(
      probe.summary(try probe.dismiss(from: "D", toClass: "BaseModalViewController"))
        == "receiver=B removed=C,D animated=D after=B")
    #expect(
      probe.summary(try probe.dismiss(from: "D", toClass: "AViewController"))
        == "receiver=A removed=B,C,D animated=D after=A")
    // Every controller is a UIViewController: the nearest one below is C.
    #expect(
      probe.summary(try probe.dismiss(from: "D", toClass: "UIViewController"))
        == "receiver=C removed=D animated=D after=C")
  }

  @Test("S4: toClass starts below the caller's level and errors when nothing matches")
  func toClassNoMatch() throws {
    let probe = try SemanticsProbe(Self.fourLevels)
    let own = try #require(try probe.dismissError(from: "D", toClass: "DViewController"))
    #expect(own.contains("DViewController"))
    let missing = try #require(try probe.dismissError(from: "D", toClass: "SettingsViewController"))
    #expect(missing.contains("SettingsViewController"))
  }

  @Test("S4: dismiss on a child of a presented navigation controller goes to the nav's presenter")
  func dismissFromChildOfPresentedNavigation() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: Home
          id: home
          presents:
            class: UINavigationController
            id: modalNav
            viewControllers: [{ class: Step1, id: step1 }, { class: Step2, id: step2 }]
      """)
    let d = try probe.dismiss(from: "step2")
    #expect(
      probe.summary(d) == "receiver=home removed=modalNav,step1,step2 animated=modalNav after=home")
  }

  @Test("S4: a child whose container presents dismisses what the container presented")
  func dismissFromChildOfPresenter() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: List, id: list, presents: { class: Compose, id: compose, modalPresentationStyle: fullScreen } }
      """)
    let d = try probe.dismiss(from: "list")
    #expect(probe.summary(d) == "receiver=tabs removed=compose animated=compose after=list")
  }

  @Test(
    "S4: removed lists whole subtrees, including presentations made inside them, in document order")
  func removedSubtrees() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: Home
          id: home
          presents:
            class: UITabBarController
            id: modalTabs
            modalPresentationStyle: fullScreen
            viewControllers:
              - class: UINavigationController
                id: nav1
                viewControllers:
                  - { class: One, id: one, presents: { class: Filter, id: filter, modalPresentationStyle: overCurrentContext } }
              - { class: UINavigationController, id: nav2, viewControllers: [{ class: Two, id: two }] }
      """)
    let d = try probe.dismiss(from: "nav2")
    #expect(
      probe.summary(d)
        == "receiver=home removed=modalTabs,nav1,one,filter,nav2,two animated=filter after=home")
    #expect(d.removedLevels.map { probe.id($0)! } == ["modalTabs", "filter"])
  }

  @Test("S4: topViewControllerAfter is the new top, through containers")
  func topAfter() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          selectedIndex: 1
          viewControllers:
            - { class: A, id: a }
            - class: UINavigationController
              id: nav
              viewControllers:
                - { class: B, id: b }
                - { class: C, id: c, presents: { class: Modal, id: modal, presents: { class: Alert, id: alert } } }
      """)
    #expect(probe.top == "alert")
    let d = try probe.dismiss(from: "alert", levels: 2)
    #expect(probe.summary(d) == "receiver=tabs removed=modal,alert animated=alert after=c")
  }

  @Test("S4: the seed-002 story: A presents B presents C; from C back to A")
  func seed002() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: AViewController
          id: A
          presents:
            class: BViewController
            id: B
            presents: { class: CViewController, id: C }
      """)
    let byLevels = try probe.dismiss(from: "C", levels: 2)
    #expect(probe.summary(byLevels) == "receiver=A removed=B,C animated=C after=A")
    let byClass = try probe.dismiss(from: "C", toClass: "AViewController")
    #expect(probe.summary(byClass) == "receiver=A removed=B,C animated=C after=A")
    #expect(byLevels.removed == byClass.removed)
  }

  @Test("S4: a refused presentation stays refused after the presenter is freed")
  func refusedStaysRefused() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers:
            - { class: List, id: list, presents: { class: First, id: first, modalPresentationStyle: fullScreen } }
            - { class: Detail, id: detail, presents: { class: Second, id: second, modalPresentationStyle: fullScreen } }
      """)
    #expect(probe.refused == ["second<-nav"])
    let d = try probe.dismiss(from: "first")
    #expect(probe.summary(d) == "receiver=nav removed=first animated=first after=detail")
  }

  @Test("S4: dismiss on a controller that is neither presented nor presenting is an error")
  func dismissNothing() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root: { class: UINavigationController, id: nav, viewControllers: [{ class: Home, id: home }] }
      """)
    let message = try #require(try probe.dismissError(from: "home"))
    #expect(message.contains("does nothing"))
  }
}

// MARK: - S5 Responder chain

@Suite("S5 responder chain")
struct ResponderChainRuleTests {
  @Test(
    "S5: a deep view reaches its owning controller, the presenting controller, the window, its scene, UIApplication and the app delegate"
  )
  func deepViewInPresentedController() throws {
    let probe = try SemanticsProbe(
      """
      window:
        id: mainWindow
        root:
          class: FeedViewController
          id: feed
          presents:
            class: PostViewController
            id: post
            view:
              id: postRoot
              subviews:
                - id: card
                  subviews:
                    - id: toolbar
                      subviews: [{ id: likeButton, class: UIButton }]
      """)
    #expect(
      try probe.chain(from: "likeButton") == [
        "likeButton", "toolbar", "card", "postRoot", "post", "feed", "mainWindow", "UIWindowScene",
        "UIApplication", "AppDelegate",
      ])
    #expect(
      probe.id(try probe.analysis.responderChain(from: "likeButton").owningController) == "post")
  }

  @Test(
    "S5: a hosted view leads to the child controller, then the host's superview, then the container"
  )
  func hostedView() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: ContainerViewController
          id: container
          children:
            - class: ChildViewController
              id: child
              view: { id: childRoot, subviews: [{ id: label, class: UILabel }] }
          view:
            id: containerRoot
            subviews:
              - id: slot
                subviews: [{ hosts: child }]
      """)
    #expect(
      try probe.chain(from: "label") == [
        "label", "childRoot", "child", "slot", "containerRoot", "container", "window",
        "UIWindowScene", "UIApplication", "AppDelegate",
      ])
    #expect(probe.id(try probe.analysis.responderChain(from: "label").owningController) == "child")
  }

  @Test("S5: a window's root controller is followed by the window, its scene, then UIApplication")
  func windowRoot() throws {
    let probe = try SemanticsProbe(
      """
      windows:
        - { id: main, key: true, root: { class: Home, id: home } }
        - { id: banner, level: alert, root: { class: Banner, id: banner, view: { id: bannerLabel } } }
      """)
    #expect(
      try probe.chain(from: "home") == [
        "home", "main", "UIWindowScene", "UIApplication", "AppDelegate",
      ])
    #expect(
      try probe.chain(from: "bannerLabel") == [
        "bannerLabel", "banner", "banner", "UIWindowScene", "UIApplication", "AppDelegate",
      ])
  }

  @Test(
    "S5: a child of a presented navigation controller reaches the navigation controller, not the presenter"
  )
  func childOfPresentedNavigation() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: Home
          id: home
          presents:
            class: UINavigationController
            id: modalNav
            viewControllers:
              - { class: Edit, id: edit, view: { id: editRoot, subviews: [{ id: field, class: UITextField }] } }
      """)
    #expect(
      try probe.chain(from: "field") == [
        "field", "editRoot", "edit", "modalNav", "home", "window", "UIWindowScene", "UIApplication",
        "AppDelegate",
      ])
  }

  @Test(
    "S5: a child whose view the container did not attach has no superview: the chain ends at it")
  func unattachedChild() throws {
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers:
            - { class: List, id: list, view: { id: listRoot, subviews: [{ id: cell }] } }
            - { class: Detail, id: detail, view: { id: detailRoot } }
      """)
    #expect(try probe.chain(from: "cell") == ["cell", "listRoot", "list"])
    #expect(
      try probe.chain(from: "detailRoot") == [
        "detailRoot", "detail", "nav", "window", "UIWindowScene", "UIApplication", "AppDelegate",
      ])
    let switcher = try SemanticsProbe(
      """
      window:
        root:
          class: Switcher
          id: switcher
          showing: one
          children: [{ class: One, id: one }, { class: Two, id: two, view: { id: twoRoot } }]
      """)
    #expect(try switcher.chain(from: "twoRoot") == ["twoRoot", "two"])
    #expect(
      try switcher.chain(from: "one") == [
        "one", "switcher", "window", "UIWindowScene", "UIApplication", "AppDelegate",
      ])
  }

  @Test(
    "S5: a hosted view of a controller that is not the container's child still leads to the host's superview"
  )
  func hostedNonChild() throws {
    // seed 001's inconsistency (S6 reports it): the view is in the tree, so the chain follows it.
    let probe = try SemanticsProbe(
      """
      window:
        root:
          class: Container
          id: container
          view: { id: containerRoot, subviews: [{ hosts: stray }] }
      detached:
        - { class: Stray, id: stray, view: { id: strayRoot } }
      """)
    #expect(
      try probe.chain(from: "strayRoot") == [
        "strayRoot", "stray", "containerRoot", "container", "window", "UIWindowScene",
        "UIApplication", "AppDelegate",
      ])
    #expect(probe.onScreen == ["container", "stray"])
  }

  @Test("S5: an unknown id is an error")
  func unknownID() throws {
    let probe = try SemanticsProbe("window: { root: { class: Home, id: home } }")
    #expect(throws: VCGraphError.self) { try probe.analysis.responderChain(from: "nope") }
  }
}
