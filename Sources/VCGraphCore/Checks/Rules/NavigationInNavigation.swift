extension Rule {
  /// A navigation controller pushed on a navigation controller.
  public static let navigationInNavigation = Rule(
    "navigation-in-navigation", .error,
    summary: "a navigation controller pushed on a navigation controller",
    uikitMessage: UIKitMessages.pushNavigation)
}

/// A navigation controller in another navigation controller's stack.
struct NavigationInNavigation: CheckRule {
  static let rule = Rule.navigationInNavigation
  static let documentation = RuleDocumentation(
    uikit:
      "A navigation controller's stack holds content controllers. Pushing a navigation"
      + " controller onto another one, or putting one in another's `viewControllers`, is"
      + " refused by UIKit with an exception.",
    triggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - FeedViewController
            - { class: UINavigationController, id: postNav, viewControllers: [ PostViewController ] }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - class: FeedViewController
              presents:
                class: UINavigationController
                id: postNav
                viewControllers: [ PostViewController ]
      """,
      """
      window:
        root:
          class: UITabBarController
          viewControllers:
            - { class: UINavigationController, viewControllers: [ FeedViewController ] }
            - { class: UINavigationController, viewControllers: [ ProfileViewController ] }
      """,
    ],
    fix:
      "Push the inner navigation controller's root controller instead, or present the inner"
      + " navigation controller modally.",
    uikitMessage:
      "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason:"
      + " 'Pushing a navigation controller is not supported'")

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    return placementViolations(in: analysis).map { child, violation in
      let navigation = controllers[controllers[child].parent!]
      return Finding(
        rule,
        "navigation controller '\(controllers[child].id)' is pushed on navigation"
          + " controller '\(navigation.id)'; UIKit does not support pushing a navigation"
          + " controller — push its root controller instead",
        at: controllers[child].location, controller: child,
        uikitMessage: violation.uikitMessage)
    }
  }
}
