import GraphvizKit
import VCGraphCore

/// Maps a hierarchy and its analysis to a styled Graphviz graph: controllers by kind, what is
/// on screen, the top view controller and the visible path, containment and presentation
/// edges, windows, scenes and presentation levels as clusters, and the requested analyses
/// (dismissals, responder chains, findings) drawn on top.
public struct DiagramBuilder {
  private let report: AnalysisReport
  private let options: DiagramOptions
  private let analysis: Analysis
  private let hierarchy: Hierarchy
  private var controllers: [Controller] { hierarchy.controllers }

  /// Controllers hidden inside a collapsed node, mapped to that node's controller.
  private var collapsedInto: [ControllerIndex: ControllerIndex] = [:]
  /// Sizes of collapsed subtrees, by their root.
  private var collapsedSize: [ControllerIndex: Int] = [:]
  /// Controllers on the visible path, with the step that reached them.
  private let pathSteps: [ControllerIndex: PathStep]
  private let dismissal: Dismissal?
  private var badges: [ControllerIndex: [String]] = [:]
  private var viewBadges: [ViewIndex: [String]] = [:]
  /// The findings about each controller (not about one of its views), in report order.
  private var controllerFindings: [ControllerIndex: [Finding]] = [:]

  public init(report: AnalysisReport, options: DiagramOptions = DiagramOptions()) {
    self.report = report
    self.options = options
    analysis = report.analysis
    hierarchy = report.analysis.hierarchy
    var steps: [ControllerIndex: PathStep] = [:]
    for step in report.analysis.visiblePath { steps[step.controller] = step.via }
    pathSteps = steps
    dismissal = report.dismissals.first
    collectBadges()
    if !options.expandAll { planCollapsing() }
  }

  /// The styled graph; the same report always gives the same graph.
  public func graph() -> Graph {
    var graph = Graph(name: "vcgraph")
    graph.attributes = Attributes([
      ("rankdir", .raw("TB")), ("newrank", .raw("true")), ("compound", .raw("true")),
      ("ordering", .raw("out")),
      ("fontname", .raw(Palette.font)), ("fontsize", .raw("11")),
      ("nodesep", .raw("0.3")), ("ranksep", .raw("0.45")), ("labelloc", .raw("t")),
      ("label", .html(titleHTML())), ("tooltip", .text(hierarchy.title ?? hierarchy.path)),
    ])
    graph.nodeDefaults = Attributes([
      ("fontname", .raw(Palette.font)), ("fontsize", .raw("10")), ("shape", .raw("box")),
      ("style", .raw("rounded,filled")), ("fillcolor", .raw("white")),
      ("color", .raw(Palette.ink)), ("margin", .raw("0.12,0.05")),
    ])
    graph.edgeDefaults = Attributes([
      ("fontname", .raw(Palette.font)), ("fontsize", .raw("8")), ("color", .raw("#8c959f")),
      ("fontcolor", .raw("#57606a")), ("arrowsize", .raw("0.6")),
    ])

    // Clusters: scenes hold windows; windows hold their root tree and presentation levels.
    var windowClusters: [Graph] = hierarchy.windows.indices.map(windowCluster)
    var detached = Graph(name: "cluster_detached")
    detached.attributes = clusterStyle(
      label: "not in any window", color: Palette.mutedBorder, fill: nil, dashed: true)

    // Nodes of each presentation level, keyed by the level's presented controller.
    var levelNodes: [ControllerIndex: [Node]] = [:]
    for index in controllers.indices where collapsedInto[index] == nil {
      let node = controllerNode(index)
      let home = homeRoot(of: index)
      if presenterOfLevel(home) != nil {
        levelNodes[home, default: []].append(node)
      } else if let window = analysis.window[index] {
        windowClusters[window].add(node)
      } else {
        detached.add(node)
      }
    }
    for root in collapsedSize.keys.sorted() {
      let node = collapsedNode(root)
      let home = homeRoot(of: root)
      if presenterOfLevel(home) != nil {
        levelNodes[home, default: []].append(node)
      } else if let window = analysis.window[root] {
        windowClusters[window].add(node)
      } else {
        detached.add(node)
      }
    }
    addViews(to: &windowClusters, levels: &levelNodes, detached: &detached)
    addLevels(levelNodes, to: &windowClusters, detached: &detached)
    addResponderNodes(to: &windowClusters, graph: &graph)

    if hierarchy.scenes.isEmpty {
      for cluster in windowClusters { graph.add(cluster) }
    } else {
      for (sceneIndex, scene) in hierarchy.scenes.enumerated() {
        var cluster = Graph(name: "cluster_scene_\(sceneIndex)")
        let state = scene.isForeground ? "foreground" : "background"
        cluster.attributes = clusterStyle(
          label: "scene \(scene.id) · \(state)", color: "#57606a", fill: nil,
          dashed: !scene.isForeground)
        for window in scene.windows { cluster.add(windowClusters[window]) }
        graph.add(cluster)
      }
      for (index, cluster) in windowClusters.enumerated()
      where hierarchy.windows[index].scene == nil {
        graph.add(cluster)
      }
    }
    if !detached.nodes.isEmpty { graph.add(detached) }

    for edge in containmentEdges() + presentationEdges() + viewEdges() + responderEdges() {
      graph.add(edge)
    }
    if options.legend { graph.add(legend()) }
    return graph
  }

