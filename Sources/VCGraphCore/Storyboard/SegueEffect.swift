/// What UIKit does when a segue is performed, in one context of its source.
///
/// The rules, from Apple's documentation ("Customizing the behavior of segue-based
/// presentations" and the methods the segues call):
/// - Show: "Displays the view controller modally unless a parent view controller implements
///   the show(_:sender:) action method, in which case that view controller defines the
///   presentation behavior. For example, a UINavigationController pushes the new view
///   controller onto its navigation stack." `show(_:sender:)` finds that parent with
///   `targetViewController(forAction:sender:)`, which "returns the current view controller if
///   that view controller overrides the method ... [else] walks up the view hierarchy"; with no
///   target, "this method uses the window's root view controller to present vc modally".
/// - Show Detail: "a UISplitViewController replaces its second child view controller (the
///   detail controller) with the new view controller"; "in a compact environment, the split
///   view controller's implementation of this method calls show(_:sender:) instead".
/// - Present Modally: "Displays the view controller modally using the specified presentation
///   and transition styles"; the presenter is resolved with vcgraph's S1 rules.
/// - Present as Popover: "In a horizontally regular environment, UIKit presents the view
///   controller in a popover. In a horizontally compact environment, UIKit presents the view
///   controller modally."
/// - Unwind: "UIKit searches the current view controller hierarchy for a view controller that
///   implements the designated action method. It looks for the closest view controller,
///   starting with the immediate parent, and walks up the view controller hierarchy".
public enum SegueEffect: Sendable, Equatable {
  /// Pushed onto this navigation controller's stack.
  case push(navigation: SceneRef)
  /// Presented modally with `style` by `presenter` (S1); `presenter` is nil where the
  /// source's containers are unknown (it is created in code). `fallback` is the segue kind
  /// (`show`, `showDetail`) that fell back to a modal presentation, nil for a presentation
  /// segue.
  case present(style: PresentationStyle, presenter: SceneRef?, fallback: StoryboardSegue.Kind?)
  /// `showDetail` in an expanded split view: the destination becomes its secondary (detail)
  /// column.
  case replaceDetail(split: SceneRef)
  /// `show` handled by a split view controller: the destination becomes its primary column.
  case replacePrimary(split: SceneRef)
  /// `embed`: the destination becomes a child of the container, its view in the container
  /// view.
  case embed(container: SceneRef)
  /// `relationship`: the destination is part of the container from the moment it is created.
  case relationship(container: SceneRef, StoryboardSegue.Relationship)
  /// `unwind`: the controllers on the path back with the app's own classes, nearest first (at
  /// most `SegueAnalysis.maxPathLength`);
  /// UIKit picks the first whose class declares `action` (vcgraph cannot see which do). Empty
  /// when nothing above the source could receive it: the segue then "fails silently".
  case unwind(action: String?, candidates: [SceneRef])
  /// `custom`: the segue class's `perform()` decides.
  case custom(segueClass: String?)
  /// UIKit refuses the transition or raises an exception.
  case refused(SegueRefusal)
  /// The source is created in code (reached only through a `storyboardIdentifier`, or not
  /// at all), so the container that handles `show` is unknown: it pushes if the code puts the
  /// source in a navigation controller, else presents modally.
  case unknownContainer

  /// The effect's name in reports: `push`, `present`, `showDetail`, `embed`, `unwind`,
  /// `custom`, `relationship`, `refused` or `unknown`.
  public var name: String {
    switch self {
    case .push: "push"
    case .present: "present"
    case .replaceDetail, .replacePrimary: "showDetail"
    case .embed: "embed"
    case .relationship: "relationship"
    case .unwind: "unwind"
    case .custom: "custom"
    case .refused: "refused"
    case .unknownContainer: "unknown"
    }
  }
}

/// Why UIKit refuses a segue's transition.
public enum SegueRefusal: Sendable, Equatable {
  /// A navigation controller pushed onto a navigation stack: UIKit raises "Pushing a
  /// navigation controller is not supported".
  case navigationInNavigation(navigation: SceneRef)
  /// The presenter S1 resolves is already presenting (`presenting`, on the way back from the
  /// source): UIKit refuses the presentation.
  case alreadyPresenting(presenter: SceneRef, presenting: SceneRef)
  /// A deprecated `push` segue whose source is in no navigation controller: UIKit raises
  /// ("Push segues can only be used when the source controller is managed by an instance of
  /// UINavigationController").
  case pushOutsideNavigation
}

/// Where a segue's source was found when its effect was worked out.
public enum SegueContextOrigin: String, Sendable, Codable {
  /// In the launch state, or reached from it through segues.
  case launch
  /// Created in code: a `storyboardIdentifier`, or the initial controller of a storyboard
  /// that is not the one opened.
  case code
  /// Neither: no entry point leads to the source.
  case unreachable
}

/// The horizontal size class an outcome is limited to.
public enum WidthCondition: String, Sendable, Codable {
  case regular, compact
}

/// One effect of a segue with the context it holds in.
public struct SegueOutcome: Sendable, Equatable {
  /// What UIKit does.
  public var effect: SegueEffect
  /// Only in this horizontal size class; nil in both.
  public var width: WidthCondition?
  /// The source, then the controllers back from it to the root of its window (or to the
  /// controller created in code): parents, the controllers below it on a navigation stack,
  /// and the controllers that asked to present; at most `SegueAnalysis.maxPathLength` after
  /// the source.
  public var path: [SceneRef]
  /// How the source was reached.
  public var origin: SegueContextOrigin

  public init(
    effect: SegueEffect, width: WidthCondition?, path: [SceneRef], origin: SegueContextOrigin
  ) {
    self.effect = effect
    self.width = width
    self.path = path
    self.origin = origin
  }
}
