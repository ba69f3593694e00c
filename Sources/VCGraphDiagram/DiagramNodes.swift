import VCGraphCore

extension Diagram {
  /// What a node stands for; unique in a diagram. A collapsed subtree is the node of its root
  /// controller.
  public enum NodeID: Sendable, Equatable, Hashable {
    /// A controller (or the collapsed subtree it is the root of).
    case controller(ControllerIndex)
    /// A described view.
    case view(ViewIndex)
    /// A window, drawn when a responder chain passes through it.
    case window(Int)
    /// A window's scene, drawn when a responder chain passes through it (nil: the implicit
    /// scene of a description that names none).
    case scene(Int?)
    /// UIApplication, drawn when a responder chain reaches it.
    case application
    /// The application delegate, drawn when a responder chain reaches it.
    case appDelegate
    /// A storyboard scene, in a storyboard's map.
    case storyboardScene(SceneRef)
  }

  /// One node: what it stands for and what is known about it.
  public struct Node: Sendable, Equatable {
    /// Its identity.
    public var id: NodeID
    /// Its content.
    public var content: Content

    /// Creates a node.
    public init(id: NodeID, content: Content) {
      self.id = id
      self.content = content
    }

    /// What a node holds.
    public enum Content: Sendable, Equatable {
      /// A view controller.
      case controller(ControllerNode)
      /// An off-screen subtree drawn as one node.
      case collapsed(CollapsedNode)
      /// A view.
      case view(ViewNode)
      /// A window on a responder chain.
      case window(WindowNode)
      /// A `UIWindowScene` on a responder chain: its id, nil when the description names no
      /// scenes.
      case scene(String?)
      /// UIApplication on a responder chain.
      case application
      /// The application delegate at the end of a responder chain: its class name.
      case appDelegate(String)
      /// A storyboard scene outside the launch state (in a map; scenes in the launch state
      /// are controllers).
      case storyboardScene(SceneNode)
    }
  }

  /// A view controller with its role, its state and its badges.
  public struct ControllerNode: Sendable, Equatable {
    /// The controller.
    public var controller: ControllerRef
    /// Its `title`, when described.
    public var title: String?
    /// The appearance state a debugger dump printed (`appeared`, `disappeared`, ...).
    public var appearance: String?
    /// Where it is described.
    public var location: SourceLocation
    /// What the importer had to guess about it.
    public var notes: [String]
    /// What kind of controller it is.
    public var role: Role
    /// Whether its view is on screen and not covered (drawn in the off-screen style when not).
    public var isOnScreen: Bool
    /// The full-screen presentation in front of it, when its view is still in the window but
    /// covered (`DiagramBuilder.coveringPresentations`).
    public var coveredBy: ControllerRef?
    /// Whether it is the top view controller.
    public var isTop: Bool
    /// The scene whose top view controller it is, when that foreground scene is not the
    /// focused one (the focused scene's top is `isTop`).
    public var topOfScene: String?
    /// How the visible path reaches it, when it is on that path.
    public var pathStep: PathStep?
    /// Whether it presents a controller.
    public var isPresenting: Bool
    /// Whether the first requested dismissal removes it.
    public var isRemovedByDismiss: Bool
    /// What a simulated step changed about it, when it did.
    public var change: DiagramOptions.Change?
    /// Its badges, in drawing order.
    public var badges: [Badge]
    /// The findings about the controller itself (not about one of its views), in report order.
    public var findings: [Finding]

    /// Creates a controller node.
    public init(
      controller: ControllerRef, title: String? = nil, appearance: String? = nil,
      location: SourceLocation, notes: [String] = [], role: Role, isOnScreen: Bool,
      coveredBy: ControllerRef? = nil, isTop: Bool = false, pathStep: PathStep? = nil,
      isPresenting: Bool = false,
      isRemovedByDismiss: Bool = false, change: DiagramOptions.Change? = nil,
      badges: [Badge] = [], findings: [Finding] = [], topOfScene: String? = nil
    ) {
      self.topOfScene = topOfScene
      self.controller = controller
      self.title = title
      self.appearance = appearance
      self.location = location
      self.notes = notes
      self.role = role
      self.isOnScreen = isOnScreen
      self.coveredBy = coveredBy
      self.isTop = isTop
      self.pathStep = pathStep
      self.isPresenting = isPresenting
      self.isRemovedByDismiss = isRemovedByDismiss
      self.change = change
      self.badges = badges
      self.findings = findings
    }

    /// Whether one of its findings is an error.
    public var hasError: Bool { findings.contains { $0.severity == .error } }
  }

  /// An off-screen subtree that holds nothing an annotation points at, drawn as one node.
  public struct CollapsedNode: Sendable, Equatable {
    /// The subtree's root.
    public var root: ControllerRef
    /// How many controllers it holds, the root included.
    public var count: Int

    /// Creates a collapsed node.
    public init(root: ControllerRef, count: Int) {
      self.root = root
      self.count = count
    }
  }

  /// A described view.
  public struct ViewNode: Sendable, Equatable {
    /// Its index in the hierarchy.
    public var index: ViewIndex
    /// Its id, when it has one.
    public var id: String?
    /// Its class name.
    public var className: String
    /// The controller whose root view this view stands for (`hosts:`).
    public var hosts: ControllerRef?
    /// Whether the controller whose view tree holds it is on screen.
    public var isOnScreen: Bool
    /// Its badges (findings about the view).
    public var badges: [Badge]
    /// Where it is described.
    public var location: SourceLocation