  // MARK: - Placement

  /// The root of the controller's presentation context: a window root or a presented one.
  private func homeRoot(of index: ControllerIndex) -> ControllerIndex {
    PresentationResolution.contextRoot(of: index, in: hierarchy)
  }

  private func presenterOfLevel(_ root: ControllerIndex) -> ControllerIndex? {
    analysis.presentation.presenter[root]
  }

  private func windowCluster(_ index: Int) -> Graph {
    let window = hierarchy.windows[index]
    var cluster = Graph(name: "cluster_window_\(index)")
    var parts = [window.id == "window" ? "window" : "window \(window.id)"]
    if window.isKey { parts.append("key") }
    if window.level != .normal { parts.append("level \(window.level)") }
    if !analysis.isForeground(window: index) { parts.append("scene in background") }
    cluster.attributes = clusterStyle(
      label: parts.joined(separator: " · "), color: Palette.windowBorder, fill: nil,
      dashed: true)
    cluster.attributes["id"] = .text("window-\(window.id)")
    return cluster
  }

  private func clusterStyle(label: String, color: String, fill: String?, dashed: Bool) -> Attributes
  {
    var attributes = Attributes([
      ("label", .text(label)), ("fontname", .raw(Palette.font)), ("fontsize", .raw("10")),
      ("color", .raw(color)), ("fontcolor", .raw(color)), ("labeljust", .raw("l")),
    ])
    var style = ["rounded"]
    if dashed { style.append("dashed") }
    if let fill {
      style.append("filled")
      attributes["fillcolor"] = .raw(fill)
    }
    attributes["style"] = .raw(style.joined(separator: ","))
    return attributes
  }

  /// Presentation levels as clusters inside their window; the first requested dismissal's
  /// removed levels inside one marked region.
  private func addLevels(
    _ levelNodes: [ControllerIndex: [Node]], to windows: inout [Graph], detached: inout Graph
  ) {
    let removedLevels = Set(dismissal?.removedLevels ?? [])
    var region: [Int?: Graph] = [:]
    for root in controllers.indices where presenterOfLevel(root) != nil {
      let presenter = presenterOfLevel(root)!
      let level = analysis.level(of: root)
      var cluster = Graph(name: "cluster_level_\(root)")
      var label = "presentation level \(level) · \(hierarchy.presentationStyleText(of: root))"
      label += " · presented by \(controllers[presenter].id)"
      let removed = removedLevels.contains(root)
      cluster.attributes = clusterStyle(
        label: label, color: removed ? Palette.dismiss : Palette.presentation,
        fill: removed ? Palette.dismissFill : Palette.levelFill, dashed: true)
      cluster.attributes["id"] = .text("level-\(controllers[root].id)")
      for node in levelNodes[root] ?? [] { cluster.add(node) }
      let window = analysis.window[root]
      if removed {
        if region[window] == nil {
          var marked = Graph(name: "cluster_dismiss_\(root)")
          marked.attributes = clusterStyle(
            label: "removed by \(dismissCall(dismissal!))", color: Palette.dismiss, fill: nil,
            dashed: false)
          marked.attributes["penwidth"] = .raw("2")
          marked.attributes["id"] = .text("dismiss-region")
          region[window] = marked
        }
        region[window]!.add(cluster)
      } else if let window {
        windows[window].add(cluster)
      } else {
        detached.add(cluster)
      }
    }
    for (window, marked) in region.sorted(by: { ($0.key ?? -1) < ($1.key ?? -1) }) {
      if let window { windows[window].add(marked) } else { detached.add(marked) }
    }
  }

