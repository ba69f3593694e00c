/// The compact layout of a scanned app's map: top to bottom, each row no wider than a budget
/// in points so that the map reads at README width (``ReadingSize``). A row too wide (twenty
/// coordinators side by side, a fan of thirty screens) is wrapped: the nodes past the budget
/// go a rank lower, leaves first, and what they lead to follows them down. Format-neutral: it
/// works on estimated text widths, and its result is ranks (``rankGaps``, an edge's least
/// rank span) and ``stacking`` hints, which a layout engine such as `dot` takes as
/// constraints.
///
/// Rows are estimated the way `dot` lays a labelled graph out: a node row per rank, and
/// between two node rows a row of the edge labels (an edge's label sits halfway down it) and
/// of the edges passing through. O(iterations × (nodes + edges)), at most four iterations
/// per node.
public struct ScanMapLayout: Sendable {
  /// An edge between two nodes, by their positions.
  public struct Link: Sendable, Equatable {
    /// The node it starts at.
    public var tail: Int
    /// The node it ends at.
    public var head: Int
    /// Whether it ranks its head below its tail (an unwind does not).
    public var ranks: Bool
    /// Its label's estimated width in points (0 without one).
    public var label: Double

    /// An edge from `tail` to `head`.
    public init(tail: Int, head: Int, ranks: Bool = true, label: Double = 0) {
      self.tail = tail
      self.head = head
      self.ranks = ranks
      self.label = label
    }
  }

  /// Each node's rank, 0 at the top.
  public var ranks: [Int]
  /// For each link, the least number of ranks its head sits below its tail (1 unless a row
  /// was wrapped; 1 for a link that does not rank).
  public var rankGaps: [Int]
  /// Each row's first node `gap` ranks below the first node of the row above, in one column
  /// (`aligned`): the rows share a left edge, as lines of text do, so that the drawing is as
  /// wide as its widest row and no band wanders sideways.
  public var stacking: [(upper: Int, lower: Int, gap: Int, aligned: Bool)]
  /// Nodes on one rank drawn side by side, left to right: every rank of two nodes or more,
  /// so that `dot` draws the rows this layout measured (its flows in order, each node under
  /// the nodes that lead to it), not rows of its own.
  public var rows: [[Int]]
  /// The first node of each row, top to bottom: the column the rows share.
  public var spine: [Int]
  /// For each link, whether it leads to a shared destination: it keeps its head below its
  /// tail without pulling the two together (`dot`'s `weight=0`).
  public var loose: [Bool]
  /// For each link, whether it leads up or across (its head on its tail's rank or above,
  /// closing a cycle): it does not rank its head, as `dot` would otherwise rank it anew.
  public var backward: [Bool]

  /// Space between two things on a row, in points (`nodesep` 0.15 inch).
  public static let separation = 10.8
  /// What an edge passing through a row takes of it, in points.
  public static let passing = 8.0

