extension Rule {
  /// A presentation of a controller that is already in the hierarchy.
  public static let presentedControllerActive = Rule(
    "presented-controller-active", .error,
    summary: "a presentation of a controller that is already in the hierarchy (presented,"
      + " a child, or a window's root)",
    uikitMessage: UIKitMessages.presentActive)
}

/// The same controller (same `id` and class) written under `presents:` and somewhere it is
/// already active: presented elsewhere, a container's child, a window's root, or the very
/// controller that presents it. UIKit raises NSInvalidArgumentException
/// ("Application tried to present modally an active controller …").
///
/// In a description this is a controller written twice where one placement is a `presents:`
/// (`Placement.mistake`); it is reported at the presentation, instead of as
/// `controller-in-two-places`.
struct PresentedControllerActive: CheckRule {
  static let rule = Rule.presentedControllerActive
  static let documentation = RuleDocumentation(
    uikit:
      "A controller has one place in the hierarchy. Presenting one that is already there (a"
      + " container's child, a window's root, presented by another controller, or the presenter"
      + " itself) raises NSInvalidArgumentException before anything is shown."
      + " In a description it is the same `id` and class written under `presents:` and"
      + " somewhere else.",
    example: """
      window:
        root:
          class: UITabBarController
          viewControllers:
            - { class: ProfileViewController, id: profile }
            - { class: SettingsViewController }
          presents: { class: ProfileViewController, id: profile }
      """,
    fix:
      "Present a new instance, or take the controller out of its place first (dismiss it,"
      + " remove it from its parent); to show a tab, select it instead.",
    uikitMessage: UIKitMessages.presentChild.line([
      "presented": "ProfileViewController", "parent": "UITabBarController",
    ]))

  static func findings(in analysis: Analysis) -> [Finding] {
    let hierarchy = analysis.hierarchy
    let controllers = hierarchy.controllers
    let model = UIKitModel(hierarchy)
    var findings: [Finding] = []
    for (second, original) in hierarchy.secondPlacements.sorted(by: { $0.key < $1.key })
    where Placement.mistake(second: second, original: original, in: hierarchy) == .presentedActive {
      // The presentation is the mistake; the other placement is where the controller is
      // already active.
      let secondIsPresented = Placement(second, in: hierarchy).isPresented
      let presented = secondIsPresented ? second : original
      let other = secondIsPresented ? original : second
      let id = controllers[presented].id
      let className = controllers[presented].className
      let requester = controllers[presented].requestedBy!
      let text: String
      let place: ActivePlace
      switch Placement(other, in: hierarchy) {
      case _ where PresentationResolution.contextRoot(of: requester, in: hierarchy) == other:
        text = "'\(id)' is asked to present itself"
        place = .presentsItself
      case .presented(let by):
        let presenter = analysis.presentation.presenter[other] ?? by
        text = "'\(id)' is already presented by '\(controllers[presenter].id)'"
        place = .presented(by: presenter)
      case .child(let parent):
        text = "'\(id)' is already a child of '\(controllers[parent].id)'"
        place = .child(parent: parent)
      default:
        text = "'\(id)' is already the root of a window"
        place = .windowRoot
      }
      let message = model.presentActive(className, place: place).uikitMessage
      findings.append(
        Finding(
          rule,
          "'\(controllers[requester].id)' presents '\(id)', but \(text) (line"
            + " \(controllers[other].location.line)); UIKit raises NSInvalidArgumentException —"
            + " present a new instance, or remove it from its place first",
          at: controllers[requester].location(of: "presents"), controller: presented,
          uikitMessage: message))
    }
    return findings
  }
}
