extension Rule {
  /// A tab bar controller installed as the child of another controller.
  public static let tabBarNotRoot = Rule(
    "tab-bar-not-root", .warning,
    summary: "a tab bar controller installed as another controller's child")
}

/// A tab bar controller with a parent (a presented one is accepted).
struct TabBarNotRoot: CheckRule {
  static let rule = Rule.tabBarNotRoot
  static let documentation = RuleDocumentation(
    uikit:
      "Apple's reference for `UITabBarController` said: \"When deploying a tab bar interface,"
      + " you must install this view as the root of your window. Unlike other view"
      + " controllers, a tab bar interface should never be installed as a child of another"
      + " view controller.\" The tab bar then lays out inside the other controller's view and"
      + " its safe areas, and the bar is not at the bottom of the window. Presenting a tab bar"
      + " controller is accepted.",
    triggering: [
      """
      window:
        root:
          class: HomeViewController
          children:
            - { class: UITabBarController, viewControllers: [ FeedViewController ] }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: HomeViewController
          presents: { class: UITabBarController, viewControllers: [ FeedViewController ] }
      """,
    ],
    fix:
      "Make the tab bar controller the window's `rootViewController` (or present it), and move"
      + " the other controller's content into a tab.")

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    var findings: [Finding] = []
    for (index, controller) in controllers.enumerated() where controller.kind == .tabBar {
      guard let parent = controller.parent else { continue }
      findings.append(
        Finding(
          rule,
          "tab bar controller '\(controller.id)' is a child of '\(controllers[parent].id)'; a"
            + " tab bar interface should be a window's root view controller",
          at: controller.location, controller: index))
    }
    return findings
  }
}
