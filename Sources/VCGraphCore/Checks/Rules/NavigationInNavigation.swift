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
    var findings: [Finding] = []
    for (index, controller) in controllers.enumerated() where controller.kind == .navigation {
      // A collapsed split's primary navigation controller holds the secondary navigation
      // controller UIKit pushed there itself (Apple's own apps' dumps show it).
      if isCollapsedSplitPrimary(index, in: analysis) { continue }
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

  /// Whether `index` is the primary (first) column of a collapsed split view controller, onto
  /// whose stack UIKit's default collapse pushes the secondary, a navigation controller or not:
  /// "the UINavigationController class responds by pushing the secondary view controller onto
  /// its navigation stack" (Apple, `splitViewController(_:collapseSecondary:onto:)`). A split
  /// with one column is collapsed: UIKit leaves "the primary view controller as its only child".
  static func isCollapsedSplitPrimary(_ index: ControllerIndex, in analysis: Analysis) -> Bool {
    let controllers = analysis.hierarchy.controllers
    guard let split = controllers[index].parent, controllers[split].kind == .split,
      controllers[split].children.first == index
    else { return false }
    // After collapsing, UIKit leaves "the primary view controller as its only child".
    return controllers[split].children.count == 1 || analysis.isCollapsed(split)
  }
}
