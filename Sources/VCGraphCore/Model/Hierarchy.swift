/// The kind of a view controller, which decides how its children are shown (`format.md`).
public enum ControllerKind: String, Sendable, CaseIterable, Codable {
  /// `UIViewController`; with `children` it is a custom container.
  case plain
  /// `UINavigationController`: `viewControllers` is the stack, bottom first.
  case navigation
  /// `UITabBarController`: `viewControllers` are the tabs.
  case tabBar
  /// `UISplitViewController`: `viewControllers` are the columns.
  case split
  /// `UIPageViewController`: `viewControllers` are the pages on screen.
  case page
  /// `UIAlertController`: always presented, never contains.
  case alert

  /// The UIKit class that defines the kind.
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

  /// The kind of a built-in UIKit class name, if it is one.
  public init?(uikitClass name: String) {
    // A switch rather than a search of `allCases`: this runs once per controller loaded.
    switch name {
    case "UIViewController": self = .plain
    case "UINavigationController": self = .navigation
    case "UITabBarController": self = .tabBar
    case "UISplitViewController": self = .split
    case "UIPageViewController": self = .page
    case "UIAlertController": self = .alert
    default: return nil
    }
  }
}

/// How a controller is presented (`modalPresentationStyle`).
public enum PresentationStyle: String, Sendable, CaseIterable, Codable {
  case fullScreen, overFullScreen, pageSheet, formSheet, currentContext, overCurrentContext
  case popover, automatic

  /// vcgraph models iOS 17: `automatic` resolves to `pageSheet` (`Documentation/Semantics.md`).
  public var resolved: PresentationStyle { self == .automatic ? .pageSheet : self }

  /// Context styles look for a controller that defines the presentation context (S1).
  public var isContextStyle: Bool { self == .currentContext || self == .overCurrentContext }

  /// Whether the presented controller removes the covered views when presentation completes
  /// (S2): only `fullScreen` and `currentContext` do.
  public var removesCoveredViews: Bool {
    let style = resolved
    return style == .fullScreen || style == .currentContext
  }
}

/// A `UIAlertController`'s `preferredStyle`.
public enum AlertStyle: String, Sendable, CaseIterable, Codable {
  case alert, actionSheet
}

/// The device whose size class decides split-view collapsing and popover adaptation.
/// A split view controller's display mode (`UISplitViewController.DisplayMode`, its case names),
/// which applies when the split view is expanded: "When the split view interface is collapsed
/// … the display mode has no impact on the appearance" (Apple).
public enum SplitDisplayMode: String, Sendable, CaseIterable, Codable {
  /// UIKit chooses; vcgraph shows every column.
  case automatic
  /// "Only the secondary view controller is shown onscreen. The primary and supplementary view
  /// controllers are offscreen."
  case secondaryOnly
  /// One sidebar beside (or over) the secondary: "The sidebar shown is the primary column for
  /// doubleColumn interfaces and the supplementary column for tripleColumn interfaces."
  case oneBesideSecondary, oneOverSecondary
  /// Both sidebars with the secondary: "only available for tripleColumn interfaces".
  case twoBesideSecondary, twoOverSecondary, twoDisplaceSecondary

  /// Whether the mode shows two sidebars, which needs three columns.
  public var showsTwoSidebars: Bool {
    self == .twoBesideSecondary || self == .twoOverSecondary || self == .twoDisplaceSecondary
  }
}

public enum Device: String, Sendable, Codable {
  case iPhone, iPad
}

/// Index of a controller in `Hierarchy.controllers`.
public typealias ControllerIndex = Int
/// Index of a view in `Hierarchy.views`.
public typealias ViewIndex = Int

/// One view controller as described (no derived UIKit state: see `Analysis`).
public struct Controller: Sendable, Equatable {
  /// The controller's id, unique in the hierarchy.
  public var id: String
  /// Its class name as written.
  public var className: String
  /// Its kind, from `classes` or the built-in names.
  public var kind: ControllerKind
  public var title: String?
  /// Contained controllers in order: a navigation stack (bottom first), tabs, split columns,
  /// pages, or a custom container's children.
  public var children: [ControllerIndex] = []
  /// The containing controller, if any.
  public var parent: ControllerIndex?
  /// Tab bar only; `nil` means the default 0.
  public var selectedIndex: Int?
  /// Split view only; `nil` means the device default.
  public var collapsed: Bool?
  /// Split view only: the delegate's answer to `splitViewController(_:collapseSecondary:onto:)`
  /// (`true`: it handled the collapse and the secondary is not shown). `nil` means no delegate
  /// override, UIKit's default: a navigation controller primary pushes the secondary.
  public var collapseSecondary: Bool?
  /// Split view only: the display mode when expanded; `nil` means `automatic` (every column).
  public var displayMode: SplitDisplayMode?
  /// Custom container: the only child whose view is attached.
  public var showing: ControllerIndex?
  /// The controller this one asked to present (`presents`).
  public var presents: ControllerIndex?
  /// For a presented controller, the controller that asked to present it.
  public var requestedBy: ControllerIndex?
  /// The style as written; `nil` means `automatic`.
  public var modalPresentationStyle: PresentationStyle?
  /// As written; `nil` means the default (true for navigation controllers).
  public var definesPresentationContext: Bool?
  /// The root of the controller's view tree, when described.
  public var view: ViewIndex?
  /// Appearance state kept from imported dumps (`appeared`, `disappeared`, ...).
  public var state: String?
  /// `UIAlertController` only: `preferredStyle` as written; `nil` means `alert`.
  public var preferredStyle: AlertStyle?
  /// What its `popoverPresentationController` is anchored to (a view id, `barButtonItem`,
  /// `sourceView`, ...), as written; it matters when the presentation becomes a popover
  /// (`Hierarchy.popoverReason(of:)`).
  public var popoverAnchor: String?
  /// Where the controller's mapping (or shorthand string) starts.
  public var location: SourceLocation
  /// Where each key's value starts, for findings about that key.
  public var keyLocations = KeyLocations()
  /// Notes an importer attached where it had to guess.
  public var notes: [String] = []
  /// Rule ids silenced for findings about this controller (its `ignore:` key; in a storyboard,
  /// its `vcgraphDisable` user-defined runtime attribute).
  public var ignoredRules: [String] = []

