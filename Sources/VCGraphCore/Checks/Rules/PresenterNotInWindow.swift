extension Rule {
  /// A presentation from a controller whose view is in no window.
  public static let presenterNotInWindow = Rule(
    "presenter-not-in-window", .error,
    summary: "a presentation whose presenter's view is in no window (a `detached:` controller,"
      + " or inside one)",
    uikitMessage: UIKitMessages.presenterNotInWindow)
}

/// A `presents` whose presenter (S1) has its view in no window: a controller under
/// `detached:` that no window's view hosts, anything inside one, or anything inside a
/// presentation UIKit refused. UIKit logs "Attempt to present … whose view is not in the
/// window hierarchy." and presents nothing.
///
/// A controller that is detached while another controller's view hosts its view in a window
/// is on screen: presenting from it works, with a warning (`detached-presenter`).
struct PresenterNotInWindow: CheckRule {
  static let rule = Rule.presenterNotInWindow
  static let documentation = RuleDocumentation(
    uikit:
      "`present(_:animated:completion:)` hands the request to the controller that provides the"
      + " presentation context. When that controller's view is in no window (a controller"
      + " created and kept aside, one whose container was never shown, or one inside a"
      + " presentation UIKit refused), UIKit logs a warning and presents nothing: the user sees"
      + " no change.",
    triggering: [
      """
      window:
        root: { class: HomeViewController }
      detached:
        - class: SettingsViewController
          presents: { class: AboutViewController }
      """,
      """
      window:
        root: { class: HomeViewController }
      detached:
        - class: UINavigationController
          id: offscreenNav
          viewControllers:
            - class: SettingsViewController
              presents: { class: AboutViewController }
      """,
    ],
    nonTriggering: [
      """
      window:
        root:
          class: HomeViewController
          presents: { class: AboutViewController }
      detached:
        - class: SettingsViewController
      """,
    ],
    fix:
      "Present from a controller that is on screen: the window's top view controller, or the"
      + " controller whose button asked for it; or show the detached controller first.",
    uikitMessage: UIKitMessages.presenterNotInWindow.line([
      "presented": "AboutViewController", "presenter": "SettingsViewController",
      "requester": "SettingsViewController",
    ]))

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    var refusedBy: [ControllerIndex: ControllerIndex] = [:]
    for (presented, presenter) in analysis.presentation.refused { refusedBy[presented] = presenter }
    let model = UIKitModel(analysis.hierarchy)
    var findings: [Finding] = []
    for (requester, controller) in controllers.enumerated() {
      guard let target = controller.presents,
        let presenter = analysis.presentation.presenter[target] ?? refusedBy[target]
      else { continue }
      var request = PresentationRequest(
        presented: controllers[target], requester: requester, presenter: presenter)
      request.presenterInWindow = analysis.window[presenter] != nil
      guard let violation = model.present(request).violations.first(where: { $0.rule == rule })
      else { continue }
      let via = presenter == requester ? "" : ", where UIKit sends it,"
      findings.append(
        Finding(
          rule,
          "'\(controller.id)' presents '\(controllers[target].id)',"
            + " but '\(controllers[presenter].id)'"
            + "\(via) is in no window; UIKit logs a warning and presents nothing — present from a"
            + " controller on screen",
          at: controller.location(of: "presents"), controller: target,
          uikitMessage: violation.uikitMessage))
    }
    return findings
  }
}
