extension Rule {
  /// A `show` (or `showDetail`) segue that no container handles, so UIKit presents modally.
  public static let showPresentsModally = Rule(
    "show-presents-modally", .warning,
    summary: "a show (or showDetail) segue no navigation (or split) controller handles: UIKit"
      + " presents modally")
}

/// `show-presents-modally`: a `show` whose source no navigation or split view controller
/// holds, so UIKit presents the destination modally — usually a screen that was meant to be
/// pushed. Apple: show(_:sender:) "Displays the view controller modally unless a parent view
/// controller implements the show(_:sender:) action method"; with no such parent, "this method
/// uses the window's root view controller to present vc modally". The same for `showDetail`
/// without a split view controller. Only contexts whose containers are known are reported.
struct ShowPresentsModally: CheckRule {
  static let rule = Rule.showPresentsModally
  static let documentation = RuleDocumentation(
    uikit:
      "Apple's `show(_:sender:)`: \"Displays the view controller modally unless a parent view"
      + " controller implements the show(_:sender:) action method, in which case that view"
      + " controller defines the presentation behavior. For example, a UINavigationController"
      + " pushes the new view controller onto its navigation stack.\" A Show segue from a"
      + " controller that no navigation (or split view) controller holds therefore presents its"
      + " destination modally, as a sheet, where a push was usually meant; a Show Detail segue"
      + " without a split view controller does the same.",
    triggering: [
      StoryboardExamples.document(
        initial: "list",
        [
          StoryboardExamples.scene(
            "list", segues: [#"<segue destination="detail" kind="show" id="s1"/>"#]),
          StoryboardExamples.scene("detail"),
        ]),
      StoryboardExamples.document(
        initial: "list",
        [
          StoryboardExamples.scene(
            "list", segues: [#"<segue destination="detail" kind="showDetail" id="s1"/>"#]),
          StoryboardExamples.scene("detail"),
        ]),
    ],
    nonTriggering: [
      StoryboardExamples.document(
        initial: "nav",
        [
          StoryboardExamples.navigation("nav", root: "list"),
          StoryboardExamples.scene(
            "list", segues: [#"<segue destination="detail" kind="show" id="s1"/>"#]),
          StoryboardExamples.scene("detail"),
        ]),
      StoryboardExamples.document(
        initial: "list",
        [
          StoryboardExamples.scene(
            "list", segues: [#"<segue destination="detail" kind="presentation" id="s1"/>"#]),
          StoryboardExamples.scene("detail"),
        ]),
    ],
    fix:
      "Embed the source in a navigation controller (Editor ▸ Embed In ▸ Navigation Controller),"
      + " or make the segue Present Modally if a modal screen is meant.",
    exampleFormat: .storyboard)

  static func findings(in segues: SegueAnalysis) -> [Finding] {
    let map = segues.map
    return segues.firstOutcomes { outcome in
      if case .present(let style, _, let fallback?) = outcome.effect { return (style, fallback) }
      return nil
    }.map { segue, outcome, found in
      let (style, fallback) = found
      let container = fallback == .show ? "navigation controller" : "split view controller"
      let source = map.describe(map.source(of: segue))
      let destination = map.destination(of: segue).map { map.describe($0) } ?? "?"
      return Finding(
        rule,
        "\(map.describe(segue: segue)) presents \(destination) modally"
          + " (\(style.resolved.rawValue)): no \(container) holds \(source) when it is reached"
          + " via \(map.describe(path: outcome.path)); put it in a \(container), or make the"
          + " segue Present Modally if a modal screen is meant",
        at: map[segue].location, scene: map.source(of: segue), segue: segue)
    }
  }
}
