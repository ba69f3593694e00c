import Testing

@testable import GraphvizKit

@Suite("DOT source", .serialized)
struct DOTSourceTests {
  @Test("DOT is deterministic, names the graph and keeps clusters in insertion order")
  func deterministicSource() throws {
    let graph = Fixtures.clustered()
    let dot = try Graphviz.dot(graph)
    for _ in 0..<5 { #expect(try Graphviz.dot(graph) == dot) }
    #expect(dot.hasPrefix("digraph Clustered {"))
    let order = ["cluster_window", "cluster_z", "cluster_b", "cluster_y", "cluster_a", "ranks"]
    let positions = order.map { dot.range(of: "subgraph \($0) {")?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil })
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    // Nested clusters are nested in the text.
    let root = try #require(dot.range(of: "subgraph cluster_root {"))
    let detail = try #require(dot.range(of: "subgraph cluster_detail {"))
    let window = try #require(positions[0])
    #expect(window < root.lowerBound && root.lowerBound < detail.lowerBound)
    #expect(dot.contains("label=<<b>UIWindow</b>>"))
    #expect(dot.contains("label=\"Detail \\\"child\\\"\""))
    #expect(dot.contains("label=\"UILabel\\n\\\"Title\\\"\""))
  }

  @Test("undirected and strict graphs")
  func undirected() throws {
    var graph = Graph(name: "U", directed: false)
    graph.strict = true
    graph.add(Edge("a", "b"))
    graph.add(Edge("b", "a"))
    let dot = try Graphviz.dot(graph)
    #expect(dot.hasPrefix("strict graph U {"))
    #expect(dot.contains("a -- b"))
    #expect(!dot.contains("b -- a"))
  }

  @Test("names that need quoting are quoted")
  func quoting() throws {
    var graph = Graph(name: "My Graph")
    graph.add(Node("node"))
    graph.add(Node("a b\"c"))
    graph.add(Edge("node", "a b\"c"))
    let dot = try Graphviz.dot(graph)
    #expect(dot.hasPrefix("digraph \"My Graph\" {"))
    #expect(dot.contains("\"node\" -> \"a b\\\"c\""))
    graph.add(Edge("node", "Ünïcødé 🙂"))
    let svg = try Graphviz.render(graph, format: .svg).text
    #expect(svg.contains("<title>a b&quot;c</title>"))
    #expect(svg.contains("<title>Ünïcødé 🙂</title>"))
    #expect(try Graphviz.dot(graph).contains("\"Ünïcødé 🙂\""))
  }

  @Test("graph attributes are inherited by later subgraphs, as in DOT")
  func inheritance() throws {
    var graph = Graph(name: "Inherit")
    graph.attributes.fontname = "Courier"
    var outer = Graph(name: "cluster_outer")
    outer.attributes.label = .text("Outer")
    var inner = Graph(name: "cluster_inner")
    inner.add(Node("x"))
    var cleared = Graph(name: "cluster_cleared")
    cleared.attributes.label = .raw("")
    cleared.add(Node("y"))
    outer.add(inner)
    outer.add(cleared)
    graph.add(outer)
    let svg = try Graphviz.render(graph, format: .svg).text
    #expect(Fixtures.svgTexts(in: svg, title: "cluster_inner") == ["Outer"])
    #expect(Fixtures.svgTexts(in: svg, title: "cluster_cleared") == [])
    #expect(
      Fixtures.svgTextElements(in: svg, title: "cluster_outer").first?.contains("Courier")
        == true)
  }

  @Test("node and edge defaults of a subgraph stay in that subgraph")
  func localDefaults() throws {
    var graph = Graph(name: "Defaults")
    var cluster = Graph(name: "cluster_c")
    cluster.nodeDefaults.shape = "box"
    cluster.nodeDefaults.label = .html("<b>default</b>")
    cluster.edgeDefaults.color = "red"
    cluster.add(Node("inside"))
    cluster.add(Edge("inside", "alsoInside"))
    graph.add(cluster)
    graph.add(Node("outside"))
    graph.add(Edge("outside", "inside"))
    let svg = try Graphviz.render(graph, format: .svg).text
    #expect(Fixtures.svgTexts(in: svg, title: "inside") == ["default"])
    #expect(Fixtures.svgTexts(in: svg, title: "alsoInside") == ["default"])
    #expect(Fixtures.svgTexts(in: svg, title: "outside") == ["outside"])
    let inside = try #require(svg.range(of: "<title>inside&#45;&gt;alsoInside</title>"))
    #expect(svg[inside.upperBound...].prefix(80).contains("stroke=\"red\""))
    let outside = try #require(svg.range(of: "<title>outside&#45;&gt;inside</title>"))
    #expect(svg[outside.upperBound...].prefix(80).contains("stroke=\"black\""))
  }
}

