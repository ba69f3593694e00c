/// `push-outside-navigation`: a deprecated `push` segue whose source no navigation controller
/// holds; UIKit raises "Push segues can only be used when the source controller is managed by
/// an instance of UINavigationController".
struct PushOutsideNavigationCheck: StoryboardRuleCheck {
  var rule: StoryboardRule { .pushOutsideNavigation }

  func findings(in analysis: SegueAnalysis) -> [StoryboardFinding] {
    let map = analysis.map
    return StoryboardChecker.firstOutcomes(in: analysis) {
      $0.effect == .refused(.pushOutsideNavigation) ? true : nil
    }.map { segue, outcome, _ in
      StoryboardFinding(
        rule,
        "\(map.describe(segue: segue)) is a push segue, but no navigation controller holds"
          + " \(map.describe(map.source(of: segue))) when reached via"
          + " \(map.describe(path: outcome.path)); UIKit raises — embed the source in a"
          + " navigation controller and use a show segue",
        at: map[segue].location, scene: map.source(of: segue), segue: segue)
    }
  }
}
