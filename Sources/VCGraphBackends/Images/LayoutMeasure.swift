internal import GraphvizKit

/// Measures of a graph that decide how (and whether) it is laid out.
public enum LayoutMeasure {
  /// Distinct nodes plus edges, over the graph and all its subgraphs.
  public static func size(of graph: ImageGraph) -> Int {
    size(of: graph.graph)
  }

  /// The label with the most lines: its line count and what it belongs to.
  public static func longestLabel(in graph: ImageGraph) -> (lines: Int, owner: String)? {
    longestLabel(in: graph.graph)
  }

  static func size(of graph: Graph) -> Int {
    var names = Set<String>()
    var edges = 0
    func visit(_ graph: Graph) {
      for node in graph.nodes { names.insert(node.name) }
      for edge in graph.edges {
        names.insert(edge.tail)
        names.insert(edge.head)
      }
      edges += graph.edges.count
      for subgraph in graph.subgraphs { visit(subgraph) }
    }
    visit(graph)
    return names.count + edges
  }

  static func longestLabel(in graph: Graph) -> (lines: Int, owner: String)? {
    var best: (lines: Int, owner: String)?
    func consider(_ attributes: Attributes, owner: @autoclosure () -> String) {
      for name in ["label", "xlabel", "headlabel", "taillabel"] {
        guard let value = attributes[name] else { continue }
        let lines = value.lineCount
        if lines > (best?.lines ?? 1) { best = (lines, owner()) }
      }
    }
    func visit(_ graph: Graph, isRoot: Bool) {
      consider(graph.attributes, owner: isRoot ? "title" : "group \(graph.name)")
      consider(graph.nodeDefaults, owner: "node style")
      consider(graph.edgeDefaults, owner: "edge style")
      for node in graph.nodes {
        consider(node.attributes, owner: "node \(node.attributes.id ?? node.name)")
      }
      for edge in graph.edges {
        consider(
          edge.attributes, owner: "edge \(edge.attributes.id ?? "\(edge.tail)→\(edge.head)")")
      }
      for subgraph in graph.subgraphs { visit(subgraph, isRoot: false) }
    }
    visit(graph, isRoot: true)
    return best
  }
}
