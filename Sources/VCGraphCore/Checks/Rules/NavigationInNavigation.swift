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
    example: """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - FeedViewController
            - { class: UINavigationController, id: postNav, viewControllers: [ PostViewController ] }
      """,
    fix:
      "Push the inner navigation controller's root controller instead, or present the inner"
      + " navigation controller modally.",
    uikitMessage:
      "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason:"
      + " 'Pushing a navigation controller is not supported'")

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    var findings: [Finding] = []
    for controller in controllers where controller.kind == .navigation {
      for child in controller.children where controllers[child].kind == .navigation {
        findings.append(
          Finding(
            rule,
            "navigation controller '\(controllers[child].id)' is pushed on navigation"
              + " controller '\(controller.id)'; UIKit does not support pushing a navigation"
              + " controller — push its root controller instead",
            at: controllers[child].location, controller: child,
            uikitMessage: rule.uikitMessage?.line()))
      }
    }
    return findings
  }
}
