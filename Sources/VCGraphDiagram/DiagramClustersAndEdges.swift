import VCGraphCore

extension Diagram {
  /// A group of nodes drawn together: a scene, a window, a presentation level, the region a
  /// dismissal removes, or the controllers in no window.
  public struct Cluster: Sendable, Equatable {
    /// What it groups.
    public var kind: Kind
    /// Its own nodes, in drawing order.
    public var nodes: [Node]
    /// Clusters inside it, in drawing order.
    public var clusters: [Cluster]

    /// Creates a cluster.
    public init(kind: Kind, nodes: [Node] = [], clusters: [Cluster] = []) {
      self.kind = kind
      self.nodes = nodes
      self.clusters = clusters
    }

    /// What a cluster groups.
    public enum Kind: Sendable, Equatable {
      /// A window scene and its windows.
      case scene(SceneCluster)
      /// A window: its root's tree and its presentation levels.
      case window(WindowCluster)
      /// One presented controller's tree.
      case presentationLevel(LevelCluster)
      /// The presentation levels the first requested dismissal removes, in one window.
      case dismissRegion(DismissRegion)
      /// The controllers in no window.
      case detached
      /// A storyboard's scenes outside the launch state (a map).
      case storyboard(StoryboardCluster)
    }
  }

  /// A window scene.
  public struct SceneCluster: Sendable, Equatable {
    /// Its index in the hierarchy.
    public var index: Int
    /// Its id.
    public var id: String
    /// Whether it is in the foreground.
    public var isForeground: Bool

    /// Creates a scene cluster.
    public init(index: Int, id: String, isForeground: Bool) {
      self.index = index
      self.id = id
      self.isForeground = isForeground
    }
  }

  /// A window.
  public struct WindowCluster: Sendable, Equatable {
    /// Its index in the hierarchy.
    public var index: Int
    /// Its id.
    public var id: String
    /// Whether it is the key window.
    public var isKey: Bool
    /// Its window level.
    public var level: WindowLevel
    /// Whether its scene (if any) is in the foreground.
    public var isForeground: Bool
    /// The window's top view controller when the window is not key (a key window's top is a
    /// node's badge): an alert-level window names its own.
    public var top: ControllerRef?

    /// Creates a window cluster.
    public init(
      index: Int, id: String, isKey: Bool, level: WindowLevel, isForeground: Bool,
      top: ControllerRef? = nil
    ) {
      self.index = index
      self.id = id
      self.isKey = isKey
      self.level = level
      self.isForeground = isForeground
      self.top = top
    }
  }

  /// One presentation level: a presented controller and everything it contains.
  public struct LevelCluster: Sendable, Equatable {
    /// The presented controller.
    public var root: ControllerRef
    /// Its level: 1 for a controller presented by a window's tree, 2 above that, ...
    public var level: Int
    /// The style it is shown in.
    public var style: ShownStyle
    /// The controller that presents it.
    public var presenter: ControllerRef
    /// Whether the first requested dismissal removes this level.
    public var isRemoved: Bool

    /// Creates a level cluster.
    public init(
      root: ControllerRef, level: Int, style: ShownStyle, presenter: ControllerRef,
      isRemoved: Bool
    ) {
      self.root = root
      self.level = level
      self.style = style
      self.presenter = presenter
      self.isRemoved = isRemoved
    }
  }

  /// The region of the levels a dismissal removes in one window.
  public struct DismissRegion: Sendable, Equatable {
    /// The presented controller of the first removed level in this window.
    public var firstLevel: ControllerIndex
    /// The dismissal.
    public var call: DismissCall

    /// Creates a dismiss region.
    public init(firstLevel: ControllerIndex, call: DismissCall) {
      self.firstLevel = firstLevel
      self.call = call
    }
  }

  /// The presentation style a presented controller is shown in, as UIKit resolves it.
  public enum ShownStyle: Sendable, Equatable {
    /// An alert controller without an explicit style.
    case alert
    /// An alert controller with `preferredStyle: actionSheet`: on iPad in a popover.
    case actionSheet(inPopover: Bool)
    /// No style given: `automatic`, shown as the resolved style.
    case automatic(resolved: PresentationStyle)
    /// A popover on a compact-width iPhone, shown as a sheet.
    case popoverAsSheet
    /// An explicit style.
    case explicit(PresentationStyle)

