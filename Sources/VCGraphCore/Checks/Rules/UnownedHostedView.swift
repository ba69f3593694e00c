extension Rule {
  /// A hosted view whose controller nobody holds (no parent, not presented, not a root).
  public static let unownedHostedView = Rule(
    "unowned-hosted-view", .warning,
    summary: "a hosted view whose controller nobody holds (seed 001: released while shown)")
}

/// A view that `hosts` a controller which no parent, presenter or window holds.
struct UnownedHostedView: CheckRule {
  static let rule = Rule.unownedHostedView

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
