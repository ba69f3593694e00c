/// `show-presents-modally`: a `show` whose source no navigation or split view controller
/// holds, so UIKit presents the destination modally — usually a screen that was meant to be
/// pushed. Apple: show(_:sender:) "Displays the view controller modally unless a parent view
/// controller implements the show(_:sender:) action method"; with no such parent, "this method
/// uses the window's root view controller to present vc modally". The same for `showDetail`
/// without a split view controller. Only contexts whose containers are known are reported.
struct ShowPresentsModallyCheck: StoryboardRuleCheck {
  var rule: StoryboardRule { .showPresentsModally }

  func findings(in analysis: SegueAnalysis) -> [StoryboardFinding] {
    let map = analysis.map
    return StoryboardChecker.firstOutcomes(in: analysis) { outcome in
      if case .present(let style, _, let fallback?) = outcome.effect { return (style, fallback) }
      return nil
    }.map { segue, outcome, found in
      let (style, fallback) = found
      let container = fallback == .show ? "navigation controller" : "split view controller"
      let source = map.describe(map.source(of: segue))
      let destination = map.destination(of: segue).map { map.describe($0) } ?? "?"
      return StoryboardFinding(
        rule,
        "\(map.describe(segue: segue)) presents \(destination) modally"
          + " (\(style.resolved.rawValue)): no \(container) holds \(source) when it is reached"
          + " via \(map.describe(path: outcome.path)); put it in a \(container), or make the"
          + " segue Present Modally if a modal screen is meant",
        at: map[segue].location, scene: map.source(of: segue), segue: segue)
    }
  }
}
