extension Rule {
  /// A controller's root view placed in the view tree of a controller that is not its parent.
  public static let viewHostedByNonParent = Rule(
    "view-hosted-by-non-parent", .error,
    summary: "a controller's root view hosted in the view tree of a controller that is not its"
      + " parent (UIKit raises `UIViewControllerHierarchyInconsistency`)",
    uikitMessage: UIKitMessages.hierarchyInconsistency)
}

/// A view that `hosts` a controller held by someone (a parent, a presenter, a window) but not
/// by the controller whose view tree holds it.
struct ViewHostedByNonParent: CheckRule {
  static let rule = Rule.viewHostedByNonParent
  static let documentation = RuleDocumentation(
    uikit:
      "A controller's root view belongs in the view tree of its parent: `addChild(_:)` makes"
      + " the relationship that, in Apple's words, \"is necessary when embedding the child"
      + " view controller's view into the current view controller's content\". When the view"
      + " of a controller that someone else holds (another container, a presenter, a window)"
      + " is added to the views of a controller that is not its parent, the view tree and the"
      + " controller tree disagree, and UIKit raises `UIViewControllerHierarchyInconsistency`"
      + " when it next moves or lays out that view.",
    triggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - class: ContainerViewController
              id: container
              view:
                subviews: [ { hosts: other } ]
            - { class: OtherViewController, id: other }
      """,
      """
      window:
        root:
          class: HomeViewController
          view: { subviews: [ { hosts: sheet } ] }
          presents: { class: SheetViewController, id: sheet }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - class: ContainerViewController
              id: container
              children: [ { class: OtherViewController, id: other } ]
              view:
                subviews: [ { hosts: other } ]
      """,
    ],
    fix:
      "Call `addChild(_:)` on the controller whose view shows the view, add the view, then"
      + " `didMove(toParent:)`; in the description, list the hosted controller in that"
      + " controller's `children`. Or show the view where its parent shows it.",
    uikitMessage:
      "*** Terminating app due to uncaught exception 'UIViewControllerHierarchyInconsistency',"
      + " reason: 'child view controller:<OtherViewController: 0x…> should have parent view"
      + " controller:<ContainerViewController: 0x…> but actual parent"
      + " is:<UINavigationController: 0x…>'")

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    let model = UIKitModel(analysis.hierarchy)
    var findings: [Finding] = []
    for (index, view) in analysis.hierarchy.views.enumerated() {
      guard let hosted = view.hosts, HostedView.isHeld(hosted, in: analysis) else { continue }
      let owner = view.treeOwner
      let hostedController = controllers[hosted]
      guard let violation = model.hostView(of: hosted, in: owner) else { continue }
      let parentText = hostedController.parent.map { "'\(controllers[$0].id)'" } ?? "none"
      findings.append(
        Finding(
          rule,
          "the view of '\(hostedController.id)' is added to the view tree of"
            + " '\(controllers[owner].id)', which is not its parent (its parent is"
            + " \(parentText)); UIKit raises UIViewControllerHierarchyInconsistency — call"
            + " addChild(_:) on '\(controllers[owner].id)' first",
          at: view.keyLocations["hosts"] ?? view.location, controller: hosted, view: index,
          uikitMessage: violation.uikitMessage))
    }
    return findings
  }
}

/// What the two hosted-view rules share.
enum HostedView {
  /// Whether something holds the controller: a parent, a presenter, or a window.
  static func isHeld(_ controller: ControllerIndex, in analysis: Analysis) -> Bool {
    let hierarchy = analysis.hierarchy
    return hierarchy.controllers[controller].parent != nil
      || analysis.presentation.presenter[controller] != nil
      || hierarchy.windows.contains { $0.root == controller }
  }
}
