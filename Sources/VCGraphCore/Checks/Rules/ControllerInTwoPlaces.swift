extension Rule {
  /// One controller in two places: two parents, parent and presented, two windows.
  public static let controllerInTwoPlaces = Rule(
    "controller-in-two-places", .error,
    summary: "one controller placed twice (two parents, parent and presented, two windows)")
}

/// A controller written a second time (`Hierarchy.secondPlacements`), unless the second
/// placement is a presentation of an active controller or a second push onto the same stack
/// (`Placement.mistake`: those rules report it, with UIKit's message).
struct ControllerInTwoPlaces: CheckRule {
  static let rule = Rule.controllerInTwoPlaces
  static let documentation = RuleDocumentation(
    uikit:
      "A view controller has one place at a time: one parent, or one presenter, or one"
      + " window. UIKit moves a controller rather than copying it: `addChild(_:)` says \"If the"
      + " new child view controller is already the child of a container view controller, it"
      + " is removed from that container before being added\", and a navigation or tab bar"
      + " controller given a controller that another container holds takes it from there. So"
      + " one instance written in two places is in only one of them in the running app, and"
      + " the other place is left without it.",
    triggering: [
      """
      window:
        root:
          class: UITabBarController
          viewControllers:
            - { class: ProfileViewController, id: profile }
            - { class: ProfileViewController, id: profile }
      """,
      """
      scenes:
        - windows:
            - { id: main, key: true, root: { class: HomeViewController, id: home } }
            - { id: external, root: { class: HomeViewController, id: home } }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: UITabBarController
          viewControllers:
            - { class: ProfileViewController, id: profile }
            - { class: ProfileViewController, id: otherProfile }
      """,
    ],
    fix:
      "Create a second instance for the second place (in the description, give it its own"
      + " `id`), or remove one of the placements.")

  static func findings(in analysis: Analysis) -> [Finding] {
    let hierarchy = analysis.hierarchy
    return hierarchy.secondPlacements.sorted { $0.key < $1.key }.filter {
      Placement.mistake(second: $0.key, original: $0.value, in: hierarchy) == .twoPlaces
    }.map { index, original in
      Finding(
        rule,
        "'\(hierarchy.controllers[index].id)' is already placed at line"
          + " \(hierarchy.controllers[original].location.line); a controller has one parent,"
          + " one presenter or one window — create a second instance or remove one placement",
        at: hierarchy.controllers[index].location, controller: index)
    }
  }
}
