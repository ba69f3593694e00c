/// `pushViewController(_:animated:)`, `popToViewController(_:animated:)`, `show(_:sender:)`
/// and `showDetailViewController(_:sender:)`: what UIKit does with a navigation stack and with
/// the actions its containers override.
extension UIKitModel {
  /// What UIKit does when a controller of class `className` and kind `kind` is pushed onto
  /// `navigation` (`instance`: the controller, when it is in the hierarchy already).
  ///
  /// Apple, `pushViewController(_:animated:)`: "If the view controller is already on the
  /// navigation stack, this method throws an exception." A navigation controller cannot be
  /// pushed (UIKit raises "Pushing a navigation controller is not supported"). Apple,
  /// `UISplitViewController`: "You can't push a split view controller onto a navigation stack"
  /// — UIKit goes on, with a layout Apple does not support.
  public func push(
    className: String, kind: ControllerKind, instance: ControllerIndex? = nil,
    onto navigation: ControllerIndex
  ) -> UIKitVerdict {
    var violations = Self.pushViolations(kind: kind)
    if let instance, controllers[navigation].children.contains(instance) {
      violations.append(
        Self.pushedTwice(navigation: controllers[navigation].className, pushed: className))
    }
    return UIKitVerdict(violations + containedViolations(className: className, kind: kind))
  }

  /// The rules pushing a controller of kind `kind` breaks whatever the stack holds: a
  /// navigation controller raises (`navigation-in-navigation`), a split view controller goes
  /// on against Apple (`split-in-navigation`). `lint`, which knows a pushed controller's class
  /// but no hierarchy, asks it too.
  public static func pushViolations(kind: ControllerKind) -> [UIKitViolation] {
    switch kind {
    case .navigation: [navigationInNavigation()]
    case .split: [splitInNavigation]
    default: []
    }
  }

  /// Whether `index` is the primary (first) column of a collapsed split view controller, onto
  /// whose stack UIKit's default collapse pushes the secondary, a navigation controller or not.
  /// A split with one column is collapsed: UIKit leaves "the primary view controller as its
  /// only child".
  static func isCollapsedSplitPrimary(_ index: ControllerIndex, in analysis: Analysis) -> Bool {
    let controllers = analysis.hierarchy.controllers
    guard let split = controllers[index].parent, controllers[split].kind == .split,
      controllers[split].children.first == index
    else { return false }
    return controllers[split].children.count == 1 || analysis.isCollapsed(split)
  }

  /// What UIKit does for `popToViewController(target, animated:)` on `navigation`: nil when
  /// `target` is on its stack; otherwise UIKit raises ("Tried to pop to a view controller that
  /// doesn't exist.").
  public func popTo(_ target: ControllerIndex, on navigation: ControllerIndex) -> UIKitViolation? {
    guard !controllers[navigation].children.contains(target) else { return nil }
    return UIKitViolation(
      nil, .raises, message: UIKitMessages.popToMissing,
      apple: "UINavigationController.popToViewController(_:animated:): \"The view controller"
        + " that you want to be at the top of the stack. This view controller must currently be"
        + " on the navigation stack.\"")
  }

  /// Who handles `show(_:sender:)` sent from `source`, and how.
  ///
  /// Apple, `show(_:sender:)`: "Displays the view controller modally unless a parent view
  /// controller implements the show(_:sender:) action method, in which case that view
  /// controller defines the presentation behavior. For example, a UINavigationController
  /// pushes the new view controller onto its navigation stack." `UISplitViewController` makes
  /// it its primary column. A deprecated Push segue (`deprecatedPush`) needs a navigation
  /// controller and has no fallback: UIKit raises ("Push segues can only be used when the
  /// source controller is managed by an instance of UINavigationController.").
  public func show(from source: ControllerIndex, deprecatedPush: Bool = false) -> ShowHandling {
    let kinds: [ControllerKind] = deprecatedPush ? [.navigation] : [.navigation, .split]
    if let handler = nearest(kinds, from: source) {
      return controllers[handler].kind == .navigation
        ? .push(navigation: handler) : .primaryColumn(split: handler)
    }
    if deprecatedPush {
      return .refused(
        UIKitViolation(
          .pushOutsideNavigation, .raises, message: UIKitMessages.pushSegueOutsideNavigation,
          apple: "UIStoryboardSegue (Push, deprecated in iOS 8): it pushes onto the source's"
            + " navigation controller; Show replaces it and \"displays the view controller"
            + " modally\" when no parent implements show(_:sender:)"))
    }
    return .presentsModally
  }

