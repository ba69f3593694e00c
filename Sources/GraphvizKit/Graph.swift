/// A node of a ``Graph``, identified by its name.
///
/// A node is created where it is first listed, visiting each graph's own nodes before its
/// subgraphs, and takes the node defaults in effect there. A node only named by an edge is
/// created in the graph that lists the edge.
public struct Node: Sendable, Equatable, Hashable {
  /// The node's name; unique in the whole graph. Listing the same name again (in any
  /// subgraph) refers to the same node, adds it to that subgraph and sets the attributes
  /// listed there too. Ports are attributes (`tailport`, `headport`), not `name:port`.
  public var name: String
  /// The node's own attributes; they override node defaults.
  public var attributes: Attributes

  /// Creates a node called `name`.
  public init(_ name: String, attributes: Attributes = .init()) {
    self.name = name
    self.attributes = attributes
  }
}

/// An edge of a ``Graph``, from `tail` to `head` (node names).
///
/// Endpoints that are not listed as nodes anywhere are created on the fly in the graph or
/// subgraph the edge is listed in.
public struct Edge: Sendable, Equatable, Hashable {
  /// The name of the node the edge starts at.
  public var tail: String
  /// The name of the node the edge ends at.
  public var head: String
  /// The edge's own attributes; they override edge defaults.
  public var attributes: Attributes

  /// Creates an edge from `tail` to `head`.
  public init(_ tail: String, _ head: String, attributes: Attributes = .init()) {
    self.tail = tail
    self.head = head
    self.attributes = attributes
  }

  /// Creates an edge from `tail` to `head`.
  public init(tail: String, head: String, attributes: Attributes = .init()) {
    self.init(tail, head, attributes: attributes)
  }
}

/// A pure value description of a Graphviz graph or subgraph.
///
/// A subgraph whose name starts with `cluster` is drawn as a cluster by the layouts that
/// support clusters. Everything is kept in insertion order, and that order is what
/// Graphviz sees, so equal values always produce identical output.
public struct Graph: Sendable, Equatable, Hashable {
  /// The graph's name. Every graph and subgraph must be named, and subgraph names must be
  /// unique within the whole graph (and differ from the root graph's name).
  public var name: String
  /// Whether edges are directed (`digraph`). Only meaningful on the root graph.
  public var directed: Bool = true
  /// Whether multi-edges are merged (`strict`). Only meaningful on the root graph.
  public var strict: Bool = false
  /// Graph attributes of this graph or subgraph.
  ///
  /// As in DOT, subgraphs inherit them: a subgraph that does not set an attribute takes
  /// its parent's value. A cluster without a `label` therefore shows its parent's label;
  /// set `.raw("")` to clear an inherited value.
  public var attributes: Attributes = .init()
  /// Defaults for nodes first listed in this graph or subgraph (or its subgraphs). A node
  /// first listed elsewhere keeps the defaults of that place.
  public var nodeDefaults: Attributes = .init()
  /// Defaults for edges listed in this graph or subgraph (or its subgraphs).
  public var edgeDefaults: Attributes = .init()
  /// Nodes listed in this graph, in order.
  public var nodes: [Node] = []
  /// Edges listed in this graph, in order.
  public var edges: [Edge] = []
  /// Subgraphs of this graph, in order.
  public var subgraphs: [Graph] = []

  /// Creates an empty graph called `name`.
  public init(name: String, directed: Bool = true) {
    self.name = name
    self.directed = directed
  }

  /// Whether this graph's name makes it a cluster (`cluster` prefix).
  public var isCluster: Bool { name.hasPrefix("cluster") }

  /// Appends a node.
  public mutating func add(_ node: Node) { nodes.append(node) }

  /// Appends an edge.
  public mutating func add(_ edge: Edge) { edges.append(edge) }

  /// Appends a subgraph.
  public mutating func add(_ subgraph: Graph) { subgraphs.append(subgraph) }
}
