extension Rule {
  /// A scene no entry point (initial controller, storyboardIdentifier) leads to.
  public static let unreachableScene = Rule(
    "unreachable-scene", .warning,
    summary: "a scene no initial controller, storyboardIdentifier or segue leads to (possibly"
      + " dead)")
}

/// `unreachable-scene`: a scene that is not the initial view controller, has no
/// `storyboardIdentifier` (so code cannot instantiate it) and that no segue or reference from
/// such a scene leads to: possibly dead.
struct UnreachableScene: CheckRule {
  static let rule = Rule.unreachableScene
  static let documentation = RuleDocumentation(
    uikit:
      "UIKit creates a storyboard's controllers only on request: the initial view controller"
      + " (`instantiateInitialViewController()`), a scene with a Storyboard ID"
      + " (`instantiateViewController(withIdentifier:)`), and a segue's or storyboard"
      + " reference's destination when it is reached. A scene that is none of these and that no"
      + " segue leads to is never created: a leftover, or a screen whose segue was deleted.",
    triggering: [
      StoryboardExamples.document(
        initial: "home", [StoryboardExamples.scene("home"), StoryboardExamples.scene("orphan")])
    ],
    nonTriggering: [
      StoryboardExamples.document(
        initial: "home",
        [
          StoryboardExamples.scene("home"),
          StoryboardExamples.scene("orphan", attributes: #"storyboardIdentifier="Orphan""#),
        ]),
      StoryboardExamples.document(
        initial: "home",
        [
          StoryboardExamples.scene(
            "home", segues: [#"<segue destination="orphan" kind="presentation" id="s1"/>"#]),
          StoryboardExamples.scene("orphan"),
        ]),
    ],
    fix:
      "Delete the scene, connect a segue to it, or give it a Storyboard ID if code"
      + " instantiates it.",
    exampleFormat: .storyboard)

  static func findings(in segues: SegueAnalysis) -> [Finding] {
    let map = segues.map
    return segues.unreachableScenes.map { scene in
      Finding(
        rule,
        "\(map.describe(scene)) is reached from no initial view controller, storyboardIdentifier"
          + " or segue, so nothing can create it (possibly a dead scene); delete it, connect a"
          + " segue to it, or give it a storyboardIdentifier if code instantiates it",
        at: map[scene].location, scene: scene)
    }
  }
}
