import Foundation
import GraphvizKit
import VCGraphDiagram

/// Several states of one diagram drawn on one layout, so that whatever two states share keeps
/// its place: `simulate`'s step diagrams, where the eye follows what a step changed.
///
/// How: every state's graph is laid out once to measure it (node sizes, the title's size).
/// The union of all states — every node, cluster, group and edge that any state has,
/// identified from state to state by its `id` attribute (`vc-feed`, `window-main`, …) or else
/// its name — is laid out once, without the title, with each node as large as it is in its
/// largest state. Each state is then drawn with Graphviz's `nop2`
/// engine (`neato -n2`: positions as given): its own nodes, clusters and edges, with the
/// union's node positions and sizes (a node keeps its largest size in every state), edge
/// routes and cluster boxes, plus two invisible anchor points at the corners of the union's
/// drawing and the title as a node of one size above them (not as the graph's label, whose
/// size Graphviz takes from its text). Every state's drawing therefore has the same size, and
/// a node has the same coordinates in every state that has it. A node a step removed can be
/// drawn as a ghost where it was.
public struct StableLayout: Sendable {
  /// A controller a step removed, drawn where it was: dashed, with ✕.
  public struct Ghost: Sendable, Equatable {
    /// The key of its node in the states that had it (`vc-<id>`).
    public var key: String
    /// The label text (lines separated by newlines).
    public var label: String
    /// The SVG element id and the tooltip.
    public var id: String
    public var tooltip: String

    public init(key: String, label: String, id: String, tooltip: String) {
      self.key = key
      self.label = label
      self.id = id
      self.tooltip = tooltip
    }
  }

  /// The engine that draws each state at the positions given (`neato -n2`).
  public static let engine = "nop2"

  /// Lays out a graph with an engine and returns Graphviz's `json0` output.
  public typealias LayoutFunction = (Graph, String) throws -> [UInt8]

  let states: [Graph]
  let readings: [StateGraph]
  /// The union graph, as laid out.
  let union: Graph
  let geometry: Geometry
  let unionNodes: [String: String]
  let unionClusters: [String: String]
  let unionEdges: [EdgeKey: String]
  /// Where each node lives in the union: the keys of its clusters, outermost first.
  let homes: [String: [String]]
  /// The keys of the clusters around each cluster in the union, outermost first.
  let clusterPaths: [String: [String]]
  /// Each node's shape in its last state, by key.
  let shapes: [String: String]
  /// The union's edge routes by the union edge's id.
  let edgeGeometry: [String: Geometry.EdgeGeometry]
  /// The title block's size in points.
  let titleWidth: Int
  let titleHeight: Int
  /// The top-level subgraphs some drawings leave out (the legend's), by name.
  let optionalSubgraphs: Set<String>

  /// Lays out `states` (graphs of one diagram at successive times) together.
  /// `optionalSubgraphs` names the top-level subgraphs some drawings leave out (the legend's);
  /// those drawings get anchors of their own, the same in every state.
  public init(
    states: [Graph], engine: String, optionalSubgraphs: Set<String> = [],
    layout: LayoutFunction
  ) throws {
    self.states = states
    self.optionalSubgraphs = optionalSubgraphs
    let readings = states.map(StateGraph.init)
    self.readings = readings
    // Measure each state: node sizes and the title's size.
    var sizes: [String: (width: Double, height: Double)] = [:]
    var labelWidth = 0.0
    var labelHeight = 0.0
    for (state, reading) in zip(states, readings) {
      // The title is measured in the block it is drawn in (its smallest size), which a table
      // cell can make a little taller than the bare label.
      var measuring = state
      measuring.attributes["label"] = Self.fixedTitle(state.attributes.label, width: 1, height: 1)
      let measured = try Geometry(json: layout(measuring, "dot"))
      labelWidth = max(labelWidth, measured.labelWidth)
      labelHeight = max(labelHeight, measured.labelHeight)
      for entry in reading.nodes {
        guard let node = measured.nodes[entry.name] else { continue }
        let size = sizes[entry.key] ?? (0, 0)
        sizes[entry.key] = (max(size.width, node.width), max(size.height, node.height))
      }
    }
    // A little more than measured: Graphviz writes sizes to 0.01 inch.
    titleWidth = Int((labelWidth * 72).rounded(.up)) + 2
    titleHeight = Int((labelHeight * 72).rounded(.up)) + 2
    var builder = UnionBuilder(readings: readings, states: states, sizes: sizes)
    let union = builder.build()
    self.union = union
    unionNodes = builder.nodeNames
    unionClusters = builder.clusterNames
    unionEdges = builder.edgeIDs
    homes = builder.homes
    clusterPaths = builder.clusterPaths
    shapes = builder.shapes
    let geometry = try Geometry(json: layout(union, engine))
    self.geometry = geometry
    var edges: [String: Geometry.EdgeGeometry] = [:]
    for edge in geometry.edges {
      if let id = edge.id { edges[id] = edge }
    }
    edgeGeometry = edges
  }

