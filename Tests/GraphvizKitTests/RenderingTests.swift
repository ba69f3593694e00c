import Foundation
import TestSupport
import Testing

@testable import GraphvizKit

/// Collects values from several threads.
private final class Collector<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Value] = []

  func append(_ value: Value) {
    lock.lock()
    storage.append(value)
    lock.unlock()
  }

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}

@Suite("Rendering", .serialized)
struct RenderingTests {
  @Test("20 renders of one clustered graph are byte-identical")
  func repeatedRendersAreIdentical() throws {
    let graph = Fixtures.clustered()
    let first = try Graphviz.render(graph, format: .svg)
    #expect(first.text.hasPrefix("<?xml"))
    #expect(first.text.contains("<title>cluster_detail</title>"))
    for _ in 1..<20 {
      let again = try Graphviz.render(graph, format: .svg)
      #expect(again.data == first.data)
    }
  }

  @Test("threads rendering at once do not crash and agree byte for byte")
  func concurrentRenders() throws {
    let graph = Fixtures.clustered()
    let reference = try Graphviz.render(graph, format: .svg).data
    let referencePNG = try Graphviz.render(graph, format: .png).data
    let svgs = Collector<[UInt8]>()
    let pngs = Collector<[UInt8]>()
    let failures = Collector<String>()
    let group = DispatchGroup()
    for index in 0..<4 {
      group.enter()
      let thread = Thread {
        defer { group.leave() }
        for iteration in 0..<6 {
          do {
            if (index + iteration) % 3 == 2 {
              pngs.append(try Graphviz.render(graph, format: .png).data)
            } else {
              svgs.append(try Graphviz.render(graph, format: .svg).data)
            }
          } catch {
            failures.append("\(error)")
          }
        }
      }
      thread.start()
    }
    group.wait()
    #expect(failures.values.isEmpty)
    #expect(svgs.values.count + pngs.values.count == 24)
    #expect(svgs.values.allSatisfy { $0 == reference })
    #expect(pngs.values.allSatisfy { $0 == referencePNG })
  }