  // MARK: - Controller nodes

  private mutating func collectBadges() {
    if let top = analysis.topViewController {
      badges[top, default: []].append("★ top view controller")
    }
    if analysis.visibleLeaves.count > 1 {
      for leaf in analysis.visibleLeaves { badges[leaf, default: []].append("◉ visible leaf") }
    }
    if let dismissal {
      badges[dismissal.receiver, default: []].append("⟲ receives \(dismissCall(dismissal))")
      badges[dismissal.animated, default: []].append("↘ animates out")
      if let after = dismissal.topViewControllerAfter {
        badges[after, default: []].append("◆ top after dismiss")
      }
    }
    for (id, change) in options.changes.sorted(by: { $0.key < $1.key }) {
      guard let index = hierarchy.controller(id: id) else { continue }
      badges[index, default: []].append("\(Palette.changeSymbol(change)) \(change.rawValue)")
    }
    for finding in report.findings {
      let badge = "\(Palette.severitySymbol(finding.severity)) \(finding.rule.rawValue)"
      if let view = finding.view {
        viewBadges[view, default: []].append(badge)
      } else if let controller = finding.controller {
        badges[controller, default: []].append(badge)
        controllerFindings[controller, default: []].append(finding)
      }
    }
  }

  private func dismissCall(_ dismissal: Dismissal) -> String {
    var call = "dismiss(from: \(controllers[dismissal.from].id)"
    if let levels = dismissal.levels { call += ", levels: \(levels)" }
    if let toClass = dismissal.toClass { call += ", toClass: \(toClass)" }
    return call + ")"
  }

  private func controllerNode(_ index: ControllerIndex) -> Node {
    let controller = controllers[index]
    let role = Palette.Role(controller)
    let onScreen = analysis.onScreen[index]
    let isTop = analysis.topViewController == index
    let textColor = onScreen ? Palette.ink : Palette.muted
    var lines: [String] = []
    if !controller.id.hasPrefix(controller.className) {
      lines.append(font(HTML.escape(controller.className), size: 8, color: textColor))
    }
    lines.append(font("<B>\(HTML.escape(controller.id))</B>", size: nil, color: textColor))
    if let title = controller.title {
      lines.append(font("<I>“\(HTML.escape(title))”</I>", size: 8, color: textColor))
    }
    if let state = controller.state {
      lines.append(font(HTML.escape(state), size: 7, color: Palette.muted))
    }
    for badge in badges[index] ?? [] {
      lines.append(font("<B>\(HTML.escape(badge))</B>", size: 8, color: badgeColor(badge)))
    }
    var attributes = Attributes([
      ("label", .html(clip(lines).joined(separator: "<BR/>"))),
      ("shape", .raw(Palette.shape(role))),
      ("id", .text("vc-\(controller.id)")),
      ("tooltip", .text(tooltip(index))),
    ])
    var style = role == .plain ? ["rounded", "filled"] : ["filled"]
    if isTop {
      attributes["fillcolor"] = .raw(Palette.top)
      attributes["color"] = .raw(Palette.path)
      attributes["penwidth"] = .raw("3")
    } else if onScreen {
      if pathSteps[index] != nil {
        attributes["color"] = .raw(Palette.path)
        attributes["penwidth"] = .raw("2")
      }
    } else {
      style.append("dashed")
      attributes["color"] = .raw(Palette.mutedBorder)
      attributes["fillcolor"] = .raw(Palette.mutedFill)
    }
    if let change = options.changes[controller.id], change != .leftScreen, !isTop {
      attributes["color"] = .raw(Palette.changeColor(change))
      attributes["penwidth"] = .raw("2.5")
    }
    if controllerFindings[index, default: []].contains(where: { $0.severity == .error }) {
      attributes["color"] = .raw(Palette.dismiss)
      attributes["penwidth"] = .raw("2")
    }
    attributes["style"] = .raw(style.joined(separator: ","))
    return Node("c\(index)", attributes: attributes)
  }

