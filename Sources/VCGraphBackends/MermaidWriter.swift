import VCGraphCore
import VCGraphDiagram

/// Builds the flowchart's text: nodes and subgraphs first, then edges, then the styles, which
/// Mermaid applies by class (nodes), by id (subgraphs) and by position (edges).
struct MermaidWriter {
  let maxLabelLines: Int
  /// The colours of the classes, subgraphs and links.
  let theme: Theme
  private(set) var output = ""
  /// Node ids by class, in first-use order within each class.
  private var classMembers: [NodeClass: [String]] = [:]
  private var subgraphStyles: [(id: String, style: String)] = []
  /// Edge positions by style, in first-use order.
  private var linkStyles: [(style: String, edges: [Int])] = []
  private var edgeCount = 0

  init(maxLabelLines: Int, theme: Theme = .light) {
    self.maxLabelLines = maxLabelLines
    self.theme = theme
  }

  mutating func line(_ text: String, indent: Int = 0) {
    output += String(repeating: "  ", count: indent) + text + "\n"
  }

  // MARK: - Nodes

  /// The states a node is drawn in; later classes win where they set the same property.
  enum NodeClass: String, CaseIterable {
    case onScreen, offScreen, collapsed, view, viewOffScreen, responder, scene, reference, path
    case removed, added, moved, newlyOnScreen, sceneTop, top, error, legendText

    func style(_ theme: Theme) -> String {
      switch self {
      case .onScreen: "fill:\(theme.nodeFill),stroke:\(theme.ink),color:\(theme.ink)"
      case .offScreen, .collapsed:
        "fill:\(theme.mutedFill),stroke:\(theme.mutedBorder),color:\(theme.secondary),"
          + "stroke-dasharray:4 3"
      case .view: "fill:\(theme.viewFill),stroke:\(theme.view),color:\(theme.ink)"
      case .viewOffScreen:
        "fill:\(theme.viewFill),stroke:\(theme.mutedBorder),color:\(theme.ink),"
          + "stroke-dasharray:4 3"
      case .responder:
        "fill:\(theme.responderFill),stroke:\(theme.responder),color:\(theme.ink)"
      case .scene: "fill:\(theme.nodeFill),stroke:\(theme.quietLine),color:\(theme.ink)"
      case .reference:
        "fill:\(theme.nodeFill),stroke:\(theme.quietLine),color:\(theme.ink),"
          + "stroke-dasharray:4 3"
      case .path: "stroke:\(theme.path),stroke-width:2px"
      case .removed: "stroke:\(theme.dismiss),stroke-width:2px,stroke-dasharray:6 3"
      case .added: "stroke:\(theme.color(of: .added)),stroke-width:2.5px"
      case .moved: "stroke:\(theme.color(of: .moved)),stroke-width:2.5px"
      case .newlyOnScreen: "stroke:\(theme.color(of: .newlyOnScreen)),stroke-width:2.5px"
      case .sceneTop:
        "fill:\(theme.sceneTop),stroke:\(theme.path),stroke-width:2px,color:\(theme.ink)"
      case .top:
        "fill:\(theme.top),stroke:\(theme.path),stroke-width:3px,color:\(theme.ink)"
      case .error: "stroke:\(theme.dismiss),stroke-width:2px"
      case .legendText: "fill:none,stroke:none,color:\(theme.secondary)"
      }
    }
  }

