import Testing
import VCGraphCore

/// `UIKitModel`: the one place that says what UIKit does with an operation. Each case is a
/// hierarchy, an operation and the answer Apple documents (or a real console shows), written
/// out by hand: the rule, what UIKit does and the console line.
@Suite struct UIKitModelTests: LoadsDescriptions {
  let stacks = """
    window:
      root:
        class: UINavigationController
        id: nav
        viewControllers:
          - { class: FeedViewController, id: feed }
          - { class: PostViewController, id: post }
    detached:
      - { class: UIViewController, id: loose }
      - { class: UISplitViewController, id: split, viewControllers: [ { class: A, id: a }, B ] }
    """

  func index(_ id: String, _ hierarchy: Hierarchy) -> ControllerIndex {
    hierarchy.controller(id: id)!
  }

  @Test func pushingANavigationControllerRaises() throws {
    let h = try load(stacks)
    let verdict = UIKitModel(h).push(
      className: "UINavigationController", kind: .navigation, onto: index("nav", h))
    let refusal = try #require(verdict.refusal)
    #expect(refusal.rule == .navigationInNavigation)
    #expect(refusal.consequence == .raises)
    #expect(
      refusal.uikitMessage
        == "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason:"
        + " 'Pushing a navigation controller is not supported'")
  }

  @Test func pushingAnInstanceOnTheStackRaises() throws {
    let h = try load(stacks)
    let verdict = UIKitModel(h).push(
      className: "FeedViewController", kind: .plain, instance: index("feed", h),
      onto: index("nav", h))
    #expect(verdict.refusal?.rule == .pushedTwice)
    #expect(verdict.refusal?.uikitMessage?.contains("<UINavigationController: 0x…> is pushing"
      + " the same view controller instance (<FeedViewController: 0x…>) more than once") == true)
  }

  @Test func pushingAPlainControllerIsPerformed() throws {
    let h = try load(stacks)
    let verdict = UIKitModel(h).push(
      className: "UIViewController", kind: .plain, instance: index("loose", h),
      onto: index("nav", h))
    #expect(verdict.isPerformed)
    #expect(verdict.violations.isEmpty)
  }

  @Test func pushingASplitViewControllerGoesOnAgainstApple() throws {
    let h = try load(stacks)
    let verdict = UIKitModel(h).push(
      className: "UISplitViewController", kind: .split, onto: index("nav", h))
    #expect(verdict.isPerformed)
    #expect(verdict.caveats.map(\.rule) == [.splitInNavigation])
    #expect(verdict.caveats.first?.uikitMessage == nil)
    #expect(verdict.caveats.first?.appleDocumentation.contains("You can't push a split view"
      + " controller onto a navigation stack") == true)
  }

  @Test func aCollapsedPrimaryMayHoldTheSecondaryNavigationController() throws {
    let yaml = """
      device: iPhone
      window:
        root:
          class: UISplitViewController
          viewControllers:
            - class: UINavigationController
              id: primary
              viewControllers:
                - Sidebar
                - { class: UINavigationController, id: secondary, viewControllers: [ Detail ] }
      """
    let h = try load(yaml)
    let model = UIKitModel(h)
    #expect(model.placementViolations(of: index("secondary", h), in: Analysis(h)).isEmpty)
    let outside = try load(
      """
      window:
        root:
          class: UINavigationController
          id: outer
          viewControllers:
            - Sidebar
            - { class: UINavigationController, id: inner, viewControllers: [ Detail ] }
      """)
    let found = UIKitModel(outside).placementViolations(
      of: index("inner", outside), in: Analysis(outside))
    #expect(found.map(\.rule) == [.navigationInNavigation])
  }

  @Test func popToAControllerOffTheStackRaises() throws {
    let h = try load(stacks)
    let model = UIKitModel(h)
    #expect(model.popTo(index("feed", h), on: index("nav", h)) == nil)
    let violation = try #require(model.popTo(index("loose", h), on: index("nav", h)))
    #expect(violation.consequence == .raises)
    #expect(
      violation.uikitMessage
        == "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException',"
        + " reason: 'Tried to pop to a view controller that doesn't exist.'")
  }

  @Test func showGoesToTheNearestContainerThatOverridesIt() throws {
    let h = try load(stacks)
    let model = UIKitModel(h)
    #expect(model.show(from: index("post", h)) == .push(navigation: index("nav", h)))
    #expect(model.show(from: index("a", h)) == .primaryColumn(split: index("split", h)))
    #expect(model.show(from: index("loose", h)) == .presentsModally)
    // A deprecated Push segue skips the split and raises with no navigation controller.
    guard case .refused(let violation) = model.show(from: index("a", h), deprecatedPush: true)
    else {
      Issue.record("a push segue outside a navigation controller is refused")
      return
    }
    #expect(violation.rule == .pushOutsideNavigation)
    #expect(violation.uikitMessage?.hasSuffix("'Push segues can only be used when the source"
      + " controller is managed by an instance of UINavigationController.'") == true)
  }

  @Test func showDetailReplacesTheDetailOrShowsInThePrimary() throws {
    let h = try load(
      """
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers:
            - { class: UINavigationController, id: primary, viewControllers: [ { class: List, id: list } ] }
            - { class: Detail, id: detail }
      detached:
        - { class: Other, id: other }
      """)
    let model = UIKitModel(h)
    func showDetail(
      _ className: String, _ kind: ControllerKind, from source: String, collapsed: Bool
    ) -> ShowHandling {
      model.showDetail(
        className: className, kind: kind, from: index(source, h), isCollapsed: { _ in collapsed })
    }
    #expect(showDetail("Detail", .plain, from: "list", collapsed: false)
      == .secondaryColumn(split: index("split", h)))
    #expect(showDetail("Detail", .plain, from: "list", collapsed: true)
      == .collapsedPush(navigation: index("primary", h), verdict: UIKitVerdict()))
    #expect(showDetail("Detail", .plain, from: "other", collapsed: true) == .presentsModally)
  }

  /// Collapsed, a `showDetail` of a navigation controller pushes the navigation controller
  /// itself onto the primary's stack, and UIKit raises nothing: Apple,
  /// `UISplitViewController.showDetailViewController(_:sender:)`: "the split view controller
  /// forwards the message to the view controller being replaced. For example, a navigation
  /// controller responds by pushing `vc` onto its navigation stack", as its default collapse
  /// does ("the UINavigationController class responds by pushing the secondary view controller
  /// onto its navigation stack", `splitViewController(_:collapseSecondary:onto:)`). The same
  /// navigation controller pushed by the app raises.
  @Test func aCollapsedShowDetailPushesANavigationControllerItself() throws {
    let h = try load(
      """
      window:
        root:
          class: UISplitViewController
          id: split
          viewControllers:
            - { class: UINavigationController, id: primary, viewControllers: [ { class: List, id: list } ] }
            - { class: UINavigationController, id: detail, viewControllers: [ Detail ] }
      """)
    let model = UIKitModel(h)
    let primary = index("primary", h)
    guard
      case .collapsedPush(let navigation, let verdict) = model.showDetail(
        className: "UINavigationController", kind: .navigation, from: index("list", h),
        isCollapsed: { _ in true })
    else {
      Issue.record("a collapsed split's primary navigation controller pushes")
      return
    }
    #expect(navigation == primary)
    #expect(verdict.violations.isEmpty)
    // The app pushing it: "Pushing a navigation controller is not supported".
    #expect(
      model.push(className: "UINavigationController", kind: .navigation, onto: primary).refusal?
        .rule == .navigationInNavigation)
    // The rules other than navigation-in-navigation still apply to what UIKit pushes.
    #expect(
      model.pushByCollapsedSplit(className: "UISplitViewController", kind: .split, onto: primary)
        .caveats.map(\.rule) == [.splitInNavigation])
  }

  @Test func presentingFromAControllerOutOfTheWindowIsIgnoredBeforeAnythingElse() throws {
    let h = try load(
      """
      window:
        root: { class: HomeViewController, id: home }
      detached:
        - class: SettingsViewController
          id: settings
          presents: { class: AboutViewController, id: about }
      """)
    let model = UIKitModel(h)
    let analysis = Analysis(h)
    let settings = index("settings", h)
    // Presenting again from `settings`: it is in no window and already presents `about`;
    // UIKit meets the window first.
    let request = model.request(
      presenting: h.controllers[index("home", h)], from: settings, in: analysis)
    #expect(request.presenterInWindow == false)
    let verdict = model.present(request)
    #expect(verdict.violations.map(\.rule) == [.presenterNotInWindow, .alreadyPresenting])
    #expect(verdict.refusal?.consequence == .ignored)
    #expect(
      verdict.refusal?.uikitMessage
        == "Attempt to present <HomeViewController: 0x…> on <SettingsViewController: 0x…> (from"
        + " <SettingsViewController: 0x…>) whose view is not in the window hierarchy.")
  }

  /// S1's refusals are UIKit's: the description's second `presents` to the navigation
  /// controller is the one `UIKitModel.alreadyPresentingRefusal` refuses, with the line UIKit
  /// logs (ArtSabintsev/Siren #348's wording) and the rule `already-presenting`.
  @Test func aPresentationToAPresenterThatIsPresentingIsIgnored() throws {
    let h = try load(
      """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers:
            - { class: FeedViewController, id: feed, presents: { class: Compose, id: compose, modalPresentationStyle: fullScreen } }
            - { class: PostViewController, id: post, presents: { class: Share, id: share, modalPresentationStyle: fullScreen } }
      """)
    let model = UIKitModel(h)
    let nav = index("nav", h)
    #expect(
      model.alreadyPresentingRefusal(
        presented: "Share", requester: index("post", h), presenter: nav, presenting: nil) == nil)
    let refusal = try #require(
      model.alreadyPresentingRefusal(
        presented: "Share", requester: index("post", h), presenter: nav,
        presenting: index("compose", h)))
    #expect(refusal.rule == .alreadyPresenting)
    #expect(refusal.consequence == .ignored)
    #expect(
      refusal.uikitMessage
        == "Attempt to present <Share: 0x…> on <UINavigationController: 0x…> (from"
        + " <PostViewController: 0x…>) which is already presenting <Compose: 0x…>.")
    let resolution = Analysis(h).presentation
    #expect(resolution.refused.map(\.presented) == [index("share", h)])
    #expect(resolution.refused.map(\.presenter) == [nav])
    #expect(resolution.presented[nav] == index("compose", h))
  }

  /// A controller's view in the view tree of a controller that is not its parent: UIKit
  /// raises UIViewControllerHierarchyInconsistency with the three classes (appunite/CLCascade
  /// #7's line); in its parent's tree nothing is wrong.
  @Test func aViewHostedByANonParentRaises() throws {
    let h = try load(stacks)
    let model = UIKitModel(h)
    #expect(model.hostView(of: index("feed", h), in: index("nav", h)) == nil)
    let violation = try #require(model.hostView(of: index("feed", h), in: index("loose", h)))
    #expect(violation.rule == .viewHostedByNonParent)
    #expect(violation.consequence == .raises)
    #expect(
      violation.uikitMessage
        == "*** Terminating app due to uncaught exception 'UIViewControllerHierarchyInconsistency',"
        + " reason: 'child view controller:<FeedViewController: 0x…> should have parent view"
        + " controller:<UIViewController: 0x…> but actual parent is:<UINavigationController:"
        + " 0x…>'")
  }

  @Test func presentingAnActiveControllerRaisesWithTheMessageForItsPlace() throws {
    let h = try load(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - { class: ProfileViewController, id: profile }
      """)
    let model = UIKitModel(h)
    #expect(
      model.presentActive("ProfileViewController", place: .child(parent: index("tabs", h)))
        .uikitMessage
        == "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason:"
        + " 'Application tried to present modally a view controller <ProfileViewController: 0x…>"
        + " that has a parent view controller <UITabBarController: 0x…>.'")
    let request = model.request(
      presenting: h.controllers[index("tabs", h)], instance: index("tabs", h),
      from: index("profile", h), in: Analysis(h))
    #expect(request.activePlace == .windowRoot)
    #expect(model.present(request).refusal?.uikitMessage?.hasSuffix(
      "'Application tried to present modally an active controller <UITabBarController: 0x…>.'")
      == true)
  }

  @Test func anActionSheetWithoutAnchorOnIPadRaises() throws {
    let yaml = """
      device: iPad
      window:
        root:
          class: PhotoViewController
          id: photo
          presents: { class: UIAlertController, id: sheet, preferredStyle: actionSheet }
      """
    let h = try load(yaml)
    let model = UIKitModel(h)
    let violation = try #require(
      model.popoverAnchorViolation(for: h.controllers[index("sheet", h)], presenter: index("photo", h)))
    #expect(violation.rule == .actionSheetWithoutAnchor)
    #expect(violation.uikitMessage?.contains("UIAlertController (<UIAlertController: 0x…>) of style"
      + " UIAlertControllerStyleActionSheet from PhotoViewController (<PhotoViewController: 0x…>)")
      == true)
    let iPhone = try load(yaml.replacingOccurrences(of: "device: iPad", with: "device: iPhone"))
    #expect(
      UIKitModel(iPhone).popoverAnchorViolation(
        for: iPhone.controllers[index("sheet", iPhone)], presenter: index("photo", iPhone)) == nil)
  }

  // Apple, UIActivityViewController: "On iPhone and iPod touch, you must present it modally."
  @Test func pushingAnActivityControllerGoesOnAndTheSimulatorNotesIt() throws {
    let h = try load(
      stacks + """

      steps:
        - push: { on: nav, controller: { class: UIActivityViewController, id: share } }
      """)
    let verdict = UIKitModel(h).push(
      className: "UIActivityViewController", kind: .plain, onto: index("nav", h))
    #expect(verdict.isPerformed)
    #expect(verdict.caveats.map(\.rule) == [.activityControllerNotPresented])
    let run = Simulator.run(h)
    #expect(run.refusal == nil)
    #expect(
      run.effects.first?.notes == [
        "'share' is a UIActivityViewController; Apple: \"you must present it modally\" (in a"
          + " popover on iPad) (activity-not-presented)"
      ])
  }
}
