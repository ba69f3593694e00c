/// What a capture reads from a running app, as plain properties. The UIKit adapter
/// (`UIKitAdapter.swift`) conforms UIKit's objects to these protocols; the walk and the YAML
/// writer (`CaptureWriter`) know nothing else, so they are tested on any platform with models
/// built from descriptions.

/// The kind of container a controller is, from the UIKit class it inherits from. The cases of
/// VCGraphCore's `ControllerKind`, repeated because an app links this library without
/// VCGraphCore (`StandaloneTests` checks that the two agree).
public enum CapturedKind: String, Sendable, CaseIterable {
  /// A `UIViewController` that is none of the others; its `children` make it a custom container.
  case plain
  /// `UINavigationController`.
  case navigation
  /// `UITabBarController`.
  case tabBar
  /// `UISplitViewController`.
  case split
  /// `UIPageViewController`.
  case page
  /// `UIAlertController`.
  case alert

  /// The UIKit class that defines the kind, as the description format names it.
  public var uikitClass: String {
    switch self {
    case .plain: "UIViewController"
    case .navigation: "UINavigationController"
    case .tabBar: "UITabBarController"
    case .split: "UISplitViewController"
    case .page: "UIPageViewController"
    case .alert: "UIAlertController"
    }
  }
}

/// Where a view controller's view is, read from `viewIfLoaded` and its `window`.
public enum CapturedViewState: String, Sendable {
  /// `viewIfLoaded` is nil.
  case notLoaded
  /// The view is loaded but its `window` is nil.
  case notInWindow
  /// The view is in a window.
  case inWindow
}

/// What a `UIPopoverPresentationController` is anchored to.
public enum CapturedPopoverAnchor: String, Sendable {
  /// `sourceItem` (iOS 16 and later) is set.
  case sourceItem
  /// `barButtonItem` is set.
  case barButtonItem
  /// `sourceView` is set.
  case sourceView
  /// None of them: UIKit raises when such a popover presents in a regular width.
  case none
}

/// The application: its scenes, the device class and the delegate.
@MainActor
public protocol CapturedApplication {
  /// The connected window scenes, in the order the capture writes them.
  var capturedScenes: [any CapturedScene] { get }
  /// Whether the device is an iPad (or a Mac running the app): split views expand and
  /// popovers stay popovers.
  var isPad: Bool { get }
  /// The application delegate's class name, if the app has a delegate.
  var delegateClassName: String? { get }
  /// Whether the application delegate is a `UIResponder`.
  var delegateIsResponder: Bool { get }
  /// Controllers the caller asked for that may be in no window (a controller a snapshot test
  /// made): written under `detached:` unless the walk from the windows reaches them.
  var extraControllers: [any CapturedController] { get }
}

/// A `UIWindowScene`.
@MainActor
public protocol CapturedScene: AnyObject {
  /// Whether its activation state is `foregroundActive` or `foregroundInactive`.
  var isForeground: Bool { get }
  /// Its windows, in `UIWindowScene.windows` order.
  var capturedWindows: [any CapturedWindow] { get }
}

/// A `UIWindow`.
@MainActor
public protocol CapturedWindow: AnyObject {
  /// The window's class as the runtime names it.
  var className: String { get }
  /// `windowLevel.rawValue`.
  var level: Double { get }
  /// Whether it is its scene's `keyWindow`.
  var isSceneKey: Bool { get }
  /// `isKeyWindow`: whether it is the application's key window.
  var isApplicationKey: Bool { get }
  /// `isHidden`.
  var isHidden: Bool { get }
  /// `rootViewController`.
  var capturedRoot: (any CapturedController)? { get }
}