  private func badgeColor(_ badge: String) -> String {
    if badge.hasPrefix("★") || badge.hasPrefix("◉") { return Palette.path }
    if badge.hasPrefix("⟲") || badge.hasPrefix("↘") { return Palette.dismiss }
    if badge.hasPrefix("◆") { return Palette.after }
    for change in [DiagramOptions.Change.added, .moved, .newlyOnScreen, .leftScreen]
    where badge.hasPrefix(Palette.changeSymbol(change)) {
      return Palette.changeColor(change)
    }
    if badge.hasPrefix(Palette.severitySymbol(.error)) { return Palette.severityColor(.error) }
    if badge.hasPrefix(Palette.severitySymbol(.warning)) {
      return Palette.severityColor(.warning)
    }
    return Palette.severityColor(.info)
  }

  private func font(_ html: String, size: Int?, color: String) -> String {
    var attributes = " COLOR=\"\(color)\""
    if let size { attributes += " POINT-SIZE=\"\(size)\"" }
    return "<FONT\(attributes)>\(html)</FONT>"
  }

  /// Keeps labels within the line limit (Graphviz crashes on very long labels).
  private func clip(_ lines: [String]) -> [String] {
    guard lines.count > options.maxLabelLines else { return lines }
    return Array(lines.prefix(options.maxLabelLines - 1))
      + ["… \(lines.count - options.maxLabelLines + 1) more"]
  }

  private func tooltip(_ index: ControllerIndex) -> String {
    let controller = controllers[index]
    var parts = [
      "\(controller.className) \(controller.id)",
      analysis.onScreen[index] ? "on screen" : "off screen",
    ]
    if let state = controller.state { parts.append("state: \(state)") }
    if let step = pathSteps[index] { parts.append("visible path: \(step.rawValue)") }
    parts.append("\(controller.location)")
    for note in controller.notes { parts.append("note: \(note)") }
    for finding in controllerFindings[index] ?? [] {
      parts.append("\(finding.severity.rawValue) [\(finding.rule.rawValue)]: \(finding.message)")
    }
    return parts.joined(separator: "\n")
  }

  // MARK: - Collapsing

  /// Off-screen subtrees larger than the threshold, holding nothing an annotation points at,
  /// become one node.
  private mutating func planCollapsing() {
    let count = controllers.count
    guard count > options.collapseThreshold else { return }
    var interesting = Array(repeating: false, count: count)
    for index in controllers.indices {
      if analysis.onScreen[index] || badges[index] != nil || controllers[index].presents != nil
        || controllers[index].requestedBy != nil || controllers[index].view != nil
      {
        interesting[index] = true
      }
    }
    for view in hierarchy.views { if let hosted = view.hosts { interesting[hosted] = true } }
    for chain in report.responderChains {
      for case .controller(let index) in chain.responders { interesting[index] = true }
    }
    for dismissal in report.dismissals {
      for index in dismissal.removed + [dismissal.receiver] { interesting[index] = true }
    }
    // Subtree sizes and whether anything inside is interesting, children before parents
    // (children always follow their parent in document order).
    var size = Array(repeating: 1, count: count)
    var keep = interesting
    for index in controllers.indices.reversed() {
      if let parent = controllers[index].parent {
        size[parent] += size[index]
        if keep[index] { keep[parent] = true }
      }
    }
    for index in controllers.indices {
      guard let parent = controllers[index].parent, collapsedInto[parent] == nil,
        collapsedInto[index] == nil, !keep[index], size[index] > options.collapseThreshold
      else { continue }
      collapsedSize[index] = size[index]
      var stack = [index]
      while let current = stack.popLast() {
        collapsedInto[current] = index
        stack.append(contentsOf: controllers[current].children)
      }
    }
  }

