import GraphvizKit
import VCGraphDiagram

extension GraphvizBackend {
  /// Adds the legend cluster: the line kinds in a table, then one sample node per state and
  /// role the diagram uses; below the diagram in a row, or to its right in a column.
  /// `stackingAnchors` are the layout's stacking anchors of `diagram`, already worked out.
  func addLegend(
    _ legend: Diagram.Legend, to graph: inout Graph, in diagram: Diagram,
    stackingAnchors: [(tail: Diagram.NodeID, head: Diagram.NodeID)]
  ) {
    let theme = diagram.theme
    var cluster = Graph(name: "cluster_legend")
    cluster.attributes = clusterStyle(
      label: "legend", line: theme.mutedBorder, text: theme.secondary, fill: nil, dashed: false,
      theme: theme)
    cluster.attributes["id"] = .text("legend")
    // The answers besides the top (``answerLines(_:)``) head the legend, under the diagram.
    let answers = Self.clip(answerLines(diagram), to: diagram.maxLabelLines)
    let left = "<BR ALIGN=\"LEFT\"/>"
    cluster.attributes["label"] = .html(
      answers.map { $0 + left }.joined()
        + font("legend", size: GraphvizStyle.bodySize, color: theme.secondary) + left)
    var samples: [Node] = []
    if let table = lineTable(legend, theme: theme) {
      samples.append(
        Node(
          "legend_lines",
          attributes: Attributes([("label", .html(table)), ("shape", .raw("plain"))])))
    }
    func sample(_ name: String, _ label: String, _ extra: [(String, AttributeValue)]) {
      samples.append(
        Node(
          "legend_\(name)",
          attributes: Attributes(
            [("label", .text(label)), ("fontsize", .raw("\(GraphvizStyle.smallSize)"))] + extra)))
    }
    if legend.hasTop {
      sample(
        "top", Diagram.Badge.topViewController.text,
        [
          ("fillcolor", .raw(theme.top)), ("color", .raw(theme.path)), ("penwidth", .raw("3")),
        ])
    }
    if legend.hasSceneTops {
      sample(
        "scene_top", "☆ top of another scene",
        [
          ("fillcolor", .raw(theme.sceneTop)), ("color", .raw(theme.path)),
          ("penwidth", .raw("2")),
        ])
    }
    if legend.hasOnScreen { sample("on", "on screen", []) }
    if legend.hasOffScreen {
      sample(
        "off", "off screen",
        [
          ("style", .raw("rounded,dashed,filled")), ("color", .raw(theme.mutedBorder)),
          ("fillcolor", .raw(theme.mutedFill)), ("fontcolor", .raw(theme.secondary)),
        ])
    }
    for role in legend.roles where role != .plain {
      sample(role.rawValue, role.legend, [("shape", .raw(GraphvizStyle.shape(role)))])
      samples[samples.count - 1].attributes["style"] = .raw("filled")
    }
    guard !samples.isEmpty else { return }
    for node in samples { cluster.add(node) }
    let names = samples.map(\.name)
    switch legend.placement {
    case .below:
      // One row, in this order (flat edges put their tail left of their head).
      var row = Graph(name: "legend_row")
      row.attributes["rank"] = .raw("same")
      for name in names { row.add(Node(name)) }
      cluster.add(row)
      for (left, right) in zip(names, names.dropFirst()) { cluster.add(invisible(left, right)) }
      graph.add(cluster)
      // Below a node on the lowest rank, so below everything. A plain subgraph keeps this
      // edge apart, so a caller can leave the legend out (`legendSubgraphs`).
      var anchors = Graph(name: "legend_anchors")
      for anchor in layout.legendAnchors(in: diagram, stackingAnchors: stackingAnchors) {
        var edge = invisible(Self.name(anchor), names[0])
        edge.attributes["weight"] = .raw("0")
        anchors.add(edge)
      }
      if let column = legend.column {
        // Straight below the drawing's middle column: weighted, unlike the anchors.
        var edge = invisible(Self.name(column), names[0])
        edge.attributes["weight"] = .raw("1")
        anchors.add(edge)
      }
      graph.add(anchors)
    case .right:
      // One column, in this order.
      for (upper, lower) in zip(names, names.dropFirst()) { cluster.add(invisible(upper, lower)) }
      graph.add(cluster)
    }
  }

  private func invisible(_ tail: String, _ head: String) -> Edge {
    Edge(tail, head, attributes: Attributes([("style", .raw("invis"))]))
  }

  /// The kinds of lines the diagram draws, each with a sample, as an HTML table; nil when it
  /// draws none.
  private func lineTable(_ legend: Diagram.Legend, theme: Theme) -> String? {
    var rows = ""
    func row(_ sample: String, _ color: String, _ text: String) {
      rows +=
        "<TR><TD ALIGN=\"LEFT\">\(font(sample, size: nil, color: color))</TD>"
        + "<TD ALIGN=\"LEFT\">\(font(text, size: nil, color: theme.secondary))</TD></TR>"
    }
    if legend.hasVisiblePath { row("<B>━━</B>", theme.path, "visible path") }
    if legend.hasPresentations { row("┅┅", theme.presentation, "presents (style)") }
    if legend.hasOnScreen || legend.hasVisiblePath { row("━━", theme.ink, "contains, on screen") }
    if legend.hasOffScreenContainment { row("┅┅", theme.secondary, "contains, off screen") }
    if legend.hasRefused { row("┅┅", theme.dismiss, "refused presentation") }
    if legend.hasResponderChains { row("① ②", theme.responder, "responder chain") }
    if legend.hasViews { row("┈┈", theme.view, "view / hosts") }
    for style in legend.segueStyles {
      // The sample is text: a line colour too faint for text (the quiet line's) is drawn in
      // the secondary text colour.
      let line = Self.line(style, theme: theme)
      let color = line == theme.quietLine ? theme.secondary : line
      row(Self.sample(style), color, legend.name(of: style))
    }
    guard !rows.isEmpty else { return nil }
    let table = "<TABLE BORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">\(rows)</TABLE>"
    return "<FONT POINT-SIZE=\"\(GraphvizStyle.smallSize)\">\(table)</FONT>"
  }
}
