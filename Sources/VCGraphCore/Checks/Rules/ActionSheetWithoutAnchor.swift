extension Rule {
  /// An action sheet presented on iPad without a popover anchor.
  public static let actionSheetWithoutAnchor = Rule(
    "action-sheet-without-anchor", .error,
    summary: "an action sheet presented on iPad without a `popoverAnchor` (UIKit raises"
      + " `NSGenericException`)",
    uikitMessage: UIKitMessages.actionSheetWithoutAnchor)
}

/// A presented `UIAlertController` with `preferredStyle: actionSheet` and no `popoverAnchor`
/// on `device: iPad`. "On iPad, UIKit requires that you display an action sheet inside a
/// popover" and "To display your action sheet in a popover, specify your popover's anchor
/// point using the popoverPresentationController property of your alert controller" (Apple,
/// "Getting the user's attention with alerts and action sheets"); without one, presenting
/// raises NSGenericException. On iPhone an action sheet slides up and needs no anchor.
struct ActionSheetWithoutAnchor: CheckRule {
  static let rule = Rule.actionSheetWithoutAnchor
  static let documentation = RuleDocumentation(
    uikit:
      "\"On iPad, UIKit requires that you display an action sheet inside a popover\", anchored"
      + " through the alert controller's `popoverPresentationController` (a source view and"
      + " rect, or a bar button item). Presenting an action sheet on iPad without an anchor"
      + " raises NSGenericException; on iPhone the same sheet slides up and works.",
    example: """
      device: iPad
      window:
        root:
          class: PhotoViewController
          presents: { class: UIAlertController, preferredStyle: actionSheet }
      """,
    fix:
      "Set `alert.popoverPresentationController?.sourceItem` (or `sourceView` and"
      + " `sourceRect`, or `barButtonItem`) before presenting; in the description, write"
      + " `popoverAnchor`.",
    uikitMessage: UIKitMessages.actionSheetWithoutAnchor.line([
      "presented": "UIAlertController", "presenter": "PhotoViewController",
    ]))

  static func findings(in analysis: Analysis) -> [Finding] {
    guard analysis.hierarchy.device == .iPad else { return [] }
    let controllers = analysis.hierarchy.controllers
    var findings: [Finding] = []
    for (index, controller) in controllers.enumerated()
    where controller.kind == .alert && controller.preferredStyle == .actionSheet
      && controller.popoverAnchor == nil
    {
      guard let presenter = analysis.presentation.presenter[index] else { continue }
      findings.append(
        Finding(
          rule,
          "action sheet '\(controller.id)' is presented on iPad without a popover anchor; UIKit"
            + " shows an action sheet in a popover there and raises NSGenericException — set"
            + " `popoverAnchor` (its popoverPresentationController's sourceView or"
            + " barButtonItem)",
          at: controller.location(of: "preferredStyle"), controller: index,
          uikitMessage: rule.uikitMessage?.line([
            "presented": controller.className, "presenter": controllers[presenter].className,
          ])))
    }
    return findings
  }
}
