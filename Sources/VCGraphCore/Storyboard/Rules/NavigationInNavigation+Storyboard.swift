/// `navigation-in-navigation` through a segue: a `show` (or deprecated `push`) whose
/// destination is a navigation controller, from a source inside a navigation stack. UIKit
/// raises "Pushing a navigation controller is not supported" (S6), as it does for the same
/// stack written in a description (`NavigationInNavigation.findings(in:)` over a hierarchy).
extension NavigationInNavigation {
  static func findings(in segues: SegueAnalysis) -> [Finding] {
    let map = segues.map
    return segues.firstOutcomes { outcome in
      if case .refused(.navigationInNavigation(let navigation)) = outcome.effect {
        return navigation
      }
      return nil
    }.map { segue, _, navigation in
      let destination = map.destination(of: segue).map { map.describe($0) } ?? "?"
      return Finding(
        rule,
        "\(map.describe(segue: segue)) pushes navigation controller \(destination) onto"
          + " \(map.describe(navigation)); UIKit raises 'Pushing a navigation controller is not"
          + " supported' — lead the segue to its root controller, or make it Present Modally",
        at: map[segue].location, scene: map.source(of: segue), segue: segue,
        uikitMessage: rule.uikitMessage?.line())
    }
  }
}
