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
  /// The only rule ids that run, opt-in or not (`only_rules`), or nil: `disabled` and
  /// `optedIn` decide. `disabled` still switches a rule off.
  public var only: Set<String>?

  public init(
    disabled: Set<String> = [], optedIn: Set<String> = [], severities: [String: Severity] = [:]
  ) {
    self.disabled = disabled
    self.optedIn = optedIn
    self.severities = severities
  }

  /// Whether a rule runs: not disabled, and opted in when it is opt-in.
  public func runs(_ rule: Rule, optIn: Bool) -> Bool {
    if disabled.contains(rule.rawValue) { return false }
    if let only { return only.contains(rule.rawValue) }
    return !optIn || optedIn.contains(rule.rawValue)
  }

  /// This configuration (a parent directory's) with `child` (a nested configuration file's)
  /// merged over it, the child winning: the child's `only_rules` replaces which rules run
  /// (forgetting the parent's lists); else its `disabled_rules` switch rules off and its
  /// `opt_in_rules` switch rules on, also ones the parent switched off (and add them to the
  /// parent's `only_rules`); its severities replace the parent's for the same rule.
  public func merging(_ child: RuleConfiguration) -> RuleConfiguration {
    var result = self
    if let only = child.only {
      result.only = only
      result.disabled = []
      result.optedIn = []
    }
    for id in child.optedIn {
      result.optedIn.insert(id)
      result.disabled.remove(id)
      result.only?.insert(id)
    }
    result.disabled.formUnion(child.disabled)
    result.severities.merge(child.severities) { _, child in child }
    return result
  }

  /// The severity a rule's findings get.
  public func severity(of rule: Rule) -> Severity { severities[rule.rawValue] ?? rule.severity }
}
