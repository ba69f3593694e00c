import VCGraphCore

/// One hierarchy's diagram, independent of any output format: what is drawn, in which
/// cluster, in which state, and how it connects. ``DiagramBuilder`` makes it from an
/// analysis; backends (Graphviz, Mermaid, Markdown) decide how each role and state looks.
///
/// Everything is kept in drawing order, so the same report always gives an equal diagram and
/// every backend gives the same output for it.
public struct Diagram: Sendable, Equatable {
  /// The title: `--title`, else the description's `title`, else the input file's base name.
  public var title: String
  /// How outputs name the input: its file name, or its path as given with `--show-path`.
  public var path: String
  /// The colours to draw with.
  public var theme: Theme
  /// A line above the answers, such as the simulated step that led to this state.
  public var caption: String?
  /// Controllers a simulated step removed (no longer in the hierarchy).
  public var removedIDs: [String]
  /// What the analysis answered: the top view controller, the visible path, dismissals,
  /// responder chains and findings.
  public var summary: Summary
  /// Nodes outside every cluster (UIApplication, when a responder chain reaches it).
  public var nodes: [Node]
  /// The top-level clusters in drawing order: scenes (or windows), windows without a scene,
  /// then the controllers in no window.
  public var clusters: [Cluster]
  /// Every edge, in drawing order: containment, presentation, views, responder chains.
  public var edges: [Edge]
  /// What the legend explains, or nil when it is left out.
  public var legend: Legend?
  /// Lines one label may have before a backend cuts it.
  public var maxLabelLines: Int
  /// Whether a backend that lays it out should rank it left to right: a scanned app's map
  /// that is much wider than it is deep (many coordinators, each a few screens deep).
  public var flowsLeftToRight = false
  /// Nodes a backend that lays the diagram out should draw at least a rank below others
  /// although no edge leads there (a scanned app's map wraps a row too wide to read at README
  /// width into several rows): hints, drawn as nothing.
  public var stacking: [Stacking] = []
  /// Nodes of one rank a backend that lays the diagram out should draw side by side, left to
  /// right (the first rank of each band of a scanned app's map).
  public var rows: [[NodeID]] = []
  /// Whether a backend puts the top-level clusters (scenes, windows, the controllers in no
  /// window) one below the other instead of side by side: the compact layout `render` chooses
  /// when the diagram would not read at `--max-width` side by side (``ReadingSize``).
  public var stacksClusters = false

  /// Creates a diagram; ``DiagramBuilder`` is the usual way to get one.
  public init(
    title: String, path: String, caption: String? = nil, removedIDs: [String] = [],
    summary: Summary, nodes: [Node] = [], clusters: [Cluster] = [], edges: [Edge] = [],
    legend: Legend? = nil, maxLabelLines: Int = 64, theme: Theme = .light
  ) {
    self.title = title
    self.path = path
    self.theme = theme
    self.caption = caption
    self.removedIDs = removedIDs
    self.summary = summary
    self.nodes = nodes
    self.clusters = clusters
    self.edges = edges
    self.legend = legend
    self.maxLabelLines = maxLabelLines
  }

  /// A layout hint: ``lower`` goes at least ``gap`` ranks below ``upper``, straight below it
  /// when ``aligned``; nothing is drawn.
  public struct Stacking: Sendable, Equatable {
    /// The node above.
    public var upper: NodeID
    /// The node below it.
    public var lower: NodeID
    /// The least number of ranks between them.
    public var gap: Int
    /// Whether `lower` is drawn in `upper`'s column.
    public var aligned: Bool

    /// A hint that `lower` goes `gap` ranks below `upper`.
    public init(upper: NodeID, lower: NodeID, gap: Int = 1, aligned: Bool = false) {
      self.upper = upper
      self.lower = lower
      self.gap = gap
      self.aligned = aligned
    }
  }

  /// One line that says what the diagram answers, for an image's description (`<desc>`):
  /// `top view controller: post (PostViewController) · 4 of 9 controllers on screen`.
  public var summaryLine: String {
    var parts: [String] = []
    if let caption { parts.append(caption) }
    guard summary.showsState else { return parts.joined(separator: " · ") }
    if let top = summary.top {
      parts.append(
        top.id == top.className || top.isAddress
          ? "top view controller: \(top.className)"
          : "top view controller: \(top.id) (\(top.className))")
    } else {
      parts.append("nothing on screen")
    }
    parts.append("\(summary.onScreenCount) of \(summary.controllerCount) controllers on screen")
    let counts = summary.findingCounts
    let findings = [Severity.error, .warning, .info].compactMap { severity -> String? in
      guard let count = counts[severity] else { return nil }
      return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
    }
    if !findings.isEmpty { parts.append("findings: " + findings.joined(separator: ", ")) }
    return parts.joined(separator: " · ")
  }

  /// Every node, top-level ones first, then each cluster's in drawing order (depth first).
  public var allNodes: [Node] {
    var result = nodes
    func visit(_ cluster: Cluster) {
      result += cluster.nodes
      for inner in cluster.clusters { visit(inner) }
    }
    for cluster in clusters { visit(cluster) }
    return result
  }
}

