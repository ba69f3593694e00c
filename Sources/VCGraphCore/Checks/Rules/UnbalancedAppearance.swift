extension Rule {
  /// Two children `appeared` in a container that shows one.
  public static let unbalancedAppearance = Rule(
    "unbalanced-appearance", .warning,
    summary: "two children `appeared` in a container that shows one (a navigation stack, a tab"
      + " bar, a `showing` switcher)",
    uikitMessage: UIKitMessages.unbalancedAppearance)
}

/// A navigation controller, a tab bar controller or a one-child switcher (`showing`) with two
/// or more children in the state `appeared` (as a dump prints them): only one child's view is
/// in the window, so every other `appeared` child missed its disappearance callbacks. UIKit
/// logs "Unbalanced calls to begin/end appearance transitions for …" when a container's
/// begin/end appearance calls do not pair up (a push or tab switch while another transition
/// runs, a custom container that forwards appearance by hand). Reported at each child that is
/// `appeared` but not the one shown.
struct UnbalancedAppearance: CheckRule {
  static let rule = Rule.unbalancedAppearance
  static let documentation = RuleDocumentation(
    uikit:
      "A navigation controller, a tab bar controller and a one-child switcher show one child;"
      + " the child they hide gets viewWillDisappear/viewDidDisappear and prints as"
      + " `disappeared`. Two children `appeared` at once mean a transition's begin and end"
      + " appearance calls did not pair up (a push or tab switch during another transition, a"
      + " container forwarding appearance by hand), and UIKit logs it.",
    triggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - { class: ChatListViewController, state: appeared }
            - { class: MessagesViewController, state: appeared }
      """,
      """
      window:
        root:
          class: UITabBarController
          selectedIndex: 1
          viewControllers:
            - { class: FeedViewController, state: appeared }
            - { class: ProfileViewController, state: appeared }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - { class: ChatListViewController, state: disappeared }
            - { class: MessagesViewController, state: appeared }
      """,
    ],
    fix:
      "Start a transition only after the previous one finished (its completion, or"
      + " `transitionCoordinator`); a custom container calls `beginAppearanceTransition` and"
      + " `endAppearanceTransition` in pairs for each child.",
    uikitMessage: UIKitMessages.unbalancedAppearance.line(["child": "ChatListViewController"]))

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    var findings: [Finding] = []
    for (index, container) in controllers.enumerated() {
      let showsOne =
        container.kind == .navigation || container.kind == .tabBar
        || (container.kind == .plain && container.showing != nil && container.view == nil)
      guard showsOne else { continue }
      let appeared = container.children.filter { controllers[$0].state == "appeared" }
      guard appeared.count >= 2 else { continue }
      let shown = Set(analysis.shownChildren(of: index))
      for child in appeared where !shown.contains(child) {
        findings.append(
          Finding(
            rule,
            "'\(controllers[child].id)' is `appeared` in '\(container.id)', which shows only"
              + " '\(shown.sorted().map { controllers[$0].id }.joined(separator: "', '"))';"
              + " its appearance callbacks did not pair up — check the transitions that"
              + " added or hid it",
            at: controllers[child].location(of: "state"), controller: child,
            uikitMessage: rule.uikitMessage?.line(["child": controllers[child].className])))
      }
    }
    return findings
  }
}