    /// The style as text, as `Hierarchy.presentationStyleText(of:)` words it:
    /// `automatic → pageSheet`, `popover, as a sheet on iPhone`, `fullScreen`.
    public var text: String {
      switch self {
      case .alert: "alert"
      case .actionSheet(let inPopover): inPopover ? "action sheet, in a popover" : "action sheet"
      case .automatic(let resolved): "automatic → \(resolved.rawValue)"
      case .popoverAsSheet: "popover, as a sheet on iPhone"
      case .explicit(let style): style.rawValue
      }
    }
  }

  /// A connection between two nodes.
  public struct Edge: Sendable, Equatable {
    /// Where it starts.
    public var tail: NodeID
    /// Where it ends.
    public var head: NodeID
    /// What it means.
    public var kind: Kind

    /// Creates an edge.
    public init(_ tail: NodeID, _ head: NodeID, kind: Kind) {
      self.tail = tail
      self.head = head
      self.kind = kind
    }

    /// What an edge means.
    public enum Kind: Sendable, Equatable {
      /// A container holds a child.
      case containment(Containment)
      /// A controller presents another.
      case presentation(Presentation)
      /// The controller that called `present` when another one presents (dotted, no arrow).
      case requester(PresentRequest)
      /// A presentation UIKit refuses because the presenter already presents.
      case refusedPresentation(RefusedPresentation)
      /// A controller's root view.
      case rootView
      /// A view's subview.
      case subview
      /// A view stands for a controller's root view (`hosts:`).
      case hosting(isParentsView: Bool)
      /// One step of a responder chain, numbered from 1.
      case responder(chain: Int, step: Int)
      /// A storyboard segue, or a storyboard reference to the scene it stands for (a map).
      case segue(SegueEdge)
    }
  }

  /// A container's child and its slot.
  public struct Containment: Sendable, Equatable {
    /// The container.
    public var parent: ControllerRef
    /// The child's position among the container's children.
    public var position: Int
    /// What that position means for this kind of container.
    public var slot: Slot
    /// How the edge stands out.
    public var emphasis: Emphasis

    /// Creates a containment.
    public init(parent: ControllerRef, position: Int, slot: Slot, emphasis: Emphasis) {
      self.parent = parent
      self.position = position
      self.slot = slot
      self.emphasis = emphasis
    }

    /// How a containment edge stands out.
    public enum Emphasis: Sendable, Equatable {
      /// Both ends are on the visible path.
      case visiblePath
      /// The child is shown and on screen.
      case onScreen
      /// The child is not on screen.
      case offScreen
    }
  }

  /// The meaning of a child's position in its container.
  public enum Slot: Sendable, Equatable {
    /// A navigation stack position; the last is the top.
    case stack(position: Int, isTop: Bool)
    /// A tab; past the fifth of more than five it sits in the More tab.
    case tab(position: Int, inMore: Bool, isSelected: Bool)
    /// A split view column.
    case column(Column, isCollapsed: Bool)
    /// A collapsed split's secondary column that UIKit's default collapse pushed onto the
    /// primary navigation controller's stack (`Analysis.collapsedSecondary(onto:)`).
    case collapsedSecondary(Column)
    /// A page.
    case page(position: Int)
    /// A custom container's child, with its view attached or not.
    case child(viewAttached: Bool)

    /// The slot as an edge label: `[1] top`, `tab 2 ✓`, `primary (collapsed)`, `secondary (pushed
    /// onto the primary)`, `page 0`,
    /// `child` (its view attached, as usual) or `child, view detached`.
    public var text: String {
      switch self {
      case .stack(let position, let isTop): isTop ? "[\(position)] top" : "[\(position)]"
      case .tab(let position, let inMore, let isSelected):
        "tab \(position)" + (inMore ? " (More)" : "") + (isSelected ? " ✓" : "")
      case .column(let column, let isCollapsed): column.name + (isCollapsed ? " (collapsed)" : "")
      case .collapsedSecondary(let column): column.name + " (pushed onto the primary)"
      case .page(let position): "page \(position)"
      case .child(let attached): attached ? "child" : "child, view detached"
      }
    }
  }

  /// A split view column.
  public enum Column: Sendable, Equatable {
    case primary, supplementary, secondary
    /// A column past the ones UIKit names.
    case other(Int)

    /// Its name.
    public var name: String {
      switch self {
      case .primary: "primary"
      case .supplementary: "supplementary"
      case .secondary: "secondary"
      case .other(let position): "column \(position)"
      }
    }
  }

