import GraphvizKit
import VCGraphDiagram

/// Where things go when `dot` lays a ``Diagram`` out: the compact layout every vcgraph
/// diagram shares, kept apart from how things look so that other drawings (step diagrams, a
/// union layout of several states) can reuse it.
///
/// - A navigation stack is a vertical chain under its navigation controller: the top of the
///   stack first, `[0]` at the bottom. Each stack entry is drawn as the head of an edge whose
///   tail is the entry above it (the navigation controller for the top), so `dot`'s rank
///   constraints (a head sits at least one rank below its tail) keep the stack in index order
///   in any graph, however large.
/// - Tabs, split columns, pages and custom containers' children sit side by side, in index
///   order (`ordering=out`).
/// - A presented controller sits on its presenter's rank (`rank=same`), beside it, so that
///   presentations add width rather than height.
/// - The legend goes below everything: invisible edges from every node that has nothing
///   under it lead to the legend's first entry, which therefore ranks below them all.
public struct GraphvizLayoutPolicy: Sendable, Equatable {
  /// Space between nodes of one rank, in inches.
  public var nodeSeparation = "0.2"
  /// Space between ranks, in inches.
  public var rankSeparation = "0.35"

  /// Creates the policy.
  public init() {}

  /// The graph attributes the layout needs.
  public var graphAttributes: [(String, AttributeValue)] {
    [
      ("rankdir", .raw("TB")), ("newrank", .raw("true")), ("compound", .raw("true")),
      ("ordering", .raw("out")), ("nodesep", .raw(nodeSeparation)),
      ("ranksep", .raw(rankSeparation)),
    ]
  }

  /// The nodes each edge of `edges` connects in the drawing, by the edge's position: a stack
  /// entry below the top hangs from the entry above it; every other edge keeps its ends.
  public func drawnEnds(
    of edges: [Diagram.Edge]
  ) -> [(tail: Diagram.NodeID, head: Diagram.NodeID)] {
    var ends = edges.map { (tail: $0.tail, head: $0.head) }
    // The entries of each stack by position, from the containment edges.
    var stacks: [Diagram.NodeID: [(position: Int, edge: Int)]] = [:]
    for (index, edge) in edges.enumerated() {
      if case .containment(let containment) = edge.kind, case .stack = containment.slot {
        stacks[edge.tail, default: []].append((containment.position, index))
      }
    }
    for entries in stacks.values {
      let ordered = entries.sorted { $0.position < $1.position }
      for (lower, upper) in zip(ordered, ordered.dropFirst()) {
        let above = edges[upper.edge].head
        // One controller written twice in one stack would hang from itself: keep its edge.
        if above != edges[lower.edge].head { ends[lower.edge].tail = above }
      }
    }
    return ends
  }

  /// Groups of nodes drawn on one rank: each presenter with the controllers it presents.
  public func sameRankGroups(in diagram: Diagram) -> [[Diagram.NodeID]] {
    var groups: [Diagram.NodeID: [Diagram.NodeID]] = [:]
    var order: [Diagram.NodeID] = []
    for edge in diagram.edges {
      guard case .presentation = edge.kind, edge.tail != edge.head else { continue }
      if groups[edge.tail] == nil { order.append(edge.tail) }
      groups[edge.tail, default: [edge.tail]].append(edge.head)
    }
    return order.map { groups[$0]! }
  }

  /// Whether `dot` ranks with `edge` as drawn (edges that only annotate do not).
  public func constrains(_ edge: Diagram.Edge) -> Bool {
    switch edge.kind {
    case .containment, .rootView, .subview, .refusedPresentation: true
    case .responder: edge.head == .application
    case .presentation, .requester, .hosting: false
    }
  }

  /// The nodes the legend hangs below: every drawn node that ranks nothing under it.
  public func legendAnchors(in diagram: Diagram) -> [Diagram.NodeID] {
    let ends = drawnEnds(of: diagram.edges)
    var hasSuccessor = Set<Diagram.NodeID>()
    for (edge, drawn) in zip(diagram.edges, ends) where constrains(edge) {
      hasSuccessor.insert(drawn.tail)
    }
    return diagram.allNodes.map(\.id).filter { !hasSuccessor.contains($0) }
  }
}
