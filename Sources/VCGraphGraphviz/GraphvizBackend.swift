import GraphvizKit
import VCGraphCore
import VCGraphDiagram

/// Draws a ``Diagram`` as a styled Graphviz graph: controller roles by shape, on-screen state
/// by fill and border, the visible path in blue, presentations in purple, dismissals in red,
/// responder chains in orange, HTML labels with the badges, and the legend.
public struct GraphvizBackend: Sendable {
  /// Creates the backend.
  public init() {}

  /// The styled graph of `diagram`; equal diagrams give equal graphs.
  public func graph(_ diagram: Diagram) -> Graph {
    var graph = Graph(name: "vcgraph")
    graph.attributes = Attributes([
      ("rankdir", .raw("TB")), ("newrank", .raw("true")), ("compound", .raw("true")),
      ("ordering", .raw("out")),
      ("fontname", .raw(GraphvizStyle.font)), ("fontsize", .raw("11")),
      ("nodesep", .raw("0.3")), ("ranksep", .raw("0.45")), ("labelloc", .raw("t")),
      ("label", .html(titleHTML(diagram))), ("tooltip", .text(diagram.title)),
    ])
    graph.nodeDefaults = Attributes([
      ("fontname", .raw(GraphvizStyle.font)), ("fontsize", .raw("10")), ("shape", .raw("box")),
      ("style", .raw("rounded,filled")), ("fillcolor", .raw("white")),
      ("color", .raw(Palette.ink)), ("margin", .raw("0.12,0.05")),
    ])
    graph.edgeDefaults = Attributes([
      ("fontname", .raw(GraphvizStyle.font)), ("fontsize", .raw("8")),
      ("color", .raw(Palette.windowBorder)), ("fontcolor", .raw(Palette.secondary)),
      ("arrowsize", .raw("0.6")),
    ])
    for node in diagram.nodes { graph.add(self.node(node, in: diagram)) }
    for cluster in diagram.clusters { graph.add(self.cluster(cluster, in: diagram)) }
    for edge in diagram.edges { graph.add(self.edge(edge)) }
    if let legend = diagram.legend { graph.add(self.legend(legend)) }
    return graph
  }

  /// The Graphviz name of a node.
  static func name(_ id: Diagram.NodeID) -> String {
    switch id {
    case .controller(let index): "c\(index)"
    case .view(let index): "v\(index)"
    case .window(let index): "w\(index)"
    case .scene(let index): index.map { "scene\($0)" } ?? "scene"
    case .application: "application"
    case .appDelegate: "appDelegate"
    }
  }

  // MARK: - Clusters

