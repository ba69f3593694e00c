/// `popover-without-anchor`: a popover segue with neither `popoverAnchorView` nor
/// `popoverAnchorBarButtonItem`. A popover needs "either a sourceView and sourceRect or a
/// barButtonItem" (UIPopoverPresentationController); without one, UIKit raises when it presents
/// in a regular-width environment unless `prepare(for:sender:)` sets it.
struct PopoverWithoutAnchorCheck: StoryboardRuleCheck {
  var rule: StoryboardRule { .popoverWithoutAnchor }

  func findings(in analysis: SegueAnalysis) -> [StoryboardFinding] {
    let map = analysis.map
    return map.allSegues.filter {
      [.popoverPresentation, .popover].contains(map[$0].kind) && !map[$0].hasPopoverAnchor
    }.map { segue in
      StoryboardFinding(
        rule,
        "\(map.describe(segue: segue)) has no anchor (popoverAnchorView or"
          + " popoverAnchorBarButtonItem); on iPad UIKit raises unless prepare(for:sender:) sets"
          + " sourceView or barButtonItem — set the anchor in Interface Builder",
        at: map[segue].location, scene: map.source(of: segue), segue: segue)
    }
  }
}