  private func collapsedNode(_ root: ControllerIndex) -> Node {
    let controller = controllers[root]
    let label =
      font("<B>⋯ \(collapsedSize[root]!) controllers</B>", size: 9, color: Palette.muted)
      + "<BR/>"
      + font(
        "off screen, from \(HTML.escape(controller.id))", size: 8, color: Palette.muted)
      + "<BR/>" + font("(--expand-all draws them)", size: 7, color: Palette.muted)
    return Node(
      "c\(root)",
      attributes: Attributes([
        ("label", .html(label)), ("shape", .raw("box")),
        ("style", .raw("rounded,dashed,filled")), ("color", .raw(Palette.mutedBorder)),
        ("fillcolor", .raw(Palette.mutedFill)), ("id", .text("vc-\(controller.id)")),
        ("tooltip", .text("\(collapsedSize[root]!) off-screen controllers under \(controller.id)")),
      ]))
  }

  private func nodeName(_ index: ControllerIndex) -> String? {
    if let root = collapsedInto[index] { return root == index ? "c\(index)" : nil }
    return "c\(index)"
  }

  // MARK: - Edges

  private func containmentLabel(
    parent: ControllerIndex, position: Int, shown: Set<ControllerIndex>
  ) -> String {
    let controller = controllers[parent]
    let count = controller.children.count
    switch controller.kind {
    case .navigation:
      return position == count - 1 ? "[\(position)] top" : "[\(position)]"
    case .tabBar:
      var label = "tab \(position)"
      if count > 5 && position >= 4 { label += " (More)" }
      if analysis.selectedTab(parent) == position { label += " ✓" }
      return label
    case .split:
      let names =
        count == 3 ? ["primary", "supplementary", "secondary"] : ["primary", "secondary"]
      let name = position < names.count ? names[position] : "column \(position)"
      return analysis.isCollapsed(parent) && position == 0 ? "\(name) (collapsed)" : name
    case .page:
      return "page \(position)"
    case .plain, .alert:
      let attached = shown.contains(controller.children[position])
      return attached ? "child (view attached)" : "child (view detached)"
    }
  }

  private func containmentEdges() -> [Edge] {
    var edges: [Edge] = []
    for (parent, controller) in controllers.enumerated() {
      // A collapsed subtree draws no containment edges inside it.
      guard collapsedInto[parent] == nil else { continue }
      let tail = "c\(parent)"
      let shown = Set(analysis.shownChildren(of: parent))
      for (position, child) in controller.children.enumerated() {
        guard let head = nodeName(child) else { continue }
        var attributes = Attributes([
          ("label", .text(containmentLabel(parent: parent, position: position, shown: shown)))
        ])
        if pathSteps[child] != nil && pathSteps[parent] != nil {
          attributes["color"] = .raw(Palette.path)
          attributes["fontcolor"] = .raw(Palette.path)
          attributes["penwidth"] = .raw("2.5")
        } else if shown.contains(child) && analysis.onScreen[child] {
          attributes["color"] = .raw(Palette.ink)
        } else {
          attributes["style"] = .raw("dashed")
        }
        attributes["id"] = .text("contains-\(controller.id)-\(position)")
        edges.append(Edge(tail, head, attributes: attributes))
      }
    }
    return edges
  }