@Suite("Validation", .serialized)
struct ValidationTests {
  @Test(
    "a label of 32,768 lines is rejected before Graphviz is called",
    arguments: [
      AttributeValue.text(Array(repeating: "x", count: 32_768).joined(separator: "\n")),
      AttributeValue.html(Array(repeating: "x", count: 32_768).joined(separator: "<br/>")),
      AttributeValue.raw(Array(repeating: "x", count: 32_768).joined(separator: "\\l")),
    ])
  func hugeLabel(label: AttributeValue) throws {
    let name = "Huge\(UInt32.random(in: 0...UInt32.max))"
    var graph = Graph(name: name)
    var attributes = Attributes()
    attributes.label = label
    graph.add(Node("n", attributes: attributes))
    let error = #expect(throws: GraphvizError.self) {
      try Graphviz.render(graph, format: .svg)
    }
    guard case .invalidGraph(let message)? = error else {
      Issue.record("expected invalidGraph, got \(String(describing: error))")
      return
    }
    #expect(message.contains("32768 lines"))
    #expect(throws: GraphvizError.self) { try Graphviz.dot(graph) }
    #expect(!GraphvizRuntime.shared.hasOpenedGraph(named: name))
  }

  @Test("labels up to the limit pass validation")
  func labelAtLimit() throws {
    var graph = Graph(name: "AtLimit")
    var cluster = Graph(name: "cluster_c")
    cluster.attributes.label = .text(
      Array(repeating: "x", count: Graphviz.maxLabelLines).joined(separator: "\n"))
    graph.add(cluster)
    _ = try Preparation.prepare(graph)
  }

  @Test(
    "invalid names are rejected",
    arguments: [
      ("duplicate", "cluster_a", "cluster_a"),
      ("root name reused", "G", "cluster_a"),
      ("empty", "", "cluster_a"),
      ("NUL", "cluster_\u{0}", "cluster_a"),
    ])
  func invalidNames(label: String, first: String, second: String) {
    var graph = Graph(name: "G")
    graph.add(Graph(name: first))
    graph.add(Graph(name: second))
    #expect(throws: GraphvizError.self, "\(label)") { try Graphviz.dot(graph) }
  }

  @Test("errors describe themselves")
  func errorDescriptions() {
    let error = GraphvizError.layoutFailed(engine: "x", message: "m")
    #expect(error.description.contains("\"x\""))
    #expect(error == .layoutFailed(engine: "x", message: "m"))
    #expect(GraphvizError.invalidGraph("a") != .invalidGraph("b"))
  }
}

@Suite("Values")
struct ValueTests {
  @Test("attributes keep insertion order; replacing keeps the position")
  func attributeOrder() {
    var attributes = Attributes()
    #expect(attributes.isEmpty)
    attributes.shape = "box"
    attributes.label = .text("x")
    attributes["zeta"] = .raw("1")
    attributes.shape = "ellipse"
    #expect(attributes.entries.map(\.name) == ["shape", "label", "zeta"])
    #expect(attributes["shape"] == .raw("ellipse"))
    attributes.label = nil
    #expect(attributes.entries.map(\.name) == ["shape", "zeta"])
    var other = Attributes()
    other["zeta"] = .raw("1")
    other.shape = "ellipse"
    #expect(attributes != other)
  }

  @Test("typed conveniences store the right kind of value")
  func conveniences() {
    var attributes = Attributes()
    attributes.fontsize = 14
    attributes.penwidth = 1.5
    attributes.tooltip = "tip \\N"
    attributes.id = "an id"
    attributes.url = "https://example.com/?a=1&b=2"
    attributes.compound = true
    attributes.style = "rounded,filled"
    #expect(attributes["fontsize"] == .raw("14"))
    #expect(attributes["penwidth"] == .raw("1.5"))
    #expect(attributes.fontsize == 14)
    #expect(attributes["tooltip"] == .text("tip \\N"))
    #expect(attributes["id"] == .text("an id"))
    #expect(attributes["URL"] == .text("https://example.com/?a=1&b=2"))
    #expect(attributes["compound"] == .raw("true"))
    #expect(attributes.compound == true)
    #expect(attributes.style == "rounded,filled")
  }

