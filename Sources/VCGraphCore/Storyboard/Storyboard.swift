/// Index of a scene in `Storyboard.scenes`.
public typealias SceneIndex = Int
/// Index of a segue in `Storyboard.segues`.
public typealias SegueIndex = Int

/// One Interface Builder `.storyboard` file as read: its scenes and segues in document order,
/// each with the position of its element.
public struct Storyboard: Sendable, Equatable {
  /// The path as given.
  public var path: String
  /// The file name without `.storyboard`: the name other storyboards reference it by.
  public var name: String
  /// The scene of `initialViewController`, if the document names one.
  public internal(set) var initialScene: SceneIndex?
  /// Where the `<document>` element starts (it carries `initialViewController`).
  public var documentLocation: SourceLocation
  /// The `<document>`'s `targetRuntime`: `iOS.CocoaTouch` (iPhone, or universal) or
  /// `iOS.CocoaTouch.iPad` (an iPad storyboard).
  public var targetRuntime: String?

  /// The device the storyboard launches on: an `iOS.CocoaTouch.iPad` storyboard on iPad (a
  /// regular width: split views expanded), any other on iPhone.
  public var launchDevice: Device { targetRuntime == "iOS.CocoaTouch.iPad" ? .iPad : .iPhone }
  /// The scenes in document order.
  public internal(set) var scenes: [StoryboardScene] = []
  /// The segues in document order (repeats under `inferredMetricsTieBreakers` left out).
  public internal(set) var segues: [StoryboardSegue] = []
  /// Scenes by element id, and by `storyboardIdentifier` (several may share one).
  private(set) var elementIndex: [String: SceneIndex] = [:]
  private(set) var identifierIndex: [String: [SceneIndex]] = [:]

  public init(path: String, name: String, documentLocation: SourceLocation) {
    self.path = path
    self.name = name
    self.documentLocation = documentLocation
  }

  /// Appends a scene, keeping the lookups current.
  mutating func append(_ scene: StoryboardScene) {
    scenes.append(scene)
    elementIndex[scene.elementID] = scenes.count - 1
    if let identifier = scene.storyboardIdentifier, !identifier.isEmpty {
      identifierIndex[identifier, default: []].append(scenes.count - 1)
    }
  }

  /// The scene whose controller element has this `id` (such as `BYZ-38-t0r`).
  public func scene(elementID: String) -> SceneIndex? { elementIndex[elementID] }

  /// The scene with this `storyboardIdentifier` (the first, if several share it).
  public func scene(storyboardIdentifier: String) -> SceneIndex? {
    identifierIndex[storyboardIdentifier]?.first
  }

  /// How many scenes have this `storyboardIdentifier`.
  public func sceneCount(storyboardIdentifier: String) -> Int {
    identifierIndex[storyboardIdentifier]?.count ?? 0
  }

  /// The segues leaving a scene, in document order.
  public func segues(from scene: SceneIndex) -> [SegueIndex] {
    scenes[scene].segues
  }
}

/// A scene: one view controller (or a reference to one in another storyboard).
public struct StoryboardScene: Sendable, Equatable {
  /// The `<scene sceneID=...>`.
  public var sceneID: String
  /// The controller element's `id`, such as `BYZ-38-t0r`.
  public var elementID: String
  /// The controller element's name: `viewController`, `navigationController`, ...
  public var element: String
  /// `customClass`, if set.
  public var customClass: String?
  /// `customModule`, if set.
  public var customModule: String?
  /// The UIKit class the element stands for (`tableViewController` → `UITableViewController`).
  public var uikitClass: String
  /// How UIKit shows its children, from the element.
  public var kind: ControllerKind
  /// The id code instantiates the scene by (`instantiateViewController(withIdentifier:)`).
  public var storyboardIdentifier: String?
  /// The controller's `title`, else its navigation item's title.
  public var title: String?
  /// Interface Builder's label for the scene (the comment written before it).
  public var label: String?
  /// As written (`definesPresentationContext="YES"`); nil when not written.
  public var definesPresentationContext: Bool?
  /// The controller's own `modalPresentationStyle`, when written and one vcgraph models.
  public var modalPresentationStyle: PresentationStyle?
  /// For a `viewControllerPlaceholder`: the controller it stands for.
  public var reference: StoryboardReference?
  /// Where the controller element starts.
  public var location: SourceLocation
  /// The segues whose source is this scene, in document order.
  public var segues: [SegueIndex] = []
  /// What vcgraph noticed while reading the scene (an unknown element, a presentation style
  /// it does not model).
  public var notes: [String] = []
  /// Rule ids silenced for findings about this scene's controller: its user-defined runtime
  /// attribute `vcgraphDisable` (a String of ids separated by commas).
  public var ignoredRules: [String] = []

  /// The key path of that attribute.
  public static let disableKeyPath = disableKeyPathLiteral.description
  /// The same, as the storyboard reader compares it with libxml2's bytes.
  static let disableKeyPathLiteral: StaticString = "vcgraphDisable"

  public init(
    sceneID: String, elementID: String, element: String, uikitClass: String,
    kind: ControllerKind, location: SourceLocation
  ) {
    self.sceneID = sceneID
    self.elementID = elementID
    self.element = element
    self.uikitClass = uikitClass
    self.kind = kind
    self.location = location
  }

  /// The class the controller is an instance of: `customClass`, else the UIKit class.
  public var className: String { customClass ?? uikitClass }