  mutating func node(_ node: Diagram.Node, indent: Int) {
    let id = MermaidID.node(node.id)
    let shape: (open: String, close: String)
    var lines: [String]
    var classes: [NodeClass]
    switch node.content {
    case .controller(let controller):
      shape = Self.shape(controller.role)
      lines = controllerLines(controller)
      classes = [controller.isOnScreen ? .onScreen : .offScreen]
      if controller.isOnScreen && controller.pathStep != nil { classes.append(.path) }
      if controller.isRemovedByDismiss { classes.append(.removed) }
      switch controller.change {
      case .added?: classes.append(.added)
      case .moved?: classes.append(.moved)
      case .newlyOnScreen?: classes.append(.newlyOnScreen)
      case .leftScreen?, nil: break
      }
      if controller.topOfScene != nil { classes.append(.sceneTop) }
      if controller.isTop { classes.append(.top) }
      if controller.hasError { classes.append(.error) }
    case .collapsed(let collapsed):
      shape = ("[", "]")
      lines = [
        "<b>" + MermaidText.label("⋯ \(collapsed.count) controllers") + "</b>",
        MermaidText.label("off screen, from \(collapsed.root.id)"),
        MermaidText.label("(--expand-all draws them)"),
      ]
      classes = [.collapsed]
    case .view(let view):
      shape = ("(", ")")
      lines = viewLines(view)
      classes = [view.isOnScreen ? .view : .viewOffScreen]
    case .window(let window):
      shape = ("[", "]")
      lines = [MermaidText.label("UIWindow \(window.id)")]
      classes = [.responder]
    case .application:
      shape = ("([", "])")
      lines = [MermaidText.label("UIApplication")]
      classes = [.responder]
    case .scene(let sceneID):
      shape = ("([", "])")
      lines = [MermaidText.label("UIWindowScene" + (sceneID.map { " \($0)" } ?? ""))]
      classes = [.responder]
    case .appDelegate(let className):
      shape = ("([", "])")
      lines = [MermaidText.label("\(className) (app delegate)")]
      classes = [.responder]
    case .storyboardScene(let scene):
      shape = Self.shape(scene.role)
      lines = sceneLines(scene)
      classes = [scene.reference == nil ? .scene : .reference]
      if scene.hasError { classes.append(.error) }
    }
    let label = MermaidText.quoted(clip(lines))
    line("\(id)\(shape.open)\(label)\(shape.close)", indent: indent)
    for nodeClass in classes { classMembers[nodeClass, default: []].append(id) }
  }

  /// A controller role's node shape.
  static func shape(_ role: Diagram.Role) -> (open: String, close: String) {
    switch role {
    case .plain: ("(", ")")
    case .navigation: ("[[", "]]")
    case .tabBar: ("{{", "}}")
    case .split: ("[/", "/]")
    case .page: ("[\\", "\\]")
    case .custom: ("[", "]")
    case .alert: (">", "]")
    case .swiftUI: ("([", "])")
    case .coordinator: ("[(", ")]")
    }
  }

  private func controllerLines(_ node: Diagram.ControllerNode) -> [String] {
    let controller = node.controller
    var lines: [String] = []
    let name = controller.displayName ?? controller.id
    if !name.hasPrefix(controller.className) {
      lines.append(MermaidText.label(controller.className))
    }
    lines.append("<b>" + MermaidText.label(name) + "</b>")
    if let title = node.title, title != name {
      lines.append("<i>" + MermaidText.label("“\(title)”") + "</i>")
    }
    if let appearance = node.appearance { lines.append(MermaidText.label(appearance)) }
    for badge in node.badges { lines.append("<b>" + MermaidText.label(badge.text) + "</b>") }
    return lines
  }

  private func viewLines(_ view: Diagram.ViewNode) -> [String] {
    var lines = [MermaidText.label(view.id ?? view.className)]
    if view.id != nil && view.className != "UIView" {
      lines.insert(MermaidText.label(view.className), at: 0)
    }
    if let hosted = view.hosts {
      lines = ["view of <b>" + MermaidText.label(hosted.id) + "</b>"]
    }
    for badge in view.badges { lines.append("<b>" + MermaidText.label(badge.text) + "</b>") }
    return lines
  }

  private func clip(_ lines: [String]) -> [String] {
    guard lines.count > maxLabelLines, maxLabelLines > 0 else { return lines }
    return Array(lines.prefix(maxLabelLines - 1))
      + ["… \(lines.count - maxLabelLines + 1) more"]
  }

  // MARK: - Clusters

