extension Rule {
  /// A presentation from a detached controller whose view is on screen.
  public static let detachedPresenter = Rule(
    "detached-presenter", .warning,
    summary: "a presentation from a controller in no window's controller hierarchy whose view"
      + " another controller's view shows",
    uikitMessage: UIKitMessages.detachedPresenter)
}

/// A `presents` from a controller that is detached (no parent, not presented, no window's
/// root, nor inside such a controller) while its view is in a window because another
/// controller's view `hosts` it. UIKit presents, and logs "Presenting view controller … from
/// detached view controller … is not supported" (older releases: "… is discouraged").
struct DetachedPresenter: CheckRule {
  static let rule = Rule.detachedPresenter
  static let documentation = RuleDocumentation(
    uikit:
      "A controller whose view was added to another controller's view without `addChild(_:)`"
      + " is in no window's controller hierarchy (detached). Presenting from it still works,"
      + " but UIKit logs that it is not supported and may give wrong safe area insets and a"
      + " corrupt presentation (its newest wording, seen in 2024, adds \"Will become a hard"
      + " exception in a future release\")."
      + " The hosted view is also `unowned-hosted-view`, ignored in the example.",
    example: """
      ignore: [unowned-hosted-view]
      window:
        root:
          class: PlayerContainerViewController
          view: { subviews: [ { hosts: player } ] }
      detached:
        - class: PlayerViewController
          id: player
          presents: { class: QueueViewController }
      """,
    fix:
      "Make the controller a child of the controller whose view shows it (`addChild(_:)`,"
      + " then add its view, then `didMove(toParent:)`), or present from that container.",
    uikitMessage: UIKitMessages.detachedPresenter.line([
      "presented": "QueueViewController", "requester": "PlayerViewController",
    ]))

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    let model = UIKitModel(analysis.hierarchy)
    var findings: [Finding] = []
    for (requester, controller) in controllers.enumerated() {
      guard let target = controller.presents,
        let presenter = analysis.presentation.presenter[target],
        analysis.window[presenter] != nil
      else { continue }
      var request = PresentationRequest(
        presented: controllers[target], requester: requester, presenter: presenter)
      request.requesterIsDetached = analysis.isDetached(requester)
      guard let violation = model.present(request).violations.first(where: { $0.rule == rule })
      else { continue }
      let root = PresentationResolution.contextRoot(of: requester, in: analysis.hierarchy)
      findings.append(
        Finding(
          rule,
          "'\(controller.id)' presents '\(controllers[target].id)' while"
            + " '\(controllers[root].id)' is in no window's controller hierarchy (its view is"
            + " only hosted in one); UIKit presents but warns — add '\(controllers[root].id)'"
            + " as a child of the controller whose view shows it",
          at: controller.location(of: "presents"), controller: target,
          uikitMessage: violation.uikitMessage))
    }
    return findings
  }
}
