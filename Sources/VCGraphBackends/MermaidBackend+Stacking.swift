import VCGraphDiagram

extension MermaidBackend {
  /// The invisible links that stack a flowchart's blocks one below the other, as the Graphviz
  /// drawing does, so that it grows down rather than sideways and keeps its text large when
  /// drawn to an 880 px column (``ReadingSize``): a controller's fan of four or more (tabs,
  /// children, its view) in two rows (``wrapFans(in:links:)``); in each window (and among the
  /// controllers in no window), each presentation level below the window's own deepest node
  /// and below the level before (by level number); then the top-level subgraphs (scenes,
  /// windows, the controllers in no window) each below the one before. Mermaid would set
  /// subgraphs no edge joins side by side. Empty subgraphs, which are not written, are left
  /// out.
  static func stackingLinks(in diagram: Diagram) -> [(tail: String, head: String)] {
    var links: [(tail: Diagram.NodeID, head: Diagram.NodeID)] = []
    var depth = depths(in: diagram, links: links)
    func all(_ cluster: Diagram.Cluster) -> [Diagram.NodeID] {
      cluster.nodes.map(\.id) + cluster.clusters.flatMap(all)
    }
    // The last of the deepest: a block hung from the first pulled the tree it ends to the
    // right, past the fans beside it (a tab bar's tabs out of their order).
    func deepest(_ nodes: [Diagram.NodeID]) -> Diagram.NodeID? {
      guard let most = nodes.compactMap({ depth[$0] }).max() else { return nil }
      return nodes.last { depth[$0] == most }
    }
    // Mermaid ranks a link between subgraphs loosely: each link joins the lowest node above
    // to each node of the block below that nothing inside the block ranks.
    func hang(_ block: [Diagram.NodeID], below tail: Diagram.NodeID?) {
      hang(block, below: tail.map { [$0] } ?? [])
    }
    func hang(_ block: [Diagram.NodeID], below tails: [Diagram.NodeID]) {
      guard !tails.isEmpty else { return }
      let inside = Set(block)
      var ranked = Set<Diagram.NodeID>()
      for (edge, drawn) in zip(diagram.edges, Diagram.drawnEnds(of: diagram.edges))
      where ranks(edge) && inside.contains(drawn.tail) && drawn.tail != drawn.head {
        ranked.insert(drawn.head)
      }
      for link in links where inside.contains(link.tail) { ranked.insert(link.head) }
      for head in block where !ranked.contains(head) {
        for tail in tails { links.append((tail, head)) }
      }
      depth = depths(in: diagram, links: links)
    }
    // The deepest node of each column of `nodes`: of the tree under each child of a root
    // among them (a node nothing among them ranks), or the root when it has none.
    func columnEnds(of nodes: [Diagram.NodeID]) -> [Diagram.NodeID] {
      let inside = Set(nodes)
      var below: [Diagram.NodeID: [Diagram.NodeID]] = [:]
      var ranked = Set<Diagram.NodeID>()
      var joined = links
      for (edge, drawn) in zip(diagram.edges, Diagram.drawnEnds(of: diagram.edges))
      where ranks(edge) {
        joined.append(drawn)
      }
      for link in joined
      where link.tail != link.head && inside.contains(link.tail) && inside.contains(link.head) {
        below[link.tail, default: []].append(link.head)
        ranked.insert(link.head)
      }
      var ends: [Diagram.NodeID] = []
      for root in nodes where !ranked.contains(root) {
        for column in below[root] ?? [root] {
          var seen: Set<Diagram.NodeID> = [column]
          var queue = [column]
          var index = 0
          while index < queue.count {
            for next in below[queue[index]] ?? [] where seen.insert(next).inserted {
              queue.append(next)
            }
            index += 1
          }
          if let end = deepest(queue), !ends.contains(end) { ends.append(end) }
        }
      }
      return ends
    }
    func blocks(in cluster: Diagram.Cluster) -> [Diagram.Cluster] {
      let levels = cluster.clusters.enumerated().compactMap {
        entry -> (level: Int, offset: Int, cluster: Diagram.Cluster)? in
        switch entry.element.kind {
        case .presentationLevel(let level): (level.level, entry.offset, entry.element)
        case .dismissRegion:
          (firstLevel(in: entry.element) ?? Int.max, entry.offset, entry.element)
        default: nil
        }
      }
      return levels.sorted { ($0.level, $0.offset) < ($1.level, $1.offset) }.map(\.cluster)
        .filter { !MermaidWriter.isEmpty($0) }
    }
    wrapFans(in: diagram, links: &links)
    depth = depths(in: diagram, links: links)
    func visit(_ cluster: Diagram.Cluster) {
      switch cluster.kind {
      case .window, .detached:
        // A level below the end of every column above it (each tab's, each child's), not
        // only below the deepest: hung from one, Mermaid pulled that column sideways to it (a
        // tab's stack past the next tab).
        var above = cluster.nodes.map(\.id)
        for block in blocks(in: cluster) {
          let nodes = all(block)
          hang(nodes, below: columnEnds(of: above))
          above = nodes
        }
      case .scene:
        // A scene's windows one below the other too.
        var above: [Diagram.NodeID] = []
        for window in cluster.clusters where !MermaidWriter.isEmpty(window) {
          visit(window)
          let nodes = all(window)
          hang(nodes, below: deepest(above))
          above += nodes
        }
      default:
        for inner in cluster.clusters { visit(inner) }
      }
    }
    for cluster in diagram.clusters { visit(cluster) }
    var above: [Diagram.NodeID] = []
    for cluster in diagram.clusters where !MermaidWriter.isEmpty(cluster) {
      switch cluster.kind {
      case .scene, .window, .detached: break
      // A storyboard's map: its segues place its scenes.
      default: continue
      }
      let nodes = all(cluster)
      hang(nodes, below: deepest(above))
      above += nodes
    }
    return links.map { (MermaidID.node($0.tail), MermaidID.node($0.head)) }
  }

