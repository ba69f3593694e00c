extension Rule {
  /// A tab bar's `selectedIndex` beyond its tabs.
  public static let selectedIndexOutOfRange = Rule(
    "selected-index-out-of-range", .error, summary: "a tab bar's `selectedIndex` beyond its tabs")
}

/// A tab bar controller with tabs whose `selectedIndex` names none of them.
struct SelectedIndexOutOfRange: CheckRule {
  static let rule = Rule.selectedIndexOutOfRange
  static let documentation = RuleDocumentation(
    uikit:
      "`selectedIndex` is an index into the tab bar controller's `viewControllers`. Apple's"
      + " documentation of `viewControllers` says what UIKit does with an index that names no"
      + " tab: \"If that index is invalid, it selects the view controller at index 0.\" The"
      + " app shows the first tab, not the one the description (or the code that set the"
      + " index) means.",
    triggering: [
      """
      window:
        root:
          class: UITabBarController
          selectedIndex: 3
          viewControllers: [ FeedViewController, ProfileViewController ]
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: UITabBarController
          selectedIndex: 1
          viewControllers: [ FeedViewController, ProfileViewController ]
      """,
    ],
    fix:
      "Use an index below the number of tabs (0 is the first), or add the missing tabs.")

  static func findings(in analysis: Analysis) -> [Finding] {
    var findings: [Finding] = []
    for (index, controller) in analysis.hierarchy.controllers.enumerated()
    where controller.kind == .tabBar {
      let selected = controller.selectedIndex ?? 0
      let count = controller.children.count
      guard count > 0, !controller.children.indices.contains(selected) else { continue }
      findings.append(
        Finding(
          rule,
          "selectedIndex \(selected) is out of range: '\(controller.id)' has"
            + " \(count) tab\(count == 1 ? "" : "s") (0...\(count - 1))",
          at: controller.location(of: "selectedIndex"), controller: index))
    }
    return findings
  }
}
