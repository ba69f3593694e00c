extension Rule {
  /// Tabs past the fifth, which live under the More navigation controller.
  public static let tabsUnderMore = Rule(
    "tabs-under-more", .info,
    summary: "tabs past the fifth, which live under the More navigation controller")
}

/// A tab bar controller with more than five tabs on iPhone: the tab bar shows four and "More"
/// ("If you add six or more custom view controllers to a tab bar controller, the tab bar
/// controller displays only the first four items plus the standard More item on the tab
/// bar", UITabBarController).
///
/// Not on iPad: vcgraph follows iPadOS 18's tab bar there ("The new iPad tab bar supports an
/// unlimited number of items. If there isn't enough room to display all the tabs, the system
/// collapses any tabs that can't fit onscreen, and lets people scroll through them", "Elevating
/// your iPad app with a tab bar and sidebar"); `Documentation/Semantics.md`, S2.
struct TabsUnderMore: CheckRule {
  static let rule = Rule.tabsUnderMore
  static let documentation = RuleDocumentation(
    uikit:
      "Apple's `UITabBarController` reference: \"If you add six or more custom view controllers"
      + " to a tab bar controller, the tab bar controller displays only the first four items"
      + " plus the standard More item on the tab bar.\" The fifth and later tabs live in the"
      + " More navigation controller's list, one tap further away. On iPad vcgraph follows"
      + " iPadOS 18, whose tab bar \"supports an unlimited number of items\": no finding there.",
    triggering: [
      """
      window:
        root:
          class: UITabBarController
          viewControllers: [ Feed, Search, Inbox, Profile, Settings, About ]
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: UITabBarController
          viewControllers: [ Feed, Search, Inbox, Profile, Settings ]
      """,
      """
      device: iPad
      window:
        root:
          class: UITabBarController
          viewControllers: [ Feed, Search, Inbox, Profile, Settings, About ]
      """,
    ],
    fix:
      "Keep five tabs or fewer (move the rest elsewhere), or accept the More list: this is"
      + " information, not a mistake.")

  static func findings(in analysis: Analysis) -> [Finding] {
    guard analysis.hierarchy.device == .iPhone else { return [] }
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