  @Test("text escaping")
  func escaping() {
    #expect(Preparation.escapeText("a\\Nb", attribute: "label") == "a\\\\Nb")
    #expect(Preparation.escapeText("a\nb\r\nc\rd", attribute: "label") == "a\\nb\\nc\\nd")
    #expect(Preparation.escapeText("a & b", attribute: "tooltip") == "a &amp; b")
    #expect(Preparation.escapeText("a\\N\n", attribute: "tooltip") == "a\\\\\\\\N\\n")
    #expect(Preparation.escapeText("a\\N\n", attribute: "URL") == "a\\\\N\n")
    #expect(Preparation.escapeText("\"q\" <b>", attribute: "label") == "\"q\" <b>")
    #expect(Preparation.escapeText("a\\b & c", attribute: "fontname") == "a\\b & c")
  }

  @Test("the byte scans say what the scalars say, wherever in a word the byte sits")
  func byteScans() {
    // NUL, a control byte, U+FFFE/U+FFFF (EF BF BE/BF) and an escaped byte at every offset of
    // a 24-byte text (three 8-byte words, a tail), among ASCII and non-ASCII neighbours
    // (U+FF21 also starts with 0xEF); the truth is asked of the scalars one by one.
    let escaped: Set<Unicode.Scalar> = ["\\", "&", "\"", "<", ">", "\r", "\n"]
    for base in ["abcdefghijklmnopqrstuvwx", "ab\u{FF21}cdefghijklmnop\u{FF21}qrs"] {
      for insert in ["\u{0}", "\u{1}", "\u{FFFE}", "\u{FFFF}", "&", "\t", ""] {
        for offset in 0...base.unicodeScalars.count {
          var scalars = Array(base.unicodeScalars)
          scalars.insert(contentsOf: insert.unicodeScalars, at: offset)
          let text = String(String.UnicodeScalarView(scalars))
          #expect(Preparation.containsNUL(text) == text.utf8.contains(0), "\(offset) \(insert)")
          let scanned = Preparation.scan(text)
          #expect(scanned.needsWork == text.unicodeScalars.contains(where: escaped.contains))
          #expect(scanned.hasNotXML == text.unicodeScalars.contains(where: Preparation.isNotXML))
        }
      }
    }
  }

  @Test("line counting")
  func lines() {
    #expect(Preparation.lineCount(of: .text("a")) == 1)
    #expect(Preparation.lineCount(of: .text("a\nb\r\nc")) == 3)
    #expect(Preparation.lineCount(of: .raw("a\\nb\\lc\\rd\\\\n")) == 4)
    #expect(Preparation.lineCount(of: .html("a<BR/>b<br align=\"left\"/>c")) == 3)
  }

  @Test("HTML escaping")
  func htmlEscape() {
    #expect(HTML.escape("a<b>&\"c\"'d'") == "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;")
    #expect(HTML.escape("plain ü") == "plain ü")
    // Backslashes are doubled: Graphviz expands \N and \G inside HTML labels too.
    #expect(HTML.escape("a\\N b\\G") == "a\\\\N b\\\\G")
    // Text with nothing to escape comes back as it is, whatever its scalars' UTF-8 lead
    // bytes (U+FF21 starts with 0xEF, like U+FFFE); each character XML does not allow
    // becomes U+FFFD, alone or among ordinary text; tab and line breaks are XML's own.
    #expect(HTML.escape("“Feed” ★ ⟲ \u{FF21} \u{FFFD}") == "“Feed” ★ ⟲ \u{FF21} \u{FFFD}")
    #expect(HTML.escape("\u{FFFE}") == "\u{FFFD}")
    #expect(HTML.escape("ok \u{FFFF}") == "ok \u{FFFD}")
    #expect(HTML.escape("a\u{7}b") == "a\u{FFFD}b")
    #expect(HTML.escape("a\tb\nc\r") == "a\tb\nc\r")
    #expect(HTML.escape("") == "")
  }

  @Test("graphs collect nodes, edges and subgraphs in order")
  func graphBuilding() {
    var graph = Graph(name: "G")
    graph.add(Node("a"))
    graph.add(Edge("a", "b"))
    graph.add(Edge(tail: "b", head: "c"))
    graph.add(Graph(name: "cluster_x"))
    #expect(graph.nodes.map(\.name) == ["a"])
    #expect(graph.edges.map(\.head) == ["b", "c"])
    #expect(graph.subgraphs.first?.isCluster == true)
    #expect(graph.directed)
  }
}
