/// The storyboard rules with their stable ids and default severities. Two share their id with
/// the hierarchy rules (`Rule`) because they are the same UIKit constraint met through a
/// segue: `navigation-in-navigation` and `already-presenting`.
public enum StoryboardRule: String, Sendable, CaseIterable, Codable {
  /// A `show` (or `showDetail`) that no container handles, so UIKit presents modally.
  case showPresentsModally = "show-presents-modally"
  /// A `show` or `push` of a navigation controller onto a navigation stack.
  case navigationInNavigation = "navigation-in-navigation"
  /// A scene no entry point (initial controller, storyboardIdentifier) leads to.
  case unreachableScene = "unreachable-scene"
  /// A popover segue without `popoverAnchorView` or `popoverAnchorBarButtonItem`.
  case popoverWithoutAnchor = "popover-without-anchor"
  /// A presentation whose presenter is already presenting on the way back.
  case alreadyPresenting = "already-presenting"
  /// A deprecated `push` segue from a controller in no navigation controller.
  case pushOutsideNavigation = "push-outside-navigation"

  /// The severity of every finding of the rule.
  public var severity: Severity {
    switch self {
    case .navigationInNavigation, .alreadyPresenting, .pushOutsideNavigation: .error
    case .showPresentsModally, .unreachableScene, .popoverWithoutAnchor: .warning
    }
  }

  /// What the rule catches, in one line (for the checks table of `Documentation/Rules.md`).
  public var summary: String {
    switch self {
    case .showPresentsModally:
      "a show (or showDetail) segue no navigation (or split) controller handles: UIKit presents"
        + " modally"
    case .navigationInNavigation:
      "a segue that pushes a navigation controller onto a navigation controller"
    case .unreachableScene:
      "a scene no initial controller, storyboardIdentifier or segue leads to (possibly dead)"
    case .popoverWithoutAnchor: "a popover segue without an anchor view or bar button item"
    case .alreadyPresenting:
      "a presentation segue whose presenter is already presenting on the way back"
    case .pushOutsideNavigation: "a deprecated push segue from outside a navigation controller"
    }
  }

  /// What UIKit prints when the segue is performed, if it prints something vcgraph found a
  /// source for (`UIKitMessages`).
  public var uikitMessage: UIKitMessage? {
    switch self {
    case .navigationInNavigation: UIKitMessages.pushNavigation
    case .alreadyPresenting: UIKitMessages.alreadyPresenting
    case .popoverWithoutAnchor: UIKitMessages.popoverWithoutAnchor
    case .pushOutsideNavigation: UIKitMessages.pushSegueOutsideNavigation
    case .showPresentsModally, .unreachableScene: nil
    }
  }

  /// The rule as the checks registry names rules: the same id, severity, summary and message.
  public var rule: Rule { Rule(rawValue, severity, summary: summary, uikitMessage: uikitMessage) }
}

/// A finding about a storyboard: a rule, a message that says what to change, and the position
/// of the segue or scene in the storyboard's XML.
public struct StoryboardFinding: Sendable, Equatable {
  /// The rule the finding breaks.
  public var rule: StoryboardRule
  /// The rule's severity.
  public var severity: Severity
  /// What is wrong and what to change.
  public var message: String
  /// The `<segue>` or the scene's controller element in the storyboard's XML.
  public var location: SourceLocation
  /// The scene the finding concerns (a segue's source).
  public var scene: SceneRef?
  /// The segue the finding concerns, if any.
  public var segue: SegueRef?

  public init(
    _ rule: StoryboardRule, _ message: String, at location: SourceLocation,
    scene: SceneRef? = nil, segue: SegueRef? = nil
  ) {
    self.rule = rule
    severity = rule.severity
    self.message = message
    self.location = location
    self.scene = scene
    self.segue = segue
  }
}

/// One storyboard rule: the findings it has over an analyzed storyboard map.
public protocol StoryboardRuleCheck: Sendable {
  var rule: StoryboardRule { get }
  func findings(in analysis: SegueAnalysis) -> [StoryboardFinding]
}