  /// Whether this scene only refers to a controller elsewhere.
  public var isPlaceholder: Bool { reference != nil }

  /// Whether the class is the app's own (only such a class can declare an unwind action).
  public var hasCustomClass: Bool { customClass != nil }

  /// The UIKit class and kind of a controller element; nil for an element that is not one.
  public static func uikitClass(ofElement element: String) -> (String, ControllerKind)? {
    switch element {
    case "viewController": ("UIViewController", .plain)
    case "tableViewController": ("UITableViewController", .plain)
    case "collectionViewController": ("UICollectionViewController", .plain)
    case "navigationController": ("UINavigationController", .navigation)
    case "tabBarController": ("UITabBarController", .tabBar)
    case "splitViewController": ("UISplitViewController", .split)
    case "pageViewController": ("UIPageViewController", .page)
    case "hostingController": ("UIHostingController", .plain)
    case "glkViewController": ("GLKViewController", .plain)
    case "avPlayerViewController": ("AVPlayerViewController", .plain)
    default: nil
    }
  }
}

/// What a `viewControllerPlaceholder` (a storyboard reference) points at.
public struct StoryboardReference: Sendable, Equatable {
  /// The other storyboard's name (`storyboardName`); nil means this storyboard.
  public var storyboardName: String?
  /// The `storyboardIdentifier` of the controller in it; nil means its initial controller.
  public var referencedIdentifier: String?
  /// `bundleIdentifier`, when the storyboard is in another bundle.
  public var bundleIdentifier: String?

  public init(storyboardName: String?, referencedIdentifier: String?, bundleIdentifier: String?) {
    self.storyboardName = storyboardName
    self.referencedIdentifier = referencedIdentifier
    self.bundleIdentifier = bundleIdentifier
  }

  /// "Login.storyboard", "Activity.storyboard › ActivitiesViewController".
  public var label: String {
    let file = "\(storyboardName ?? "this storyboard").storyboard"
    return referencedIdentifier.map { "\(file) › \($0)" } ?? file
  }
}

/// One `<segue>`.
public struct StoryboardSegue: Sendable, Equatable {
  /// The segue's `kind`, as Interface Builder writes it.
  public enum Kind: String, Sendable, CaseIterable, Codable {
    case show, showDetail, presentation, popoverPresentation, embed, unwind, custom
    case relationship
    /// Deprecated kinds (iOS 5–7 storyboards): `push` and `modal`, `popover` and `replace`.
    case push, modal, popover, replace
  }

  /// A container's `relationship` segue: which place the destination takes.
  public enum Relationship: String, Sendable, CaseIterable, Codable {
    case rootViewController, viewControllers
    case masterViewController, supplementaryViewController, detailViewController
    case compactViewController
  }

  /// The object the segue sits on.
  public struct Trigger: Sendable, Equatable {
    /// The element: `button`, `tableViewCell`, `barButtonItem`, `tapGestureRecognizer`,
    /// `containerView`, ... or the controller's own element for a manual segue.
    public var element: String
    /// The element's `id`, if it has one.
    public var id: String?
    /// A manual segue: it sits on the controller and runs from `performSegue(withIdentifier:)`.
    public var isManual: Bool

    public init(element: String, id: String?, isManual: Bool) {
      self.element = element
      self.id = id
      self.isManual = isManual
    }
  }

  /// The segue's `id`.
  public var id: String?
  /// `identifier`: the name code performs it by.
  public var identifier: String?
  /// What the segue does, as written.
  public var kind: Kind
  /// For `relationship` segues.
  public var relationship: Relationship?
  /// The scene whose controller performs the segue.
  public var source: SceneIndex
  /// The `destination` id as written.
  public var destinationID: String
  /// The destination scene; nil for an unwind segue (its destination is the Exit proxy).
  public var destination: SceneIndex?
  /// The object the segue sits on.
  public var trigger: Trigger
  /// `modalPresentationStyle` as written, if vcgraph models it.
  public var modalPresentationStyle: PresentationStyle?
  /// `modalTransitionStyle` as written (`coverVertical`, `flipHorizontal`, ...).
  public var modalTransitionStyle: String?
  /// `animates`; Interface Builder writes `animates="NO"` only when turned off.
  public var animates: Bool = true
  /// A popover's anchor: `popoverAnchorView`.
  public var popoverAnchorView: String?
  /// A popover's anchor: `popoverAnchorBarButtonItem`.
  public var popoverAnchorBarButtonItem: String?
  /// An unwind segue's action, such as `unwindToMainWithSegue:`.
  public var unwindAction: String?
  /// A custom segue's class (`customClass`).
  public var customClass: String?
  /// Where the `<segue>` element starts.
  public var location: SourceLocation

  public init(
    kind: Kind, source: SceneIndex, destinationID: String, trigger: Trigger,
    location: SourceLocation
  ) {
    self.kind = kind
    self.source = source
    self.destinationID = destinationID
    self.trigger = trigger
    self.location = location
  }

  /// Whether the segue has a popover anchor.
  public var hasPopoverAnchor: Bool {
    popoverAnchorView != nil || popoverAnchorBarButtonItem != nil
  }

  /// "show", "presentation (overCurrentContext)", "relationship rootViewController".
  public var label: String {
    switch kind {
    case .relationship: "relationship \(relationship?.rawValue ?? "?")"
    case .presentation, .modal:
      modalPresentationStyle.map { "\(kind.rawValue) (\($0.rawValue))" } ?? kind.rawValue
    default: kind.rawValue
    }
  }
}