  private func presentationEdges() -> [Edge] {
    var edges: [Edge] = []
    for presented in controllers.indices {
      guard let presenter = analysis.presentation.presenter[presented],
        let tail = nodeName(presenter), let head = nodeName(presented)
      else { continue }
      var label = "presents (\(hierarchy.presentationStyleText(of: presented)))"
      let requester = controllers[presented].requestedBy
      if let requester, requester != presenter {
        label += "\nrequested by \(controllers[requester].id)"
      }
      let onPath = pathSteps[presented] == .presented
      var attributes = Attributes([
        ("label", .text(label)), ("style", .raw("dashed")),
        ("color", .raw(onPath ? Palette.path : Palette.presentation)),
        ("fontcolor", .raw(Palette.presentation)), ("penwidth", .raw(onPath ? "2.5" : "1.8")),
        ("lhead", .raw("cluster_level_\(presented)")),
        ("id", .text("presents-\(controllers[presented].id)")),
      ])
      if !analysis.onScreen[presented] && !onPath { attributes["penwidth"] = .raw("1.2") }
      edges.append(Edge(tail, head, attributes: attributes))
      if let requester, requester != presenter, let from = nodeName(requester) {
        edges.append(
          Edge(
            from, head,
            attributes: Attributes([
              ("style", .raw("dotted")), ("color", .raw(Palette.presentation)),
              ("arrowhead", .raw("none")), ("constraint", .raw("false")),
              ("tooltip", .text("\(controllers[requester].id) called present")),
            ])))
      }
    }
    for (presented, presenter) in analysis.presentation.refused {
      let requester = controllers[presented].requestedBy ?? presenter
      guard let tail = nodeName(requester), let head = nodeName(presented) else { continue }
      edges.append(
        Edge(
          tail, head,
          attributes: Attributes([
            ("label", .text("refused: \(controllers[presenter].id) is already presenting")),
            ("style", .raw("dashed")), ("color", .raw(Palette.dismiss)),
            ("fontcolor", .raw(Palette.dismiss)),
          ])))
    }
    return edges
  }

  // MARK: - Views

  private func addViews(
    to windows: inout [Graph], levels: inout [ControllerIndex: [Node]], detached: inout Graph
  ) {
    for (index, view) in hierarchy.views.enumerated() {
      let owner = view.treeOwner
      guard collapsedInto[owner] == nil else { continue }
      var lines = [font(HTML.escape(view.id ?? view.className), size: 8, color: Palette.ink)]
      if view.id != nil && view.className != "UIView" {
        lines.insert(font(HTML.escape(view.className), size: 7, color: "#57606a"), at: 0)
      }
      if let hosted = view.hosts {
        lines = [
          font("view of <B>\(HTML.escape(controllers[hosted].id))</B>", size: 8, color: Palette.ink)
        ]
      }
      for badge in viewBadges[index] ?? [] {
        lines.append(font("<B>\(HTML.escape(badge))</B>", size: 8, color: badgeColor(badge)))
      }
      let onScreen = analysis.onScreen[owner]
      let node = Node(
        "v\(index)",
        attributes: Attributes([
          ("label", .html(lines.joined(separator: "<BR/>"))), ("shape", .raw("box")),
          ("style", .raw(onScreen ? "rounded,filled" : "rounded,filled,dashed")),
          ("fillcolor", .raw("#f0f6ff")),
          ("color", .raw(onScreen ? "#54aeff" : Palette.mutedBorder)),
          ("height", .raw("0.25")), ("margin", .raw("0.06,0.02")),
          ("id", .text("view-\(view.id ?? "\(index)")")),
          ("tooltip", .text("\(view.className) \(view.id ?? "") at \(view.location)")),
        ]))
      let home = homeRoot(of: owner)
      if presenterOfLevel(home) != nil {
        levels[home, default: []].append(node)
      } else if let window = analysis.window[owner] {
        windows[window].add(node)
      } else {
        detached.add(node)
      }
    }
  }

  private func viewEdges() -> [Edge] {
    var edges: [Edge] = []
    for (index, view) in hierarchy.views.enumerated() where collapsedInto[view.treeOwner] == nil {
      if view.superview == nil {
        edges.append(
          Edge(
            "c\(view.treeOwner)", "v\(index)",
            attributes: Attributes([
              ("label", .text("view")), ("style", .raw("dotted")), ("color", .raw("#54aeff")),
              ("arrowhead", .raw("odot")),
            ])))
      }
      for subview in view.subviews {
        edges.append(
          Edge(
            "v\(index)", "v\(subview)",
            attributes: Attributes([("color", .raw("#54aeff")), ("arrowsize", .raw("0.4"))])))
      }
      if let hosted = view.hosts, let head = nodeName(hosted) {
        let isChild = controllers[hosted].parent == view.treeOwner
        edges.append(
          Edge(
            "v\(index)", head,
            attributes: Attributes([
              ("label", .text("hosts")), ("style", .raw("dotted")),
              ("color", .raw(isChild ? "#54aeff" : Palette.dismiss)),
              ("fontcolor", .raw(isChild ? "#57606a" : Palette.dismiss)),
              ("constraint", .raw("false")),
            ])))
      }
    }
    return edges
  }