// MARK: - References and answers

extension Diagram {
  /// A controller named in an answer or a label.
  public struct ControllerRef: Sendable, Equatable, Hashable {
    /// Its index in the hierarchy.
    public var index: ControllerIndex
    /// Its id.
    public var id: String
    /// Its class name.
    public var className: String
    /// The name to draw in bold instead of the id, when the id is a storyboard scene's
    /// Interface Builder element id (`StoryboardMap.displayName(of:)`); nil otherwise.
    public var displayName: String?

    /// Creates a reference.
    public init(
      index: ControllerIndex, id: String, className: String, displayName: String? = nil
    ) {
      self.index = index
      self.id = id
      self.className = className
      self.displayName = displayName
    }

    /// Whether the id is a debugger dump's address (`0x7fb1a0028ec0`), which says less than
    /// the class.
    public var isAddress: Bool {
      id.count > 2 && id.hasPrefix("0x") && id.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// How titles and cluster names call it: the display name of a storyboard scene, the
    /// class for a dump's address, else the id.
    public var name: String { displayName ?? (isAddress ? className : id) }
  }

  /// What the analysis answered, for titles, captions and summary pages.
  public struct Summary: Sendable, Equatable {
    /// The top view controller, or nil when nothing is on screen in a key window.
    public var top: ControllerRef?
    /// The visible path from the key window's root to the top view controller.
    public var visiblePath: [PathEntry]
    /// The controllers on screen that show no child on screen.
    public var visibleLeaves: [ControllerRef]
    /// How many controllers are on screen.
    public var onScreenCount: Int
    /// How many controllers the hierarchy has.
    public var controllerCount: Int
    /// The requested dismissals, in request order; the first is the one drawn as a region.
    public var dismissals: [DismissalSummary]
    /// The requested responder chains, in request order.
    public var responderChains: [ResponderChainSummary]
    /// Every finding, in report order.
    public var findings: [Finding]
    /// The focused scene, when the hierarchy has scenes.
    public var focusedScene: String?
    /// The top of each foreground scene that is not focused, in file order.
    public var sceneTops: [SceneTop]
    /// Whether the diagram shows a state (what is on screen); false for a scanned app's
    /// navigation map, whose title has no answers.
    public var showsState = true

    /// Creates a summary.
    public init(
      top: ControllerRef?, visiblePath: [PathEntry], visibleLeaves: [ControllerRef],
      onScreenCount: Int, controllerCount: Int, dismissals: [DismissalSummary],
      responderChains: [ResponderChainSummary], findings: [Finding],
      focusedScene: String? = nil, sceneTops: [SceneTop] = []
    ) {
      self.focusedScene = focusedScene
      self.sceneTops = sceneTops
      self.top = top
      self.visiblePath = visiblePath
      self.visibleLeaves = visibleLeaves
      self.onScreenCount = onScreenCount
      self.controllerCount = controllerCount
      self.dismissals = dismissals
      self.responderChains = responderChains
      self.findings = findings
    }

    /// How many findings have each severity.
    public var findingCounts: [Severity: Int] {
      Dictionary(grouping: findings, by: \.severity).mapValues(\.count)
    }
  }

  /// The top view controller of a foreground scene that is not the focused one.
  public struct SceneTop: Sendable, Equatable {
    /// The scene's id.
    public var scene: String
    /// Its key window's top view controller.
    public var top: ControllerRef

    /// Creates a scene's top.
    public init(scene: String, top: ControllerRef) {
      self.scene = scene
      self.top = top
    }
  }

  /// One step of the visible path.
  public struct PathEntry: Sendable, Equatable {
    /// The controller reached.
    public var controller: ControllerRef
    /// How it was reached from the one before.
    public var via: PathStep

    /// Creates a step.
    public init(controller: ControllerRef, via: PathStep) {
      self.controller = controller
      self.via = via
    }
  }

  /// A `dismiss` call as requested.
  public struct DismissCall: Sendable, Equatable, Hashable {
    /// The id of the controller `dismiss` is called on.
    public var from: String
    /// The number of levels, when given.
    public var levels: Int?
    /// The class to dismiss back to, when given.
    public var toClass: String?

    /// Creates a call.
    public init(from: String, levels: Int? = nil, toClass: String? = nil) {
      self.from = from
      self.levels = levels
      self.toClass = toClass
    }

    /// The call as Swift-like text: `dismiss(from: edit, levels: 2)`.
    public var text: String {
      var call = "dismiss(from: \(from)"
      if let levels { call += ", levels: \(levels)" }
      if let toClass { call += ", toClass: \(toClass)" }
      return call + ")"
    }
  }

  /// What one `dismiss` call does (S4).
  public struct DismissalSummary: Sendable, Equatable {
    /// The call.
    public var call: DismissCall
    /// The controller that handles it.
    public var receiver: ControllerRef
    /// Every controller that leaves, in document order.
    public var removed: [ControllerRef]
    /// The one dismissed with animation.
    public var animated: ControllerRef
    /// The top view controller afterwards.
    public var topAfter: ControllerRef?

