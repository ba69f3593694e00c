extension Rule {
  /// Tabs past the fifth, which live under the More navigation controller.
  public static let tabsUnderMore = Rule(
    "tabs-under-more", .info,
    summary: "tabs past the fifth, which live under the More navigation controller")
}

/// A tab bar controller with more than five tabs: the tab bar shows four and "More".
struct TabsUnderMore: CheckRule {
  static let rule = Rule.tabsUnderMore
  static let documentation = RuleDocumentation(
    uikit:
      "Apple's `UITabBarController` reference: \"If you add six or more custom view controllers"
      + " to a tab bar controller, the tab bar controller displays only the first four items"
      + " plus the standard More item on the tab bar.\" The fifth and later tabs live in the"
      + " More navigation controller's list, one tap further away.",
    example: """
      window:
        root:
          class: UITabBarController
          viewControllers: [ Feed, Search, Inbox, Profile, Settings, About ]
      """,
    fix:
      "Keep five tabs or fewer (move the rest elsewhere), or accept the More list: this is"
      + " information, not a mistake.")

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    var findings: [Finding] = []
    for (index, controller) in controllers.enumerated()
    where controller.kind == .tabBar && controller.children.count > 5 {
      let extra = controller.children[4...].map { controllers[$0].id }
      findings.append(
        Finding(
          rule,
          "'\(controller.id)' has \(controller.children.count) tabs: the tab bar shows four and"
            + " 'More'; \(extra.joined(separator: ", ")) live under the More navigation"
            + " controller",
          at: controllers[controller.children[5]].location, controller: index))
    }
    return findings
  }
}
