extension Rule {
  /// A one-child switcher (`showing`) with several children's views attached.
  public static let stackedChildren = Rule(
    "stacked-children", .warning,
    summary: "a one-child switcher (`showing`) with several children's views attached (seed 001)")
}

/// A custom container that says it shows one child (`showing`) while its view tree hosts the
/// views of several of its children.
struct StackedChildren: CheckRule {
  static let rule = Rule.stackedChildren

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    var findings: [Finding] = []
    for (index, controller) in controllers.enumerated() {
      guard let showing = controller.showing, let view = controller.view else { continue }
      let attached = analysis.hostedControllers(inTreeOf: view).filter {
        controller.children.contains($0)
      }
      guard attached.count > 1 else { continue }
      let others = attached.filter { $0 != showing }.map { "'\(controllers[$0].id)'" }
      findings.append(
        Finding(
          rule,
          "'\(controller.id)' is meant to show only '\(controllers[showing].id)' but the views of"
            + " \(others.joined(separator: ", ")) are attached too; remove the previous"
            + " child's view when switching",
          at: controller.location(of: "showing"), controller: index))
    }
    return findings
  }
}