    /// Creates a dismissal summary.
    public init(
      call: DismissCall, receiver: ControllerRef, removed: [ControllerRef],
      animated: ControllerRef, topAfter: ControllerRef?
    ) {
      self.call = call
      self.receiver = receiver
      self.removed = removed
      self.animated = animated
      self.topAfter = topAfter
    }
  }

  /// One responder chain (S5).
  public struct ResponderChainSummary: Sendable, Equatable {
    /// The id it starts from.
    public var from: String
    /// Each responder in order.
    public var responders: [ResponderEntry]
    /// The first controller on the chain.
    public var owningController: ControllerRef?

    /// Creates a chain summary.
    public init(from: String, responders: [ResponderEntry], owningController: ControllerRef?) {
      self.from = from
      self.responders = responders
      self.owningController = owningController
    }
  }

  /// One responder of a chain: its printable name and what it is.
  public struct ResponderEntry: Sendable, Equatable {
    /// The view or controller id, the window id, or `UIApplication`.
    public var name: String
    /// The responder itself.
    public var responder: Responder
    /// The node that stands for it, or nil when it sits inside a collapsed subtree.
    public var node: NodeID?

    /// Creates an entry.
    public init(name: String, responder: Responder, node: NodeID?) {
      self.name = name
      self.responder = responder
      self.node = node
    }
  }
}

// MARK: - Legend

extension Diagram {
  /// What the legend explains: only what this diagram uses.
  public struct Legend: Sendable, Equatable {
    /// Controller roles that occur, in ``Role`` order.
    public var roles: [Role]
    /// Whether any controller is presented.
    public var hasPresentations: Bool
    /// Whether a responder chain is drawn.
    public var hasResponderChains: Bool
    /// Whether views are drawn.
    public var hasViews: Bool
    /// Whether a top view controller is marked.
    public var hasTop: Bool
    /// Whether any drawn controller is on screen (besides the top one).
    public var hasOnScreen: Bool
    /// Whether any drawn controller is off screen.
    public var hasOffScreen: Bool
    /// Whether the visible path is drawn (a path of more than one controller).
    public var hasVisiblePath: Bool
    /// Whether any containment edge leads off screen.
    public var hasOffScreenContainment: Bool
    /// Whether a presentation is refused.
    public var hasRefused: Bool
    /// Whether a dismissal region is drawn.
    public var hasDismissal: Bool
    /// Where the legend goes.
    public var placement: LegendPlacement
    /// Whether the top of a scene that is not focused is marked.
    public var hasSceneTops: Bool
    /// The kinds of segue edges drawn (a storyboard's map), in ``SegueEdge/Style`` order.
    public var segueStyles: [SegueEdge.Style]
    /// The nodes the legend goes below when it is below the diagram, nil for the layout's
    /// choice (a node on the lowest rank). A scanned app's map names every node that leads
    /// nowhere: its cycles make the lowest rank hard to foresee, and a legend beside the
    /// drawing widens it.
    public var anchors: [NodeID]?
    /// A node the legend is drawn straight below when it is below the diagram (a scanned
    /// app's map: its bands' middle column, so the legend does not drift sideways and widen
    /// the drawing), nil for none.
    public var column: NodeID?
    /// What each kind of line stands for where it is not a storyboard's segue (a scanned
    /// app's map names the operations it draws in that kind: `pushes (push or link)`);
    /// ``name(of:)`` falls back to the style's own ``SegueEdge/Style/legend``.
    public var segueNames: [SegueEdge.Style: String] = [:]

    /// How the legend names `style`'s lines.
    public func name(of style: SegueEdge.Style) -> String {
      segueNames[style] ?? style.legend
    }

    /// Creates a legend.
    public init(
      roles: [Role], hasPresentations: Bool, hasResponderChains: Bool, hasViews: Bool,
      hasTop: Bool = true, hasOnScreen: Bool = true, hasOffScreen: Bool = true,
      hasVisiblePath: Bool = true, hasOffScreenContainment: Bool = true,
      hasRefused: Bool = false, hasDismissal: Bool = false, placement: LegendPlacement = .below,
      hasSceneTops: Bool = false, segueStyles: [SegueEdge.Style] = []
    ) {
      self.roles = roles
      self.hasPresentations = hasPresentations
      self.hasResponderChains = hasResponderChains
      self.hasViews = hasViews
      self.hasTop = hasTop
      self.hasOnScreen = hasOnScreen
      self.hasOffScreen = hasOffScreen
      self.hasVisiblePath = hasVisiblePath
      self.hasOffScreenContainment = hasOffScreenContainment
      self.hasRefused = hasRefused
      self.hasDismissal = hasDismissal
      self.placement = placement
      self.hasSceneTops = hasSceneTops
      self.segueStyles = segueStyles
    }
  }
}
