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
  static let documentation = RuleDocumentation(
    uikit:
      "A container that shows one child at a time (`showing`) should have only that child's"
      + " view in its view tree. UIKit does not take the previous child's view out for you:"
      + " Apple's guide to custom containers removes it in the transition"
      + " (`willMove(toParent: nil)`, `removeFromSuperview()`, `removeFromParent()`). A view"
      + " left behind stays in the window under the new one, keeps receiving layout, and can"
      + " show through or take touches (seed 001).",
    triggering: [
      """
      window:
        root:
          class: SwitcherViewController
          showing: map
          children: [ { class: ListViewController, id: list }, { class: MapViewController, id: map } ]
          view: { subviews: [ { hosts: list }, { hosts: map } ] }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: SwitcherViewController
          showing: map
          children:
            - { class: ListViewController, id: list }
            - { class: MapViewController, id: map }
          view: { subviews: [ { hosts: map } ] }
      """,
    ],
    fix:
      "When switching, remove the previous child's view (`removeFromSuperview()`), or use"
      + " `transition(from:to:duration:options:animations:completion:)`, which does, so only the"
      + " shown child's view is attached.")

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
