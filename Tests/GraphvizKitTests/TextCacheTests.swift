import Foundation
import Testing

@testable import GraphvizKit

/// The text measurement cache in front of Pango (see `TextMeasurementCache`).
///
/// Other suites render at the same time, so counters are only checked for growth.
@Suite("Text measurement cache", .serialized)
struct TextCacheTests {
  /// Plain labels, HTML labels with every font flag Pango reads (bold, italic, underline,
  /// strike-through, sub- and superscript), font names and sizes, repeated strings, a
  /// PostScript font name (which Graphviz aliases), empty labels, and a string in a
  /// different font than the same string elsewhere.
  static func measuredGraph(name: String = "Measured") -> Graph {
    var graph = Graph(name: name)
    graph.attributes.fontname = "Helvetica"
    graph.attributes.label = .html("<b>Legend</b><br/><i>presented</i> <u>child</u>")
    graph.nodeDefaults.shape = "box"
    let labels: [AttributeValue] = [
      .text("UINavigationController"),
      .text("UINavigationController"),
      .text("UITabBarController\nselected: 2"),
      .text(""),
      .html("<b>FeedViewController</b><br/><i>UITableViewController</i>"),
      .html("<b>FeedViewController</b><br/>FeedViewController"),
      .html("<u>under</u> <s>struck</s> x<sub>2</sub> y<sup>3</sup>"),
      .html("<b><i><u>all three</u></i></b>"),
      .html("<font point-size=\"9\">small</font> <font point-size=\"20\">large</font>"),
      .html("<font face=\"Courier\">UIView</font> UIView <font face=\"Times-Bold\">UIView</font>"),
      .html("<table border=\"0\"><tr><td><b>modal</b></td><td>pageSheet</td></tr></table>"),
      .html("caf\u{e9} \u{2192} \u{1F600} &amp; &lt;tag&gt;"),
    ]
    for (index, label) in labels.enumerated() {
      var attributes = Attributes()
      attributes.label = label
      if index % 3 == 1 { attributes.fontname = "Times-Roman" }
      if index % 4 == 2 { attributes.fontsize = 11 }
      graph.add(Node("n\(index)", attributes: attributes))
      if index > 0 {
        var edge = Attributes()
        edge.label = index % 2 == 0 ? .text("presents") : .html("<i>shows</i>")
        graph.add(Edge("n\(index - 1)", "n\(index)", attributes: edge))
      }
    }
    var cluster = Graph(name: "cluster_window")
    cluster.attributes.label = .html("<b>UIWindow</b>")
    cluster.add(Node("w", attributes: Fixtures.text("UINavigationController")))
    graph.add(cluster)
    return graph
  }

  @Test("Graphviz calls our text layout")
  func installed() throws {
    _ = try Graphviz.render(Self.measuredGraph(), format: .svg)
    #expect(GraphvizRuntime.shared.textCacheStatistics().installed)
  }

  @Test("SVG, xdot and JSON are byte-identical with the cache off, cold and warm")
  func identicalOutput() throws {
    let graphs = [Self.measuredGraph(), Fixtures.clustered(), Fixtures.clustered(name: "Again")]
    let formats = ["svg", "xdot", "json", "dot", "plain"]
    let names = graphs.flatMap { graph in formats.map { "\(graph.name).\($0)" } }
    func renderAll() throws -> [[UInt8]] {
      try graphs.flatMap { graph in
        try formats.map { try Graphviz.render(graph, formatName: $0).data }
      }
    }
    let runtime = GraphvizRuntime.shared
    runtime.textCacheEnabled = false
    let uncached: [[UInt8]]
    do {
      defer { runtime.textCacheEnabled = true }
      uncached = try renderAll()
    }
    runtime.clearTextCache()
    let cold = try renderAll()
    let warm = try renderAll()
    #expect(names.indices.filter { cold[$0] != uncached[$0] }.map { names[$0] } == [])
    #expect(names.indices.filter { warm[$0] != uncached[$0] }.map { names[$0] } == [])
    #expect(uncached.allSatisfy { !$0.isEmpty })
  }

  @Test("a warm cache answers every measurement of a render")
  func hits() throws {
    let graph = Self.measuredGraph(name: "Hits")
    let runtime = GraphvizRuntime.shared
    runtime.clearTextCache()
    _ = try Graphviz.render(graph, format: .svg)
    let cold = runtime.textCacheStatistics()
    #expect(cold.installed)
    #expect(cold.misses > 0)
    #expect(cold.entries > 0)
    _ = try Graphviz.render(graph, format: .svg)
    let warm = runtime.textCacheStatistics()
    // 25 labels, some of several spans, each measured at least once. (Other suites only
    // add to the counters.)
    #expect(warm.hits - cold.hits >= 25)
  }

  @Test("PNG, PDF and cairo's SVG draw Pango layouts and are never answered from the cache")
  func cairoTargetsBypassTheCache() throws {
    let graph = Self.measuredGraph(name: "Cairo")
    let runtime = GraphvizRuntime.shared
    runtime.textCacheEnabled = false
    let png: [UInt8]
    let cairoSVG: [UInt8]
    let svg: [UInt8]
    do {
      defer { runtime.textCacheEnabled = true }
      png = try Graphviz.render(graph, format: .png).data
      cairoSVG = try Graphviz.render(graph, formatName: "svg:cairo").data
      svg = try Graphviz.render(graph, format: .svg).data
    }
    // Warm the cache with every string of the graph, then render through cairo (a cached
    // answer has no layout, which cairo would draw: a crash, not a difference).
    _ = try Graphviz.render(graph, format: .svg)
    #expect(try Graphviz.render(graph, format: .png).data == png)
    let cairoAgain = try Graphviz.render(graph, formatName: "svg:cairo").data
    #expect(Self.withoutSurfaceIDs(cairoAgain) == Self.withoutSurfaceIDs(cairoSVG))
    #expect(try Graphviz.render(graph, format: .pdf).data.starts(with: Array("%PDF".utf8)))
    let mixed = try Graphviz.render(graph, formats: [.svg, .png, .dot])
    #expect(mixed[.svg]?.data == svg)
    #expect(mixed[.png]?.data == png)
  }

  /// Cairo's SVG with its surface IDs (numbered per process) blanked.
  static func withoutSurfaceIDs(_ svg: [UInt8]) -> String {
    String(decoding: svg, as: UTF8.self).replacingOccurrences(
      of: "surface[0-9]+", with: "surface", options: .regularExpression)
  }

  @Test(
    "only core devices may be answered from the cache",
    arguments: [
      ("svg", true), ("svgz", true), ("svg:svg", true), ("svg:svg:core", true),
      ("dot", true), ("canon", true), ("xdot", true), ("xdot1.4", true), ("plain", true),
      ("json", true), ("xdot_json", true),
      ("png", false), ("pdf", false), ("svg:cairo", false), ("svg:svg:cairo", false),
      ("ps", false), ("png:gd", false), ("", false), ("svg:svg:core:x", false),
    ])
  func coreDevices(format: String, cached: Bool) {
    #expect(TextMeasurementCache.ignoresLayouts(.device(format)) == cached)
    #expect(TextMeasurementCache.ignoresLayouts(.source))
  }
}