  mutating func cluster(_ cluster: Diagram.Cluster, indent: Int) {
    guard !Self.isEmpty(cluster) else { return }
    let id = MermaidID.cluster(cluster.kind)
    let title = MermaidText.quoted([MermaidText.label(cluster.kind.title)], nowrap: true)
    line("subgraph \(id)[\(title)]", indent: indent)
    // Mermaid lays out a subgraph that no edge leaves across its parent's direction.
    line("direction TB", indent: indent + 1)
    for node in cluster.nodes { self.node(node, indent: indent + 1) }
    for inner in cluster.clusters { self.cluster(inner, indent: indent + 1) }
    line("end", indent: indent)
    subgraphStyles.append((id, style(cluster.kind)))
  }

  /// Clusters without nodes anywhere inside are left out (Graphviz does not draw them either).
  static func isEmpty(_ cluster: Diagram.Cluster) -> Bool {
    cluster.nodes.isEmpty && cluster.clusters.allSatisfy(isEmpty)
  }

  func style(_ kind: Diagram.Cluster.Kind) -> String {
    switch kind {
    case .scene(let scene):
      "fill:none,stroke:\(theme.secondary),color:\(theme.secondary)"
        + (scene.isForeground ? "" : ",stroke-dasharray:4 3")
    case .window:
      "fill:none,stroke:\(theme.quietLine),color:\(theme.secondary),stroke-dasharray:4 3"
    case .presentationLevel(let level):
      level.isRemoved
        ? "fill:\(theme.dismissFill),stroke:\(theme.dismiss),color:\(theme.dismiss),"
          + "stroke-dasharray:4 3"
        : "fill:\(theme.levelFill),stroke:\(theme.presentation),color:\(theme.presentation),"
          + "stroke-dasharray:4 3"
    case .dismissRegion:
      "fill:none,stroke:\(theme.dismiss),color:\(theme.dismiss),stroke-width:2px"
    case .detached:
      "fill:none,stroke:\(theme.mutedBorder),color:\(theme.secondary),stroke-dasharray:4 3"
    case .storyboard(let storyboard):
      "fill:none,stroke:\(theme.secondary),color:\(theme.secondary)"
        + (storyboard.isOpened ? "" : ",stroke-dasharray:4 3")
    }
  }

  // MARK: - Edges

  /// One edge, drawn from `tail` (a stack entry hangs from the entry above it, by a line
  /// without an arrow).
  mutating func edge(_ edge: Diagram.Edge, from tail: Diagram.NodeID) {
    var arrow: String
    let style: String
    switch edge.kind {
    case .containment(let containment):
      switch containment.emphasis {
      case .visiblePath:
        arrow = "==>"
        style = "stroke:\(theme.path),stroke-width:2.5px,color:\(theme.path)"
      case .onScreen:
        arrow = "-->"
        style = "stroke:\(theme.ink),color:\(theme.secondary)"
      case .offScreen:
        arrow = "-.->"
        style = "stroke:\(theme.quietLine),color:\(theme.secondary)"
      }
    case .presentation(let presentation):
      arrow = "-.->"
      let width =
        presentation.isOnVisiblePath
        ? "2.5px" : presentation.isPresentedOnScreen ? "1.8px" : "1.2px"
      let color = presentation.isOnVisiblePath ? theme.path : theme.presentation
      style = "stroke:\(color),stroke-width:\(width),color:\(theme.presentation)"
    case .requester:
      arrow = "-.-"
      style = "stroke:\(theme.presentation)"
    case .refusedPresentation:
      arrow = "-.->"
      style = "stroke:\(theme.dismiss),color:\(theme.dismiss)"
    case .rootView:
      arrow = "-.-o"
      style = "stroke:\(theme.view),color:\(theme.secondary)"
    case .subview:
      arrow = "-->"
      style = "stroke:\(theme.view)"
    case .hosting(let isParentsView):
      arrow = "-.->"
      style =
        isParentsView
        ? "stroke:\(theme.view),color:\(theme.secondary)"
        : "stroke:\(theme.dismiss),color:\(theme.dismiss)"
    case .responder:
      arrow = "-->"
      style = "stroke:\(theme.responder),stroke-width:1.6px,color:\(theme.responder)"
    case .segue(let segue):
      (arrow, style) = segueLink(segue.style)
    }
    if tail != edge.tail {
      // `==>` `===`, `-->` `---`, `-.->` `-.-`.
      arrow = arrow.hasSuffix(">") ? String(arrow.dropLast()) : arrow
      if arrow == "==" || arrow == "--" { arrow += arrow.prefix(1) }
    }
    let lines = edge.kind.labelLines.map(MermaidText.label)
    let label = lines.isEmpty ? "" : "|\(MermaidText.quoted(lines))|"
    line("\(MermaidID.node(tail)) \(arrow)\(label) \(MermaidID.node(edge.head))", indent: 1)
    if let index = linkStyles.firstIndex(where: { $0.style == style }) {
      linkStyles[index].edges.append(edgeCount)
    } else {
      linkStyles.append((style, [edgeCount]))
    }
    edgeCount += 1
  }

