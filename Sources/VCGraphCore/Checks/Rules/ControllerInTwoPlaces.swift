extension Rule {
  /// One controller in two places: two parents, parent and presented, two windows.
  public static let controllerInTwoPlaces = Rule(
    "controller-in-two-places", .error,
    summary: "one controller placed twice (two parents, parent and presented, two windows)")
}

/// A controller written a second time (`Hierarchy.secondPlacements`).
struct ControllerInTwoPlaces: CheckRule {
  static let rule = Rule.controllerInTwoPlaces

  static func findings(in analysis: Analysis) -> [Finding] {
    let hierarchy = analysis.hierarchy
    return hierarchy.secondPlacements.sorted { $0.key < $1.key }.map { index, original in
      Finding(
        rule,
        "'\(hierarchy.controllers[index].id)' is already placed at line"
          + " \(hierarchy.controllers[original].location.line); a controller has one parent,"
          + " one presenter or one window — create a second instance or remove one placement",
        at: hierarchy.controllers[index].location, controller: index)
    }
  }
}
