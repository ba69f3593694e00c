// The part of UIKit that Sources/VCGraphCapture/UIKitAdapter.swift uses, declared with Apple's
// signatures so that the adapter compiles on Linux (Package.swift names this module UIKit on
// Linux only). Each declaration cites its page under https://developer.apple.com/documentation/
// (read in the Averyy/apple-dev-docs mirror, documentation/UIKit/). Get-only properties read
// `surface…` storage that a test may set; those names do not exist in UIKit, so the adapter
// must not use them. CGFloat comes from Foundation, as on Apple platforms.
import Foundation

/// uikit/uiresponder — `@MainActor class UIResponder : NSObject`
@MainActor
open class UIResponder {
  nonisolated public init() {}
  public var surfaceNext: UIResponder?
  /// uikit/uiresponder/next — `var next: UIResponder? { get }`
  open var next: UIResponder? { surfaceNext }
}

/// uikit/uiapplicationdelegate — `@MainActor protocol UIApplicationDelegate : NSObjectProtocol`
@MainActor
public protocol UIApplicationDelegate: AnyObject {}

/// uikit/uiapplication — `@MainActor class UIApplication : UIResponder`
@MainActor
open class UIApplication: UIResponder {
  public static var surfaceShared = UIApplication()
  /// uikit/uiapplication/shared — `class var shared: UIApplication { get }`
  open class var shared: UIApplication { surfaceShared }
  public var surfaceConnectedScenes: Set<UIScene> = []
  /// uikit/uiapplication/connectedscenes — `var connectedScenes: Set<UIScene> { get }`
  open var connectedScenes: Set<UIScene> { surfaceConnectedScenes }
  /// uikit/uiapplication/delegate — `unowned(unsafe) var delegate: (any UIApplicationDelegate)?`
  /// (declared strong here: Swift on Linux has no `unowned(unsafe)` optionals of protocols).
  open var delegate: (any UIApplicationDelegate)?
}

/// uikit/uiscenesession — `@MainActor class UISceneSession : NSObject, NSSecureCoding`
@MainActor
open class UISceneSession {
  nonisolated public init(persistentIdentifier: String) {
    self.persistentIdentifier = persistentIdentifier
  }
  /// uikit/uiscenesession/persistentidentifier — `var persistentIdentifier: String { get }`
  public let persistentIdentifier: String
}

/// uikit/uiscene — `@MainActor class UIScene : UIResponder`
@MainActor
open class UIScene: UIResponder, Hashable {
  /// uikit/uiscene/activationstate-swift.enum — `enum ActivationState`
  public enum ActivationState: Int, Sendable {
    case unattached = -1
    case foregroundActive = 0
    case foregroundInactive = 1
    case background = 2
  }
  public var surfaceActivationState = ActivationState.foregroundActive
  /// uikit/uiscene/activationstate-swift.property —
  /// `var activationState: UIScene.ActivationState { get }`
  open var activationState: UIScene.ActivationState { surfaceActivationState }
  public var surfaceSession = UISceneSession(persistentIdentifier: "surface")
  /// uikit/uiscene/session — `var session: UISceneSession { get }`
  open var session: UISceneSession { surfaceSession }

  nonisolated public static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }
  nonisolated public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// uikit/uiwindowscene — `@MainActor class UIWindowScene : UIScene`
@MainActor
open class UIWindowScene: UIScene {
  public var surfaceWindows: [UIWindow] = []
  /// uikit/uiwindowscene/windows — `var windows: [UIWindow] { get }`
  open var windows: [UIWindow] { surfaceWindows }
  public var surfaceKeyWindow: UIWindow?
  /// uikit/uiwindowscene/keywindow — `var keyWindow: UIWindow? { get }` (iOS 15)
  open var keyWindow: UIWindow? { surfaceKeyWindow }
}

