/// Runs the S6 consistency rules over an analyzed hierarchy.
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
    PushOutsideNavigationCheck.self,
    TabBarNotRoot.self,
    StackedChildren.self,
    UnownedHostedView.self,
    AlertNotPresented.self,
    ActivityControllerNotPresented.self,
    DetachedPresenter.self,
    UnbalancedAppearance.self,
    UnknownUIKitClass.self,
    ShowPresentsModallyCheck.self,
    UnreachableSceneCheck.self,
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
    return rules.filter {
      !ignored.contains($0.rule.rawValue) && configuration.runs($0.rule, optIn: $0.isOptIn)
    }
    .flatMap { type in
      type.findings(in: analysis).filter { !analysis.hierarchy.isIgnored($0) }.map { finding in
        var finding = finding
        finding.severity = configuration.severity(of: type.rule)
        return finding
      }
    }
    .sorted { ($0.location, $0.rule.rawValue) < ($1.location, $1.rule.rawValue) }
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
