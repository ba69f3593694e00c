extension Rule {
  /// A hosted view whose controller nobody holds (no parent, not presented, not a root).
  public static let unownedHostedView = Rule(
    "unowned-hosted-view", .warning,
    summary: "a hosted view whose controller nobody holds (seed 001: released while shown)")
}

/// A view that `hosts` a controller which no parent, presenter or window holds.
struct UnownedHostedView: CheckRule {
  static let rule = Rule.unownedHostedView
  static let documentation = RuleDocumentation(
    uikit:
      "A view does not keep its view controller alive: a controller is held by its parent, its"
      + " presenter or its window (or by your own references). A controller whose view was"
      + " added to another controller's view without `addChild(_:)` is held by nothing UIKit"
      + " knows of; when the code that made it lets it go, it is deallocated while its view"
      + " stays on screen, and the view's actions and callbacks reach nothing (seed 001). It"
      + " gets no appearance or trait-change callbacks either.",
    triggering: [
      """
      window:
        root:
          class: ScreenViewController
          view: { subviews: [ { hosts: banner } ] }
      detached:
        - { class: BannerViewController, id: banner }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: ScreenViewController
          children: [ { class: BannerViewController, id: banner } ]
          view: { subviews: [ { hosts: banner } ] }
      """,
    ],
    fix:
      "Call `addChild(_:)` on the controller whose view shows it, add the view, then"
      + " `didMove(toParent:)`; in the description, list it in that controller's `children`.")

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    var findings: [Finding] = []
    for (index, view) in analysis.hierarchy.views.enumerated() {
      guard let hosted = view.hosts, !HostedView.isHeld(hosted, in: analysis) else { continue }
      let owner = controllers[view.treeOwner].id
      let id = controllers[hosted].id
      findings.append(
        Finding(
          rule,
          "the view of '\(id)' is shown in '\(owner)' but no controller holds '\(id)' (it is"
            + " no one's child and not presented), so it can be released while its view stays"
            + " on screen; call addChild(_:) on '\(owner)'",
          at: view.keyLocations["hosts"] ?? view.location, controller: hosted, view: index))
    }
    return findings
  }
}