  // MARK: - One state

  /// State `n` drawn on the union's layout, for the `nop2` engine; `ghosts` are drawn where
  /// they were, in `theme`'s colours; with `dropOptional`, the optional subgraphs (the
  /// legend) are left out.
  public func graph(
    _ n: Int, ghosts: [Ghost] = [], theme: Theme = .light, dropOptional: Bool = false
  ) -> Graph {
    let reading = readings[n]
    var graph = states[n]
    let title = graph.attributes.label
    graph.attributes["label"] = nil
    var edgeKeys = reading.edges.map(\.key).makeIterator()
    pin(&graph, reading: reading, edgeKeys: &edgeKeys)
    if dropOptional { graph.subgraphs.removeAll { optionalSubgraphs.contains($0.name) } }
    for (number, ghost) in ghosts.enumerated() {
      guard let name = unionNodes[ghost.key], let node = geometry.nodes[name] else { continue }
      // The ghost keeps the shape the controller had.
      let shape = shapes[ghost.key] ?? "box"
      if dropOptional, isOptional(homes[ghost.key]) { continue }
      graph.add(
        Node(
          "stable_ghost_\(number)",
          attributes: Attributes([
            ("label", .text(ghost.label)), ("id", .text(ghost.id)),
            ("tooltip", .text(ghost.tooltip)), ("shape", .raw(shape)),
            ("style", .raw("rounded,dashed,filled")), ("fillcolor", .raw(theme.nodeFill)),
            ("color", .raw(theme.dismiss)), ("fontcolor", .raw(theme.dismiss)),
            ("fontsize", .raw("\(GraphvizStyle.smallSize)")), ("penwidth", .raw("1.2")),
            ("width", .raw(Self.number(node.width))), ("height", .raw(Self.number(node.height))),
            ("fixedsize", .raw("true")), ("pos", .raw(Self.point(node.x, node.y))),
          ])))
    }
    // Two invisible points at the union's corners, and the title in a block of one size
    // above them: every state's drawing has one size.
    let extent = extent(droppingOptional: dropOptional)
    if let title {
      var attributes = Attributes([
        ("label", Self.fixedTitle(title, width: titleWidth, height: titleHeight)),
        ("shape", .raw("plaintext")), ("fixedsize", .raw("true")),
        ("width", .raw(Self.number(Double(titleWidth) / 72))),
        ("height", .raw(Self.number(Double(titleHeight) / 72))),
        (
          "pos",
          .raw(
            Self.point(
              (extent.minX + extent.maxX) / 2,
              extent.maxY + 4 + Double(titleHeight) / 2))
        ),
        ("id", .text("diagram-title")), ("style", .raw("solid")),
      ])
      for name in ["fontname", "fontsize", "fontcolor"] {
        if let value = states[n].attributes[name] { attributes[name] = value }
      }
      if let tooltip = states[n].attributes.tooltip { attributes["tooltip"] = .text(tooltip) }
      graph.add(Node("stable_title", attributes: attributes))
    }
    for (number, (x, y)) in [(extent.minX, extent.minY), (extent.maxX, extent.maxY)].enumerated() {
      graph.add(
        Node(
          "stable_anchor_\(number)",
          attributes: Attributes([
            ("shape", .raw("point")), ("style", .raw("invis")), ("label", .raw("")),
            ("width", .raw("0.01")), ("height", .raw("0.01")), ("fixedsize", .raw("true")),
            ("pos", .raw(Self.point(x, y))),
          ])))
    }
    return graph
  }

  /// The union's geometry of a node, by key.
  func unionNode(_ key: String) -> Geometry.NodeGeometry? {
    unionNodes[key].flatMap { geometry.nodes[$0] }
  }