  /// A presentation from the controller that actually presents.
  public struct Presentation: Sendable, Equatable {
    /// The presented controller.
    public var presented: ControllerRef
    /// The presenting controller.
    public var presenter: ControllerRef
    /// The style it is shown in.
    public var style: ShownStyle
    /// The controller that called `present`, when it is not the presenter.
    public var requester: ControllerRef?
    /// Whether the visible path goes through this presentation.
    public var isOnVisiblePath: Bool
    /// Whether the presented controller is on screen.
    public var isPresentedOnScreen: Bool

    /// Creates a presentation.
    public init(
      presented: ControllerRef, presenter: ControllerRef, style: ShownStyle,
      requester: ControllerRef?, isOnVisiblePath: Bool, isPresentedOnScreen: Bool
    ) {
      self.presented = presented
      self.presenter = presenter
      self.style = style
      self.requester = requester
      self.isOnVisiblePath = isOnVisiblePath
      self.isPresentedOnScreen = isPresentedOnScreen
    }
  }

  /// The controller that asked for a presentation another one performs.
  public struct PresentRequest: Sendable, Equatable {
    /// The controller that called `present`.
    public var requester: ControllerRef

    /// Creates a request.
    public init(requester: ControllerRef) { self.requester = requester }
  }

  /// A presentation UIKit refuses.
  public struct RefusedPresentation: Sendable, Equatable {
    /// The controller that would have been presented.
    public var presented: ControllerRef
    /// The controller that called `present`.
    public var requester: ControllerRef
    /// The controller that would present but already presents another.
    public var busyPresenter: ControllerRef
    /// What `busyPresenter` shows instead: the presentation requested first.
    public var shown: ControllerRef?

    /// Creates a refused presentation.
    public init(
      presented: ControllerRef, requester: ControllerRef, busyPresenter: ControllerRef,
      shown: ControllerRef? = nil
    ) {
      self.presented = presented
      self.requester = requester
      self.busyPresenter = busyPresenter
      self.shown = shown
    }
  }
}

extension Diagram.Cluster.Kind {
  /// The cluster's title: `window main · key`, `presentation level 1 · fullScreen · presented
  /// by tabs`, `removed by dismiss(from: edit)`, ...
  public var title: String {
    switch self {
    case .scene(let scene):
      return "scene \(scene.id) · \(scene.isForeground ? "foreground" : "background")"
    case .window(let window):
      var parts = [window.id == "window" ? "window" : "window \(window.id)"]
      if window.isKey { parts.append("key") }
      if window.level != .normal { parts.append("level \(window.level)") }
      if !window.isForeground { parts.append("scene in background") }
      if let top = window.top { parts.append("top \(top.id)") }
      return parts.joined(separator: " · ")
    case .presentationLevel(let level):
      return "presentation level \(level.level) · \(level.style.text)"
        + " · presented by \(level.presenter.name)"
    case .dismissRegion(let region):
      return "removed by \(region.call.text)"
    case .detached:
      return "not in any window"
    case .storyboard(let storyboard):
      return storyboard.isOpened
        ? "\(storyboard.name).storyboard · not in the launch state"
        : "\(storyboard.name).storyboard · referenced"
          + " (its map: render \(storyboard.name).storyboard)"
    }
  }
}

extension Diagram.Edge.Kind {
  /// The edge's label, one entry per line; empty for unlabelled edges.
  public var labelLines: [String] {
    switch self {
    case .containment(let containment): [containment.slot.text]
    case .presentation(let presentation):
      ["presents (\(presentation.style.text))"]
        + (presentation.requester.map { ["requested by \($0.id)"] } ?? [])
    case .requester, .subview: []
    case .refusedPresentation(let refused):
      // Short lines: the label stands beside the window the edge leaves, and a long one
      // widened 001-broken-switcher past what reads in an 880 px column.
      refused.shown.map {
        [
          "refused: \(refused.busyPresenter.name)", "is already presenting", $0.name,
          "(requested first)",
        ]
      } ?? ["refused: \(refused.busyPresenter.name)", "is already presenting"]
    case .rootView: ["view"]
    case .hosting: ["hosts"]
    case .responder(_, let step): [Diagram.circled(step)]
    case .segue(let segue): segue.labelLines
    }
  }
}
