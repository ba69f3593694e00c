extension Rule {
  /// A navigation controller pushed on a navigation controller.
  public static let navigationInNavigation = Rule(
    "navigation-in-navigation", .error,
    summary: "a navigation controller pushed on a navigation controller")
}

/// A navigation controller in another navigation controller's stack.
struct NavigationInNavigation: CheckRule {
  static let rule = Rule.navigationInNavigation

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
            at: controllers[child].location, controller: child))
      }
    }
    return findings
  }
}
