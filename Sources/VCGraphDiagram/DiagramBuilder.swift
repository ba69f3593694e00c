import VCGraphCore

/// Works out what a hierarchy's diagram shows: controllers with their role and state, what is
/// on screen, the top view controller and the visible path, containment and presentation
/// edges, windows, scenes and presentation levels as clusters, which off-screen subtrees
/// collapse, and the requested analyses (dismissals, responder chains, findings). How any of
/// it looks is up to a backend.
public struct DiagramBuilder {
  let report: AnalysisReport
  let options: DiagramOptions
  let analysis: Analysis
  let hierarchy: Hierarchy
  var controllers: [Controller] { hierarchy.controllers }

  private var collapse = CollapsePlan()
  /// Controllers on the visible path, with the step that reached them.
  let pathSteps: [ControllerIndex: PathStep]
  /// The dismissal drawn as a region (the first requested).
  let dismissal: Dismissal?
  private var badges: [ControllerIndex: [Diagram.Badge]] = [:]
  private var viewBadges: [ViewIndex: [Diagram.Badge]] = [:]
  /// The findings about each controller (not about one of its views), in report order.
  private var controllerFindings: [ControllerIndex: [Finding]] = [:]
  /// The top of each foreground scene that is not focused, in file order.
  let sceneTops: [(scene: String, top: ControllerIndex)]
  /// Per controller, the full-screen presentation that covers it (`coveringPresentations`).
  let covering: [ControllerIndex?]

  /// Prepares the diagram of `report` drawn with `options`.
  public init(report: AnalysisReport, options: DiagramOptions = DiagramOptions()) {
    self.report = report
    self.options = options
    analysis = report.analysis
    hierarchy = report.analysis.hierarchy
    var steps: [ControllerIndex: PathStep] = [:]
    for step in report.analysis.visiblePath { steps[step.controller] = step.via }
    pathSteps = steps
    sceneTops = Self.sceneTops(report.analysis)
    covering = Self.coveringPresentations(report.analysis)
    dismissal = report.dismissals.first
    collectBadges()
    if !options.expandAll && options.selection == nil {
      collapse = CollapsePlan(
        report: report, badged: Set(badges.keys), threshold: options.collapseThreshold)
    }
  }

  /// The diagram; the same report and options always give an equal diagram.
  public func diagram() -> Diagram {
    // Clusters: scenes hold windows; windows hold their root tree and presentation levels.
    var windowClusters: [Diagram.Cluster] = hierarchy.windows.indices.map(windowCluster)
    var detached = Diagram.Cluster(kind: .detached)
    // Nodes of each presentation level, keyed by the level's presented controller.
    var levelNodes: [ControllerIndex: [Diagram.Node]] = [:]
    func place(_ node: Diagram.Node, owner: ControllerIndex) {
      let home = homeRoot(of: owner)
      if presenterOfLevel(home) != nil {
        levelNodes[home, default: []].append(node)
      } else if let window = analysis.window[owner] {
        windowClusters[window].nodes.append(node)
      } else {
        detached.nodes.append(node)
      }
    }
    for index in controllers.indices where isDrawn(index) {
      place(controllerNode(index), owner: index)
    }
    for root in collapse.sizes.keys.sorted() where isSelected(root) {
      let node = Diagram.Node(
        id: .controller(root),
        content: .collapsed(Diagram.CollapsedNode(root: ref(root), count: collapse.sizes[root]!)))
      place(node, owner: root)
    }
    for (index, view) in hierarchy.views.enumerated() where isDrawn(view.treeOwner) {
      place(viewNode(index), owner: view.treeOwner)
    }
    addLevels(levelNodes, to: &windowClusters, detached: &detached)
    var topLevel: [Diagram.Node] = []
    addResponderNodes(to: &windowClusters, topLevel: &topLevel)

    if options.selection != nil { windowClusters = windowClusters.map(\.withoutEmptyParts) }
    var clusters: [Diagram.Cluster] = []
    if hierarchy.scenes.isEmpty {
      clusters = windowClusters
    } else {
      for (sceneIndex, scene) in hierarchy.scenes.enumerated() {
        let kind = Diagram.SceneCluster(
          index: sceneIndex, id: scene.id, isForeground: scene.isForeground)
        clusters.append(
          Diagram.Cluster(kind: .scene(kind), clusters: scene.windows.map { windowClusters[$0] }))
      }
      for (index, cluster) in windowClusters.enumerated()
      where hierarchy.windows[index].scene == nil {
        clusters.append(cluster)
      }
    }
    if !detached.nodes.isEmpty || (options.selection != nil && !detached.clusters.isEmpty) {
      clusters.append(detached)
    }
    if options.selection != nil {
      clusters = clusters.map(\.withoutEmptyParts).filter(\.holdsNodes)
    }

    let edges = containmentEdges() + presentationEdges() + viewEdges() + responderEdges()
    let shownPath = options.showPath ? hierarchy.path : Self.baseName(of: hierarchy.path)
    var title = options.title ?? hierarchy.title ?? Self.stem(of: shownPath)
    if let selection = options.selection { title = selection.title(of: title) }
    return Diagram(
      title: title, path: shownPath, caption: options.caption, removedIDs: options.removedIDs,
      summary: summary(), nodes: topLevel, clusters: clusters, edges: edges,
      legend: options.legend ? legend(edges: edges) : nil, maxLabelLines: options.maxLabelLines,
      theme: options.theme)
  }

