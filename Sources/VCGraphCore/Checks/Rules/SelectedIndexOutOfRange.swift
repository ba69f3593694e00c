extension Rule {
  /// A tab bar's `selectedIndex` beyond its tabs.
  public static let selectedIndexOutOfRange = Rule(
    "selected-index-out-of-range", .error, summary: "a tab bar's `selectedIndex` beyond its tabs")
}

/// A tab bar controller with tabs whose `selectedIndex` names none of them.
struct SelectedIndexOutOfRange: CheckRule {
  static let rule = Rule.selectedIndexOutOfRange

  static func findings(in analysis: Analysis) -> [Finding] {
    var findings: [Finding] = []
    for (index, controller) in analysis.hierarchy.controllers.enumerated()
    where controller.kind == .tabBar {
      let selected = controller.selectedIndex ?? 0
      let count = controller.children.count
      guard count > 0, !controller.children.indices.contains(selected) else { continue }
      findings.append(
        Finding(
          rule,
          "selectedIndex \(selected) is out of range: '\(controller.id)' has"
            + " \(count) tab\(count == 1 ? "" : "s") (0...\(count - 1))",
          at: controller.location(of: "selectedIndex"), controller: index))
    }
    return findings
  }
}
