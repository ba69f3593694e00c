// Pure Swift: the order in which cgraph creates a graph's objects when it reads back the DOT
// that `agwrite` writes for it. Rendering builds the graph directly in this order, so the
// picture is the one `dot` draws from ``Graphviz/dot(_:)`` without writing and parsing that
// text (which cost 9–12% of a render).

/// One creation step of the read-back graph.
enum ReadBackStep: Equatable {
  /// Create subgraph `graph` (an index into ``ReadBackOrder/graphs``) in its parent and set
  /// its attributes, as a `subgraph NAME { graph [...] }` header does.
  case subgraph(Int)
  /// Mention node `node` in `graph`, as a node statement; `first` when the statement
  /// carries the node's attributes (agwrite writes them only once).
  case node(Int, graph: Int, first: Bool)
  /// Create edge `edge` (an index into ``ReadBackOrder/edges``) in `graph`, as an edge
  /// statement; it creates missing endpoints, tail first.
  case edge(Int, graph: Int)
}

/// The creation order `agread(agwrite(g))` produces for the graph `g` that the builder
/// makes from a ``PreparedGraph``, computed by replaying `agwrite`'s traversal (Graphviz
/// 2.42 `lib/cgraph/write.c`: `write_body`, `write_node_test`, `write_edge_test`) over a
/// model of `g`.
///
/// The model covers the graphs vcgraph draws: directed, not strict, named subgraphs, no
/// node or edge defaults below the root, no edge `key`. ``plan(for:)`` returns `nil` for
/// anything else, and the renderer then writes and reads the DOT text instead.
struct ReadBackOrder {
  /// Every graph in pre-order; index 0 is the root.
  private(set) var graphs: [PreparedGraph] = []
  /// The parent of each graph (`-1` for the root).
  private(set) var parents: [Int] = []
  /// Node names, in the order the builder creates them (their `AGSEQ` in `g`).
  private(set) var nodeNames: [String] = []
  /// Each node's attribute lists, in the order the builder applies them.
  private(set) var nodeAttributes: [[[PreparedAttribute]]] = []
  /// Edges in the builder's creation order, with the graph that lists each one and the
  /// indices of their ends.
  private(set) var edges: [(edge: PreparedEdge, graph: Int, tail: Int, head: Int)] = []
  /// The creation steps of the read-back graph.
  private(set) var steps: [ReadBackStep] = []

  /// Pre-order index one past the last descendant of each graph.
  private var subtreeEnds: [Int] = []
  private var children: [[Int]] = []
  private var nodeIndex: [String: Int] = [:]
  /// The graphs each node was listed in or is an edge end in (not yet their ancestors).
  private var directGraphs: [[Int]] = []
  /// The graphs each node belongs to: those and all their ancestors (a few each, so an array
  /// is cheaper to build and search than a set).
  private var memberships: [[Int]] = []
  private var outEdges: [[Int]] = []
  private var inEdges: [[Int]] = []

  /// The read-back order for `graph`, or `nil` if the graph uses a feature the model does
  /// not cover.
  static func plan(for graph: PreparedGraph) -> ReadBackOrder? {
    guard graph.directed, !graph.strict else { return nil }
    var order = ReadBackOrder()
    guard order.flatten(graph, parent: -1) else { return nil }
    order.createNodes()
    order.write()
    return order
  }

  // MARK: The builder's graph

  /// Lists the graphs in pre-order; false if one is outside the model.
  private mutating func flatten(_ graph: PreparedGraph, parent: Int) -> Bool {
    let index = graphs.count
    if parent >= 0 {
      // agwrite skips anonymous ('%'-named) subgraphs; local defaults change what a node
      // inherits where the parser happens to create it.
      if graph.name.hasPrefix("%") || !graph.nodeDefaults.isEmpty
        || !graph.edgeDefaults.isEmpty
      {
        return false
      }
      children[parent].append(index)
    }
    graphs.append(graph)
    parents.append(parent)
    children.append([])
    subtreeEnds.append(0)
    for edge in graph.edges
    where edge.attributes.contains(where: { $0.number == AttributeNames.key }) {
      return false
    }
    for subgraph in graph.subgraphs {
      guard flatten(subgraph, parent: index) else { return false }
    }
    subtreeEnds[index] = graphs.count
    // Nodes and edges are kept without the subgraph tree: the steps refer to indices.
    graphs[index].subgraphs = []
    return true
  }

