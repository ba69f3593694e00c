extension Diagram {
  /// Where a backend draws each edge so that a navigation stack reads top to bottom: the
  /// navigation controller, its top, then each entry below the one above it down to `[0]`.
  /// Each stack entry below the top is drawn from the entry above it (a line without an
  /// arrow: the navigation controller holds them all), so a layered layout ranks every stack
  /// in index order and does not fan it out sideways from the navigation controller.
  ///
  /// The result follows `edges`: the nodes each one connects in the drawing.
  public static func drawnEnds(
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

}
