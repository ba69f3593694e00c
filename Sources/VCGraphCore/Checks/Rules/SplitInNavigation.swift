extension Rule {
  /// A split view controller on a navigation stack.
  public static let splitInNavigation = Rule(
    "split-in-navigation", .error,
    summary: "a split view controller pushed onto a navigation stack (Apple: \"You can't push a"
      + " split view controller onto a navigation stack\")")
}

/// A `UISplitViewController` in a navigation controller's `viewControllers`. Apple,
/// UISplitViewController: "You can't push a split view controller onto a navigation stack." No
/// console message for it was found, so the finding carries none.
struct SplitInNavigation: CheckRule {
  static let rule = Rule.splitInNavigation
  static let documentation = RuleDocumentation(
    uikit:
      "Apple's UISplitViewController: \"You can't push a split view controller onto a"
      + " navigation stack. Although it's possible to install a split view controller as a"
      + " child in some other container view controllers, doing so isn't recommended in most"
      + " cases.\" A split view controller is meant to be a window's root.",
    triggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - HomeViewController
            - { class: UISplitViewController, id: mail, viewControllers: [ Mailboxes, Message ] }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: UISplitViewController
          id: mail
          viewControllers:
            - { class: UINavigationController, viewControllers: [ Mailboxes ] }
            - { class: UINavigationController, viewControllers: [ Message ] }
      """,
    ],
    fix:
      "Make the split view controller the window's root (or present it), and push its"
      + " columns' content instead.")

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    return placementViolations(in: analysis).map { child, _ in
      Finding(
        rule,
        "split view controller '\(controllers[child].id)' is pushed on navigation controller"
          + " '\(controllers[controllers[child].parent!].id)'; Apple: \"You can't push a split"
          + " view controller onto a navigation stack\" — make it a window's root or present it",
        at: controllers[child].location, controller: child)
    }
  }
}
