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
///   order: each container's children share a rank and are chained left to right by invisible
///   edges (`ordering=out` alone gives way to clusters and to presentations on the same rank).
/// - A presented controller sits on its presenter's rank (`rank=same`), beside it, so that
///   presentations add width rather than height.
/// - The legend goes below everything: invisible edges from every node that has nothing
///   under it lead to the legend's first entry, which therefore ranks below them all.
public struct GraphvizLayoutPolicy: Sendable, Equatable {
  /// Space between nodes of one rank, in inches.
  public var nodeSeparation = "0.2"
  /// Space between ranks, in inches.
  public var rankSeparation = "0.35"
  /// `TB` (top to bottom, every hierarchy) or `LR` (left to right: a scanned app's map, whose
  /// screens fan out wider than they go deep).
  public var rankDirection = "TB"

  /// Creates the policy.
  public init() {}

  /// The graph attributes the layout needs.
  public var graphAttributes: [(String, AttributeValue)] {
    [
      ("rankdir", .raw(rankDirection)), ("newrank", .raw("true")), ("compound", .raw("true")),
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

  /// The children of each container drawn side by side (tabs, columns, pages, custom
  /// containers' children), left to right in their container's order; containers with one
  /// such child are left out.
  public func siblingRows(in diagram: Diagram) -> [[Diagram.NodeID]] {
    var rows: [Diagram.NodeID: [Diagram.NodeID]] = [:]
    var order: [Diagram.NodeID] = []
    for edge in diagram.edges {
      guard case .containment(let containment) = edge.kind, edge.tail != edge.head else {
        continue
      }
      if case .stack = containment.slot { continue }
      if rows[edge.tail] == nil { order.append(edge.tail) }
      if rows[edge.tail]?.contains(edge.head) != true {
        rows[edge.tail, default: []].append(edge.head)
      }
    }
    return order.compactMap { rows[$0]!.count > 1 ? rows[$0] : nil }
  }

  /// Whether `dot` ranks with `edge` as drawn (edges that only annotate do not).
  public func constrains(_ edge: Diagram.Edge) -> Bool {
    switch edge.kind {
    case .containment, .rootView, .subview, .refusedPresentation: true
    case .responder: edge.head == .application
    case .presentation, .requester, .hosting: false
    // A storyboard's map: segues rank their destination below their source, unwinds go back.
    case .segue(let segue): segue.ranksDestination
    }
  }

  /// The node the legend hangs below: the first of the nodes `dot` puts on the lowest rank
  /// (``estimatedRanks(in:)``), so the legend goes below everything. One edge, not one from
  /// every leaf: edges from all over the drawing into the legend would weigh in `dot`'s
  /// ordering of each rank and undo the left-to-right order of tabs and columns.
  public func legendAnchors(in diagram: Diagram) -> [Diagram.NodeID] {
    let ranks = estimatedRanks(in: diagram)
    guard let lowest = ranks.values.max() else { return [] }
    return diagram.allNodes.map(\.id).first { ranks[$0] == lowest }.map { [$0] } ?? []
  }

  /// Each drawn node's rank as `dot` assigns it (0 at the top), estimated the way `dot` ranks:
  /// the longest chain of constraining edges above a node, with each group drawn on one rank
  /// (``sameRankGroups(in:)``, ``siblingRows(in:)``) counted as one node. Linear in nodes and
  /// edges; an edge that would close a cycle is left out, as `dot` reverses one.
  public func estimatedRanks(in diagram: Diagram) -> [Diagram.NodeID: Int] {
    let ids = diagram.allNodes.map(\.id)
    var group: [Diagram.NodeID: Int] = [:]
    for (index, id) in ids.enumerated() { group[id] = index }
    // Union of the groups that share a rank (small groups: relabel the smaller side).
    var members: [Int: [Diagram.NodeID]] = Dictionary(
      uniqueKeysWithValues: ids.enumerated().map { ($0.offset, [$0.element]) })
    for row in sameRankGroups(in: diagram) + siblingRows(in: diagram) {
      for id in row.dropFirst() {
        guard let a = group[row[0]], let b = group[id], a != b else { continue }
        let (keep, drop) = members[a]!.count >= members[b]!.count ? (a, b) : (b, a)
        for moved in members[drop]! { group[moved] = keep }
        members[keep]! += members[drop]!
        members[drop] = nil
      }
    }
    // Longest path over the constraining edges, in topological order of the groups.
    var successors: [Int: [Int]] = [:]
    var incoming: [Int: Int] = [:]
    for (edge, drawn) in zip(diagram.edges, drawnEnds(of: diagram.edges)) where constrains(edge) {
      guard let tail = group[drawn.tail], let head = group[drawn.head], tail != head else {
        continue
      }
      successors[tail, default: []].append(head)
      incoming[head, default: 0] += 1
    }
    var rank: [Int: Int] = [:]
    var ready = members.keys.filter { incoming[$0, default: 0] == 0 }.sorted()
    while let current = ready.popLast() {
      for next in successors[current] ?? [] {
        rank[next] = max(rank[next] ?? 0, (rank[current] ?? 0) + 1)
        incoming[next]! -= 1
        if incoming[next] == 0 { ready.append(next) }
      }
    }
    return Dictionary(uniqueKeysWithValues: ids.map { ($0, rank[group[$0]!] ?? 0) })
  }
}
