/// Which rules run and at what severity, as a configuration file (`.vcgraph.yml`) sets them:
/// rules switched off, opt-in rules switched on, and severities changed. A file's own
/// `ignore:` still silences a rule for that file whatever this says.
public struct RuleConfiguration: Sendable, Equatable {
  /// Rule ids that do not run (`disabled_rules`).
  public var disabled: Set<String> = []
  /// Opt-in rule ids that run (`opt_in_rules`).
  public var optedIn: Set<String> = []
  /// Rule id to the severity its findings get instead of the rule's own (`severity`).
  public var severities: [String: Severity] = [:]

  public init(
    disabled: Set<String> = [], optedIn: Set<String> = [], severities: [String: Severity] = [:]
  ) {
    self.disabled = disabled
    self.optedIn = optedIn
    self.severities = severities
  }

  /// Whether a rule runs: not disabled, and opted in when it is opt-in.
  public func runs(_ rule: Rule, optIn: Bool) -> Bool {
    !disabled.contains(rule.rawValue) && (!optIn || optedIn.contains(rule.rawValue))
  }

  /// The severity a rule's findings get.
  public func severity(of rule: Rule) -> Severity { severities[rule.rawValue] ?? rule.severity }
}
