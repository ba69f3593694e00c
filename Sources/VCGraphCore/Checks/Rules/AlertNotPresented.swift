extension Rule {
  /// A `UIAlertController` that is not presented.
  public static let alertNotPresented = Rule(
    "alert-not-presented", .warning, summary: "a `UIAlertController` that is not presented")
}

/// An alert controller that no controller presents.
struct AlertNotPresented: CheckRule {
  static let rule = Rule.alertNotPresented

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
