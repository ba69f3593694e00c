// Creates cgraph objects for a prepared graph. Every call happens with the runtime lock held.

import CGraphviz

/// Creates cgraph objects for a prepared graph. Used only with the lock held.
struct Builder {
  let root: UnsafeMutablePointer<Agraph_t>
  /// The graph's attribute names by number (``PreparedGraph/names``).
  let names: [String]
  /// The root's symbols of graph, node and edge attributes by number, each looked up or
  /// declared once per graph (cgraph's own look-up by name cost about as much as setting).
  private var symbols: [[UnsafeMutablePointer<Agsym_t>?]]

  init(root: UnsafeMutablePointer<Agraph_t>, names: [String]) {
    self.root = root
    self.names = names
    symbols = Array(repeating: Array(repeating: nil, count: names.count), count: 3)
  }

  /// Pass 1, in pre-order: graph attributes, node and edge defaults, nodes, subgraphs.
  /// Nodes are created in the (sub)graph they are listed in, before any edge exists.
  mutating func addStructure(
    _ graph: PreparedGraph, to g: UnsafeMutablePointer<Agraph_t>
  ) throws(GraphvizError) {
    try addAttributes(graph, to: g)
    for node in graph.nodes {
      guard let n = withC(node.name, { agnode(g, $0, 1) }) else {
        throw .invalidGraph(failure("could not create node \"\(node.name)\""))
      }
      try set(node.attributes, on: UnsafeMutableRawPointer(n), kind: VCG_AGNODE)
    }
    for subgraph in graph.subgraphs {
      guard let sub = withC(subgraph.name, { agsubg(g, $0, 1) }) else {
        throw .invalidGraph(failure("could not create subgraph \"\(subgraph.name)\""))
      }
      try addStructure(subgraph, to: sub)
    }
  }

  /// Creates the objects in the steps of `order` (whose graph 0 is `root`).
  mutating func replay(_ order: ReadBackOrder) throws(GraphvizError) {
    var graphs = [UnsafeMutablePointer<Agraph_t>?](repeating: nil, count: order.graphs.count)
    graphs[0] = root
    try addAttributes(order.graphs[0], to: root)
    try declareAhead(order)
    var nodes = [UnsafeMutablePointer<Agnode_t>?](repeating: nil, count: order.nodeNames.count)
    func node(_ index: Int, in g: UnsafeMutablePointer<Agraph_t>) throws(GraphvizError)
      -> UnsafeMutablePointer<Agnode_t>
    {
      let made: UnsafeMutablePointer<Agnode_t>?
      if let existing = nodes[index] {
        made = agsubnode(g, existing, 1)
      } else {
        made = withC(order.nodeNames[index]) { agnode(g, $0, 1) }
      }
      guard let made else {
        throw .invalidGraph(failure("could not create node \"\(order.nodeNames[index])\""))
      }
      nodes[index] = made
      return made
    }
    for step in order.steps {
      switch step {
      case .subgraph(let index):
        let name = order.graphs[index].name
        guard let parent = graphs[order.parents[index]],
          let sub = withC(name, { agsubg(parent, $0, 1) })
        else {
          throw .invalidGraph(failure("could not create subgraph \"\(name)\""))
        }
        graphs[index] = sub
        try addAttributes(order.graphs[index], to: sub)
      case .node(let index, let graph, let first):
        let n = try node(index, in: graphs[graph]!)
        if first {
          for attributes in order.nodeAttributes[index] {
            try set(attributes, on: UnsafeMutableRawPointer(n), kind: VCG_AGNODE)
          }
        }
      case .edge(let index, let graph):
        let g = graphs[graph]!
        let edge = order.edges[index]
        let tail = try node(edge.tail, in: g)
        let head = try node(edge.head, in: g)
        guard let e = agedge(g, tail, head, nil, 1) else {
          throw .invalidGraph(
            failure("could not create edge \"\(edge.edge.tail)\" -> \"\(edge.edge.head)\""))
        }
        try set(edge.edge.attributes, on: UnsafeMutableRawPointer(e), kind: VCG_AGEDGE)
      }
    }
  }

  /// Declares every attribute the steps of `order` set, in the order the steps first set
  /// each (so each kind's symbols get the IDs they would get on first use), before any node,
  /// edge or subgraph exists: declaring one later makes cgraph add it to every object made
  /// so far, which cost about a tenth of building.
  private mutating func declareAhead(_ order: ReadBackOrder) throws(GraphvizError) {
    for step in order.steps {
      switch step {
      case .subgraph(let index):
        for attribute in order.graphs[index].attributes {
          _ = try declare(kind: VCG_AGRAPH, attribute.number)
        }
      case .node(let index, _, let first):
        guard first else { continue }
        for attributes in order.nodeAttributes[index] {
          for attribute in attributes { _ = try declare(kind: VCG_AGNODE, attribute.number) }
        }
      case .edge(let index, _):
        for attribute in order.edges[index].edge.attributes {
          _ = try declare(kind: VCG_AGEDGE, attribute.number)
        }
      }
    }
  }

