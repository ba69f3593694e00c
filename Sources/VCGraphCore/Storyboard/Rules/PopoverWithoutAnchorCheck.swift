extension Rule {
  /// A popover segue without `popoverAnchorView` or `popoverAnchorBarButtonItem`.
  public static let popoverWithoutAnchor = Rule(
    "popover-without-anchor", .warning,
    summary: "a popover segue without an anchor view or bar button item",
    uikitMessage: UIKitMessages.popoverWithoutAnchor)
}

/// `popover-without-anchor`: a popover segue with neither `popoverAnchorView` nor
/// `popoverAnchorBarButtonItem`. A popover needs "either a sourceView and sourceRect or a
/// barButtonItem" (UIPopoverPresentationController); without one, UIKit raises when it presents
/// in a regular-width environment unless `prepare(for:sender:)` sets it.
struct PopoverWithoutAnchorCheck: CheckRule {
  static let rule = Rule.popoverWithoutAnchor
  static let documentation = RuleDocumentation(
    uikit:
      "A popover is anchored to a view or a bar button item: `UIPopoverPresentationController`'s"
      + " `sourceView` is used \"in conjunction with the sourceRect property to specify the"
      + " anchor location for the popover. Alternatively, you may specify the anchor location"
      + " for the popover using the barButtonItem property.\" A Present As Popover segue with"
      + " no anchor presents a popover with neither, and UIKit raises when it presents in a"
      + " regular width (iPad), unless `prepare(for:sender:)` sets one.",
    triggering: [
      StoryboardExamples.document(
        initial: "map",
        [
          StoryboardExamples.scene(
            "map",
            segues: [#"<segue destination="filters" kind="popoverPresentation" id="s1"/>"#]),
          StoryboardExamples.scene("filters"),
        ]),
      StoryboardExamples.document(
        initial: "map",
        [
          StoryboardExamples.scene(
            "map", segues: [#"<segue destination="filters" kind="popover" id="s1"/>"#]),
          StoryboardExamples.scene("filters"),
        ]),
    ],
    nonTriggering: [
      StoryboardExamples.document(
        initial: "map",
        [
          StoryboardExamples.scene(
            "map",
            segues: [
              #"<segue destination="filters" kind="popoverPresentation""#
                + #" popoverAnchorView="filterButton" id="s1"/>"#
            ]),
          StoryboardExamples.scene("filters"),
        ]),
      StoryboardExamples.document(
        initial: "map",
        [
          StoryboardExamples.scene(
            "map",
            segues: [
              #"<segue destination="filters" kind="popoverPresentation""#
                + #" popoverAnchorBarButtonItem="filterItem" id="s1"/>"#
            ]),
          StoryboardExamples.scene("filters"),
        ]),
    ],
    fix:
      "Set the segue's Anchor in Interface Builder to the button or bar button item that shows"
      + " the popover, or set `sourceView` or `barButtonItem` in `prepare(for:sender:)`.",
    uikitMessage:
      "*** Terminating app due to uncaught exception 'NSGenericException', reason:"
      + " 'UIPopoverPresentationController (<UIPopoverPresentationController: 0x…>) should have"
      + " a non-nil sourceView or barButtonItem set before the presentation occurs.'",
    exampleFormat: .storyboard)

  static func findings(in segues: SegueAnalysis) -> [Finding] {
    let map = segues.map
    return map.allSegues.filter {
      [.popoverPresentation, .popover].contains(map[$0].kind) && !map[$0].hasPopoverAnchor
    }.map { segue in
      Finding(
        rule,
        "\(map.describe(segue: segue)) has no anchor (popoverAnchorView or"
          + " popoverAnchorBarButtonItem); on iPad UIKit raises unless prepare(for:sender:) sets"
          + " sourceView or barButtonItem — set the anchor in Interface Builder",
        at: map[segue].location, scene: map.source(of: segue), segue: segue,
        uikitMessage: rule.uikitMessage?.line(["presentation": "UIPopoverPresentationController"]))
    }
  }
}
