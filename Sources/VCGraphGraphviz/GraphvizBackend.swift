import GraphvizKit
import VCGraphCore
import VCGraphDiagram

/// Draws a ``Diagram`` as a styled Graphviz graph in the diagram's ``Theme``: controller roles
/// by shape, on-screen state by fill and border, the visible path in blue, presentations in
/// purple, dismissals in red, responder chains in orange, HTML labels with the badges, and
/// the legend. Where things go is ``GraphvizLayoutPolicy``'s.
public struct GraphvizBackend: Sendable {
  /// The layout the graph asks `dot` for.
  public var layout: GraphvizLayoutPolicy

  /// Creates the backend.
  public init(layout: GraphvizLayoutPolicy = GraphvizLayoutPolicy()) {
    self.layout = layout
  }

  /// The styled graph of `diagram`; equal diagrams give equal graphs.
  public func graph(_ diagram: Diagram) -> Graph {
    let theme = diagram.theme
    var graph = Graph(name: "vcgraph")
    var layout = self.layout
    if diagram.flowsLeftToRight { layout.rankDirection = "LR" }
    graph.attributes = Attributes(
      layout.graphAttributes + [
        ("bgcolor", .raw(theme.canvas ?? "transparent")),
        ("fontname", .raw(GraphvizStyle.font)), ("fontsize", .raw("\(GraphvizStyle.bodySize)")),
        ("fontcolor", .raw(theme.ink)), ("labelloc", .raw("t")),
        ("label", .html(titleHTML(diagram))), ("tooltip", .text(diagram.title)),
      ])
    graph.nodeDefaults = Attributes([
      ("fontname", .raw(GraphvizStyle.font)), ("fontsize", .raw("\(GraphvizStyle.bodySize)")),
      ("fontcolor", .raw(theme.ink)), ("shape", .raw("box")),
      ("style", .raw("rounded,filled")), ("fillcolor", .raw(theme.nodeFill)),
      ("color", .raw(theme.ink)), ("margin", .raw("0.08,0.04")),
    ])
    graph.edgeDefaults = Attributes([
      ("fontname", .raw(GraphvizStyle.font)), ("fontsize", .raw("\(GraphvizStyle.smallSize)")),
      ("color", .raw(theme.quietLine)), ("fontcolor", .raw(theme.secondary)),
      ("arrowsize", .raw("0.6")),
    ])
    for node in diagram.nodes { graph.add(self.node(node, in: diagram)) }
    for cluster in diagram.clusters { graph.add(self.cluster(cluster, in: diagram)) }
    let ends = layout.drawnEnds(of: diagram.edges)
    for (edge, drawn) in zip(diagram.edges, ends) {
      // The requester is named in the presentation's label; a line from it would cross the
      // stacks between it and the level below and read as containment.
      if case .requester = edge.kind { continue }
      graph.add(self.edge(edge, from: drawn.tail, to: drawn.head, theme: theme))
    }
    let anchors = layout.stackingAnchors(in: diagram)
    for anchor in anchors {
      graph.add(
        Edge(
          Self.name(anchor.tail), Self.name(anchor.head),
          attributes: Attributes([("style", .raw("invis")), ("weight", .raw("0"))])))
    }
    // The diagram's own hints: invisible edges, one column for the aligned ones.
    var aligned: [Diagram.NodeID: Diagram.NodeID] = [:]
    for hint in diagram.stacking {
      var attributes = Attributes([("style", .raw("invis"))])
      attributes["weight"] = .raw(hint.aligned ? "8" : "0")
      if hint.gap > 1 { attributes["minlen"] = .raw("\(hint.gap)") }
      graph.add(Edge(Self.name(hint.upper), Self.name(hint.lower), attributes: attributes))
      if hint.aligned {
        aligned[hint.upper] = aligned[hint.upper] ?? hint.upper
        aligned[hint.lower] = aligned[hint.upper]
      }
    }
    let groups = layout.stackGroups(in: diagram).merging(aligned) { stack, _ in stack }
    if !groups.isEmpty {
      Self.assignGroups(
        Dictionary(uniqueKeysWithValues: groups.map { (Self.name($0), "stack_" + Self.name($1)) }),
        in: &graph)
    }
    for (number, row) in layout.siblingRows(in: diagram).enumerated() {
      var rank = Graph(name: "rank_siblings_\(number)")
      rank.attributes["rank"] = .raw("same")
      for (left, right) in zip(row, row.dropFirst()) {
        rank.add(
          Edge(
            Self.name(left), Self.name(right), attributes: Attributes([("style", .raw("invis"))])))
      }
      graph.add(rank)
    }
    if let legend = diagram.legend {
      addLegend(legend, to: &graph, in: diagram, stackingAnchors: anchors)
    }
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
    case .storyboardScene(let scene): "s\(scene.storyboard)_\(scene.scene)"
    }
  }

  /// Sets the `group` of every node `groups` names, wherever in `graph` it is listed.
  private static func assignGroups(_ groups: [String: String], in graph: inout Graph) {
    for index in graph.nodes.indices {
      if let group = groups[graph.nodes[index].name] {
        graph.nodes[index].attributes["group"] = .raw(group)
      }
    }
    for index in graph.subgraphs.indices { assignGroups(groups, in: &graph.subgraphs[index]) }
  }

  // MARK: - Clusters

  private func cluster(_ cluster: Diagram.Cluster, in diagram: Diagram) -> Graph {
    let theme = diagram.theme
    var graph: Graph
    switch cluster.kind {
    case .scene(let scene):
      graph = Graph(name: "cluster_scene_\(scene.index)")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, line: theme.secondary, text: theme.secondary, fill: nil,
        dashed: !scene.isForeground, theme: theme)
    case .window(let window):
      graph = Graph(name: "cluster_window_\(window.index)")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, line: theme.quietLine, text: theme.secondary, fill: nil,
        dashed: true, theme: theme)
      graph.attributes["id"] = .text("window-\(window.id)")
    case .presentationLevel(let level):
      graph = Graph(name: "cluster_level_\(level.root.index)")
      let color = level.isRemoved ? theme.dismiss : theme.presentation
      // The requester, when another controller called present (the edge has no label).
      let requester = diagram.edges.lazy.compactMap { edge -> Diagram.ControllerRef? in
        guard case .presentation(let presentation) = edge.kind,
          presentation.presented.index == level.root.index
        else { return nil }
        return presentation.requester
      }.first
      graph.attributes = clusterStyle(
        label: cluster.kind.title + (requester.map { "\nrequested by \($0.id)" } ?? ""),
        line: color, text: color,
        fill: level.isRemoved ? theme.dismissFill : theme.levelFill, dashed: true, theme: theme)
      graph.attributes["id"] = .text("level-\(level.root.id)")
    case .dismissRegion(let region):
      graph = Graph(name: "cluster_dismiss_\(region.firstLevel)")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, line: theme.dismiss, text: theme.dismiss, fill: nil,
        dashed: false, theme: theme)
      graph.attributes["penwidth"] = .raw("2")
      graph.attributes["id"] = .text("dismiss-region")
    case .detached:
      graph = Graph(name: "cluster_detached")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, line: theme.mutedBorder, text: theme.secondary, fill: nil,
        dashed: true, theme: theme)
    case .storyboard(let storyboard):
      graph = Graph(name: "cluster_storyboard_\(storyboard.index)")
      graph.attributes = clusterStyle(
        label: cluster.kind.title, line: theme.secondary, text: theme.secondary, fill: nil,
        dashed: !storyboard.isOpened, theme: theme)
      graph.attributes["id"] = .text("storyboard-\(storyboard.name)")
    }
    for node in cluster.nodes { graph.add(self.node(node, in: diagram)) }
    for inner in cluster.clusters { graph.add(self.cluster(inner, in: diagram)) }
    return graph
  }

  /// A cluster's attributes. Without a canvas (`transparent`), a cluster without a fill of
  /// its own takes the theme's label fill, so its title has a background on any page.
  func clusterStyle(
    label: String, line: String, text: String, fill: String?, dashed: Bool, theme: Theme
  ) -> Attributes {
    var attributes = Attributes([
      ("label", .text(label)), ("fontname", .raw(GraphvizStyle.font)),
      ("fontsize", .raw("\(GraphvizStyle.bodySize)")), ("color", .raw(line)),
      ("fontcolor", .raw(text)), ("labeljust", .raw("l")),
    ])
    var style = ["rounded"]
    if dashed { style.append("dashed") }
    if let fill = fill ?? theme.labelFill {
      style.append("filled")
      attributes["fillcolor"] = .raw(fill)
    }
    attributes["style"] = .raw(style.joined(separator: ","))
    return attributes
  }

  // MARK: - Label text

  func font(_ html: String, size: Int?, color: String) -> String {
    // Built in one buffer of the right size: this runs for every line of every label.
    var result = "<FONT COLOR=\""
    result.reserveCapacity(42 + color.utf8.count + html.utf8.count)
    result += color
    if let size {
      result += "\" POINT-SIZE=\""
      result += String(size)
    }
    result += "\">"
    result += html
    result += "</FONT>"
    return result
  }

  /// Keeps labels within the line limit (Graphviz crashes on very long labels).
  static func clip(_ lines: [String], to limit: Int) -> [String] {
    guard lines.count > limit else { return lines }
    return Array(lines.prefix(limit - 1)) + ["… \(lines.count - limit + 1) more"]
  }

  /// HTML label text on a filled box: edge labels and the title keep a background of their
  /// own, so a line or a cluster border under them never cuts the text.
  func backed(_ html: String, fill: String) -> String {
    "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\""
      + " BGCOLOR=\"\(fill)\"><TR><TD>\(html)</TD></TR></TABLE>"
  }
}