/// uikit/uiview — `@MainActor class UIView : UIResponder`
@MainActor
open class UIView: UIResponder {
  public var surfaceSubviews: [UIView] = []
  /// uikit/uiview/subviews — `var subviews: [UIView] { get }`
  open var subviews: [UIView] { surfaceSubviews }
  public var surfaceWindow: UIWindow?
  /// uikit/uiview/window — `var window: UIWindow? { get }`
  open var window: UIWindow? { surfaceWindow }
  /// uikit/uiview/ishidden — `var isHidden: Bool { get set }`
  open var isHidden = false
}

/// uikit/uiwindow — `@MainActor class UIWindow : UIView`
@MainActor
open class UIWindow: UIView {
  /// uikit/uiwindow/level — `struct Level` (`RawRepresentable` over CGFloat)
  public struct Level: RawRepresentable, Equatable, Hashable, Sendable {
    /// uikit/uiwindow/level/init(rawvalue:) — `init(rawValue: CGFloat)`
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// uikit/uiwindow/level/init(_:) — `init(_ rawValue: CGFloat)`
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
    public var rawValue: CGFloat
    /// uikit/uiwindow/level/normal — `static let normal: UIWindow.Level`
    public static let normal = Level(0)
    /// uikit/uiwindow/level/statusbar — `static let statusBar: UIWindow.Level`
    public static let statusBar = Level(1000)
    /// uikit/uiwindow/level/alert — `static let alert: UIWindow.Level`
    public static let alert = Level(2000)
  }
  /// uikit/uiwindow/windowlevel — `var windowLevel: UIWindow.Level { get set }`
  open var windowLevel = Level.normal
  public var surfaceIsKeyWindow = false
  /// uikit/uiwindow/iskeywindow — `var isKeyWindow: Bool { get }`
  open var isKeyWindow: Bool { surfaceIsKeyWindow }
  /// uikit/uiwindow/rootviewcontroller — `var rootViewController: UIViewController? { get set }`
  open var rootViewController: UIViewController?
}

/// uikit/uimodalpresentationstyle — `enum UIModalPresentationStyle` (Int raw values)
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet = 1
  case formSheet = 2
  case currentContext = 3
  case custom = 4
  case overFullScreen = 5
  case overCurrentContext = 6
  case popover = 7
  case none = -1
  case automatic = -2
}

/// uikit/uimodaltransitionstyle — `enum UIModalTransitionStyle` (Int raw values)
public enum UIModalTransitionStyle: Int, Sendable {
  case coverVertical = 0
  case flipHorizontal = 1
  case crossDissolve = 2
  case partialCurl = 3
}

/// uikit/uipresentationcontroller — `@MainActor class UIPresentationController : NSObject`
@MainActor
open class UIPresentationController {
  nonisolated public init() {}
  public var surfaceShouldRemovePresentersView = false
  /// uikit/uipresentationcontroller/shouldremovepresentersview —
  /// `var shouldRemovePresentersView: Bool { get }`
  open var shouldRemovePresentersView: Bool { surfaceShouldRemovePresentersView }
}

/// uikit/uibarbuttonitem — `@MainActor class UIBarButtonItem : UIBarItem`
@MainActor
open class UIBarButtonItem {
  nonisolated public init() {}
}

/// uikit/uipopoverpresentationcontrollersourceitem —
/// `@MainActor protocol UIPopoverPresentationControllerSourceItem : NSObjectProtocol`
@MainActor
public protocol UIPopoverPresentationControllerSourceItem: AnyObject {}

/// uikit/uipopoverpresentationcontroller —
/// `@MainActor class UIPopoverPresentationController : UIPresentationController`
@MainActor
open class UIPopoverPresentationController: UIPresentationController {
  /// uikit/uipopoverpresentationcontroller/sourceview — `var sourceView: UIView? { get set }`
  open var sourceView: UIView?
  /// uikit/uipopoverpresentationcontroller/barbuttonitem —
  /// `var barButtonItem: UIBarButtonItem? { get set }`
  open var barButtonItem: UIBarButtonItem?
  /// uikit/uipopoverpresentationcontroller/sourceitem (iOS 16) —
  /// `var sourceItem: (any UIPopoverPresentationControllerSourceItem)? { get set }`
  open var sourceItem: (any UIPopoverPresentationControllerSourceItem)?
}