  /// The file name of an input path (`stdin` for `-`): what outputs call the input unless
  /// `--show-path` asks for the path, so they do not depend on where vcgraph runs.
  public static func baseName(of path: String) -> String {
    if path == "-" { return "stdin" }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.isEmpty ? path : name
  }

  /// A file name without its extension: the title of a description that has none.
  static func stem(of name: String) -> String {
    let file = baseName(of: name)
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
    return String(file[..<dot])
  }

  // MARK: - Placement

  /// The root of the controller's presentation context: a window root or a presented one.
  private func homeRoot(of index: ControllerIndex) -> ControllerIndex {
    PresentationResolution.contextRoot(of: index, in: hierarchy)
  }

  private func presenterOfLevel(_ root: ControllerIndex) -> ControllerIndex? {
    analysis.presentation.presenter[root]
  }

  func ref(_ index: ControllerIndex) -> Diagram.ControllerRef {
    // A storyboard's scene is named by its identifier, class or title, not its IB element id.
    var displayName: String?
    if let storyboard = report.storyboard, index < storyboard.launch.scenes.count {
      displayName = storyboard.map.displayName(of: storyboard.launch.scenes[index])
    }
    return Diagram.ControllerRef(
      index: index, id: controllers[index].id, className: controllers[index].className,
      displayName: displayName)
  }

  private func windowCluster(_ index: Int) -> Diagram.Cluster {
    let window = hierarchy.windows[index]
    return Diagram.Cluster(
      kind: .window(
        Diagram.WindowCluster(
          index: index, id: window.id, isKey: window.isKey, level: window.level,
          isForeground: analysis.isForeground(window: index),
          top: window.isKey ? nil : analysis.windowWalks[index].top.map(ref))))
  }

  /// The key window's top of each foreground scene other than the focused one.
  static func sceneTops(_ analysis: Analysis) -> [(scene: String, top: ControllerIndex)] {
    let hierarchy = analysis.hierarchy
    return hierarchy.scenes.indices.compactMap { index in
      let scene = hierarchy.scenes[index]
      guard scene.isForeground, index != analysis.focusedScene,
        let key = scene.windows.first(where: { hierarchy.windows[$0].isKey }),
        let top = analysis.windowWalks[key].top
      else { return nil }
      return (scene.id, top)
    }
  }

  /// Presentation levels as clusters inside their window; the first requested dismissal's
  /// removed levels inside one region per window.
  private func addLevels(
    _ levelNodes: [ControllerIndex: [Diagram.Node]], to windows: inout [Diagram.Cluster],
    detached: inout Diagram.Cluster
  ) {
    let removedLevels = Set(dismissal?.removedLevels ?? [])
    var region: [Int?: Diagram.Cluster] = [:]
    for root in controllers.indices {
      guard let presenter = presenterOfLevel(root) else { continue }
      if options.selection != nil && levelNodes[root, default: []].isEmpty { continue }
      let removed = removedLevels.contains(root)
      let level = Diagram.LevelCluster(
        root: ref(root), level: analysis.level(of: root), style: shownStyle(root),
        presenter: ref(presenter), isRemoved: removed)
      let cluster = Diagram.Cluster(
        kind: .presentationLevel(level), nodes: levelNodes[root] ?? [])
      let window = analysis.window[root]
      if removed, let dismissal {
        if region[window] == nil {
          region[window] = Diagram.Cluster(
            kind: .dismissRegion(Diagram.DismissRegion(firstLevel: root, call: call(dismissal))))
        }
        region[window]!.clusters.append(cluster)
      } else if let window {
        windows[window].clusters.append(cluster)
      } else {
        detached.clusters.append(cluster)
      }
    }
    for (window, marked) in region.sorted(by: { ($0.key ?? -1) < ($1.key ?? -1) }) {
      if let window {
        windows[window].clusters.append(marked)
      } else {
        detached.clusters.append(marked)
      }
    }
  }

