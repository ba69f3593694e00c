extension Rule {
  /// A presentation on a presenter that is already presenting.
  public static let alreadyPresenting = Rule(
    "already-presenting", .error,
    summary: "a presentation that goes to a presenter that is already presenting",
    uikitMessage: UIKitMessages.alreadyPresenting)
}

/// A presentation S1 resolves to a presenter that already presents another controller, which
/// UIKit refuses (`PresentationResolution.refused`).
struct AlreadyPresenting: CheckRule {
  static let rule = Rule.alreadyPresenting
  static let documentation = RuleDocumentation(
    uikit:
      "A controller presents one controller at a time. `present(_:animated:completion:)` hands"
      + " the request to the controller that provides the presentation context (for a"
      + " full-screen style, the root of the current presentation level: here the navigation"
      + " controller). When that controller is already presenting, UIKit refuses the new"
      + " presentation, prints a warning and shows nothing.",
    triggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - class: FeedViewController
              presents: { class: ComposeViewController, modalPresentationStyle: fullScreen }
            - class: PostViewController
              presents: { class: ShareViewController, modalPresentationStyle: fullScreen }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - class: FeedViewController
            - class: PostViewController
              presents:
                class: ComposeViewController
                modalPresentationStyle: fullScreen
                presents: { class: ShareViewController, modalPresentationStyle: fullScreen }
      """,
    ],
    fix:
      "Present from the controller on top (the presenter's `presentedViewController`), or"
      + " dismiss the current presentation first and present in its completion handler.",
    uikitMessage:
      "Attempt to present <ShareViewController: 0x…> on <UINavigationController: 0x…> (from"
      + " <PostViewController: 0x…>) which is already presenting <ComposeViewController: 0x…>.")

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    return analysis.refusedPresentations.map { refusal in
      let (presented, presenter, requester) =
        (refusal.presented, refusal.presenter, refusal.requester)
      let currentIndex = refusal.shown
      let current = currentIndex.map { controllers[$0].id } ?? "?"
      // Never suggest presenting from the controller that was asked.
      let fix =
        currentIndex == requester
        ? "give '\(current)' `definesPresentationContext: true`, or present it with a"
          + " full-screen or sheet style"
        : "dismiss first or present from '\(current)'"
      return Finding(
        rule,
        "'\(controllers[requester].id)' presents '\(controllers[presented].id)', but the"
          + " presentation goes to '\(controllers[presenter].id)', which is already presenting"
          + " '\(current)'; UIKit refuses it — \(fix)",
        at: controllers[requester].location(of: "presents"), controller: presented,
        uikitMessage: refusal.uikitMessage)
    }
  }
}