  /// A graph's own attributes and its node and edge defaults.
  private mutating func addAttributes(
    _ graph: PreparedGraph, to g: UnsafeMutablePointer<Agraph_t>
  ) throws(GraphvizError) {
    for attribute in graph.attributes {
      let symbol = try declare(kind: VCG_AGRAPH, attribute.number)
      try set(attribute, on: UnsafeMutableRawPointer(g), symbol: symbol)
    }
    for (kind, defaults) in [(VCG_AGNODE, graph.nodeDefaults), (VCG_AGEDGE, graph.edgeDefaults)] {
      for attribute in defaults {
        if g != root { _ = try declare(kind: kind, attribute.number) }
        let symbol = withHTML(attribute) { value in
          withC(attribute.name) { agattr(g, kind, $0, value) }
        }
        guard let symbol else {
          throw .invalidGraph(
            failure("could not set default \(attribute.name) in \"\(graph.name)\""))
        }
        // On the root, setting a default declares (or updates) the root's own symbol.
        if g == root { symbols[Self.slot(kind)][attribute.number] = symbol }
      }
    }
  }

  /// Pass 2, in pre-order: edges, each created in the (sub)graph it is listed in.
  mutating func addEdges(
    _ graph: PreparedGraph, to g: UnsafeMutablePointer<Agraph_t>
  ) throws(GraphvizError) {
    for edge in graph.edges {
      guard let tail = withC(edge.tail, { agnode(g, $0, 1) }),
        let head = withC(edge.head, { agnode(g, $0, 1) }),
        let e = agedge(g, tail, head, nil, 1)
      else {
        throw .invalidGraph(
          failure("could not create edge \"\(edge.tail)\" -> \"\(edge.head)\""))
      }
      try set(edge.attributes, on: UnsafeMutableRawPointer(e), kind: VCG_AGEDGE)
    }
    for subgraph in graph.subgraphs {
      // Subgraph names are unique (checked in Preparation), so this finds the one made in
      // pass 1.
      guard let sub = withC(subgraph.name, { agsubg(g, $0, 0) }) else {
        throw .invalidGraph("subgraph \"\(subgraph.name)\" vanished")
      }
      try addEdges(subgraph, to: sub)
    }
  }

  /// The root declaration of attribute number `number` for objects of `kind`, created with
  /// the neutral default (`\N` for node labels, else empty) if it does not exist yet. Local
  /// defaults and graph attributes of subgraphs need this root declaration first.
  private mutating func declare(
    kind: Int32, _ number: Int
  ) throws(GraphvizError) -> UnsafeMutablePointer<Agsym_t> {
    let slot = Self.slot(kind)
    if let known = symbols[slot][number] { return known }
    let name = names[number]
    let symbol = withC(name) { cName -> UnsafeMutablePointer<Agsym_t>? in
      if let existing = agattr(root, kind, cName, nil) { return existing }
      let neutral = kind == VCG_AGNODE && number == AttributeNames.label ? "\\N" : ""
      return withC(neutral) { agattr(root, kind, cName, $0) }
    }
    guard let symbol else {
      throw .invalidGraph(failure("could not declare attribute \"\(name)\""))
    }
    symbols[slot][number] = symbol
    return symbol
  }

  /// The row of ``symbols`` for objects of `kind`.
  private static func slot(_ kind: Int32) -> Int {
    kind == VCG_AGRAPH ? 0 : kind == VCG_AGNODE ? 1 : 2
  }

  private mutating func set(
    _ attributes: [PreparedAttribute], on object: UnsafeMutableRawPointer, kind: Int32
  ) throws(GraphvizError) {
    for attribute in attributes {
      let symbol = try declare(kind: kind, attribute.number)
      try set(attribute, on: object, symbol: symbol)
    }
  }

  private func set(
    _ attribute: PreparedAttribute, on object: UnsafeMutableRawPointer,
    symbol: UnsafeMutablePointer<Agsym_t>
  ) throws(GraphvizError) {
    let status = withHTML(attribute) { agxset(object, symbol, $0) }
    if status != 0 {
      throw .invalidGraph(failure("could not set attribute \"\(attribute.name)\""))
    }
  }

  /// Calls `body` with the attribute's value as a C string that is an HTML string in
  /// cgraph's string table when the attribute is HTML. cgraph copies values with
  /// `agstrdup`, which finds and shares our HTML copy; the extra reference is dropped after.
  private func withHTML<R>(
    _ attribute: PreparedAttribute, _ body: (UnsafeMutablePointer<CChar>) -> R
  ) -> R {
    guard attribute.isHTML else { return withC(attribute.value, body) }
    var value = attribute.value
    // A plain string with the same text would make ours plain too (see Preparation).
    while let existing = withC(value, { agstrbind(root, $0) }), aghtmlstr(existing) == 0 {
      value += Preparation.htmlDisambiguator
    }
    guard let html = withC(value, { agstrdup_html(root, $0) }) else {
      return withC(value, body)
    }
    defer { _ = vcg_agstrfree_html(root, html) }
    return body(html)
  }

  private func failure(_ fallback: String) -> String {
    GraphvizRuntime.shared.failureMessage(fallback)
  }
}

/// Calls `body` with a C copy of `string` typed as the `char *` cgraph wants. cgraph does
/// not write through these pointers.
func withC<R>(_ string: String, _ body: (UnsafeMutablePointer<CChar>) -> R) -> R {
  string.withCString { body(UnsafeMutablePointer(mutating: $0)) }
}