  /// Who handles `showDetailViewController(_:sender:)` sent from `source` with a new controller
  /// of class `className` and kind `kind`, and how, with the split view's collapsed state given
  /// by `isCollapsed`.
  ///
  /// Apple, `UISplitViewController.showDetailViewController(_:sender:)`: "In a horizontally
  /// regular environment, the split view controller installs `vc` as the secondary view
  /// controller"; before that, "the split view controller forwards the message to the view
  /// controller being replaced. For example, a navigation controller responds by pushing `vc`
  /// onto its navigation stack." Collapsed, the primary column is what is on screen, so a
  /// navigation controller there pushes `vc` itself — a navigation controller too, as UIKit's
  /// default collapse does with the secondary
  /// (`pushByCollapsedSplit(className:kind:instance:onto:)`).
  /// With no split view controller, UIKit "displays the view controller modally"
  /// (`UIViewController`'s version).
  public func showDetail(
    className: String, kind: ControllerKind, from source: ControllerIndex,
    isCollapsed: (ControllerIndex) -> Bool
  ) -> ShowHandling {
    guard let split = nearest([.split], from: source) else { return .presentsModally }
    guard isCollapsed(split) else { return .secondaryColumn(split: split) }
    if let primary = controllers[split].children.first, controllers[primary].kind == .navigation {
      return .collapsedPush(
        navigation: primary,
        verdict: pushByCollapsedSplit(className: className, kind: kind, onto: primary))
    }
    return .primaryColumn(split: split)
  }

  /// What UIKit does when a collapsed split view controller puts a controller of class
  /// `className` and kind `kind` on its primary navigation controller's stack itself: the
  /// default collapse ("the UINavigationController class responds by pushing the secondary
  /// view controller onto its navigation stack", Apple,
  /// `splitViewController(_:collapseSecondary:onto:)`) and a collapsed `showDetail` ("a
  /// navigation controller responds by pushing `vc` onto its navigation stack", Apple,
  /// `showDetailViewController(_:sender:)`). The controller itself goes on the stack, a
  /// navigation controller included: UIKit builds that nesting, so `navigation-in-navigation`
  /// does not apply; every other rule of a push does.
  public func pushByCollapsedSplit(
    className: String, kind: ControllerKind, instance: ControllerIndex? = nil,
    onto navigation: ControllerIndex
  ) -> UIKitVerdict {
    UIKitVerdict(
      push(className: className, kind: kind, instance: instance, onto: navigation).violations
        .filter { $0.rule != .navigationInNavigation })
  }
}

/// Who handles a `show(_:sender:)` or `showDetailViewController(_:sender:)` and what it does
/// with the controller (`UIKitModel.show(from:deprecatedPush:)`).
public enum ShowHandling: Sendable, Equatable {
  /// This navigation controller pushes it (`push(className:kind:instance:onto:)` says whether
  /// UIKit lets it).
  case push(navigation: ControllerIndex)
  /// A collapsed split view controller's primary navigation controller pushes it, the
  /// controller itself (a navigation controller too), with what UIKit does about it
  /// (`UIKitModel.pushByCollapsedSplit(className:kind:instance:onto:)`): `showDetail` only.
  case collapsedPush(navigation: ControllerIndex, verdict: UIKitVerdict)
  /// This split view controller makes it its primary column.
  case primaryColumn(split: ControllerIndex)
  /// This split view controller makes it its secondary (detail) column.
  case secondaryColumn(split: ControllerIndex)
  /// No container handles the action: the source presents it modally.
  case presentsModally
  /// UIKit refuses (a deprecated Push segue outside a navigation controller).
  case refused(UIKitViolation)
}

extension UIKitModel {
  /// A navigation controller pushed onto a navigation stack: UIKit raises.
  static func navigationInNavigation() -> UIKitViolation {
    UIKitViolation(
      .navigationInNavigation, .raises, message: UIKitMessages.pushNavigation,
      apple: "UINavigationController: \"A navigation controller object manages the currently"
        + " displayed screens using the navigation stack, which is represented by an array of"
        + " view controllers\" — content controllers; pushing a navigation controller raises")
  }

  /// The same instance pushed twice onto one navigation stack: UIKit raises.
  static func pushedTwice(navigation: String, pushed: String) -> UIKitViolation {
    UIKitViolation(
      .pushedTwice, .raises, message: UIKitMessages.pushedTwice,
      ["navigation": navigation, "presented": pushed],
      apple: "UINavigationController.pushViewController(_:animated:): \"If the view controller"
        + " is already on the navigation stack, this method throws an exception.\"")
  }

  /// A split view controller on a navigation stack: Apple says it cannot be; UIKit goes on.
  static let splitInNavigation = UIKitViolation(
    .splitInNavigation, .proceeds,
    apple: "UISplitViewController: \"You can't push a split view controller onto a navigation"
      + " stack\"",
    note: "is a split view controller; Apple: \"You can't push a split view controller onto a"
      + " navigation stack\" (split-in-navigation)")
}