  /// Puts every node, edge and cluster of `graph` where the union has it.
  private func pin(
    _ graph: inout Graph, reading: StateGraph, edgeKeys: inout IndexingIterator<[EdgeKey]>
  ) {
    for index in graph.nodes.indices {
      guard let key = reading.nodeKeys[graph.nodes[index].name], let node = unionNode(key)
      else { continue }
      graph.nodes[index].attributes["pos"] = .raw(Self.point(node.x, node.y))
      // A node keeps one size in every state (its largest), unless it has no outline.
      if !["plain", "plaintext", "none"].contains(shapes[key] ?? "") {
        graph.nodes[index].attributes["width"] = .raw(Self.number(node.width))
        graph.nodes[index].attributes["height"] = .raw(Self.number(node.height))
      }
    }
    for index in graph.edges.indices {
      guard let key = edgeKeys.next(), let id = unionEdges[key], let edge = edgeGeometry[id]
      else { continue }
      for (name, value) in edge.attributes.sorted(by: { $0.key < $1.key }) {
        if name == "lp" && graph.edges[index].attributes.label == nil { continue }
        graph.edges[index].attributes[name] = .raw(value)
      }
    }
    for index in graph.subgraphs.indices {
      pin(&graph.subgraphs[index], reading: reading, edgeKeys: &edgeKeys)
      guard graph.subgraphs[index].isCluster,
        let key = reading.clusterKeys[graph.subgraphs[index].name]
      else { continue }
      let cluster = unionClusters[key].flatMap { geometry.clusters[$0] }
      // The union's box, grown around any node that was elsewhere in the union.
      var box = cluster?.bb
      for inner in members(of: graph.subgraphs[index], reading: reading) {
        box =
          box.map { $0.union(inner) }
          ?? Box(
            minX: inner.minX - 8, minY: inner.minY - 8, maxX: inner.maxX + 8, maxY: inner.maxY + 8)
      }
      guard let box else { continue }
      graph.subgraphs[index].attributes["bb"] = .raw(box.bb)
      if let lp = cluster?.lp, box == cluster?.bb {
        graph.subgraphs[index].attributes["lp"] = .raw(lp)
      }
    }
  }

  /// The boxes of a cluster's nodes (its subclusters' included), from the union.
  private func members(of graph: Graph, reading: StateGraph) -> [Box] {
    var boxes: [Box] = []
    for node in graph.nodes {
      if let key = reading.nodeKeys[node.name], let geometry = unionNode(key) {
        boxes.append(geometry.box)
      }
    }
    for subgraph in graph.subgraphs { boxes += members(of: subgraph, reading: reading) }
    return boxes
  }

  /// Whether a node or cluster with these clusters around it lives in an optional subgraph.
  private func isOptional(_ path: [String]?) -> Bool {
    path?.first.map { optionalSubgraphs.contains($0) } ?? false
  }

  /// Everything the union draws (nodes, clusters, edge routes), without the optional
  /// subgraphs and what lives in them when asked.
  func extent(droppingOptional: Bool) -> Box {
    var box: Box?
    func add(_ other: Box) { box = box.map { $0.union(other) } ?? other }
    var droppedNames = Set<String>()
    for (key, name) in unionNodes {
      if droppingOptional, isOptional(homes[key]) {
        droppedNames.insert(name)
        continue
      }
      if let node = geometry.nodes[name] { add(node.box) }
    }
    for (key, name) in unionClusters {
      if droppingOptional, optionalSubgraphs.contains(key) || isOptional(clusterPaths[key]) {
        continue
      }
      if let cluster = geometry.clusters[name] { add(cluster.bb) }
    }
    for edge in geometry.edges
    where !droppedNames.contains(edge.tail) && !droppedNames.contains(edge.head) {
      for point in Self.points(edge.attributes["pos"] ?? "") {
        add(Box(minX: point.0, minY: point.1, maxX: point.0, maxY: point.1))
      }
    }
    return box ?? Box(minX: 0, minY: 0, maxX: 0, maxY: 0)
  }

  // MARK: - Text

  /// The title in a block of a fixed size (the largest title's), so every state's title takes
  /// the same room.
  static func fixedTitle(_ value: AttributeValue?, width: Int, height: Int) -> AttributeValue {
    let inner: String
    switch value {
    case .html(let html)?: inner = html
    case .text(let text)?:
      inner = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        HTML.escape(String($0))
      }.joined(separator: "<BR/>")
    case .raw(let raw)?: inner = HTML.escape(raw)
    case nil: inner = ""
    }
    return .html(
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR>"
        + "<TD WIDTH=\"\(width)\" HEIGHT=\"\(height)\" VALIGN=\"TOP\">\(inner)</TD></TR></TABLE>")
  }

  /// A number as Graphviz reads it: at most four decimals, no trailing zeros.
  static func number(_ value: Double) -> String {
    var text = String(format: "%.4f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  static func point(_ x: Double, _ y: Double) -> String { "\(number(x)),\(number(y))" }

  /// The points of a spline (`e,x,y s,x,y x,y x,y …`).
  static func points(_ spline: String) -> [(Double, Double)] {
    spline.split(whereSeparator: { $0 == " " || $0 == ";" }).compactMap { part in
      let numbers = part.split(separator: ",").compactMap { Double($0) }
      return numbers.count >= 2 ? (numbers[numbers.count - 2], numbers[numbers.count - 1]) : nil
    }
  }
}
