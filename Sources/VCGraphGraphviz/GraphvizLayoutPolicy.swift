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
/// - Each stack is one `group`, so `dot` keeps it a straight column.
/// - A presentation level goes below what is drawn before it in its window: the window's own
///   tree, then its levels by level number (1 before 2), each hanging from the lowest node of
///   the one before by an invisible edge that weighs nothing. Levels thus read top to bottom,
///   and the presentation edge runs down beside the stacks instead of arching over them, at the
///   price of height rather than width (an 880 px column is narrow, not short).
/// - The legend goes below everything: invisible edges from every node that has nothing
///   under it lead to the legend's first entry, which therefore ranks below them all.
public struct GraphvizLayoutPolicy: Sendable, Equatable {
  /// Space between nodes of one rank, in inches.
  public var nodeSeparation = "0.15"
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
      // A margin around the drawing: a browser's text can come out a pixel wider than
      // Graphviz measured it, and an edge label at the edge would be cut. 0.07 inch left an
      // edge label of 001-broken-switcher 0.9 px past the edge on Graphviz 14.1.3
      // (ReadmeWidthTests); 0.1 inch is 7.2 points.
      ("pad", .raw("0.1")),
    ]
  }

  /// The nodes each edge of `edges` connects in the drawing, by the edge's position: a stack
  /// entry below the top hangs from the entry above it (``Diagram/drawnEnds(of:)``); every
  /// other edge keeps its ends.
  public func drawnEnds(
    of edges: [Diagram.Edge]
  ) -> [(tail: Diagram.NodeID, head: Diagram.NodeID)] {
    Diagram.drawnEnds(of: edges)
  }

  /// The `group` of each navigation controller and its stack's entries (named after the
  /// navigation controller's node), so that `dot` draws every stack as a straight column.
  public func stackGroups(in diagram: Diagram) -> [Diagram.NodeID: Diagram.NodeID] {
    var groups: [Diagram.NodeID: Diagram.NodeID] = [:]
    for edge in diagram.edges {
      guard case .containment(let containment) = edge.kind, case .stack = containment.slot,
        edge.tail != edge.head
      else { continue }
      if groups[edge.tail] == nil { groups[edge.tail] = edge.tail }
      if groups[edge.head] == nil { groups[edge.head] = groups[edge.tail] }
    }
    return groups
  }

  /// The invisible edges that stack blocks of a drawing one below the other, so that it grows
  /// down rather than sideways: in each window (and among the controllers in no window), the
  /// window's own nodes, then its presentation levels by level number, then document order;
  /// then, top to bottom (not in a map drawn left to right), the windows and scenes, the
  /// controllers in no window and a storyboard map's storyboards. Each edge goes from the
  /// lowest node of the block before (the first on its lowest rank) to each node on the block's
  /// highest rank. (The diagram's own ``Diagram/stacking`` hints are the backend's.)
  /// Linear in nodes and edges.
  public func stackingAnchors(
    in diagram: Diagram
  ) -> [(tail: Diagram.NodeID, head: Diagram.NodeID)] {
    var ranks = estimatedRanks(in: diagram, extra: [])
    var anchors: [(tail: Diagram.NodeID, head: Diagram.NodeID)] = []
    func levels(in cluster: Diagram.Cluster) -> [(level: Int, nodes: [Diagram.NodeID])] {
      cluster.clusters.flatMap { inner -> [(level: Int, nodes: [Diagram.NodeID])] in
        switch inner.kind {
        case .presentationLevel(let level): [(level.level, inner.nodes.map(\.id))]
        case .dismissRegion: levels(in: inner)
        default: []
        }
      }
    }
    func lowest(_ nodes: [Diagram.NodeID]) -> Diagram.NodeID? {
      guard let deepest = nodes.compactMap({ ranks[$0] }).max() else { return nil }
      return nodes.first { ranks[$0] == deepest }
    }
    // The nodes on a block's highest rank: what nothing else in it ranks.
    func highest(_ nodes: [Diagram.NodeID]) -> [Diagram.NodeID] {
      guard let top = nodes.compactMap({ ranks[$0] }).min() else { return [] }
      return nodes.filter { ranks[$0] == top }
    }
    func hang(_ nodes: [Diagram.NodeID], below tail: Diagram.NodeID?) {
      guard let tail else { return }
      for head in highest(nodes) { anchors.append((tail, head)) }
    }
    func visit(_ cluster: Diagram.Cluster) {
      switch cluster.kind {
      case .window, .detached:
        let blocks = levels(in: cluster).enumerated()
          .sorted { ($0.element.level, $0.offset) < ($1.element.level, $1.offset) }
          .map(\.element.nodes).filter { !$0.isEmpty }
        var above = lowest(cluster.nodes.map(\.id))
        for block in blocks {
          hang(block, below: above)
          above = lowest(block)
        }
      default:
        for inner in cluster.clusters { visit(inner) }
      }
    }
    for cluster in diagram.clusters { visit(cluster) }
    guard !diagram.flowsLeftToRight else { return anchors }
    // Only blocks outside every window hang below the rest (all blocks, when compact): without
    // one, ranks need no update.
    guard
      diagram.stacksClusters
        || diagram.clusters.contains(where: {
          switch $0.kind {
          case .detached, .storyboard: true
          default: false
          }
        })
    else { return anchors }
    ranks = estimatedRanks(in: diagram, extra: anchors)
    func all(_ cluster: Diagram.Cluster) -> [Diagram.NodeID] {
      cluster.nodes.map(\.id) + cluster.clusters.flatMap(all)
    }
    // Compact: the first block is not hung below the responders outside every cluster (the
    // application, a scene), which a responder chain from a later block ranks.
    var above = diagram.stacksClusters ? [] : diagram.nodes.map(\.id)
    for cluster in diagram.clusters {
      let nodes = all(cluster)
      if diagram.stacksClusters {
        // Compact: every block below the one before, entered at each node nothing in the
        // block ranks (an alert only a refused presentation from another window ranks, too).
        if let tail = lowest(above) {
          for head in entries(of: nodes, in: diagram, anchors: anchors) {
            anchors.append((tail, head))
          }
          ranks = estimatedRanks(in: diagram, extra: anchors)
        }
      } else {
        switch cluster.kind {
        case .detached, .storyboard: hang(nodes, below: lowest(above))
        default: break
        }
      }
      above += nodes
    }
    return anchors
  }

  /// The nodes of a block that no constraining edge (nor anchor) from inside the block ranks.
  private func entries(
    of nodes: [Diagram.NodeID], in diagram: Diagram,
    anchors: [(tail: Diagram.NodeID, head: Diagram.NodeID)]
  ) -> [Diagram.NodeID] {
    let block = Set(nodes)
    let constraining = zip(diagram.edges, drawnEnds(of: diagram.edges))
      .filter { constrains($0.0) }.map(\.1) + anchors
    var ranked = Set<Diagram.NodeID>()
    for edge in constraining where block.contains(edge.tail) && edge.tail != edge.head {
      ranked.insert(edge.head)
    }
    return nodes.filter { !ranked.contains($0) }
  }

  /// The children of each container drawn side by side (tabs, columns, pages, custom
  /// containers' children), left to right in their container's order; containers with one
  /// such child are left out. Then the diagram's own ``Diagram/rows``.
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
      + diagram.rows.filter { $0.count > 1 }
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
  /// ordering of each rank and undo the left-to-right order of tabs and columns. The
  /// legend's own ``Diagram/Legend/anchors`` when it names them. `stackingAnchors` are
  /// ``stackingAnchors(in:)`` of `diagram`, when the caller has them.
  public func legendAnchors(
    in diagram: Diagram,
    stackingAnchors: [(tail: Diagram.NodeID, head: Diagram.NodeID)]? = nil
  ) -> [Diagram.NodeID] {
    if let anchors = diagram.legend?.anchors { return anchors }
    let ranks = estimatedRanks(
      in: diagram, extra: stackingAnchors ?? self.stackingAnchors(in: diagram))
    guard let lowest = ranks.values.max() else { return [] }
    return diagram.allNodes.map(\.id).first { ranks[$0] == lowest }.map { [$0] } ?? []
  }

  /// Each drawn node's rank as `dot` assigns it (0 at the top), estimated the way `dot` ranks:
  /// the longest chain of constraining edges above a node (``stackingAnchors(in:)`` included),
  /// with each row drawn on one rank (``siblingRows(in:)``) counted as one node. Linear in
  /// nodes and edges; an edge that would close a cycle is left out, as `dot` reverses one.
  public func estimatedRanks(in diagram: Diagram) -> [Diagram.NodeID: Int] {
    estimatedRanks(in: diagram, extra: stackingAnchors(in: diagram))
  }

  private func estimatedRanks(
    in diagram: Diagram, extra: [(tail: Diagram.NodeID, head: Diagram.NodeID)]
  ) -> [Diagram.NodeID: Int] {
    // Nodes by position, so the groups, edges and ranks below are arrays: one hash per node
    // and per edge end, not one per step of the union and the longest path.
    let ids = diagram.allNodes.map(\.id)
    var position: [Diagram.NodeID: Int] = [:]
    position.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() { position[id] = index }
    // Union of the groups that share a rank (small groups: relabel the smaller side). A group
    // is named by the position of a member; `members[g]` is empty once `g` is merged away.
    var group = Array(ids.indices)
    var members = ids.indices.map { [$0] }
    for row in siblingRows(in: diagram) {
      guard let first = position[row[0]] else { continue }
      for id in row.dropFirst() {
        guard let other = position[id] else { continue }
        let (a, b) = (group[first], group[other])
        guard a != b else { continue }
        let (keep, drop) = members[a].count >= members[b].count ? (a, b) : (b, a)
        for moved in members[drop] { group[moved] = keep }
        members[keep] += members[drop]
        members[drop] = []
      }
    }
    // Longest path over the constraining edges, in topological order of the groups.
    // Each with its least span (a scanned app's wrapped rows: `minlen`).
    var successors = Array(repeating: [(head: Int, gap: Int)](), count: ids.count)
    var incoming = Array(repeating: 0, count: ids.count)
    func add(_ drawnTail: Diagram.NodeID, _ drawnHead: Diagram.NodeID, gap: Int) {
      guard let tailPosition = position[drawnTail], let headPosition = position[drawnHead]
      else { return }
      let (tail, head) = (group[tailPosition], group[headPosition])
      guard tail != head else { return }
      successors[tail].append((head, gap))
      incoming[head] += 1
    }
    for (edge, drawn) in zip(diagram.edges, drawnEnds(of: diagram.edges)) where constrains(edge) {
      if case .segue(let segue) = edge.kind {
        add(drawn.tail, drawn.head, gap: segue.rankGap)
      } else {
        add(drawn.tail, drawn.head, gap: 1)
      }
    }
    for anchor in extra { add(anchor.tail, anchor.head, gap: 1) }
    for hint in diagram.stacking { add(hint.upper, hint.lower, gap: hint.gap) }
    // The ranks do not depend on the order groups become ready in: each is the longest path
    // from the groups no cycle leads to.
    var rank = Array(repeating: 0, count: ids.count)
    var ready = ids.indices.filter { !members[$0].isEmpty && incoming[$0] == 0 }
    while let current = ready.popLast() {
      for (next, gap) in successors[current] {
        rank[next] = max(rank[next], rank[current] + gap)
        incoming[next] -= 1
        if incoming[next] == 0 { ready.append(next) }
      }
    }
    var ranks: [Diagram.NodeID: Int] = [:]
    ranks.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() { ranks[id] = rank[group[index]] }
    return ranks
  }
}
