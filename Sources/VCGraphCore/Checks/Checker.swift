/// Runs the rules: the S6 consistency rules over an analyzed hierarchy, and the same registry
/// over a storyboard's segues and scenes.
public enum Checker {
  /// Every rule, in the order the checks table of `Documentation/Rules.md` lists them (errors,
  /// then warnings, then information). Registering a rule is one line here.
  public static let rules: [any CheckRule.Type] = [
    ViewHostedByNonParent.self,
    ControllerInTwoPlaces.self,
    PresentedControllerActive.self,
    PushedTwice.self,
    SelectedIndexOutOfRange.self,
    NavigationInNavigation.self,
    SplitInNavigation.self,
    AlreadyPresenting.self,
    PresenterNotInWindow.self,
    ActionSheetWithoutAnchor.self,
    PushOutsideNavigation.self,
    TabBarNotRoot.self,
    StackedChildren.self,
    UnownedHostedView.self,
    AlertNotPresented.self,
    ActivityControllerNotPresented.self,
    DetachedPresenter.self,
    UnbalancedAppearance.self,
    UnknownUIKitClass.self,
    ShowPresentsModally.self,
    UnreachableScene.self,
    PopoverWithoutAnchorCheck.self,
    TabsUnderMore.self,
  ]

  /// Every finding, sorted by position, of the rules `configuration` runs (all but the opt-in
  /// ones by default), at the severity it gives, without the rules the file's `ignore:`
  /// silences and those the finding's controller's own `ignore:` does. `rules` is the
  /// registry, replaceable by tests.
  public static func findings(
    for analysis: Analysis, configuration: RuleConfiguration = RuleConfiguration(),
    rules: [any CheckRule.Type] = Checker.rules
  ) -> [Finding] {
    let ignored = Set(analysis.hierarchy.ignoredRules)
    var found: [Finding] = []
    for type in rules
    where !ignored.contains(type.rule.rawValue)
      && configuration.runs(type.rule, optIn: type.isOptIn)
    {
      let severity = configuration.severity(of: type.rule)
      for var finding in type.findings(in: analysis) where !analysis.hierarchy.isIgnored(finding) {
        finding.severity = severity
        found.append(finding)
      }
    }
    return found.sorted { ($0.location, $0.rule.rawValue) < ($1.location, $1.rule.rawValue) }
  }

  /// Every finding of the rules `configuration` runs over a storyboard's segues and scenes,
  /// but those in `ignoring`, at the severity `configuration` gives, sorted by position, then
  /// rule id. `StoryboardDocument.findings` places them on its launch state.
  public static func findings(
    for segues: SegueAnalysis, configuration: RuleConfiguration = RuleConfiguration(),
    ignoring: Set<String> = [], rules: [any CheckRule.Type] = Checker.rules
  ) -> [Finding] {
    // Loops, not `flatMap { type in type.findings(in:).map { ... } }`: swift-frontend 6.3.1
    // miscompiles that chain over `any CheckRule.Type` (the findings' `segue` came back as
    // garbage, and `place(of:)` read past the storyboard's segues).
    var found: [Finding] = []
    for type in rules
    where !ignoring.contains(type.rule.rawValue)
      && configuration.runs(type.rule, optIn: type.isOptIn)
    {
      let severity = configuration.severity(of: type.rule)
      for var finding in type.findings(in: segues) {
        finding.severity = severity
        found.append(finding)
      }
    }
    return found.sorted { ($0.location, $0.rule.rawValue) < ($1.location, $1.rule.rawValue) }
  }
}

extension Hierarchy {
  /// Whether the controller a finding is about silences its rule (its `ignore:`, a
  /// storyboard scene's `vcgraphDisable`).
  public func isIgnored(_ finding: Finding) -> Bool {
    guard let controller = finding.controller, controllers.indices.contains(controller) else {
      return false
    }
    return controllers[controller].ignoredRules.contains(finding.rule.rawValue)
  }
}
