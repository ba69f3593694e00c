import GraphvizKit

/// Shared graphs for the tests.
enum Fixtures {
  /// A clustered graph: nested clusters, HTML labels, several sibling subgraphs, a plain
  /// rank subgraph, node and edge defaults at several levels.
  static func clustered(name: String = "Clustered") -> Graph {
    var graph = Graph(name: name)
    graph.attributes.rankdir = "TB"
    graph.attributes.fontname = "Helvetica"
    graph.attributes.compound = true
    graph.nodeDefaults.shape = "box"
    graph.nodeDefaults.style = "rounded"
    graph.edgeDefaults.color = "#555555"

    var window = Graph(name: "cluster_window")
    window.attributes.label = .html("<b>UIWindow</b>")
    window.attributes.style = "rounded"
    var root = Graph(name: "cluster_root")
    root.attributes.label = .html("<b>RootViewController</b><br/><i>UINavigationController</i>")
    root.nodeDefaults.style = "filled"
    root.nodeDefaults.fillcolor = "#eeeeff"
    var detail = Graph(name: "cluster_detail")
    detail.attributes.label = .text("Detail \"child\"")
    detail.add(Node("detailView", attributes: html("<b>UIView</b><br/>detail")))
    detail.add(Node("detailLabel", attributes: text("UILabel\n\"Title\"")))
    root.add(Node("navBar", attributes: html("<b>UINavigationBar</b>")))
    root.add(detail)
    window.add(root)
    graph.add(window)

    // Siblings whose names do not sort in insertion order.
    for (index, name) in ["cluster_z", "cluster_b", "cluster_y", "cluster_a"].enumerated() {
      var sibling = Graph(name: name)
      sibling.attributes.label = .html("<i>\(name)</i>")
      sibling.edgeDefaults.style = "dashed"
      sibling.add(Node("\(name)_1"))
      sibling.add(Node("\(name)_2", attributes: text("item \(index)")))
      sibling.add(Edge("\(name)_1", "\(name)_2"))
      graph.add(sibling)
    }
    // (A rank set must not take nodes out of clusters: dot 2.43 aborts on that.)
    var rank = Graph(name: "ranks")
    rank.attributes.rank = "same"
    rank.add(Node("app", attributes: text("UIApplication")))
    rank.add(Node("delegate", attributes: text("AppDelegate")))
    graph.add(rank)

    graph.add(Node("app"))
    graph.add(Edge("app", "navBar", attributes: Attributes([("lhead", .raw("cluster_window"))])))
    graph.add(Edge("navBar", "detailView"))
    graph.add(Edge("detailView", "detailLabel", attributes: text("contains")))
    graph.add(Edge("delegate", "app", attributes: Attributes([("dir", .raw("back"))])))
    graph.add(Edge("app", "cluster_z_1"))
    graph.add(Edge("app", "cluster_b_1"))
    graph.add(Edge("cluster_y_2", "cluster_a_1", attributes: html("<u>link</u>")))
    return graph
  }

  static func text(_ label: String) -> Attributes {
    var attributes = Attributes()
    attributes.label = .text(label)
    return attributes
  }

  static func html(_ label: String) -> Attributes {
    var attributes = Attributes()
    attributes.label = .html(label)
    return attributes
  }

  /// The text content of every `<text>` element of the SVG group titled `title`.
  static func svgTexts(in svg: String, title: String) -> [String] {
    guard let titleRange = svg.range(of: "<title>\(title)</title>") else { return [] }
    let rest = svg[titleRange.upperBound...]
    let group = rest.range(of: "</g>").map { rest[..<$0.lowerBound] } ?? rest
    var texts: [String] = []
    var remaining = group[...]
    while let open = remaining.range(of: "<text"),
      let close = remaining[open.upperBound...].range(of: ">"),
      let end = remaining[close.upperBound...].range(of: "</text>")
    {
      texts.append(String(remaining[close.upperBound..<end.lowerBound]))
      remaining = remaining[end.upperBound...]
    }
    return texts
  }

  /// The `<text>` elements (whole tags) of the SVG group titled `title`.
  static func svgTextElements(in svg: String, title: String) -> [String] {
    guard let titleRange = svg.range(of: "<title>\(title)</title>") else { return [] }
    let rest = svg[titleRange.upperBound...]
    let group = rest.range(of: "</g>").map { rest[..<$0.lowerBound] } ?? rest
    return group.split(separator: "\n").filter { $0.hasPrefix("<text") }.map(String.init)
  }
}