/// Runs the storyboard rules.
public enum StoryboardChecker {
  /// Every storyboard rule (one per file in this folder), in the registry's order: the
  /// `storyboardCheck` of each rule in `Checker.rules` that has one.
  public static let checks: [any StoryboardRuleCheck] = Checker.rules.compactMap {
    $0.storyboardCheck
  }

  /// Every finding, sorted by position then rule id, without the rule ids in `ignoring`.
  public static func findings(
    for analysis: SegueAnalysis, ignoring: Set<String> = []
  ) -> [StoryboardFinding] {
    checks.filter { !ignoring.contains($0.rule.rawValue) }
      .flatMap { $0.findings(in: analysis) }
      .sorted { ($0.location, $0.rule.rawValue) < ($1.location, $1.rule.rawValue) }
  }

  /// For each segue in document order, its first outcome from which `extract` takes a value.
  static func firstOutcomes<Value>(
    in analysis: SegueAnalysis, _ extract: (SegueOutcome) -> Value?
  ) -> [(segue: SegueRef, outcome: SegueOutcome, value: Value)] {
    analysis.map.allSegues.compactMap { segue in
      for outcome in analysis.outcomes[segue] ?? [] {
        if let value = extract(outcome) { return (segue, outcome, value) }
      }
      return nil
    }
  }
}

extension StoryboardMap {
  /// "show segue 'GET' on tableViewCell Jfa-Xy-1 in 'MasterViewController'": how messages
  /// name a segue.
  public func describe(segue: SegueRef) -> String {
    let item = self[segue]
    var text = "\(item.kind.rawValue) segue"
    if let identifier = item.identifier { text += " '\(identifier)'" }
    if !item.trigger.isManual {
      text += " on \(item.trigger.element)\(item.trigger.id.map { " \($0)" } ?? "")"
    }
    return text + " in \(describe(source(of: segue)))"
  }

  /// "'A' ‹ 'B' ‹ 'C'": a path of scenes, for "reached via".
  func describe(path: [SceneRef]) -> String {
    path.map { "'\(preferredID(of: $0))'" }.joined(separator: " ‹ ")
  }
}

// MARK: - In the registry

// The storyboard rules are registered in `Checker.rules` like every rule, so `Rule.all`, the
// checks table of `Documentation/Rules.md` and `--ignore` know them. The two that share an id
// with a hierarchy rule are that rule's `storyboardCheck`; the other four find nothing in a
// described hierarchy, which has no segues.

extension NavigationInNavigation {
  public static var storyboardCheck: (any StoryboardRuleCheck)? {
    NavigationInNavigationSegueCheck()
  }
}

extension AlreadyPresenting {
  public static var storyboardCheck: (any StoryboardRuleCheck)? { AlreadyPresentingSegueCheck() }
}

extension Rule {
  /// A `show` segue that falls back to a modal presentation.
  public static let showPresentsModally = StoryboardRule.showPresentsModally.rule
  /// A scene nothing creates.
  public static let unreachableScene = StoryboardRule.unreachableScene.rule
  /// A popover segue without an anchor.
  public static let popoverWithoutAnchor = StoryboardRule.popoverWithoutAnchor.rule
  /// A deprecated push segue outside a navigation controller.
  public static let pushOutsideNavigation = StoryboardRule.pushOutsideNavigation.rule
}

extension ShowPresentsModallyCheck: CheckRule {
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
  static func findings(in analysis: Analysis) -> [Finding] { [] }
  static var storyboardCheck: (any StoryboardRuleCheck)? { Self() }
}

