extension Rule {
  /// A `UIActivityViewController` that is not presented.
  public static let activityControllerNotPresented = Rule(
    "activity-not-presented", .warning,
    summary: "a `UIActivityViewController` pushed, embedded as a child or made a window's root"
      + " instead of presented")
}

/// A `UIActivityViewController` (or a subclass) placed where UIKit does not show it as Apple
/// requires: on a navigation stack, as a tab, a column or a child, or as a window's root
/// (`placementViolations(in:)`, which asks `UIKitModel`, decides).
struct ActivityControllerNotPresented: CheckRule {
  static let rule = Rule.activityControllerNotPresented
  static let documentation = RuleDocumentation(
    uikit:
      "Apple's `UIActivityViewController` reference: \"Your app is responsible for configuring,"
      + " presenting, and dismissing this view controller. [...] When presenting the view"
      + " controller, you must do so using the appropriate means for the current device. On"
      + " iPad, you must present the view controller in a popover. On iPhone and iPod touch,"
      + " you must present it modally.\" Pushed onto a navigation stack, used as a tab or a"
      + " child, or as a window's root, the share sheet is not shown as a sheet or popover and"
      + " its completion handler may never run.",
    triggering: [
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - FeedViewController
            - { class: UIActivityViewController, id: share }
      """,
      """
      classes: { ShareSheet: UIActivityViewController }
      window:
        root: { class: ShareSheet }
      """,
    ],
    nonTriggering: [
      """
      window:
        root: { class: UIViewController, presents: { class: UIActivityViewController } }
      """
    ],
    fix:
      "Present the activity view controller (`present(_:animated:completion:)`) from the"
      + " controller on top, with a `popoverPresentationController` anchor on iPad; in the"
      + " description, use `presents:`.")

  static func findings(in analysis: Analysis) -> [Finding] {
    let hierarchy = analysis.hierarchy
    return placementViolations(in: analysis).map { index, _ in
      let controller = hierarchy.controllers[index]
      let place =
        controller.parent.map { "a child of '\(hierarchy.controllers[$0].id)'" }
        ?? "a window's root"
      return Finding(
        rule,
        "activity view controller '\(controller.id)' is \(place); UIKit shows a"
          + " UIActivityViewController presented (modally, in a popover on iPad) — present it",
        at: controller.location, controller: index)
    }
  }
}
