import Foundation
import GraphvizKit
import Testing
import VCGraphGraphviz

/// Where each controller is drawn in an SVG Graphviz wrote: the center of its shape's
/// outline, in the SVG's own coordinates (the graph's translation applied), and the outline's
/// box. Read from the SVG text alone.
struct DrawnNode: Equatable {
  var x: Double, y: Double
  var minX: Double, minY: Double, maxX: Double, maxY: Double
}

enum DrawnSVG {
  /// The graph's `translate(X Y)`.
  static func translation(_ svg: String) -> (Double, Double) {
    guard
      let range = svg.range(of: #"translate\(([-0-9.]+) ([-0-9.]+)\)"#, options: .regularExpression)
    else { return (0, 0) }
    let numbers = svg[range].dropFirst(10).dropLast().split(separator: " ").compactMap {
      Double($0)
    }
    return numbers.count == 2 ? (numbers[0], numbers[1]) : (0, 0)
  }

  /// Every node group whose id starts with `prefix` (`vc-`), by id.
  static func nodes(_ svg: String, prefix: String = "vc-") -> [String: DrawnNode] {
    let (tx, ty) = translation(svg)
    var result: [String: DrawnNode] = [:]
    let escaped = prefix.replacingOccurrences(of: "-", with: "&#45;")
    var rest = svg[...]
    while let start = rest.range(of: "<g id=\"\(escaped)") {
      let idEnd = rest[start.upperBound...].firstIndex(of: "\"")!
      let id =
        prefix
        + String(rest[start.upperBound..<idEnd]).replacingOccurrences(of: "&#45;", with: "-")
      let group = rest[idEnd...]
      guard group.prefix(20).contains("class=\"node\"") else {
        rest = rest[idEnd...]
        continue
      }
      // The first outline drawn in the group: a polygon's points or a path's coordinates.
      let end = group.range(of: "</g>\n<!--")?.lowerBound ?? group.endIndex
      let body = group[..<end]
      var numbers: [Double] = []
      if let points = body.range(of: #" (points|d)="[^"]*""#, options: .regularExpression) {
        let text = body[points].drop { $0 != "\"" }.dropFirst().dropLast()
        numbers = text.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap {
          Double($0)
        }
      }
      let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] + tx }
      let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] + ty }
      if let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() {
        result[id] = DrawnNode(
          x: (minX + maxX) / 2, y: (minY + maxY) / 2, minX: minX, minY: minY, maxX: maxX,
          maxY: maxY)
      }
      rest = group[end...]
    }
    return result
  }

  /// The boxes of the edge labels: the background Graphviz draws behind each (a filled
  /// polygon with a transparent outline, sized by Graphviz for the text drawn), by edge group.
  static func edgeLabels(_ svg: String) -> [(edge: String, box: DrawnNode)] {
    let (tx, ty) = translation(svg)
    var result: [(String, DrawnNode)] = []
    for (number, group) in svg.components(separatedBy: "class=\"edge\">").dropFirst()
      .enumerated()
    {
      let body = group.components(separatedBy: "</g>").first ?? ""
      for line in body.split(separator: "\n")
      where line.hasPrefix("<polygon") && line.contains("stroke=\"transparent\"") {
        guard let points = line.range(of: #"points="[^"]*""#, options: .regularExpression)
        else { continue }
        let numbers = line[points].dropFirst(8).dropLast().split(
          whereSeparator: { $0 == " " || $0 == "," }
        ).compactMap { Double($0) }
        let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] + tx }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] + ty }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
        else { continue }
        result.append(
          (
            "edge \(number)",
            DrawnNode(
              x: (minX + maxX) / 2, y: (minY + maxY) / 2, minX: minX, minY: minY, maxX: maxX,
              maxY: maxY)
          ))
      }
    }
    return result
  }

  /// Whether two boxes overlap by more than half a point each way.
  static func overlap(_ a: DrawnNode, _ b: DrawnNode) -> Bool {
    a.minX < b.maxX - 0.5 && b.minX < a.maxX - 0.5 && a.minY < b.maxY - 0.5
      && b.minY < a.maxY - 0.5
  }

  static func viewBox(_ svg: String) -> String? {
    guard let range = svg.range(of: #"viewBox="[^"]*""#, options: .regularExpression) else {
      return nil
    }
    return String(svg[range])
  }
}

