/// `navigation-in-navigation` through a segue: a `show` (or deprecated `push`) whose
/// destination is a navigation controller, from a source inside a navigation stack. UIKit
/// raises "Pushing a navigation controller is not supported" (S6).
struct NavigationInNavigationSegueCheck: StoryboardRuleCheck {
  var rule: StoryboardRule { .navigationInNavigation }

  func findings(in analysis: SegueAnalysis) -> [StoryboardFinding] {
    let map = analysis.map
    return StoryboardChecker.firstOutcomes(in: analysis) { outcome in
      if case .refused(.navigationInNavigation(let navigation)) = outcome.effect {
        return navigation
      }
      return nil
    }.map { segue, _, navigation in
      let destination = map.destination(of: segue).map { map.describe($0) } ?? "?"
      return StoryboardFinding(
        rule,
        "\(map.describe(segue: segue)) pushes navigation controller \(destination) onto"
          + " \(map.describe(navigation)); UIKit raises 'Pushing a navigation controller is not"
          + " supported' — lead the segue to its root controller, or make it Present Modally",
        at: map[segue].location, scene: map.source(of: segue), segue: segue)
    }
  }
}