  public init(id: String, className: String, kind: ControllerKind, location: SourceLocation) {
    self.id = id
    self.className = className
    self.kind = kind
    self.location = location
  }

  /// The presentation style, `automatic` when none was written.
  public var style: PresentationStyle { modalPresentationStyle ?? .automatic }

  /// Whether this controller defines a presentation context (S1).
  public var definesContext: Bool { definesPresentationContext ?? (kind == .navigation) }

  /// The location of a key's value, or of the controller itself.
  public func location(of key: String) -> SourceLocation { keyLocations[key] ?? location }
}

/// One view in a controller's view tree.
public struct View: Sendable, Equatable {
  public var id: String?
  public var className: String
  public var subviews: [ViewIndex] = []
  public var superview: ViewIndex?
  /// The controller whose root view this view stands for (`hosts`).
  public var hosts: ControllerIndex?
  /// The controller whose `view` tree this view belongs to.
  public var treeOwner: ControllerIndex
  public var location: SourceLocation
  public var keyLocations = KeyLocations()

  public init(
    id: String?, className: String, treeOwner: ControllerIndex, location: SourceLocation
  ) {
    self.id = id
    self.className = className
    self.treeOwner = treeOwner
    self.location = location
  }
}

/// A window level: `normal` 0, `statusBar` 1000, `alert` 2000 (UIKit's values), or a number.
public struct WindowLevel: Sendable, Equatable, Comparable, CustomStringConvertible {
  public var value: Double
  public init(_ value: Double) { self.value = value }
  /// The largest level a description may give, either sign (UIKit's levels are CGFloat; real
  /// ones are a few thousand).
  public static let limit: Double = 1_000_000_000
  public static let normal = WindowLevel(0)
  public static let statusBar = WindowLevel(1000)
  public static let alert = WindowLevel(2000)
  public static func < (lhs: WindowLevel, rhs: WindowLevel) -> Bool { lhs.value < rhs.value }
  public var description: String {
    switch value {
    case 0: "normal"
    case 1000: "statusBar"
    case 2000: "alert"
    default:
      value == value.rounded() && abs(value) <= Self.limit ? String(Int(value)) : String(value)
    }
  }
}

/// A window with its root controller.
public struct Window: Sendable, Equatable {
  public var id: String
  public var isKey: Bool
  public var level: WindowLevel
  public var root: ControllerIndex
  /// Index into `Hierarchy.scenes`, when the window belongs to a scene.
  public var scene: Int?
  public var location: SourceLocation

  public init(
    id: String, isKey: Bool, level: WindowLevel, root: ControllerIndex, scene: Int?,
    location: SourceLocation
  ) {
    self.id = id
    self.isKey = isKey
    self.level = level
    self.root = root
    self.scene = scene
    self.location = location
  }
}

/// A scene (UIWindowScene) grouping windows.
public struct Scene: Sendable, Equatable {
  public var id: String
  public var isForeground: Bool
  /// `focused: true` as written: the scene whose key window is the app's key window. When no
  /// scene says so, the first foreground scene with a key window is focused (`Analysis`).
  public var isFocused = false
  public var windows: [Int] = []
  public var location: SourceLocation

  public init(id: String, isForeground: Bool, location: SourceLocation) {
    self.id = id
    self.isForeground = isForeground
    self.location = location
  }
}

/// A question to answer about the hierarchy (`analyze:` entries and command-line options).
public enum AnalysisRequest: Sendable, Equatable {
  /// `dismiss` called on `from`, optionally for `levels` levels or down to class `toClass`.
  case dismiss(from: String, levels: Int?, toClass: String?, location: SourceLocation?)
  /// The responder chain starting at a view (or controller) id.
  case responderChain(from: String, location: SourceLocation?)
}

/// A controller written inline in a step (`push`, `present`, `addChild`).
public struct StepController: Sendable, Equatable {
  /// The hierarchy fragment holding the new controller (and anything nested in it).
  public var fragment: Hierarchy
  /// The new controller's index in `fragment`.
  public var root: ControllerIndex
}