  // MARK: - Responder chains

  private func responderNodeName(_ responder: Responder) -> String? {
    switch responder {
    case .view(let index): "v\(index)"
    case .controller(let index): nodeName(index)
    case .window(let index): "w\(index)"
    case .application: "application"
    }
  }

  private func addResponderNodes(to windows: inout [Graph], graph: inout Graph) {
    var windowsUsed = Set<Int>()
    var application = false
    for chain in report.responderChains {
      for responder in chain.responders {
        if case .window(let index) = responder { windowsUsed.insert(index) }
        if case .application = responder { application = true }
      }
    }
    for index in windowsUsed.sorted() {
      windows[index].add(
        Node(
          "w\(index)",
          attributes: Attributes([
            ("label", .text("UIWindow \(hierarchy.windows[index].id)")), ("shape", .raw("box")),
            ("style", .raw("filled")), ("fillcolor", .raw("#fff1e5")),
            ("color", .raw(Palette.responder)), ("fontsize", .raw("8")),
          ])))
    }
    if application {
      graph.add(
        Node(
          "application",
          attributes: Attributes([
            ("label", .text("UIApplication")), ("shape", .raw("box")), ("style", .raw("filled")),
            ("fillcolor", .raw("#fff1e5")), ("color", .raw(Palette.responder)),
            ("fontsize", .raw("8")),
          ])))
    }
  }

  private func responderEdges() -> [Edge] {
    var edges: [Edge] = []
    for (chainIndex, chain) in report.responderChains.enumerated() {
      let names = chain.responders.compactMap(responderNodeName)
      for (step, pair) in zip(names, names.dropFirst()).enumerated() {
        var attributes = Attributes([
          ("label", .text(Self.circled(step + 1))), ("color", .raw(Palette.responder)),
          ("fontcolor", .raw(Palette.responder)), ("fontsize", .raw("10")),
          ("penwidth", .raw("1.6")), ("id", .text("responder-\(chainIndex)-\(step + 1)")),
        ])
        // The window-to-application step is a flat edge that keeps UIApplication beside the
        // window; every other step follows the existing layout.
        if pair.1 != "application" { attributes["constraint"] = .raw("false") }
        edges.append(Edge(pair.0, pair.1, attributes: attributes))
      }
    }
    return edges
  }

  static func circled(_ number: Int) -> String {
    guard (1...20).contains(number) else { return "(\(number))" }
    return String(UnicodeScalar(0x2460 + number - 1)!)
  }

  // MARK: - Title and legend

  private func titleHTML() -> String {
    var lines = ["<B>\(HTML.escape(hierarchy.title ?? hierarchy.path))</B>"]
    if let caption = options.caption {
      lines.append(font(HTML.escape(caption), size: 10, color: Palette.change))
    }
    if !options.removedIDs.isEmpty {
      lines.append(
        font(
          "removed: " + HTML.escape(options.removedIDs.joined(separator: ", ")), size: 9,
          color: Palette.dismiss))
    }
    var answers: [String] = []
    if let top = analysis.topViewController {
      answers.append("top view controller: \(HTML.escape(controllers[top].id))")
    } else {
      answers.append("nothing on screen")
    }
    let visible = analysis.onScreen.filter { $0 }.count
    answers.append("\(visible) of \(controllers.count) controllers on screen")
    if analysis.visibleLeaves.count > 1 {
      answers.append(
        "visible leaves: "
          + analysis.visibleLeaves.map { HTML.escape(controllers[$0].id) }.joined(separator: ", "))
    }
    lines.append(font(answers.joined(separator: " · "), size: 9, color: Palette.ink))
    for dismissal in report.dismissals {
      let removed = dismissal.removed.map { controllers[$0].id }.joined(separator: ", ")
      let after = dismissal.topViewControllerAfter.map { controllers[$0].id } ?? "none"
      let text =
        "\(dismissCall(dismissal)): \(controllers[dismissal.receiver].id) dismisses"
        + " \(removed); \(controllers[dismissal.animated].id) animates; top after: \(after)"
      lines.append(font(HTML.escape(text), size: 9, color: Palette.dismiss))
    }
    for chain in report.responderChains {
      let text =
        "responder chain from \(chain.from): "
        + chain.responders.map(analysis.name(of:)).joined(separator: " → ")
      lines.append(font(HTML.escape(text), size: 9, color: Palette.responder))
    }
    let counts = Dictionary(grouping: report.findings, by: \.severity).mapValues(\.count)
    let summary = [Severity.error, .warning, .info].compactMap { severity -> String? in
      guard let count = counts[severity] else { return nil }
      return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
    }
    if !summary.isEmpty {
      let worst = report.findings.map(\.severity).max() ?? .info
      lines.append(
        font(
          "findings: " + summary.joined(separator: ", "), size: 9,
          color: Palette.severityColor(worst)))
    }
    return clip(lines).joined(separator: "<BR/>")
  }