/// A `UIViewController`.
@MainActor
public protocol CapturedController: AnyObject {
  /// The class as the runtime names it (`NSStringFromClass`).
  var className: String { get }
  /// The superclasses from the nearest up to the first of the six classes `CapturedKind`
  /// names (included); empty when the class is one of those six.
  var superclassNames: [String] { get }
  /// The container kind.
  var kind: CapturedKind { get }
  /// The controller's address, for ids that match the debugger's (`0x…`).
  var address: String { get }
  /// `title`; written only when the options ask.
  var title: String? { get }
  /// The contained controllers: a navigation stack (bottom first), the tabs, the split view's
  /// `viewControllers`, the page view's pages on screen, or `children` of a custom container.
  var capturedChildren: [any CapturedController] { get }
  /// A tab bar controller's `selectedIndex`; nil when it selects nothing in `viewControllers`
  /// (`NSNotFound`, the More navigation controller).
  var selectedIndex: Int? { get }
  /// A split view controller's `isCollapsed`.
  var isCollapsed: Bool? { get }
  /// A split view controller's `displayMode`, as its case name.
  var displayMode: String? { get }
  /// A `UIAlertController`'s `preferredStyle`: `alert` or `actionSheet`.
  var alertStyle: String? { get }
  /// The controller this one presents: its `presentedViewController` when that controller's
  /// `presentingViewController` is this one (UIKit reports a presentation on the presenter's
  /// descendants too).
  var capturedPresented: (any CapturedController)? { get }
  /// `modalPresentationStyle`, as its case name (`pageSheet`, `custom`, ...).
  var presentationStyle: String { get }
  /// For a presented controller: whether its presentation controller removes the presenter's
  /// views when the presentation ends (`shouldRemovePresentersView`).
  var removesPresentersView: Bool { get }
  /// `modalTransitionStyle`, as its case name.
  var transitionStyle: String { get }
  /// `definesPresentationContext`.
  var definesPresentationContext: Bool { get }
  /// `providesPresentationContextTransitionStyle`.
  var providesPresentationContextTransitionStyle: Bool { get }
  /// What its popover presentation controller is anchored to, when it is presented as a
  /// popover (nil otherwise).
  var popoverAnchor: CapturedPopoverAnchor? { get }
  /// `isBeingPresented`.
  var isBeingPresented: Bool { get }
  /// `isBeingDismissed`.
  var isBeingDismissed: Bool { get }
  /// `isMovingToParent`.
  var isMovingToParent: Bool { get }
  /// `isMovingFromParent`.
  var isMovingFromParent: Bool { get }
  /// Whether the view is loaded and in a window.
  var viewState: CapturedViewState { get }
  /// The root view, when loaded.
  var capturedView: (any CapturedView)? { get }
}

/// A `UIView` in a controller's view tree.
@MainActor
public protocol CapturedView: AnyObject {
  /// The view's class as the runtime names it.
  var className: String { get }
  /// The controller whose root view this is, when it is another controller's (`view.next`).
  var hostedController: (any CapturedController)? { get }
  /// `subviews`, back to front.
  var capturedSubviews: [any CapturedView] { get }
}

/// What a capture writes beyond the hierarchy itself.
public struct CaptureOptions: Sendable, Equatable {
  /// Write controllers' `title`s (off by default: titles may be user data).
  public var includeTitles: Bool
  /// Use controllers' addresses (`0x…`) as their ids, as debugger dumps do, instead of
  /// class-name ids that stay the same from run to run.
  public var addressIDs: Bool
  /// Write, as YAML comments, what the description format has no key for (transition styles,
  /// display modes, views not in a window, hidden windows, ...).
  public var includeComments: Bool

  /// The options; by default no titles, class-name ids and comments.
  public init(includeTitles: Bool = false, addressIDs: Bool = false, includeComments: Bool = true) {
    self.includeTitles = includeTitles
    self.addressIDs = addressIDs
    self.includeComments = includeComments
  }
}

/// Captures a running app's view-controller hierarchy as a vcgraph description
/// (`Documentation/Capture.md`).
public enum VCGraphCapture {
  /// The description of `application` (a model of the running app).
  @MainActor
  public static func describe(
    _ application: any CapturedApplication, options: CaptureOptions = CaptureOptions()
  ) -> String {
    var writer = CaptureWriter(options: options)
    return writer.document(for: application)
  }
}
