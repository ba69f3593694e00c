/// UIKit's answers to its operations, coded once: for a hierarchy and an operation (`present`,
/// `push`, `show`, `showDetail`, `popTo`, putting a controller on a stack or in a container),
/// what UIKit does — the transition it makes, or the rule the call breaks with what UIKit does
/// instead (ignores it with a console warning, raises an exception, or goes on against its
/// documentation), each with UIKit's own console line (`UIKitMessages`), the rule id and the
/// Apple documentation it is read from.
///
/// The simulator (`Simulator`, `StepEditor`) applies the answers to a hierarchy; the storyboard
/// analysis (`SegueAnalysis`) follows them through segues; the checks (`Checks/Rules/`) ask
/// them about the hierarchy as described. Each client words its own finding or step line, but
/// none decides on its own what UIKit does.
///
/// The model is a value over one `Hierarchy` (it copies nothing: the arrays are shared). The
/// storyboard analysis passes its own world of scene instances, whose presenters it tracks
/// itself, so the functions that need presentation facts take them as arguments.
///
/// Adding a UIKit rule: its decision (and its `UIKitMessage`, if UIKit prints one) in the
/// `UIKitModel+…` file of its operation; its `CheckRule` in `Checks/Rules/`, whose findings
/// ask the model (`placementViolations(of:in:)`, `present(_:)`, …); one line in
/// `Checker.rules`. The simulator notes what UIKit lets pass and refuses what it does not.
public struct UIKitModel: Sendable {
  /// The hierarchy the questions are about.
  public let hierarchy: Hierarchy

  /// A model of UIKit over `hierarchy`.
  public init(_ hierarchy: Hierarchy) {
    self.hierarchy = hierarchy
  }

  var controllers: [Controller] { hierarchy.controllers }

  /// The nearest of a controller and its containers (walking up `parent`) whose kind is one
  /// of `kinds`: the controller `targetViewController(forAction:sender:)` finds for an action
  /// those kinds override.
  public func nearest(_ kinds: [ControllerKind], from start: ControllerIndex) -> ControllerIndex? {
    var current: ControllerIndex? = start
    var steps = 0
    while let index = current, steps <= controllers.count {
      if kinds.contains(controllers[index].kind) { return index }
      current = controllers[index].parent
      steps += 1
    }
    return nil
  }
}

/// A UIKit rule an operation (or a hierarchy as it stands) breaks: its id, what UIKit does
/// about it, the line it prints and where Apple documents it.
public struct UIKitViolation: Sendable, Equatable {
  /// What UIKit does when the rule is broken.
  public enum Consequence: Sendable, Equatable {
    /// UIKit ignores the call and logs `uikitMessage`: nothing changes on screen.
    case ignored
    /// UIKit raises an exception; uncaught, the app ends with `uikitMessage`.
    case raises
    /// UIKit goes on, though Apple's documentation says the app must not do this (the result
    /// is undefined: a broken layout, a bar in the wrong place).
    case proceeds
  }

  /// The rule broken (its id is the one findings carry and `ignore:` accepts); nil for a
  /// behaviour only a simulated step meets (no check reports it).
  public let rule: Rule?
  /// What UIKit does.
  public let consequence: Consequence
  /// The console line UIKit prints, with the classes filled in (`UIKitMessage.line(_:)`); nil
  /// when UIKit prints nothing vcgraph found a source for.
  public let uikitMessage: String?
  /// The Apple documentation page (and its words) the behaviour is read from.
  public let appleDocumentation: String
  /// For a violation UIKit lets pass, what a simulated step notes after the controller's id
  /// (`'mail' is a split view controller; Apple: "…" (split-in-navigation)`).
  public let note: String?

  /// A violation with UIKit's message rendered from `values` (placeholder to class name).
  public init(
    _ rule: Rule?, _ consequence: Consequence, message: UIKitMessage? = nil,
    _ values: [String: String] = [:], apple appleDocumentation: String, note: String? = nil
  ) {
    self.rule = rule
    self.consequence = consequence
    uikitMessage = message?.line(values)
    self.appleDocumentation = appleDocumentation
    self.note = note
  }

  /// Whether UIKit does not perform the call (it ignores it or raises).
  public var stopsTheCall: Bool { consequence != .proceeds }
}

/// UIKit's answer to one call: the rules it breaks, in the order UIKit meets them.
public struct UIKitVerdict: Sendable, Equatable {
  /// Every rule the call breaks; the first that stops the call is what UIKit does.
  public var violations: [UIKitViolation]

  /// A verdict with these violations (none: UIKit performs the call as asked).
  public init(_ violations: [UIKitViolation] = []) {
    self.violations = violations
  }

  /// The violation that stops the call (UIKit ignores it or raises), if any.
  public var refusal: UIKitViolation? { violations.first(where: \.stopsTheCall) }
  /// The violations UIKit lets pass (`proceeds`).
  public var caveats: [UIKitViolation] { violations.filter { !$0.stopsTheCall } }
  /// Whether UIKit performs the call.
  public var isPerformed: Bool { refusal == nil }
}
