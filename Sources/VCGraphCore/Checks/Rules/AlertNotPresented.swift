extension Rule {
  /// A `UIAlertController` that is not presented.
  public static let alertNotPresented = Rule(
    "alert-not-presented", .warning, summary: "a `UIAlertController` that is not presented")
}

/// An alert controller that no controller presents.
struct AlertNotPresented: CheckRule {
  static let rule = Rule.alertNotPresented
  static let documentation = RuleDocumentation(
    uikit:
      "Apple's `UIAlertController` reference: \"After configuring the alert controller with"
      + " the actions and style you want, present it using the present(_:animated:completion:)"
      + " method. UIKit displays alerts and action sheets modally over your app's content.\""
      + " It also says the class's view hierarchy \"is private and must not be modified\". An"
      + " alert controller embedded as a child, used as a window's root or left unpresented is"
      + " not shown as an alert.",
    triggering: [
      """
      window:
        root:
          class: SettingsViewController
          children: [ { class: UIAlertController, id: confirmDelete } ]
      """,
      """
      window:
        root: { class: UIAlertController, id: launchAlert }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: SettingsViewController
          presents: { class: UIAlertController, id: confirmDelete }
      """,
    ],
    fix:
      "Present the alert controller (`present(_:animated:completion:)`) from the controller on"
      + " top; in the description, use `presents:` instead of `children:`.")

  static func findings(in analysis: Analysis) -> [Finding] {
    var findings: [Finding] = []
    for (index, controller) in analysis.hierarchy.controllers.enumerated()
    where controller.kind == .alert && controller.requestedBy == nil {
      findings.append(
        Finding(
          rule,
          "alert controller '\(controller.id)' is not presented; UIAlertController is shown"
            + " with present(_:animated:)",
          at: controller.location, controller: index))
    }
    return findings
  }
}