  private func legend() -> Graph {
    var cluster = Graph(name: "cluster_legend")
    cluster.attributes = clusterStyle(
      label: "legend", color: "#d0d7de", fill: nil, dashed: false)
    cluster.attributes["fontcolor"] = .raw("#8c959f")
    let roles = Palette.Role.allCases.filter { role in
      controllers.contains { Palette.Role($0) == role }
    }
    var rows = ""
    func row(_ sample: String, _ text: String) {
      rows += "<TR><TD ALIGN=\"LEFT\">\(sample)</TD><TD ALIGN=\"LEFT\">\(text)</TD></TR>"
    }
    row(font("<B>━━</B>", size: 9, color: Palette.path), "visible path")
    if analysis.presentation.presenter.contains(where: { $0 != nil }) {
      row(font("┅┅", size: 9, color: Palette.presentation), "presents (style)")
    }
    row(font("━━", size: 9, color: Palette.ink), "contains, on screen")
    row(font("┅┅", size: 9, color: "#8c959f"), "contains, off screen")
    if !report.responderChains.isEmpty {
      row(font("① ②", size: 9, color: Palette.responder), "responder chain")
    }
    if !hierarchy.views.isEmpty { row(font("┈┈", size: 9, color: "#54aeff"), "view / hosts") }
    let table =
      "<TABLE BORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">\(rows)</TABLE>"
    cluster.add(
      Node(
        "legend_edges",
        attributes: Attributes([
          ("label", .html(font(table, size: 8, color: "#57606a"))), ("shape", .raw("plain")),
        ])))
    var samples: [Node] = [
      Node(
        "legend_top",
        attributes: Attributes([
          ("label", .text("★ top view controller")), ("fillcolor", .raw(Palette.top)),
          ("color", .raw(Palette.path)), ("penwidth", .raw("3")), ("fontsize", .raw("8")),
        ])),
      Node(
        "legend_on",
        attributes: Attributes([("label", .text("on screen")), ("fontsize", .raw("8"))])),
      Node(
        "legend_off",
        attributes: Attributes([
          ("label", .text("off screen")), ("fontsize", .raw("8")),
          ("style", .raw("rounded,dashed,filled")), ("color", .raw(Palette.mutedBorder)),
          ("fillcolor", .raw(Palette.mutedFill)), ("fontcolor", .raw(Palette.muted)),
        ])),
    ]
    for role in roles where role != .plain {
      samples.append(
        Node(
          "legend_\(role.rawValue)",
          attributes: Attributes([
            ("label", .text(role.legend)), ("shape", .raw(Palette.shape(role))),
            ("style", .raw("filled")), ("fontsize", .raw("8")),
          ])))
    }
    for node in samples { cluster.add(node) }
    // Keep the samples in one row.
    var row = Graph(name: "legend_row")
    row.attributes["rank"] = .raw("same")
    for name in ["legend_edges"] + samples.map(\.name) { row.add(Node(name)) }
    cluster.add(row)
    return cluster
  }
}