  @Test("clusters are laid out and drawn in insertion order, not name or heap order")
  func clusterOrder() throws {
    var graph = Graph(name: "Order")
    let names = (0..<30).map { "cluster_\(($0 * 17) % 30)_\(String(repeating: "x", count: $0))" }
    for name in names {
      var cluster = Graph(name: name)
      cluster.add(Node("n_\(name)"))
      graph.add(cluster)
    }
    let svg = try Graphviz.render(graph, format: .svg).text
    let titles = svg.split(separator: "\n")
      .filter { $0.hasPrefix("<title>cluster_") }
      .map { $0.dropFirst("<title>".count).dropLast("</title>".count) }
      .map(String.init)
    #expect(titles == names)
    let dot = try Graphviz.dot(graph)
    let positions = names.map { dot.range(of: "subgraph \($0) {")?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil })
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
  }

  @Test("PNG keeps its NUL bytes and PDF is a PDF")
  func binaryFormats() throws {
    let graph = Fixtures.clustered()
    let png = try Graphviz.render(graph, format: .png).data
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let firstNUL = try #require(png.firstIndex(of: 0))
    #expect(png.count > firstNUL + 1)
    #expect(Array(png.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])  // IEND
    let pdf = try Graphviz.render(graph, format: .pdf).data
    #expect(Array(pdf.prefix(4)) == Array("%PDF".utf8))
    #expect(pdf.count > 1000)
  }

  /// Graphviz's cairo plugin prints "cairo: STATUS" and returns success with a blank page
  /// when cairo fails (here: a `'` in a link, which ends cairo's `uri='…'` tag attribute).
  @Test("a PDF cairo could not draw is an error, not a blank page")
  func cairoFailureIsAnError() throws {
    var graph = Graph(name: "g", directed: true)
    graph.nodes.append(Node("a", attributes: Attributes([("URL", .text("Bob's.svg"))])))
    #expect {
      try Graphviz.render(graph, format: .pdf)
    } throws: { error in
      guard case .renderFailed(let format, let message)? = error as? GraphvizError else {
        return false
      }
      return format == "pdf" && message.contains("cairo: ")
    }
    // The same graph without the quote is drawn.
    graph.nodes[0] = Node("a", attributes: Attributes([("URL", .text("Bobs.svg"))]))
    #expect(try Graphviz.render(graph, format: .pdf).data.count > 1000)
  }

  @Test("several formats come from one layout")
  func severalFormats() throws {
    let graph = Fixtures.clustered()
    let results = try Graphviz.render(graph, formats: [.svg, .png, .dot, .svg])
    #expect(Set(results.keys) == [.svg, .png, .dot])
    #expect(results[.svg]?.data == (try Graphviz.render(graph, format: .svg).data))
    #expect(results[.png]?.data == (try Graphviz.render(graph, format: .png).data))
    #expect(results[.dot]?.text == (try Graphviz.dot(graph)))
    let viaEnum = try Graphviz.render(graph, engine: .dot, format: .svg)
    #expect(viaEnum.data == results[.svg]?.data)
  }

  @Test("format .dot is the DOT as built, not positioned -Tdot output")
  func dotFormatIsSource() throws {
    let graph = Fixtures.clustered()
    let source = try Graphviz.render(graph, format: .dot).text
    #expect(source == (try Graphviz.dot(graph)))
    #expect(!source.contains("pos="))
    let positioned = try Graphviz.render(graph, formatName: "dot").text
    #expect(positioned.contains("pos="))
  }

  @Test(".text labels render literally")
  func textLabelsAreLiteral() throws {
    var graph = Graph(name: "Literal")
    let label = "\\N \\G \\E \\T \\H \\L a\\lb \"quoted\" <b>bold</b> &amp; AT&T\nsecond line"
    var attributes = Fixtures.text(label)
    attributes.tooltip = "\\N & tip"
    graph.add(Node("n1", attributes: attributes))
    graph.add(Edge("n1", "n2", attributes: Fixtures.text("\\E\\T\\H")))
    let svg = try Graphviz.render(graph, format: .svg).text
    let texts = Fixtures.svgTexts(in: svg, title: "n1")
    #expect(
      texts == [
        "\\N \\G \\E \\T \\H \\L a\\lb &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; "
          + "&amp;amp; AT&amp;T",
        "second line",
      ])
    #expect(!texts.joined().contains("Literal"))
    #expect(svg.contains("xlink:title=\"\\N &amp; tip\""))
    #expect(Fixtures.svgTexts(in: svg, title: "n1&#45;&gt;n2") == ["\\E\\T\\H"])
  }

  @Test(".text survives every escString attribute family literally")
  func textInOtherAttributes() throws {
    let literal = "\\N \\\\ \\l & &amp; \"q\" <i>"
    let expected = "\\N \\\\ \\l &amp; &amp;amp; &quot;q&quot; &lt;i&gt;"
    let url = "\\N \\\\ \\l &amp; &amp;amp; %22q%22 %3Ci%3E"
    var graph = Graph(name: "Escapes")
    var node = Attributes()
    node.tooltip = literal
    node.id = literal
    node.url = literal
    node["target"] = .text(literal)
    graph.add(Node("n1", attributes: node))
    var edge = Attributes()
    edge.label = .text("e")
    edge["labeltooltip"] = .text(literal)
    edge["edgetooltip"] = .text(literal)
    edge["edgeURL"] = .text(literal)
    graph.add(Edge("n1", "n2", attributes: edge))
    var cluster = Graph(name: "cluster_c")
    cluster.attributes.tooltip = literal
    cluster.attributes.url = literal
    cluster.add(Node("n3"))
    graph.add(cluster)
    let svg = try Graphviz.render(graph, format: .svg).text
    #expect(svg.contains("<g id=\"\(expected)\" class=\"node\">"))
    #expect(
      svg.contains(
        "<g id=\"a_\(expected)\"><a xlink:href=\"\(url)\" "
          + "xlink:title=\"\(expected)\" target=\"\(expected)\">"))
    let edgeGroup = try #require(svg.range(of: "<title>n1&#45;&gt;n2</title>"))
    let edgeSVG = svg[edgeGroup.upperBound...].prefix(2000)
    #expect(edgeSVG.contains("xlink:href=\"\(url)\" xlink:title=\"\(expected)\""))
    #expect(edgeSVG.contains("<a xlink:title=\"\(expected)\">"))
    let clusterGroup = try #require(svg.range(of: "<title>cluster_c</title>"))
    let clusterSVG = svg[clusterGroup.upperBound...].prefix(500)
    #expect(clusterSVG.contains("xlink:href=\"\(url)\" xlink:title=\"\(expected)\""))
  }

  @Test(".raw labels keep Graphviz escapes")
  func rawLabelsAreInterpreted() throws {
    var graph = Graph(name: "Raw")
    var attributes = Attributes()
    attributes.label = .raw("name: \\N\\lgraph: \\G\\l")
    graph.add(Node("n1", attributes: attributes))
    let svg = try Graphviz.render(graph, format: .svg).text
    #expect(Fixtures.svgTexts(in: svg, title: "n1") == ["name: n1", "graph: Raw"])
  }

  @Test(".html labels render as HTML, escaped user text stays text")
  func htmlLabels() throws {
    var graph = Graph(name: "HTML")
    graph.add(Node("n1", attributes: Fixtures.html("<b>Bold</b>")))
    let user = "a<b & \"c\" 'd'"
    graph.add(Node("n2", attributes: Fixtures.html("<i>\(HTML.escape(user))</i>")))
    let svg = try Graphviz.render(graph, format: .svg).text
    let bold = Fixtures.svgTextElements(in: svg, title: "n1")
    #expect(bold.count == 1)
    #expect(bold.first?.contains("font-weight=\"bold\"") == true)
    #expect(Fixtures.svgTexts(in: svg, title: "n1") == ["Bold"])
    let italic = Fixtures.svgTextElements(in: svg, title: "n2")
    #expect(italic.first?.contains("font-style=\"italic\"") == true)
    #expect(
      Fixtures.svgTexts(in: svg, title: "n2") == ["a&lt;b &amp; &quot;c&quot; &#39;d&#39;"])
  }

  @Test(
    "an HTML label and a plain label with the same text keep their kinds",
    arguments: [
      false, true,
    ])
  func htmlAndPlainWithSameText(htmlFirst: Bool) throws {
    var graph = Graph(name: "Same")
    let plain = Node("plain", attributes: Fixtures.text("<b>Same</b>"))
    let html = Node("html", attributes: Fixtures.html("<b>Same</b>"))
    graph.nodes = htmlFirst ? [html, plain] : [plain, html]
    // An HTML label equal to an attribute name and to a node name.
    graph.add(Node("label", attributes: Fixtures.html("label")))
    let svg = try Graphviz.render(graph, format: .svg).text
    #expect(Fixtures.svgTexts(in: svg, title: "plain") == ["&lt;b&gt;Same&lt;/b&gt;"])
    #expect(Fixtures.svgTexts(in: svg, title: "html") == ["Same"])
    #expect(
      Fixtures.svgTextElements(in: svg, title: "html").first?.contains("font-weight") == true)
    let dot = try Graphviz.dot(graph)
    #expect(dot.contains("label=\"<b>Same</b>\""))
    #expect(dot.contains("label=<<b>Same</b><!---->>"))
    #expect(dot.contains("\tlabel\t[label=<label<!---->>]"))
  }

  @Test("warnings are captured per render, whole lines")
  func warnings() throws {
    // Graphviz warns about an unknown shape only once per process: use a fresh name.
    let shape = "nosuchshape\(UInt32.random(in: 0...UInt32.max))"
    var graph = Graph(name: "Warnings")
    var attributes = Attributes()
    attributes.shape = shape
    graph.add(Node("a", attributes: attributes))
    graph.add(Edge("a", "b", attributes: Attributes([("headport", .raw("nosuchport"))])))
    graph.add(
      Node("c", attributes: Fixtures.html("<table foo=\"1\"><tr><td>x</td></tr></table>")))
    let first = try Graphviz.render(graph, format: .svg)
    #expect(first.warnings.contains("using box for unknown shape \(shape)"))
    #expect(first.warnings.contains("node b, port nosuchport unrecognized"))
    #expect(
      first.warnings.contains("Illegal attribute foo in <TABLE> - ignored\nin label of node c"))
    let second = try Graphviz.render(graph, format: .svg)
    #expect(second.warnings.contains("node b, port nosuchport unrecognized"))
    #expect(second.data == first.data)
    let clean = try Graphviz.render(Fixtures.clustered(), format: .svg)
    #expect(clean.warnings.isEmpty)
  }

  @Test("an unknown engine is a typed layoutFailed error with Graphviz's message")
  func unknownEngine() throws {
    #expect(LayoutEngine(rawValue: "nosuchengine") == nil)
    let graph = Fixtures.clustered()
    let error = #expect(throws: GraphvizError.self) {
      try Graphviz.render(graph, engine: "nosuchengine", format: .svg)
    }
    guard case .layoutFailed(let engine, let message)? = error else {
      Issue.record("expected layoutFailed, got \(String(describing: error))")
      return
    }
    #expect(engine == "nosuchengine")
    #expect(message.contains("Layout type: \"nosuchengine\" not recognized. Use one of:"))
    #expect(message.contains(" dot "))
    // Graphviz is still usable and unchanged afterwards.
    let after = try Graphviz.render(graph, format: .svg)
    #expect(after.data == (try Graphviz.render(graph, engine: .dot, format: .svg).data))
  }

  @Test("an unknown format is a typed renderFailed error with Graphviz's message")
  func unknownFormat() throws {
    let graph = Fixtures.clustered()
    let reference = try Graphviz.render(graph, format: .svg).data
    let error = #expect(throws: GraphvizError.self) {
      try Graphviz.render(graph, formatName: "nosuchformat")
    }
    guard case .renderFailed(let format, let message)? = error else {
      Issue.record("expected renderFailed, got \(String(describing: error))")
      return
    }
    #expect(format == "nosuchformat")
    #expect(message.contains("nosuchformat"))
    #expect(message.contains("is unavailable") || message.contains("not recognized"))
    #expect(try Graphviz.render(graph, format: .svg).data == reference)
    let plain = try Graphviz.render(graph, formatName: "plain").text
    #expect(plain.hasPrefix("graph "))
  }

  @Test("every built-in engine lays out a clustered graph", arguments: LayoutEngine.allCases)
  func engines(engine: LayoutEngine) throws {
    let result: RenderResult
    do {
      result = try Graphviz.render(Fixtures.clustered(), engine: engine, format: .svg)
    } catch {
      // A Graphviz built without an optional library (GTS, which sfdp's overlap removal
      // uses) says so; anything else is a failure.
      let message = error.description
      #expect(message.contains("not built with"), "\(message)")
      return
    }
    #expect(result.text.hasPrefix("<?xml"))
    #expect(result.text.contains("<title>detailView</title>"))
  }

  @Test("rendering equals `dot -Tsvg` of the DOT source, with the same Graphviz")
  func matchesDotCommand() throws {
    guard let dotVersion = DotCommand.version else {
      Issue.record("no `dot` on PATH to compare with (scripts/setup-deps installs it)")
      return
    }
    guard dotVersion == Graphviz.version else {
      let message =
        "`dot` on PATH is Graphviz \(dotVersion), the library is \(Graphviz.version): put the"
        + " library's bin first (scripts/with-graphviz does)"
      Issue.record(Comment(rawValue: message))
      return
    }
    for graph in [Fixtures.clustered(), TextCacheTests.measuredGraph(name: "Dot")] {
      let source = try Graphviz.dot(graph)
      #expect(try DotCommand.render(source) == (try Graphviz.render(graph, format: .svg).data))
    }
  }

  @Test("the library version is reported as dot reports it")
  func version() {
    let version = Graphviz.version
    #expect(version.split(separator: ".").count >= 2)
    #expect(version.split(separator: ".").allSatisfy { Int($0) != nil }, "\(version)")
    if let dotVersion = DotCommand.version { #expect(dotVersion == version) }
  }
}
