/// `already-presenting` through a segue: S1 sends the presentation to a controller that is
/// already presenting the chain the source is in (typically a `currentContext` or
/// `overCurrentContext` segue from a presented controller whose own context defines none), and
/// UIKit refuses it.
struct AlreadyPresentingSegueCheck: StoryboardRuleCheck {
  var rule: StoryboardRule { .alreadyPresenting }

  func findings(in analysis: SegueAnalysis) -> [StoryboardFinding] {
    let map = analysis.map
    return StoryboardChecker.firstOutcomes(in: analysis) { outcome in
      if case .refused(.alreadyPresenting(let presenter, let presenting)) = outcome.effect {
        return (presenter, presenting)
      }
      return nil
    }.map { segue, outcome, found in
      let (presenter, presenting) = found
      return StoryboardFinding(
        rule,
        "\(map.describe(segue: segue)) goes to \(map.describe(presenter)) to present,"
          + " which is already presenting \(map.describe(presenting)) when reached via"
          + " \(map.describe(path: outcome.path)); UIKit refuses it — set"
          + " definesPresentationContext on a controller nearer the source, or use a full-screen"
          + " or sheet style",
        at: map[segue].location, scene: map.source(of: segue), segue: segue)
    }
  }
}