    /// Creates a view node.
    public init(
      index: ViewIndex, id: String?, className: String, hosts: ControllerRef?, isOnScreen: Bool,
      badges: [Badge] = [], location: SourceLocation
    ) {
      self.index = index
      self.id = id
      self.className = className
      self.hosts = hosts
      self.isOnScreen = isOnScreen
      self.badges = badges
      self.location = location
    }
  }

  /// A window on a responder chain.
  public struct WindowNode: Sendable, Equatable {
    /// Its index in the hierarchy.
    public var index: Int
    /// Its id.
    public var id: String

    /// Creates a window node.
    public init(index: Int, id: String) {
      self.index = index
      self.id = id
    }
  }

  /// What a controller node is: its kind, with plain controllers that contain children
  /// counted as custom containers.
  public enum Role: String, Sendable, Equatable, CaseIterable {
    case navigation, tabBar, split, page, custom, plain, alert
    /// A SwiftUI view (a scanned app's map).
    case swiftUI
    /// A type that drives navigation without being a controller: a coordinator, a router
    /// (a scanned app's map).
    case coordinator

    /// The role of `controller`.
    public init(_ controller: Controller) {
      switch controller.kind {
      case .navigation: self = .navigation
      case .tabBar: self = .tabBar
      case .split: self = .split
      case .page: self = .page
      case .alert: self = .alert
      case .plain: self = controller.children.isEmpty ? .plain : .custom
      }
    }

    /// How the legend names it.
    public var legend: String {
      switch self {
      case .navigation: "navigation"
      case .tabBar: "tab bar"
      case .split: "split view"
      case .page: "page view"
      case .custom: "custom container"
      case .plain: "view controller"
      case .alert: "alert"
      case .swiftUI: "SwiftUI view"
      case .coordinator: "coordinator or other owner of navigation"
      }
    }
  }

  /// A typed mark on a node. Backends choose how each kind looks; ``text`` is its wording.
  public enum Badge: Sendable, Equatable {
    /// The top view controller.
    case topViewController
    /// The top view controller of a foreground scene that is not the focused one.
    case sceneTop(String)
    /// A visible leaf (drawn when there are several).
    case visibleLeaf
    /// The controller that receives the first requested dismissal.
    case receivesDismiss(DismissCall)
    /// The controller that dismissal animates out.
    case animatesOut
    /// The top view controller once that dismissal completes.
    case topAfterDismiss
    /// What a simulated step changed.
    case change(DiagramOptions.Change)
    /// A finding about the controller or view.
    case finding(Severity, Rule)
    /// A storyboard's initial view controller.
    case initialViewController
    /// Where a scanned app starts: `window root`, `@main`, `initial scene`.
    case entryPoint(String)
    /// What a scanned type also presents that the map draws no node for (UIKit's alerts,
    /// pickers, share sheets; itself): `UIAlertController ×3, UIActivityViewController`.
    case alsoShows(String)

    /// The badge's symbol.
    public var symbol: String {
      switch self {
      case .topViewController: "★"
      case .sceneTop: "☆"
      case .visibleLeaf: "◉"
      case .receivesDismiss: "⟲"
      case .animatesOut: "↘"
      case .topAfterDismiss: "◆"
      case .change(let change): change.symbol
      case .finding(let severity, _): severity.symbol
      case .initialViewController, .entryPoint: "▶"
      case .alsoShows: "+"
      }
    }

    /// The badge as text, its symbol first: `★ top view controller`.
    public var text: String {
      switch self {
      case .topViewController: "★ top view controller"
      case .sceneTop(let scene): "☆ top of scene \(scene)"
      case .visibleLeaf: "◉ visible leaf"
      case .receivesDismiss(let call): "⟲ receives \(call.text)"
      case .animatesOut: "↘ animates out"
      case .topAfterDismiss: "◆ top after dismiss"
      case .change(let change): "\(change.symbol) \(change.rawValue)"
      case .finding(let severity, let rule): "\(severity.symbol) \(rule.rawValue)"
      case .initialViewController: "▶ initial view controller"
      case .entryPoint(let how): "▶ entry: \(how)"
      case .alsoShows(let what): "+ \(what)"
      }
    }
  }
}

extension Diagram {
  /// A responder-chain step number as drawn: ① … ⑳, then (21), (22), ...
  public static func circled(_ number: Int) -> String {
    guard (1...20).contains(number) else { return "(\(number))" }
    return String(UnicodeScalar(0x2460 + number - 1)!)
  }
}

extension DiagramOptions.Change {
  /// How a step's change is marked: ✚ added, ↔ moved, ▲ newly on screen, ▽ left the screen.
  public var symbol: String {
    switch self {
    case .added: "✚"
    case .moved: "↔"
    case .newlyOnScreen: "▲"
    case .leftScreen: "▽"
    }
  }
}

extension Severity {
  /// How a finding is marked: ✖ error, ⚠ warning, ℹ info.
  public var symbol: String {
    switch self {
    case .error: "✖"
    case .warning: "⚠"
    case .info: "ℹ"
    }
  }
}