  /// Numbers nodes and edges the way the builder creates them: every graph's listed nodes
  /// in pre-order, then every graph's edges in pre-order (creating unlisted ends).
  private mutating func createNodes() {
    for index in graphs.indices {
      for listed in graphs[index].nodes {
        let n = node(named: listed.name)
        nodeAttributes[n].append(listed.attributes)
        directGraphs[n].append(index)
      }
    }
    for index in graphs.indices {
      for edge in graphs[index].edges {
        let tail = node(named: edge.tail)
        let head = node(named: edge.head)
        if directGraphs[tail].last != index { directGraphs[tail].append(index) }
        if directGraphs[head].last != index { directGraphs[head].append(index) }
        outEdges[tail].append(edges.count)
        inEdges[head].append(edges.count)
        edges.append((edge, index, tail, head))
      }
    }
    // cgraph keeps a node's out-edges ordered by head, then by edge (agedgeseqcmpf).
    for node in outEdges.indices {
      outEdges[node].sort { (edges[$0].head, $0) < (edges[$1].head, $1) }
    }
  }

  private mutating func node(named name: String) -> Int {
    if let index = nodeIndex[name] { return index }
    let index = nodeNames.count
    nodeIndex[name] = index
    nodeNames.append(name)
    nodeAttributes.append([])
    directGraphs.append([])
    outEdges.append([])
    inEdges.append([])
    return index
  }

  // MARK: agwrite's traversal

  private func isInSubtree(_ graph: Int, of root: Int) -> Bool {
    graph >= root && graph < subtreeEnds[root]
  }

  private func nodeIsMember(_ node: Int, of graph: Int) -> Bool {
    memberships[node].contains(graph)
  }

  private func edgeIsMember(_ edge: Int, of graph: Int) -> Bool {
    isInSubtree(edges[edge].graph, of: graph)
  }

  private mutating func write() {
    var members = Array(repeating: [Int](), count: graphs.count)
    memberships.reserveCapacity(nodeNames.count)
    for node in nodeNames.indices {
      var marked: [Int] = []
      for direct in directGraphs[node] {
        var graph = direct
        while graph >= 0, !marked.contains(graph) {
          marked.append(graph)
          graph = parents[graph]
        }
      }
      // Nodes are visited in sequence order, so each graph's list comes out sorted.
      for graph in marked { members[graph].append(node) }
      memberships.append(marked)
    }
    var attributesWritten = Array(repeating: false, count: nodeNames.count)
    writeBody(0, members: members, attributesWritten: &attributesWritten)
  }

  /// `write_body`: subgraphs first, then each node in sequence order followed by its out
  /// edges, each head written just before its edge when it is due there.
  private mutating func writeBody(
    _ graph: Int, members: [[Int]], attributesWritten: inout [Bool]
  ) {
    for child in children[graph] {
      steps.append(.subgraph(child))
      writeBody(child, members: members, attributesWritten: &attributesWritten)
    }
    func writeNode(_ node: Int, _ steps: inout [ReadBackStep]) {
      steps.append(.node(node, graph: graph, first: !attributesWritten[node]))
      attributesWritten[node] = true
    }
    for node in members[graph] {
      if nodeIsDue(node, in: graph, after: node) { writeNode(node, &steps) }
      var previous = node
      for edge in outEdges[node] where edgeIsMember(edge, of: graph) {
        let head = edges[edge].head
        if previous != head, nodeIsDue(head, in: graph, after: node) {
          writeNode(head, &steps)
          previous = head
        }
        // write_edge_test: written in the graph that lists it, not in an ancestor.
        if edges[edge].graph == graph { steps.append(.edge(edge, graph: graph)) }
      }
    }
  }

  /// `write_node_test(g, n, AGSEQ(predecessor))`.
  private func nodeIsDue(_ node: Int, in graph: Int, after predecessor: Int) -> Bool {
    // node_in_subg: written inside a child subgraph instead.
    if children[graph].contains(where: { nodeIsMember(node, of: $0) }) { return false }
    // has_no_predecessor_below
    if node < predecessor { return false }
    for edge in inEdges[node] where edgeIsMember(edge, of: graph) {
      if edges[edge].tail < predecessor { return false }
    }
    let hasEdges =
      outEdges[node].contains { edgeIsMember($0, of: graph) }
      || inEdges[node].contains { edgeIsMember($0, of: graph) }
    return !hasEdges || hasNonDefaultAttributes(node)
  }

  /// `not_default_attrs`: some attribute's final value differs from the root's node
  /// default (the builder declares undeclared ones with `\N` for labels, else empty).
  private func hasNonDefaultAttributes(_ node: Int) -> Bool {
    let defaults = graphs[0].nodeDefaults
    // Each attribute's final value is the last list's that sets it: walk the lists backwards
    // and judge each attribute number once.
    var judged: [Int] = []
    for list in nodeAttributes[node].reversed() {
      for attribute in list where !judged.contains(attribute.number) {
        judged.append(attribute.number)
        let standard = defaults.last { $0.number == attribute.number }
        let value = standard?.value ?? (attribute.number == AttributeNames.label ? "\\N" : "")
        if attribute.value != value || attribute.isHTML != (standard?.isHTML ?? false) {
          return true
        }
      }
    }
    return false
  }
}
