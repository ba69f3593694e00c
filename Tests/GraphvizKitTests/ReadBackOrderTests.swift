import Testing

@testable import GraphvizKit

/// A small deterministic random number generator, so every run checks the same graphs.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Renders with the read-back order and with the written-and-read DOT text, which must agree
/// byte for byte: the shortcut is only worth having if nobody can tell.
@Suite("Read-back order", .serialized)
struct ReadBackOrderTests {
  /// A random graph in the shape vcgraph draws: nested clusters and plain groups, nodes
  /// listed at several levels, nodes only named by edges, nodes without attributes, edges
  /// listed inside subgraphs, self-loops and parallel edges, HTML and text labels.
  static func randomGraph(seed: UInt64) -> Graph {
    var random = SplitMix64(state: seed)
    var graph = Graph(name: "random\(seed)")
    graph.attributes.compound = true
    graph.nodeDefaults.shape = "box"
    graph.edgeDefaults.color = "#555555"
    let nodeCount = Int.random(in: 4...24, using: &random)
    let names = (0..<nodeCount).map { "n\($0)" }
    var nextSubgraph = 0

    func label(_ index: Int) -> Attributes {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: return Attributes()
      case 1: return Fixtures.html("<b>N\(index)</b><br/>html")
      default: return Fixtures.text("node \(index)")
      }
    }

    func fill(_ subgraph: inout Graph, depth: Int) {
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        let index = Int.random(in: 0..<nodeCount, using: &random)
        subgraph.add(Node(names[index], attributes: label(index)))
      }
      if subgraph.name.hasPrefix("group") || Bool.random(using: &random) {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          let tail = names.randomElement(using: &random)!
          let head = names.randomElement(using: &random)!
          subgraph.add(Edge(tail, head))
        }
      }
      guard depth < 3 else { return }
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        nextSubgraph += 1
        let kind = Bool.random(using: &random) ? "group" : "cluster"
        var child = Graph(name: "\(kind)_\(nextSubgraph)")
        child.attributes.label = .text("\(kind) \(nextSubgraph)")
        fill(&child, depth: depth + 1)
        subgraph.add(child)
      }
    }
    fill(&graph, depth: 0)
    for index in 0..<nodeCount where Bool.random(using: &random) {
      graph.add(Node(names[index], attributes: label(index)))
    }
    for _ in 0..<Int.random(in: nodeCount...(2 * nodeCount), using: &random) {
      let tail = Int.random(in: 0..<(nodeCount + 3), using: &random)
      let head = Int.random(in: 0..<(nodeCount + 3), using: &random)
      // Indices past the listed nodes name nodes that only edges create.
      var attributes = Attributes()
      if Bool.random(using: &random) { attributes.color = "#cc0000" }
      graph.add(Edge("n\(tail)", "n\(head)", attributes: attributes))
    }
    return graph
  }

  private func render(_ graph: Graph, readBack: Bool) throws -> [UInt8] {
    GraphvizRuntime.shared.setUsesReadBackOrder(readBack)
    defer { GraphvizRuntime.shared.setUsesReadBackOrder(true) }
    return try Graphviz.render(graph, format: .svg).data
  }

  @Test("building in read-back order draws what writing and reading the DOT draws")
  func sameDrawing() throws {
    var checked = 0
    for seed in UInt64(1)...60 {
      let graph = Self.randomGraph(seed: seed)
      let prepared = try Preparation.prepare(graph)
      #expect(ReadBackOrder.plan(for: prepared) != nil, "seed \(seed) fell back")
      let direct = try render(graph, readBack: true)
      let roundTrip = try render(graph, readBack: false)
      let same = direct == roundTrip
      #expect(same, "seed \(seed) draws differently")
      checked += 1
    }
    #expect(checked == 60)
  }

  @Test("graphs outside the model fall back to the DOT round trip")
  func fallback() throws {
    var strict = Self.randomGraph(seed: 7)
    strict.strict = true
    #expect(ReadBackOrder.plan(for: try Preparation.prepare(strict)) == nil)
    var undirected = Self.randomGraph(seed: 7)
    undirected.directed = false
    #expect(ReadBackOrder.plan(for: try Preparation.prepare(undirected)) == nil)
    // Fixtures.clustered has node and edge defaults in subgraphs.
    #expect(ReadBackOrder.plan(for: try Preparation.prepare(Fixtures.clustered())) == nil)
    #expect(try render(Fixtures.clustered(), readBack: true).count > 0)
  }
}
