/// `unreachable-scene`: a scene that is not the initial view controller, has no
/// `storyboardIdentifier` (so code cannot instantiate it) and that no segue or reference from
/// such a scene leads to: possibly dead.
struct UnreachableSceneCheck: StoryboardRuleCheck {
  var rule: StoryboardRule { .unreachableScene }

  func findings(in analysis: SegueAnalysis) -> [StoryboardFinding] {
    let map = analysis.map
    return analysis.unreachableScenes.map { scene in
      StoryboardFinding(
        rule,
        "\(map.describe(scene)) is reached from no initial view controller, storyboardIdentifier"
          + " or segue, so nothing can create it (possibly a dead scene); delete it, connect a"
          + " segue to it, or give it a storyboardIdentifier if code instantiates it",
        at: map[scene].location, scene: scene)
    }
  }
}