  /// Lays out nodes `widths` wide (in points, in document order) joined by `links` in rows
  /// at most `budget` points wide where it can be (a single node or label wider than that
  /// stays as it is):
  /// - A **shared destination** (a node three or more types lead to: a QR reader, a common
  ///   sheet) is left out of the flows below; its edges keep it below them without pulling
  ///   (``loose``), so that its callers stay with their own flow.
  /// - The rest falls into **flows**, the connected parts. In each, a row too wide is
  ///   wrapped: its leaves past the budget go a rank lower (a fan of twelve screens becomes
  ///   rows of a few).
  /// - The flows are set side by side in document order while they fit the budget, then on
  ///   a new band below, as text wraps into lines; the bands share a middle.
  public init(widths: [Double], links: [Link], budget: Double) {
    let count = widths.count
    let ranking = links.filter { $0.ranks && $0.tail != $0.head }
    var callers = [Set<Int>](repeating: [], count: count)
    for link in ranking { callers[link.head].insert(link.tail) }
    let shared = Set((0..<count).filter { callers[$0].count >= Self.sharedCallers })
    let flowOf = Self.flows(
      count: count, links: links.map { ($0.tail, $0.head) }, leavingOut: shared)
    var flows: [Int: [Int]] = [:]
    for node in 0..<count where !shared.contains(node) {
      flows[flowOf[node], default: []].append(node)
    }
    var floor = [Int](repeating: 0, count: count)
    var offset = 0
    var bands: [(width: Double, height: Int)] = []
    for key in flows.keys.sorted() {
      let members = flows[key]!
      let local = Self.wrapped(members, widths: widths, links: links, budget: budget)
      if let last = bands.last, last.width + Self.separation * 2 + local.width > budget {
        offset += last.height
        bands.append((0, 0))
      } else if bands.isEmpty {
        bands.append((0, 0))
      }
      let band = bands.count - 1
      bands[band].width += (bands[band].width > 0 ? Self.separation * 2 : 0) + local.width
      bands[band].height = max(bands[band].height, local.height)
      for (node, rank) in local.ranks { floor[node] = offset + rank }
    }
    let ranks = Self.longestPath(count: count, links: links, floor: floor)
    self.ranks = ranks
    loose = links.map { shared.contains($0.head) && !shared.contains($0.tail) }
    rankGaps = links.map { link in
      guard link.ranks, link.tail != link.head, ranks[link.head] > ranks[link.tail] else {
        return 1
      }
      return ranks[link.head] - ranks[link.tail]
    }
    // Every rank a row, left to right: its flows in order, each flow's nodes under the
    // nodes that lead to them.
    var flowOrder = [Int](repeating: 0, count: count)
    for (order, key) in flows.keys.sorted().enumerated() {
      for node in flows[key]! { flowOrder[node] = order }
    }
    for node in shared {
      flowOrder[node] = ranking.filter { $0.head == node }.map { flowOrder[$0.tail] }.min() ?? 0
    }
    backward = links.map { $0.ranks && $0.tail != $0.head && ranks[$0.head] <= ranks[$0.tail] }
    let ordered = Self.ordered(
      ranks: ranks, links: zip(links, backward).filter { !$0.1 }.map(\.0), flow: flowOrder)
    rows = ordered.filter { $0.count > 1 }
    // Each row's first node straight below the one before's: the rows start at one left edge,
    // as lines of text do, so that the drawing is as wide as its widest row.
    // (Each row's middle node in one column measured wider: trust-wallet-ios 928 pt, against
    // 838 left-aligned.)
    let firsts = ordered.enumerated().compactMap { rank, row in
      row.first.map { (rank: rank, node: $0) }
    }
    var stacking: [(upper: Int, lower: Int, gap: Int, aligned: Bool)] = []
    for (upper, lower) in zip(firsts, firsts.dropFirst()) {
      stacking.append((upper.node, lower.node, lower.rank - upper.rank, true))
    }
    spine = firsts.map(\.node)
    self.stacking = stacking
  }

  /// Each rank's nodes left to right, top down: by flow (`flow`, its order), then by the
  /// mean position of the nodes above that lead to them (their parents), then in document
  /// order, so that a flow keeps to its own columns and its lines cross little.
  static func ordered(ranks: [Int], links: [Link], flow: [Int]) -> [[Int]] {
    guard let deepest = ranks.max() else { return [] }
    var parents = [[Int]](repeating: [], count: ranks.count)
    for link in links where link.ranks && ranks[link.head] > ranks[link.tail] {
      parents[link.head].append(link.tail)
    }
    var byRank = [[Int]](repeating: [], count: deepest + 1)
    for node in ranks.indices { byRank[ranks[node]].append(node) }
    var place = [Double](repeating: 0, count: ranks.count)
    var rows: [[Int]] = []
    for rank in 0...deepest {
      let key = byRank[rank].map { node -> (Int, Double, Int) in
        let above = parents[node].map { place[$0] }
        return (flow[node], above.isEmpty ? -1 : above.reduce(0, +) / Double(above.count), node)
      }
      let row = key.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map(\.2)
      // A node's place: its share of the row, so that rows of different lengths compare.
      for (index, node) in row.enumerated() {
        place[node] = (Double(index) + 0.5) / Double(row.count)
      }
      rows.append(row)
    }
    return rows
  }

  /// Each node's flow, named by its first node: the connected parts of the graph of `links`
  /// between `count` nodes once the nodes `leavingOut` are taken out (each of those its own).
  public static func flows(
    count: Int, links: [(tail: Int, head: Int)], leavingOut: Set<Int> = []
  ) -> [Int] {
    var flowOf = Array(0..<count)
    func root(_ node: Int) -> Int {
      var node = node
      while flowOf[node] != node {
        flowOf[node] = flowOf[flowOf[node]]
        node = flowOf[node]
      }
      return node
    }
    for link in links where !leavingOut.contains(link.tail) && !leavingOut.contains(link.head) {
      let (a, b) = (root(link.tail), root(link.head))
      if a != b { flowOf[max(a, b)] = min(a, b) }
    }
    return (0..<count).map(root)
  }

  /// The callers that make a node a shared destination.
  public static let sharedCallers = 3

