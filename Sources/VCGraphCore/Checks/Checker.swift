/// Runs the S6 consistency rules over an analyzed hierarchy.
public enum Checker {
  /// Every rule, in the order the README's checks table lists them (errors, then warnings,
  /// then information). Registering a rule is one line here.
  public static let rules: [any CheckRule.Type] = [
    ViewHostedByNonParent.self,
    ControllerInTwoPlaces.self,
    SelectedIndexOutOfRange.self,
    NavigationInNavigation.self,
    AlreadyPresenting.self,
    PushOutsideNavigationCheck.self,
    TabBarNotRoot.self,
    StackedChildren.self,
    UnownedHostedView.self,
    AlertNotPresented.self,
    ShowPresentsModallyCheck.self,
    UnreachableSceneCheck.self,
    PopoverWithoutAnchorCheck.self,
    TabsUnderMore.self,
  ]

  /// Every finding, sorted by position, without the rules the file's `ignore:` silences.
  public static func findings(for analysis: Analysis) -> [Finding] {
    let ignored = Set(analysis.hierarchy.ignoredRules)
    return rules.filter { !ignored.contains($0.rule.rawValue) }
      .flatMap { $0.findings(in: analysis) }
      .sorted { ($0.location, $0.rule.rawValue) < ($1.location, $1.rule.rawValue) }
  }
}