@Suite("stable positions across a scenario's steps")
struct StableLayoutTests {
  private func scenarios() throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Samples").path
    ).filter { $0.hasPrefix("scenario-") && $0.hasSuffix(".yaml") }.sorted()
  }

  @Test("a controller in two consecutive steps has the same coordinates (within 0.5 pt)")
  func sameCoordinates() throws {
    let directory = try TemporaryDirectory("stable")
    let names = try scenarios()
    #expect(names.count >= 3)
    for name in names {
      let out = directory.url.appendingPathComponent(name)
      let run = try vcgraph([
        "simulate", repositoryRoot.appendingPathComponent("Samples/\(name)").path, "-o",
        out.path, "-q", "--format", "json",
      ])
      #expect(run.exitCode == 0, "\(name): \(run.stderr)")
      let steps = try Data(contentsOf: out.appendingPathComponent("summary.json"))
      let summary = try #require(try JSONSerialization.jsonObject(with: steps) as? [String: Any])
      let count = (summary["steps"] as? [Any])?.count ?? 0
      #expect(count >= 3)
      var previous: [String: DrawnNode]?
      var compared = 0
      var viewBoxes = Set<String>()
      for n in 0...count {
        let svg = try String(
          contentsOf: out.appendingPathComponent("step-\(n).svg"), encoding: .utf8)
        viewBoxes.insert(DrawnSVG.viewBox(svg) ?? "")
        let nodes = DrawnSVG.nodes(svg)
        #expect(!nodes.isEmpty, "\(name) step \(n)")
        // Not all at one place: no two controllers' outlines (the ghosts' too) overlap, nor
        // two edge labels (each as large as the text this step draws), nor a label and a
        // controller.
        let boxes =
          (nodes.merging(DrawnSVG.nodes(svg, prefix: "removed-")) { a, _ in a }).sorted {
            $0.key < $1.key
          }.map { ($0.key, $0.value) } + DrawnSVG.edgeLabels(svg)
        for (i, a) in boxes.enumerated() {
          for b in boxes[(i + 1)...] where a.0 != b.0 {
            #expect(!DrawnSVG.overlap(a.1, b.1), "\(name) step \(n): \(a.0) overlaps \(b.0)")
          }
        }
        if let previous {
          for (id, node) in nodes {
            guard let before = previous[id] else { continue }
            compared += 1
            let move =
              "\(name): \(id) moves from (\(before.x), \(before.y)) at step \(n - 1) to"
              + " (\(node.x), \(node.y)) at step \(n)"
            #expect(abs(node.x - before.x) <= 0.5 && abs(node.y - before.y) <= 0.5, "\(move)")
          }
        }
        previous = nodes
      }
      #expect(compared >= count, "\(name): \(compared) comparisons")
      // Every step's drawing has the same size, so the review page overlays them exactly.
      #expect(viewBoxes.count == 1, "\(name): \(viewBoxes)")
    }
  }

  @Test("the step that removes a controller draws it ghosted with ✕ where it was")
  func removedGhosts() throws {
    let directory = try TemporaryDirectory("stable-ghosts")
    let out = directory.url.appendingPathComponent("review")
    let run = try vcgraph([
      "simulate",
      repositoryRoot.appendingPathComponent("Samples/scenario-000-tabs-modal.yaml").path, "-o",
      out.path, "-q",
    ])
    #expect(run.exitCode == 0, "\(run.stderr)")
    // Step 4 dismisses the reply sheet: replyNav and reply leave.
    let step3 = try String(contentsOf: out.appendingPathComponent("step-3.svg"), encoding: .utf8)
    let step4 = try String(contentsOf: out.appendingPathComponent("step-4.svg"), encoding: .utf8)
    let step5 = try String(contentsOf: out.appendingPathComponent("step-5.svg"), encoding: .utf8)
    let ghosts = DrawnSVG.nodes(step4, prefix: "removed-")
    #expect(Set(ghosts.keys) == ["removed-replyNav", "removed-reply"])
    #expect(DrawnSVG.nodes(step4)["vc-reply"] == nil)
    let before = DrawnSVG.nodes(step3)
    for (id, ghost) in ghosts {
      let was = try #require(before["vc-" + id.dropFirst("removed-".count)])
      #expect(abs(ghost.x - was.x) <= 0.5 && abs(ghost.y - was.y) <= 0.5)
    }
    #expect(step4.components(separatedBy: "✕ removed").count - 1 == 2)
    #expect(step4.contains("stroke-dasharray"))
    // Only in the step that removes them.
    #expect(DrawnSVG.nodes(step5, prefix: "removed-").isEmpty)
    #expect(!step5.contains("✕ removed"))
  }

  @Test("the shared layout is stopped at --layout-timeout, and nothing is written")
  func sharedLayoutTimeout() throws {
    let directory = try TemporaryDirectory("stable-timeout")
    let started = Date()
    // A stand-in for a layout no Graphviz finishes in time (as the render timeout tests).
    let result = try vcgraph(
      [
        "simulate",
        repositoryRoot.appendingPathComponent("Samples/scenario-000-tabs-modal.yaml").path,
        "-o", "out", "--layout-timeout", "0.5",
      ], stdinBytes: nil, cwd: directory.url,
      environment: ["VCGRAPH_TEST_LAYOUT_DELAY": "60"])
    #expect(result.exitCode == 65, "exit \(result.exitCode): \(result.stderr)")
    #expect(
      result.stderr.contains("took longer than the limit of 0.5 seconds and was stopped"),
      "\(result.stderr)")
    #expect(result.stderr.contains("--layout-timeout"))
    #expect(Date().timeIntervalSince(started) < 20)
    #expect(directory.names().isEmpty, "\(directory.names())")
  }

  @Test("two states sharing a node: same place, same drawing size; the title takes one size")
  func twoGraphs() throws {
    func state(_ names: [String], title: String) -> Graph {
      var graph = Graph(name: "g")
      graph.attributes["label"] = .html(title)
      graph.attributes["labelloc"] = .raw("t")
      var cluster = Graph(name: "cluster_w")
      cluster.attributes["id"] = .text("window-main")
      cluster.attributes["label"] = .text("window")
      for name in names {
        cluster.add(
          Node(
            "n\(names.firstIndex(of: name)!)",
            attributes: Attributes([("id", .text(name)), ("shape", .raw("box"))])))
      }
      graph.add(cluster)
      for pair in zip(names, names.dropFirst()) {
        graph.add(
          Edge(
            "n\(names.firstIndex(of: pair.0)!)", "n\(names.firstIndex(of: pair.1)!)",
            attributes: Attributes([("id", .text("contains-\(pair.0)"))])))
      }
      return graph
    }
    // The node names differ between the states (n1 is b, then c); the ids say which is which.
    let states = [
      state(["a", "b"], title: "one line"),
      state(["a", "c", "a long second label"], title: "two<BR/>lines, the second much longer"),
    ]
    let layout = try StableLayout(states: states, engine: "dot") { graph, engine in
      try Graphviz.render(graph, engine: engine, formatName: "json0").data
    }
    let svgs = try (0..<2).map {
      try Graphviz.render(layout.graph($0), engine: StableLayout.engine, format: .svg).text
    }
    #expect(DrawnSVG.viewBox(svgs[0]) == DrawnSVG.viewBox(svgs[1]))
    let first = DrawnSVG.nodes(svgs[0], prefix: "a")
    let second = DrawnSVG.nodes(svgs[1], prefix: "a")
    let a0 = try #require(first["a"])
    let a1 = try #require(second["a"])
    #expect(abs(a0.x - a1.x) <= 0.5 && abs(a0.y - a1.y) <= 0.5)
    // b and c are different controllers: each drawn only in its own state.
    #expect(svgs[0].contains("<title>n1</title>") && svgs[1].contains("<title>n1</title>"))
    #expect(DrawnSVG.nodes(svgs[0], prefix: "b").count == 1)
    #expect(DrawnSVG.nodes(svgs[1], prefix: "b").isEmpty)
    #expect(DrawnSVG.nodes(svgs[1], prefix: "c").count == 1)
  }
}

@Suite("stable layout: keys")
struct StableLayoutKeyTests {
  @Test("two nodes with one id (a controller written twice) keep two places")
  func duplicateIDs() throws {
    var graph = Graph(name: "g")
    for name in ["n0", "n1", "n2"] {
      graph.add(
        Node(
          name, attributes: Attributes([("id", .text(name == "n0" ? "tabs" : "profile"))])))
    }
    graph.add(Edge("n0", "n1"))
    graph.add(Edge("n0", "n2"))
    let layout = try StableLayout(states: [graph, graph], engine: "dot") { graph, engine in
      try Graphviz.render(graph, engine: engine, formatName: "json0").data
    }
    let pinned = layout.graph(1)
    let positions = pinned.nodes.filter {
      $0.name != "stable_anchor_0" && $0.name != "stable_anchor_1"
    }
    .map { $0.attributes["pos"]?.string ?? "" }
    #expect(positions.count == 3)
    #expect(Set(positions).count == 3, "\(positions)")
  }
}