  /// A controller's fan in two rows when it has four or more (its tabs in tab-bar order, its
  /// children, stack entries and view in the order they are drawn): each of the second half
  /// under the one half a fan to its left, below the deepest node of that one's tree (and the
  /// last of an odd fan under the last of the first row too), so that five tabs of stacks, or
  /// a container's children beside its view tree, are three columns wide, not five, and keep
  /// their order.
  private static func wrapFans(
    in diagram: Diagram, links: inout [(tail: Diagram.NodeID, head: Diagram.NodeID)]
  ) {
    var below: [Diagram.NodeID: [Diagram.NodeID]] = [:]
    var fans: [Diagram.NodeID: [(position: Int, head: Diagram.NodeID)]] = [:]
    var order: [Diagram.NodeID] = []
    for (index, (edge, drawn)) in zip(diagram.edges, Diagram.drawnEnds(of: diagram.edges))
      .enumerated()
    where ranks(edge) && drawn.tail != drawn.head {
      below[drawn.tail, default: []].append(drawn.head)
      guard case .controller = drawn.tail else { continue }
      // Tabs first, by their place in the bar; the rest as drawn.
      var position = diagram.edges.count + index
      if case .containment(let containment) = edge.kind,
        case .tab(let tab, _, _) = containment.slot
      {
        position = tab
      }
      if fans[drawn.tail] == nil { order.append(drawn.tail) }
      fans[drawn.tail, default: []].append((position, drawn.head))
    }
    // The deepest node under `root` (the first found at the greatest depth).
    func deepest(under root: Diagram.NodeID) -> Diagram.NodeID {
      var best = (node: root, depth: 0)
      var seen: Set<Diagram.NodeID> = [root]
      var queue = [(node: root, depth: 0)]
      var index = 0
      while index < queue.count {
        let current = queue[index]
        index += 1
        if current.depth > best.depth { best = current }
        for next in below[current.node] ?? [] where seen.insert(next).inserted {
          queue.append((next, current.depth + 1))
        }
      }
      return best.node
    }
    for tail in order {
      let row = fans[tail]!.sorted { $0.position < $1.position }.map(\.head)
      guard row.count >= 4 else { continue }
      let half = (row.count + 1) / 2
      var pairs = (half..<row.count).map { (above: row[$0 - half], below: row[$0]) }
      // An odd fan's last of the first row is held over the last of the second too: with
      // nothing below it, Mermaid moved it anywhere in its row.
      if row.count % 2 == 1 { pairs.append((row[half - 1], row[row.count - 1])) }
      for pair in pairs {
        let link = (tail: deepest(under: pair.above), head: pair.below)
        links.append(link)
        below[link.tail, default: []].append(link.head)
      }
    }
  }

  /// Whether Mermaid ranks the edge's head below its tail as vcgraph draws it (containment
  /// and views; presentations and responder chains go where they must).
  private static func ranks(_ edge: Diagram.Edge) -> Bool {
    switch edge.kind {
    case .containment, .rootView, .subview: true
    default: false
    }
  }

  /// The lowest presentation level in a dismiss region.
  private static func firstLevel(in cluster: Diagram.Cluster) -> Int? {
    cluster.clusters.compactMap { inner -> Int? in
      if case .presentationLevel(let level) = inner.kind { return level.level }
      return firstLevel(in: inner)
    }.min()
  }

  /// How far below a root each node is drawn, along containment edges as drawn (each stack
  /// entry under the one above it: ``Diagram/drawnEnds(of:)``), views and `links`; the
  /// longest such path, each edge taken once, so that a cycle in a broken input ends.
  private static func depths(
    in diagram: Diagram, links: [(tail: Diagram.NodeID, head: Diagram.NodeID)]
  ) -> [Diagram.NodeID: Int] {
    var below: [Diagram.NodeID: [Diagram.NodeID]] = [:]
    var incoming: [Diagram.NodeID: Int] = [:]
    var joined = links
    for (edge, drawn) in zip(diagram.edges, Diagram.drawnEnds(of: diagram.edges))
    where ranks(edge) {
      joined.append(drawn)
    }
    for drawn in joined where drawn.tail != drawn.head {
      below[drawn.tail, default: []].append(drawn.head)
      incoming[drawn.head, default: 0] += 1
    }
    var depth: [Diagram.NodeID: Int] = [:]
    let ids = diagram.allNodes.map(\.id)
    for id in ids { depth[id] = 0 }
    var ready = ids.filter { incoming[$0, default: 0] == 0 }
    while let current = ready.popLast() {
      for next in below[current] ?? [] {
        depth[next] = max(depth[next] ?? 0, (depth[current] ?? 0) + 1)
        incoming[next]! -= 1
        if incoming[next] == 0 { ready.append(next) }
      }
    }
    return depth
  }
}