  /// A link Mermaid lays out but does not draw (`A ~~~ B`), between nodes or subgraphs.
  mutating func invisibleLink(_ tail: String, _ head: String) {
    line("\(tail) ~~~ \(head)", indent: 1)
    edgeCount += 1
  }

  // MARK: - Legend

  mutating func legend(_ legend: Diagram.Legend, above anchors: [String]) {
    var rows = [("<b>━━</b>", "visible path")]
    if legend.hasPresentations { rows.append(("┅┅", "presents (style)")) }
    rows += [("━━", "contains, on screen"), ("┅┅", "contains, off screen")]
    if legend.hasResponderChains { rows.append(("① ②", "responder chain")) }
    if legend.hasViews { rows.append(("┈┈", "view / hosts")) }
    for style in legend.segueStyles { rows.append((Self.sample(style), legend.name(of: style))) }
    line("subgraph lgd[\(MermaidText.quoted(["legend"], nowrap: true))]", indent: 1)
    line("direction TB", indent: 2)
    let table = rows.map { "\($0.0) \(MermaidText.label($0.1))" }.joined(separator: "<br>")
    line("lgdEdges[\(MermaidText.quoted([table]))]", indent: 2)
    let top = MermaidText.label(Diagram.Badge.topViewController.text)
    line("lgdTop[\(MermaidText.quoted([top]))]", indent: 2)
    if legend.hasSceneTops {
      line(
        "lgdSceneTop[\(MermaidText.quoted([MermaidText.label("☆ top of another scene")]))]",
        indent: 2)
      classMembers[.sceneTop, default: []].append("lgdSceneTop")
    }
    line("lgdOn(\(MermaidText.quoted(["on screen"])))", indent: 2)
    line("lgdOff(\(MermaidText.quoted(["off screen"])))", indent: 2)
    classMembers[.legendText, default: []].append("lgdEdges")
    classMembers[.top, default: []].append("lgdTop")
    classMembers[.onScreen, default: []].append("lgdOn")
    classMembers[.offScreen, default: []].append("lgdOff")
    for role in legend.roles where role != .plain {
      let shape = Self.shape(role)
      let name = "lgd" + role.rawValue.prefix(1).uppercased() + role.rawValue.dropFirst()
      let label = MermaidText.quoted([MermaidText.label(role.legend)])
      line("\(name)\(shape.open)\(label)\(shape.close)", indent: 2)
      classMembers[.onScreen, default: []].append(name)
    }
    line("end", indent: 1)
    subgraphStyles.append(("lgd", "fill:none,stroke:\(theme.quietLine),color:\(theme.secondary)"))
    for anchor in anchors { invisibleLink("lgd", anchor) }
  }

  // MARK: - Styles

  mutating func finish() {
    for nodeClass in NodeClass.allCases where classMembers[nodeClass] != nil {
      line("classDef \(nodeClass.rawValue) \(nodeClass.style(theme))", indent: 1)
    }
    for nodeClass in NodeClass.allCases {
      guard let members = classMembers[nodeClass] else { continue }
      line("class \(members.joined(separator: ",")) \(nodeClass.rawValue)", indent: 1)
    }
    for (id, style) in subgraphStyles { line("style \(id) \(style)", indent: 1) }
    for (style, edges) in linkStyles {
      line("linkStyle \(edges.map(String.init).joined(separator: ",")) \(style)", indent: 1)
    }
  }
}
