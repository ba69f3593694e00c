extension Rule {
  /// A presentation that becomes a popover on iPad without a popover anchor. The id is the one
  /// the rule had when it only knew action sheets, kept so baselines and `ignore:` still match.
  public static let actionSheetWithoutAnchor = Rule(
    "action-sheet-without-anchor", .error,
    summary: "an action sheet, a `.popover` or a `UIActivityViewController` presented on iPad"
      + " without a `popoverAnchor` (UIKit raises `NSGenericException`)",
    uikitMessage: UIKitMessages.actionSheetWithoutAnchor)
}

/// A presented controller that becomes a popover on `device: iPad` (`popoverReason(of:)`: an
/// action sheet, a `.popover` presentation, a `UIActivityViewController`) and has no
/// `popoverAnchor`. "On iPad, UIKit requires that you display an action sheet inside a
/// popover" (Apple, "Getting the user's attention with alerts and action sheets"); "On iPad, you
/// must present the view controller in a popover" (Apple, UIActivityViewController). A popover
/// with neither a source view nor a bar button item raises NSGenericException when presented in
/// a regular width; on iPhone (compact width) the same presentation adapts to a sheet and works.
struct ActionSheetWithoutAnchor: CheckRule {
  static let rule = Rule.actionSheetWithoutAnchor
  static let documentation = RuleDocumentation(
    uikit:
      "\"On iPad, UIKit requires that you display an action sheet inside a popover\", anchored"
      + " through the alert controller's `popoverPresentationController` (a source view and"
      + " rect, or a bar button item); \"On iPad, you must present\" a"
      + " `UIActivityViewController` \"in a popover\"; and a `.popover` presentation is one in a"
      + " regular width. Presenting any of them on iPad without an anchor raises"
      + " NSGenericException; on iPhone the same presentation adapts to a sheet and works.",
    example: """
      device: iPad
      window:
        root:
          class: PhotoViewController
          presents: { class: UIAlertController, preferredStyle: actionSheet }
      """,
    fix:
      "Set `popoverPresentationController?.sourceItem` (or `sourceView` and `sourceRect`, or"
      + " `barButtonItem`) before presenting; in the description, write `popoverAnchor`.",
    uikitMessage: UIKitMessages.actionSheetWithoutAnchor.line([
      "presented": "UIAlertController", "presenter": "PhotoViewController",
    ]))

  static func findings(in analysis: Analysis) -> [Finding] {
    let hierarchy = analysis.hierarchy
    let model = UIKitModel(hierarchy)
    var findings: [Finding] = []
    for (index, controller) in hierarchy.controllers.enumerated() {
      guard let presenter = analysis.presentation.presenter[index],
        let violation = model.popoverAnchorViolation(for: controller, presenter: presenter),
        let reason = hierarchy.popoverReason(of: index)
      else { continue }
      let (what, key) =
        switch reason {
        case .actionSheet: ("action sheet", "preferredStyle")
        case .popoverStyle: ("popover", "modalPresentationStyle")
        case .activityController: ("activity view controller", "class")
        }
      findings.append(
        Finding(
          rule,
          "\(what) '\(controller.id)' is presented on iPad without a popover anchor; UIKit"
            + " shows it in a popover there and raises NSGenericException — set"
            + " `popoverAnchor` (its popoverPresentationController's sourceView or"
            + " barButtonItem)",
          at: controller.location(of: key), controller: index,
          uikitMessage: violation.uikitMessage))
    }
    return findings
  }
}