extension UnreachableSceneCheck: CheckRule {
  static let rule = Rule.unreachableScene
  static let documentation = RuleDocumentation(
    uikit:
      "UIKit creates a storyboard's controllers only on request: the initial view controller"
      + " (`instantiateInitialViewController()`), a scene with a Storyboard ID"
      + " (`instantiateViewController(withIdentifier:)`), and a segue's or storyboard"
      + " reference's destination when it is reached. A scene that is none of these and that no"
      + " segue leads to is never created: a leftover, or a screen whose segue was deleted.",
    triggering: [
      StoryboardExamples.document(
        initial: "home", [StoryboardExamples.scene("home"), StoryboardExamples.scene("orphan")])
    ],
    nonTriggering: [
      StoryboardExamples.document(
        initial: "home",
        [
          StoryboardExamples.scene("home"),
          StoryboardExamples.scene("orphan", attributes: #"storyboardIdentifier="Orphan""#),
        ]),
      StoryboardExamples.document(
        initial: "home",
        [
          StoryboardExamples.scene(
            "home", segues: [#"<segue destination="orphan" kind="presentation" id="s1"/>"#]),
          StoryboardExamples.scene("orphan"),
        ]),
    ],
    fix:
      "Delete the scene, connect a segue to it, or give it a Storyboard ID if code"
      + " instantiates it.",
    exampleFormat: .storyboard)
  static func findings(in analysis: Analysis) -> [Finding] { [] }
  static var storyboardCheck: (any StoryboardRuleCheck)? { Self() }
}

extension PopoverWithoutAnchorCheck: CheckRule {
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
  static func findings(in analysis: Analysis) -> [Finding] { [] }
  static var storyboardCheck: (any StoryboardRuleCheck)? { Self() }
}

extension PushOutsideNavigationCheck: CheckRule {
  static let rule = Rule.pushOutsideNavigation
  static let documentation = RuleDocumentation(
    uikit:
      "The deprecated Push segue (`kind=\"push\"`, from iOS 5–7 storyboards) pushes onto the"
      + " source's navigation controller and has no fallback: when no navigation controller"
      + " holds the source, performing it raises an exception. (Its replacement, Show, presents"
      + " modally instead.)",
    triggering: [
      StoryboardExamples.document(
        initial: "start",
        [
          StoryboardExamples.scene(
            "start", segues: [#"<segue destination="next" kind="push" id="s1"/>"#]),
          StoryboardExamples.scene("next"),
        ])
    ],
    nonTriggering: [
      StoryboardExamples.document(
        initial: "nav",
        [
          StoryboardExamples.navigation("nav", root: "start"),
          StoryboardExamples.scene(
            "start", segues: [#"<segue destination="next" kind="push" id="s1"/>"#]),
          StoryboardExamples.scene("next"),
        ])
    ],
    fix:
      "Embed the source in a navigation controller, or replace the segue with a Show segue.",
    uikitMessage:
      "*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Push segues"
      + " can only be used when the source controller is managed by an instance of"
      + " UINavigationController.'",
    exampleFormat: .storyboard)
  static func findings(in analysis: Analysis) -> [Finding] { [] }
  static var storyboardCheck: (any StoryboardRuleCheck)? { Self() }
}

/// The storyboards the storyboard-only rules' documentation shows: as short as a storyboard
/// can be (the reader needs the document type, scenes and each controller's scene member).
enum StoryboardExamples {
  static func document(initial: String, _ scenes: [String]) -> String {
    """
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"
        initialViewController="\(initial)">
      <scenes>
    \(scenes.joined(separator: "\n"))
      </scenes>
    </document>
    """
  }

  /// A scene whose controller is a `viewController` element (`element`), with `attributes`
  /// (such as `storyboardIdentifier="Orphan"`) and the segues it starts.
  static func scene(
    _ id: String, element: String = "viewController", attributes: String = "",
    segues: [String] = []
  ) -> String {
    let open =
      "      <\(element) id=\"\(id)\"\(attributes.isEmpty ? "" : " " + attributes)"
      + " sceneMemberID=\"viewController\""
    let controller =
      segues.isEmpty
      ? open + "/>"
      : open + ">\n        <connections>\(segues.joined())</connections>\n      </\(element)>"
    return "    <scene sceneID=\"scene-\(id)\"><objects>\n\(controller)\n    </objects></scene>"
  }

  /// A navigation controller scene whose root view controller is `root`.
  static func navigation(_ id: String, root: String) -> String {
    scene(
      id, element: "navigationController",
      segues: [
        "<segue destination=\"\(root)\" kind=\"relationship\""
          + " relationship=\"rootViewController\" id=\"\(id)-root\"/>"
      ])
  }
}