  func shownStyle(_ index: ControllerIndex) -> Diagram.ShownStyle {
    let controller = controllers[index]
    if controller.kind == .alert && controller.modalPresentationStyle == nil {
      guard controller.preferredStyle == .actionSheet else { return .alert }
      return .actionSheet(inPopover: hierarchy.device == .iPad)
    }
    let resolved = controller.style.resolved
    if controller.modalPresentationStyle == nil { return .automatic(resolved: resolved) }
    if resolved == .popover && hierarchy.device == .iPhone { return .popoverAsSheet }
    return .explicit(resolved)
  }

  // MARK: - Nodes

  private mutating func collectBadges() {
    if let top = analysis.topViewController {
      badges[top, default: []].append(.topViewController)
    }
    for (scene, top) in sceneTops { badges[top, default: []].append(.sceneTop(scene)) }
    if analysis.visibleLeaves.count > 1 {
      for leaf in analysis.visibleLeaves { badges[leaf, default: []].append(.visibleLeaf) }
    }
    if let dismissal {
      badges[dismissal.receiver, default: []].append(.receivesDismiss(call(dismissal)))
      badges[dismissal.animated, default: []].append(.animatesOut)
      if let after = dismissal.topViewControllerAfter {
        badges[after, default: []].append(.topAfterDismiss)
      }
    }
    for (id, change) in options.changes.sorted(by: { $0.key < $1.key }) {
      guard let index = hierarchy.controller(id: id) else { continue }
      badges[index, default: []].append(.change(change))
    }
    for finding in report.findings {
      let badge = Diagram.Badge.finding(finding.severity, finding.rule)
      if let view = finding.view {
        viewBadges[view, default: []].append(badge)
      } else if let controller = finding.controller {
        badges[controller, default: []].append(badge)
        controllerFindings[controller, default: []].append(finding)
      }
    }
  }

  func call(_ dismissal: Dismissal) -> Diagram.DismissCall {
    Diagram.DismissCall(
      from: controllers[dismissal.from].id, levels: dismissal.levels, toClass: dismissal.toClass)
  }

  private func controllerNode(_ index: ControllerIndex) -> Diagram.Node {
    let controller = controllers[index]
    let node = Diagram.ControllerNode(
      controller: ref(index), title: controller.title, appearance: controller.state,
      location: controller.location, notes: controller.notes, role: Diagram.Role(controller),
      isOnScreen: analysis.onScreen[index] && covering[index] == nil,
      coveredBy: covering[index].map(ref), isTop: analysis.topViewController == index,
      pathStep: pathSteps[index],
      isPresenting: analysis.presentation.presented[index] != nil,
      isRemovedByDismiss: dismissal?.removed.contains(index) ?? false,
      change: options.changes[controller.id], badges: badges[index] ?? [],
      findings: controllerFindings[index] ?? [],
      topOfScene: sceneTops.first { $0.top == index }?.scene)
    return Diagram.Node(id: .controller(index), content: .controller(node))
  }

  private func viewNode(_ index: ViewIndex) -> Diagram.Node {
    let view = hierarchy.views[index]
    let node = Diagram.ViewNode(
      index: index, id: view.id, className: view.className, hosts: view.hosts.map(ref),
      isOnScreen: analysis.onScreen[view.treeOwner] && covering[view.treeOwner] == nil,
      badges: viewBadges[index] ?? [],
      location: view.location)
    return Diagram.Node(id: .view(index), content: .view(node))
  }

  /// Windows, their scenes, UIApplication and the app delegate, when a responder chain
  /// reaches them. The responders past the windows are top-level nodes, in chain order.
  private func addResponderNodes(
    to windows: inout [Diagram.Cluster], topLevel: inout [Diagram.Node]
  ) {
    var windowsUsed = Set<Int>()
    var beyond: [Responder] = []
    for chain in report.responderChains
    where options.selection == nil || chain.responders.first.flatMap(node(for:)) != nil {
      for responder in chain.responders {
        switch responder {
        case .window(let index): windowsUsed.insert(index)
        case .scene, .application, .appDelegate:
          if !beyond.contains(responder) { beyond.append(responder) }
        case .view, .controller: break
        }
      }
    }
    for index in windowsUsed.sorted() {
      let node = Diagram.WindowNode(index: index, id: hierarchy.windows[index].id)
      windows[index].nodes.append(Diagram.Node(id: .window(index), content: .window(node)))
    }
    for responder in beyond {
      switch responder {
      case .scene(let index):
        let id = index.map { hierarchy.scenes[$0].id }
        topLevel.append(Diagram.Node(id: .scene(index), content: .scene(id)))
      case .appDelegate:
        topLevel.append(
          Diagram.Node(
            id: .appDelegate, content: .appDelegate(hierarchy.appDelegate.className)))
      default:
        topLevel.append(Diagram.Node(id: .application, content: .application))
      }
    }
  }