/// One operation of a description's `steps`.
public struct Step: Sendable, Equatable {
  public enum Operation: Sendable, Equatable {
    case present(from: String, controller: StepController)
    case dismiss(from: String, levels: Int?, toClass: String?)
    case push(on: String, controller: StepController)
    case pop(on: String)
    case popTo(on: String, controller: String)
    case popToRoot(on: String)
    case select(on: String, index: Int?, controller: String?)
    case addChild(parent: String, controller: StepController, attach: Bool)
    case removeFromParent(controller: String)
    case show(container: String, child: String)
    case makeKey(window: String)
    /// The scene becomes the focused one (its key window the app's key window).
    case focus(scene: String)
    /// A storyboard segue by its `identifier` (or element id), from `from` or else the top
    /// view controller, applied as UIKit performs it (`Simulation/Steps/SegueSteps.swift`).
    case perform(segue: String, from: String?)
  }

  public var operation: Operation
  public var location: SourceLocation
  /// Where each argument's value starts.
  public var keyLocations = KeyLocations()
  /// The step's `note:` as written: Markdown-light text for the review page.
  public var note: String?

  public init(_ operation: Operation, location: SourceLocation) {
    self.operation = operation
    self.location = location
  }
}

/// The application delegate (`delegate:`): the last responder of every chain when it is a
/// `UIResponder` (S5).
public struct AppDelegate: Sendable, Equatable {
  /// Its class name.
  public var className: String
  /// Whether it is a `UIResponder` subclass (Xcode's templates make it one).
  public var isResponder: Bool
  /// Where `delegate:` is written, if it is.
  public var location: SourceLocation?

  public init(className: String = "AppDelegate", isResponder: Bool = true) {
    self.className = className
    self.isResponder = isResponder
  }
}

/// A whole description: controllers and views in arenas, windows, scenes, questions, steps.
public struct Hierarchy: Sendable, Equatable {
  public var path: String
  public var title: String?
  public var device: Device = .iPhone
  /// Custom class to superclass, as declared in `classes`.
  public var superclasses: [String: String] = [:]
  /// Where each `classes` entry's superclass is written.
  public var superclassLocations: [String: SourceLocation] = [:]
  /// The application delegate (`delegate:`; by default a responder `AppDelegate`).
  public var appDelegate = AppDelegate()
  /// Whether the class names were printed by the running app (a debugger dump) rather than
  /// written by hand, so they cannot be misspelt (`unknown-uikit-class` skips them).
  public var classNamesFromRuntime = false
  /// Notes a reader attached about the whole input (a dump's wrapping it removed, ...).
  public var notes: [String] = []
  public var controllers: [Controller] = []
  public var views: [View] = []
  public var windows: [Window] = []
  public var scenes: [Scene] = []
  public var requests: [AnalysisRequest] = []
  /// Rule ids silenced by the file's `ignore:`.
  public var ignoredRules: [String] = []
  public var steps: [Step] = []
  /// Controllers that are neither contained, presented nor a window root (imported dumps
  /// print those as presented with `(null)`).
  public var detachedRoots: [ControllerIndex] = []

  /// A controller written a second time (same `id` and class, or the same address in a dump),
  /// mapped to its first placement: one controller in two places (S6).
  public var secondPlacements: [ControllerIndex: ControllerIndex] = [:]

  public init(path: String) { self.path = path }

  /// Ids to controller indexes; kept current by `add(_:)`.
  public private(set) var idIndex: [String: ControllerIndex] = [:]

  /// Appends a controller to the arena and indexes its id.
  @discardableResult
  public mutating func add(_ controller: Controller) -> ControllerIndex {
    controllers.append(controller)
    if !controller.id.isEmpty { idIndex[controller.id] = controllers.count - 1 }
    return controllers.count - 1
  }

  /// Makes room for `count` controllers, so a large arena and its id index are not copied
  /// while they grow.
  public mutating func reserveCapacity(_ count: Int) {
    controllers.reserveCapacity(count)
    idIndex.reserveCapacity(count)
  }

  /// Changes a controller's id, keeping the index current.
  public mutating func rename(_ index: ControllerIndex, to id: String) {
    if idIndex[controllers[index].id] == index { idIndex[controllers[index].id] = nil }
    controllers[index].id = id
    idIndex[id] = index
  }

  /// The controller with an id.
  public func controller(id: String) -> ControllerIndex? { idIndex[id] }

  /// The view with an id.
  public func view(id: String) -> ViewIndex? {
    views.firstIndex { $0.id == id }
  }

  /// Whether `className` is `ancestor` or inherits from it through `superclasses`; every
  /// controller class descends from `UIViewController`, `UIResponder` and `NSObject`.
  public func isKind(_ className: String, of ancestor: String) -> Bool {
    var current = className
    var seen = Set<String>()
    while seen.insert(current).inserted {
      if current == ancestor { return true }
      guard let next = superclasses[current] else { break }
      current = next
    }
    return ["UIViewController", "UIResponder", "NSObject"].contains(ancestor)
  }
}
