/// A consistency finding (S6): a rule id, a severity, a message that says what to change, and
/// the exact source position.
public struct Finding: Sendable, Equatable {
  public var rule: Rule
  public var severity: Severity
  public var message: String
  public var location: SourceLocation
  /// The controller the finding concerns (drawn as a badge on it).
  public var controller: ControllerIndex?
  /// The view the finding concerns, if any.
  public var view: ViewIndex?

  public init(
    _ rule: Rule, _ message: String, at location: SourceLocation,
    controller: ControllerIndex? = nil, view: ViewIndex? = nil
  ) {
    self.rule = rule
    severity = rule.severity
    self.message = message
    self.location = location
    self.controller = controller
    self.view = view
  }
}

/// The consistency rules with their stable ids and default severities.
public enum Rule: String, Sendable, CaseIterable, Codable {
  /// A controller's root view placed in the view tree of a controller that is not its parent.
  case viewHostedByNonParent = "view-hosted-by-non-parent"
  /// One controller in two places: two parents, parent and presented, two windows.
  case controllerInTwoPlaces = "controller-in-two-places"
  /// A tab bar's `selectedIndex` beyond its tabs.
  case selectedIndexOutOfRange = "selected-index-out-of-range"
  /// A navigation controller pushed on a navigation controller.
  case navigationInNavigation = "navigation-in-navigation"
  /// A presentation on a presenter that is already presenting.
  case alreadyPresenting = "already-presenting"
  /// A tab bar controller installed as the child of another controller.
  case tabBarNotRoot = "tab-bar-not-root"
  /// A one-child switcher (`showing`) with several children's views attached.
  case stackedChildren = "stacked-children"
  /// A hosted view whose controller nobody holds (no parent, not presented, not a root).
  case unownedHostedView = "unowned-hosted-view"
  /// A `UIAlertController` that is not presented.
  case alertNotPresented = "alert-not-presented"
  /// Tabs past the fifth, which live under the More navigation controller.
  case tabsUnderMore = "tabs-under-more"

  public var severity: Severity {
    switch self {
    case .viewHostedByNonParent, .controllerInTwoPlaces, .selectedIndexOutOfRange,
      .navigationInNavigation, .alreadyPresenting:
      .error
    case .tabBarNotRoot, .stackedChildren, .unownedHostedView, .alertNotPresented: .warning
    case .tabsUnderMore: .info
    }
  }
}