  /// The node that stands for a responder, or nil inside a collapsed subtree.
  func node(for responder: Responder) -> Diagram.NodeID? {
    switch responder {
    case .view(let index): isSelected(hierarchy.views[index].treeOwner) ? .view(index) : nil
    case .controller(let index): node(for: index)
    case .window(let index): .window(index)
    case .scene(let index): .scene(index)
    case .application: .application
    case .appDelegate: .appDelegate
    }
  }

  func node(for controller: ControllerIndex) -> Diagram.NodeID? {
    isSelected(controller) ? collapse.node(controller) : nil
  }

  /// Whether the controller is drawn as its own node: selected, not inside a collapsed subtree.
  func isDrawn(_ controller: ControllerIndex) -> Bool {
    isSelected(controller) && collapse.isDrawn(controller)
  }

  /// Whether the selection (`--focus`, `--split`) holds the controller; true without one.
  func isSelected(_ controller: ControllerIndex) -> Bool {
    options.selection?.controllers.contains(controller) ?? true
  }

  // MARK: - Summary and legend

  private func summary() -> Diagram.Summary {
    Diagram.Summary(
      top: analysis.topViewController.map(ref),
      visiblePath: analysis.visiblePath.map {
        Diagram.PathEntry(controller: ref($0.controller), via: $0.via)
      },
      visibleLeaves: analysis.visibleLeaves.map(ref),
      onScreenCount: analysis.onScreen.filter { $0 }.count,
      controllerCount: controllers.count,
      dismissals: report.dismissals.map { dismissal in
        Diagram.DismissalSummary(
          call: call(dismissal), receiver: ref(dismissal.receiver),
          removed: dismissal.removed.map(ref), animated: ref(dismissal.animated),
          topAfter: dismissal.topViewControllerAfter.map(ref))
      },
      responderChains: report.responderChains.map { chain in
        Diagram.ResponderChainSummary(
          from: chain.from,
          responders: chain.responders.map {
            Diagram.ResponderEntry(
              name: analysis.name(of: $0), responder: $0, node: node(for: $0))
          },
          owningController: chain.owningController.map(ref))
      },
      findings: report.findings,
      focusedScene: analysis.focusedScene.map { hierarchy.scenes[$0].id },
      sceneTops: sceneTops.map { Diagram.SceneTop(scene: $0.scene, top: ref($0.top)) })
  }

  /// What the drawn diagram uses, and nothing else.
  private func legend(edges: [Diagram.Edge]) -> Diagram.Legend {
    let drawn = controllers.indices.filter(isDrawn)
    let collapsed = controllers.indices.contains { node(for: $0) != nil && !isDrawn($0) }
    let top = analysis.topViewController
    // A selection's legend explains what its part draws; the whole diagram's, what it has.
    let whole = options.selection == nil
    var pathEdges = false
    var offScreenEdges = false
    var refused = false
    for edge in edges {
      switch edge.kind {
      case .containment(let containment):
        if containment.emphasis == .visiblePath { pathEdges = true }
        if containment.emphasis == .offScreen { offScreenEdges = true }
      case .presentation(let presentation):
        if presentation.isOnVisiblePath { pathEdges = true }
      case .refusedPresentation: refused = true
      default: break
      }
    }
    return Diagram.Legend(
      roles: Diagram.Role.allCases.filter { role in
        drawn.contains { Diagram.Role(controllers[$0]) == role }
      },
      hasPresentations: whole
        ? analysis.presentation.presenter.contains { $0 != nil }
        : edges.contains { if case .presentation = $0.kind { true } else { false } },
      hasResponderChains: whole
        ? !report.responderChains.isEmpty
        : edges.contains { if case .responder = $0.kind { true } else { false } },
      hasViews: whole
        ? !hierarchy.views.isEmpty : hierarchy.views.contains { isDrawn($0.treeOwner) },
      hasTop: whole ? top != nil : top.map(isDrawn) ?? false,
      hasOnScreen: drawn.contains { analysis.onScreen[$0] && covering[$0] == nil && $0 != top },
      hasOffScreen: collapsed || drawn.contains { !analysis.onScreen[$0] || covering[$0] != nil },
      hasVisiblePath: pathEdges, hasOffScreenContainment: offScreenEdges, hasRefused: refused,
      hasDismissal: dismissal != nil, placement: options.legendPlacement,
      hasSceneTops: whole ? !sceneTops.isEmpty : sceneTops.contains { isDrawn($0.top) })
  }
}
