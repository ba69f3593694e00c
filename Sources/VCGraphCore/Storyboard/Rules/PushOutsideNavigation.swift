extension Rule {
  /// A deprecated `push` segue from a controller in no navigation controller.
  public static let pushOutsideNavigation = Rule(
    "push-outside-navigation", .error,
    summary: "a deprecated push segue from outside a navigation controller",
    uikitMessage: UIKitMessages.pushSegueOutsideNavigation)
}

/// `push-outside-navigation`: a deprecated `push` segue whose source no navigation controller
/// holds; UIKit raises "Push segues can only be used when the source controller is managed by
/// an instance of UINavigationController".
struct PushOutsideNavigation: CheckRule {
  static let rule = Rule.pushOutsideNavigation
  static let documentation = RuleDocumentation(
    uikit:
      "The deprecated Push segue (`kind=\"push\"`, from iOS 5–7 storyboards) pushes onto the"
      + " source's navigation controller and has no fallback: when no navigation controller"
      + " holds the source, performing it raises an exception. (Its replacement, Show, presents"
      + " modally instead.)",
    triggering: [
      StoryboardExamples.document(
        initial: "start",
        [
          StoryboardExamples.scene(
            "start", segues: [#"<segue destination="next" kind="push" id="s1"/>"#]),
          StoryboardExamples.scene("next"),
        ])
    ],
    nonTriggering: [
      StoryboardExamples.document(
        initial: "nav",
        [
          StoryboardExamples.navigation("nav", root: "start"),
          StoryboardExamples.scene(
            "start", segues: [#"<segue destination="next" kind="push" id="s1"/>"#]),
          StoryboardExamples.scene("next"),
        ])
    ],
    fix:
      "Embed the source in a navigation controller, or replace the segue with a Show segue.",
    uikitMessage:
      "*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Push segues"
      + " can only be used when the source controller is managed by an instance of"
      + " UINavigationController.'",
    exampleFormat: .storyboard)

  static func findings(in segues: SegueAnalysis) -> [Finding] {
    let map = segues.map
    return segues.firstOutcomes {
      $0.effect == .refused(.pushOutsideNavigation) ? true : nil
    }.map { segue, outcome, _ in
      Finding(
        rule,
        "\(map.describe(segue: segue)) is a push segue, but no navigation controller holds"
          + " \(map.describe(map.source(of: segue))) when reached via"
          + " \(map.describe(path: outcome.path)); UIKit raises — embed the source in a"
          + " navigation controller and use a show segue",
        at: map[segue].location, scene: map.source(of: segue), segue: segue,
        uikitMessage: rule.uikitMessage?.line())
    }
  }
}