  private func cluster(_ cluster: Diagram.Cluster, in diagram: Diagram) -> Graph {
    var graph: Graph
    switch cluster.kind {
    case .scene(let scene):
      graph = Graph(name: "cluster_scene_\(scene.index)")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, color: Palette.secondary, fill: nil,
        dashed: !scene.isForeground)
    case .window(let window):
      graph = Graph(name: "cluster_window_\(window.index)")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, color: Palette.windowBorder, fill: nil, dashed: true)
      graph.attributes["id"] = .text("window-\(window.id)")
    case .presentationLevel(let level):
      graph = Graph(name: "cluster_level_\(level.root.index)")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, color: level.isRemoved ? Palette.dismiss : Palette.presentation,
        fill: level.isRemoved ? Palette.dismissFill : Palette.levelFill, dashed: true)
      graph.attributes["id"] = .text("level-\(level.root.id)")
    case .dismissRegion(let region):
      graph = Graph(name: "cluster_dismiss_\(region.firstLevel)")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, color: Palette.dismiss, fill: nil,
        dashed: false)
      graph.attributes["penwidth"] = .raw("2")
      graph.attributes["id"] = .text("dismiss-region")
    case .detached:
      graph = Graph(name: "cluster_detached")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, color: Palette.mutedBorder, fill: nil, dashed: true)
    }
    for node in cluster.nodes { graph.add(self.node(node, in: diagram)) }
    for inner in cluster.clusters { graph.add(self.cluster(inner, in: diagram)) }
    return graph
  }

  func clusterStyle(label: String, color: String, fill: String?, dashed: Bool) -> Attributes {
    var attributes = Attributes([
      ("label", .text(label)), ("fontname", .raw(GraphvizStyle.font)), ("fontsize", .raw("10")),
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

  // MARK: - Nodes

  private func node(_ node: Diagram.Node, in diagram: Diagram) -> Node {
    let name = Self.name(node.id)
    switch node.content {
    case .controller(let controller):
      return controllerNode(controller, name: name, maxLines: diagram.maxLabelLines)
    case .collapsed(let collapsed):
      return collapsedNode(collapsed, name: name)
    case .view(let view):
      return viewNode(view, name: name)
    case .window(let window):
      return Node(
        name,
        attributes: Attributes([
          ("label", .text("UIWindow \(window.id)")), ("shape", .raw("box")),
          ("style", .raw("filled")), ("fillcolor", .raw(Palette.responderFill)),
          ("color", .raw(Palette.responder)), ("fontsize", .raw("8")),
        ]))
    case .application:
      return responderNode(name, label: "UIApplication")
    case .scene(let id):
      return responderNode(name, label: "UIWindowScene" + (id.map { " \($0)" } ?? ""))
    case .appDelegate(let className):
      return responderNode(name, label: "\(className) (app delegate)")
    }
  }

  /// A responder past the windows (UIApplication, a scene, the app delegate).
  private func responderNode(_ name: String, label: String) -> Node {
    Node(
      name,
      attributes: Attributes([
        ("label", .text(label)), ("shape", .raw("box")), ("style", .raw("filled")),
        ("fillcolor", .raw(Palette.responderFill)), ("color", .raw(Palette.responder)),
        ("fontsize", .raw("8")),
      ]))
  }

  private func controllerNode(_ node: Diagram.ControllerNode, name: String, maxLines: Int) -> Node {
    let controller = node.controller
    let textColor = node.isOnScreen ? Palette.ink : Palette.muted
    var lines: [String] = []
    if !controller.id.hasPrefix(controller.className) {
      lines.append(font(HTML.escape(controller.className), size: 8, color: textColor))
    }
    lines.append(font("<B>\(HTML.escape(controller.id))</B>", size: nil, color: textColor))
    if let title = node.title {
      lines.append(font("<I>“\(HTML.escape(title))”</I>", size: 8, color: textColor))
    }
    if let appearance = node.appearance {
      lines.append(font(HTML.escape(appearance), size: 7, color: Palette.muted))
    }
    for badge in node.badges {
      lines.append(
        font("<B>\(HTML.escape(badge.text))</B>", size: 8, color: Palette.color(of: badge)))
    }
    var attributes = Attributes([
      ("label", .html(Self.clip(lines, to: maxLines).joined(separator: "<BR/>"))),
      ("shape", .raw(GraphvizStyle.shape(node.role))),
      ("id", .text("vc-\(controller.id)")),
      ("tooltip", .text(tooltip(node))),
    ])
    var style = node.role == .plain ? ["rounded", "filled"] : ["filled"]
    if node.isTop {
      attributes["fillcolor"] = .raw(Palette.top)
      attributes["color"] = .raw(Palette.path)
      attributes["penwidth"] = .raw("3")
    } else if node.topOfScene != nil {
      attributes["fillcolor"] = .raw(Palette.sceneTop)
      attributes["color"] = .raw(Palette.path)
      attributes["penwidth"] = .raw("2")
    } else if node.isOnScreen {
      if node.pathStep != nil {
        attributes["color"] = .raw(Palette.path)
        attributes["penwidth"] = .raw("2")
      }
    } else {
      style.append("dashed")
      attributes["color"] = .raw(Palette.mutedBorder)
      attributes["fillcolor"] = .raw(Palette.mutedFill)
    }
    if let change = node.change, change != .leftScreen, !node.isTop {
      attributes["color"] = .raw(Palette.color(of: change))
      attributes["penwidth"] = .raw("2.5")
    }
    if node.hasError {
      attributes["color"] = .raw(Palette.dismiss)
      attributes["penwidth"] = .raw("2")
    }
    attributes["style"] = .raw(style.joined(separator: ","))
    return Node(name, attributes: attributes)
  }

  private func tooltip(_ node: Diagram.ControllerNode) -> String {
    var parts = [
      "\(node.controller.className) \(node.controller.id)",
      node.isOnScreen ? "on screen" : "off screen",
    ]
    if let appearance = node.appearance { parts.append("state: \(appearance)") }
    if let step = node.pathStep { parts.append("visible path: \(step.rawValue)") }
    parts.append("\(node.location)")
    for note in node.notes { parts.append("note: \(note)") }
    for finding in node.findings {
      parts.append("\(finding.severity.rawValue) [\(finding.rule.rawValue)]: \(finding.message)")
    }
    return parts.joined(separator: "\n")
  }

  private func collapsedNode(_ node: Diagram.CollapsedNode, name: String) -> Node {
    let label =
      font("<B>⋯ \(node.count) controllers</B>", size: 9, color: Palette.muted)
      + "<BR/>"
      + font("off screen, from \(HTML.escape(node.root.id))", size: 8, color: Palette.muted)
      + "<BR/>" + font("(--expand-all draws them)", size: 7, color: Palette.muted)
    return Node(
      name,
      attributes: Attributes([
        ("label", .html(label)), ("shape", .raw("box")),
        ("style", .raw("rounded,dashed,filled")), ("color", .raw(Palette.mutedBorder)),
        ("fillcolor", .raw(Palette.mutedFill)), ("id", .text("vc-\(node.root.id)")),
        ("tooltip", .text("\(node.count) off-screen controllers under \(node.root.id)")),
      ]))
  }

  private func viewNode(_ view: Diagram.ViewNode, name: String) -> Node {
    var lines = [font(HTML.escape(view.id ?? view.className), size: 8, color: Palette.ink)]
    if view.id != nil && view.className != "UIView" {
      lines.insert(font(HTML.escape(view.className), size: 7, color: Palette.secondary), at: 0)
    }
    if let hosted = view.hosts {
      lines = [font("view of <B>\(HTML.escape(hosted.id))</B>", size: 8, color: Palette.ink)]
    }
    for badge in view.badges {
      lines.append(
        font("<B>\(HTML.escape(badge.text))</B>", size: 8, color: Palette.color(of: badge)))
    }
    return Node(
      name,
      attributes: Attributes([
        ("label", .html(lines.joined(separator: "<BR/>"))), ("shape", .raw("box")),
        ("style", .raw(view.isOnScreen ? "rounded,filled" : "rounded,filled,dashed")),
        ("fillcolor", .raw(Palette.viewFill)),
        ("color", .raw(view.isOnScreen ? Palette.view : Palette.mutedBorder)),
        ("height", .raw("0.25")), ("margin", .raw("0.06,0.02")),
        ("id", .text("view-\(view.id ?? "\(view.index)")")),
        ("tooltip", .text("\(view.className) \(view.id ?? "") at \(view.location)")),
      ]))
  }

  // MARK: - Label text

  func font(_ html: String, size: Int?, color: String) -> String {
    var attributes = " COLOR=\"\(color)\""
    if let size { attributes += " POINT-SIZE=\"\(size)\"" }
    return "<FONT\(attributes)>\(html)</FONT>"
  }

  /// Keeps labels within the line limit (Graphviz crashes on very long labels).
  static func clip(_ lines: [String], to limit: Int) -> [String] {
    guard lines.count > limit else { return lines }
    return Array(lines.prefix(limit - 1)) + ["… \(lines.count - limit + 1) more"]
  }
}
