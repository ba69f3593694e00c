extension Rule {
  /// A tab bar controller installed as the child of another controller.
  public static let tabBarNotRoot = Rule(
    "tab-bar-not-root", .warning,
    summary: "a tab bar controller installed as another controller's child")
}

/// A tab bar controller with a parent (a presented one is accepted).
struct TabBarNotRoot: CheckRule {
  static let rule = Rule.tabBarNotRoot

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
