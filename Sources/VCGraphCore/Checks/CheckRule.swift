/// A consistency rule's identity: the stable id printed with its findings and accepted by
/// `ignore:` (`rawValue`), its severity, and what it catches in one line (the checks table of
/// `Documentation/Rules.md` says the same, in the same order; a test holds them together).
public struct Rule: Hashable, Sendable, CustomStringConvertible {
  /// The stable id, such as `view-hosted-by-non-parent`.
  public let rawValue: String
  /// The severity of every finding of the rule.
  public let severity: Severity
  /// What the rule catches, in one line.
  public let summary: String
  /// What UIKit prints when an app does what the rule catches (its findings carry the message
  /// with their classes filled in); nil when UIKit prints nothing vcgraph found a source for.
  public let uikitMessage: UIKitMessage?

  /// A rule's identity; declared once, beside the rule's `CheckRule` type.
  public init(
    _ id: String, _ severity: Severity, summary: String, uikitMessage: UIKitMessage? = nil
  ) {
    rawValue = id
    self.severity = severity
    self.summary = summary
    self.uikitMessage = uikitMessage
  }

  /// The registered rule with this id, if there is one.
  public init?(rawValue: String) {
    guard let rule = Rule.all.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = rule
  }

  /// Every registered rule, in `RuleRegistry.all` order: the description and storyboard
  /// rules (`Checker.rules`), then the Swift-code rules (`LintRules.rules`).
  public static var all: [Rule] { RuleRegistry.all.map { $0.rule } }

  public var description: String { rawValue }

  public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.rawValue == rhs.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// What every registered rule declares, whatever input it reads: its identity and its
/// documentation. `RuleRegistry.all` lists them; `vcgraph rules`, `Documentation/Rules.md`,
/// SARIF's rule descriptors, configuration files' rule ids and the examples tests all come
/// from it.
public protocol RuleDefinition: Sendable {
  /// The rule's id, severity and one-line summary.
  static var rule: Rule { get }
  /// What UIKit does, inputs that trigger the rule and inputs that do not, the fix, and UIKit's
  /// console message: `vcgraph rules ID`, the rule's section in `Documentation/Rules.md` and
  /// SARIF's rule descriptor.
  static var documentation: RuleDocumentation { get }
  /// Whether the rule runs only when a configuration file's `opt_in_rules` names it.
  static var isOptIn: Bool { get }
}

extension RuleDefinition {
  public static var isOptIn: Bool { false }
}

/// The one registry of rules: every rule vcgraph knows, for descriptions and storyboards
/// (`Checker.rules`, which `check` runs) and for Swift code (`LintRules.rules`, which `lint`
/// runs in `vcgraph-swift`; their definitions live here so that `vcgraph rules` and
/// configuration files know them without SwiftSyntax).
public enum RuleRegistry {
  /// Every rule, in the order `Documentation/Rules.md` lists them, each id once: a Swift-code
  /// rule that shares its id with a check rule (the same UIKit constraint met in code, as
  /// `popover-without-anchor`) is that rule, whose documentation then also shows the Swift
  /// examples (`definitions(of:)`).
  public static var all: [any RuleDefinition.Type] {
    let checks = Checker.rules.map { $0 as any RuleDefinition.Type }
    let ids = Set(checks.map { $0.rule.rawValue })
    return checks + LintRules.rules.filter { !ids.contains($0.rule.rawValue) }
  }

  /// The registered definition of the rule with this id (the check rule's, for a shared id).
  public static func definition(of id: String) -> (any RuleDefinition.Type)? {
    all.first { $0.rule.rawValue == id }
  }

  /// Every definition with this id: one, or a check rule's and the Swift-code rule's that
  /// shares its id, in that order.
  public static func definitions(of id: String) -> [any RuleDefinition.Type] {
    (Checker.rules.map { $0 as any RuleDefinition.Type } + LintRules.rules).filter {
      $0.rule.rawValue == id
    }
  }
}

/// One rule `check` runs, over a hierarchy, a storyboard's segues and scenes, or both, in a
/// file of its own (the shape of swift-format's `Sources/SwiftFormat/Rules/`): its identity,
/// its documentation (whose examples are tests) and its findings. A hierarchy rule lives in
/// `Checks/Rules/` and implements `findings(in:)` over an `Analysis`; a storyboard rule lives
/// in `Storyboard/Rules/` and implements it over a `SegueAnalysis`; a rule that UIKit enforces
/// for both (`navigation-in-navigation`) implements both, the storyboard one in an extension
/// beside the storyboard rules. A new rule is a new file and one line in `Checker.rules`.
public protocol CheckRule: RuleDefinition {
  /// Every finding of this rule in one hierarchy, in any order (the checker sorts them and
  /// drops the ones the file's `ignore:` silences). None by default: a storyboard rule.
  static func findings(in analysis: Analysis) -> [Finding]
  /// Every finding of this rule in a storyboard's segues and scenes, in any order, each with
  /// the `scene` (and `segue`) it concerns. None by default: a hierarchy rule.
  static func findings(in segues: SegueAnalysis) -> [Finding]
}

extension CheckRule {
  public static func findings(in analysis: Analysis) -> [Finding] { [] }
  public static func findings(in segues: SegueAnalysis) -> [Finding] { [] }
}

extension CheckRule {
  /// The controllers whose place in the hierarchy breaks this rule, as UIKit's model judges a
  /// push, a child or a window's root (`UIKitModel.placementViolations(of:in:)`), in document
  /// order, each with the violation: what a placement rule reports.
  static func placementViolations(
    in analysis: Analysis
  ) -> [(controller: ControllerIndex, violation: UIKitViolation)] {
    let model = UIKitModel(analysis.hierarchy)
    return analysis.hierarchy.controllers.indices.flatMap { index in
      model.placementViolations(of: index, in: analysis).filter { $0.rule == rule }
        .map { (index, $0) }
    }
  }
}