  /// One flow's ranks from 0, its rows too wide wrapped by moving leaves down, with its
  /// estimated width and height in ranks.
  static func wrapped(
    _ members: [Int], widths: [Double], links: [Link], budget: Double
  ) -> (ranks: [Int: Int], width: Double, height: Int) {
    var position: [Int: Int] = [:]
    for (index, node) in members.enumerated() { position[node] = index }
    let inside = links.compactMap { link -> Link? in
      guard let tail = position[link.tail], let head = position[link.head] else { return nil }
      return Link(tail: tail, head: head, ranks: link.ranks, label: link.label)
    }
    let localWidths = members.map { widths[$0] }
    let leads = Set(inside.filter { $0.ranks && $0.tail != $0.head }.map(\.tail))
    var floor = [Int](repeating: 0, count: members.count)
    var ranks = longestPath(count: members.count, links: inside, floor: floor)
    var iterations = 0
    wrapping: while iterations < 4 * max(members.count, 1) {
      iterations += 1
      for row in rows(widths: localWidths, links: inside, ranks: ranks) where row.width > budget {
        // Keep the row's first leaves within the budget; move the last ones a rank down.
        var width = row.width
        var moved = false
        for item in row.items.reversed() where width > budget && !leads.contains(item.node) {
          floor[item.node] = max(floor[item.node], ranks[item.node] + 1)
          width -= item.width + separation
          moved = true
        }
        guard moved else { continue }
        ranks = longestPath(count: members.count, links: inside, floor: floor)
        continue wrapping
      }
      break
    }
    let width = rows(widths: localWidths, links: inside, ranks: ranks).map(\.width).max() ?? 0
    var result: [Int: Int] = [:]
    for (index, node) in members.enumerated() { result[node] = ranks[index] }
    return (result, width, (ranks.max() ?? 0) + 1)
  }

  /// One row as `dot` would draw it: its width in points and what is on it, each thing with
  /// the node it moves when the row is wrapped (an edge's label moves with the edge's head).
  struct Row {
    var width = 0.0
    var items: [(node: Int, width: Double)] = []
  }

  /// The rows, node rows at even positions (rank × 2), label rows between them.
  static func rows(widths: [Double], links: [Link], ranks: [Int]) -> [Row] {
    let deepest = ranks.max() ?? 0
    var rows = [Row](repeating: Row(), count: 2 * deepest + 1)
    func add(_ width: Double, at position: Int, moving node: Int?) {
      if !rows[position].items.isEmpty || rows[position].width > 0 {
        rows[position].width += separation
      }
      rows[position].width += width
      if let node { rows[position].items.append((node, width)) }
    }
    for (node, width) in widths.enumerated() { add(width, at: 2 * ranks[node], moving: node) }
    for link in links where link.tail != link.head {
      let top = 2 * min(ranks[link.tail], ranks[link.head])
      let bottom = 2 * max(ranks[link.tail], ranks[link.head])
      guard bottom > top else { continue }
      let middle = (top + bottom) / 2 | 1
      for position in (top + 1)..<bottom {
        if position == middle && link.label > 0 {
          add(link.label, at: position, moving: link.ranks ? link.head : nil)
        } else {
          add(passing, at: position, moving: nil)
        }
      }
    }
    return rows
  }

  /// Each node's rank: the longest chain of ranking links above it, and at least its floor.
  /// A link that would close a cycle is left out, as `dot` reverses one.
  static func longestPath(count: Int, links: [Link], floor: [Int]) -> [Int] {
    var successors = [[Int]](repeating: [], count: count)
    var incoming = [Int](repeating: 0, count: count)
    for link in links where link.ranks && link.tail != link.head {
      successors[link.tail].append(link.head)
      incoming[link.head] += 1
    }
    var rank = floor
    var done = [Bool](repeating: false, count: count)
    var ready = (0..<count).filter { incoming[$0] == 0 }.reversed().map { $0 }
    var next = 0
    var finished = 0
    while finished < count {
      if ready.isEmpty {
        // A cycle: take the first node not ranked yet, as if its other edges were reversed.
        while done[next] { next += 1 }
        ready.append(next)
        incoming[next] = 0
      }
      let node = ready.removeLast()
      guard !done[node] else { continue }
      done[node] = true
      finished += 1
      for head in successors[node] where !done[head] {
        rank[head] = max(rank[head], rank[node] + 1)
        incoming[head] -= 1
        if incoming[head] == 0 { ready.append(head) }
      }
    }
    return rank
  }
}
