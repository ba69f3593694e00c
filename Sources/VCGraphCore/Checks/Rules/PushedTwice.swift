extension Rule {
  /// One controller instance twice in one navigation stack.
  public static let pushedTwice = Rule(
    "pushed-twice", .error,
    summary: "one controller instance twice in one navigation stack",
    uikitMessage: UIKitMessages.pushedTwice)
}

/// The same controller (same `id` and class) written twice in one navigation controller's
/// `viewControllers`: "If the view controller is already on the navigation stack, this method
/// throws an exception" (pushViewController(_:animated:)). Reported at the second entry,
/// instead of as `controller-in-two-places`.
struct PushedTwice: CheckRule {
  static let rule = Rule.pushedTwice
  static let documentation = RuleDocumentation(
    uikit:
      "A navigation stack holds each controller instance once: \"If the view controller is"
      + " already on the navigation stack, this method throws an exception\""
      + " (pushViewController(_:animated:)). In a description it is the same `id` and class"
      + " twice in one `viewControllers` list.",
    example: """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - { class: FeedViewController, id: feed }
            - { class: PostViewController }
            - { class: FeedViewController, id: feed }
      """,
    fix:
      "Push a new instance, or go back to the one on the stack with"
      + " `popToViewController(_:animated:)`.",
    uikitMessage: UIKitMessages.pushedTwice.line([
      "navigation": "UINavigationController", "presented": "FeedViewController",
    ]))

  static func findings(in analysis: Analysis) -> [Finding] {
    let hierarchy = analysis.hierarchy
    let controllers = hierarchy.controllers
    return hierarchy.secondPlacements.sorted { $0.key < $1.key }.filter {
      Placement.mistake(second: $0.key, original: $0.value, in: hierarchy) == .pushedTwice
    }.map { second, original in
      let navigation = controllers[second].parent!
      return Finding(
        rule,
        "'\(controllers[second].id)' is already in the stack of"
          + " '\(controllers[navigation].id)' (line \(controllers[original].location.line)); a"
          + " navigation controller holds an instance once — UIKit raises"
          + " NSInvalidArgumentException on the second push; push a new instance or popTo it",
        at: controllers[second].location, controller: second,
        uikitMessage: UIKitModel.pushedTwice(
          navigation: controllers[navigation].className, pushed: controllers[second].className
        ).uikitMessage)
    }
  }
}
