/// `already-presenting` through a segue: S1 sends the presentation to a controller that is
/// already presenting the chain the source is in (typically a `currentContext` or
/// `overCurrentContext` segue from a presented controller whose own context defines none), and
/// UIKit refuses it, as it does for the same presentations written in a description
/// (`AlreadyPresenting.findings(in:)` over a hierarchy).
extension AlreadyPresenting {
  static func findings(in segues: SegueAnalysis) -> [Finding] {
    let map = segues.map
    return segues.firstOutcomes { outcome in
      if case .refused(.alreadyPresenting(let presenter, let presenting)) = outcome.effect {
        return (presenter, presenting)
      }
      return nil
    }.map { segue, outcome, found in
      let (presenter, presenting) = found
      let presented = map.destination(of: segue).map { map[map.resolved($0)].className } ?? "?"
      return Finding(
        rule,
        "\(map.describe(segue: segue)) goes to \(map.describe(presenter)) to present,"
          + " which is already presenting \(map.describe(presenting)) when reached via"
          + " \(map.describe(path: outcome.path)); UIKit refuses it — set"
          + " definesPresentationContext on a controller nearer the source, or use a full-screen"
          + " or sheet style",
        at: map[segue].location, scene: map.source(of: segue), segue: segue,
        uikitMessage: UIKitModel.alreadyPresenting([
          "presented": presented, "presenter": map[presenter].className,
          "requester": map[map.source(of: segue)].className, "current": map[presenting].className,
        ]).uikitMessage)
    }
  }
}
