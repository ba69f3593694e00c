import Foundation
import Testing

@testable import GraphvizKit

/// `Graphviz.layOut` and `LaidOutGraph`: the width a layout gives without rendering is its
/// SVG's, and a layout rendered after another graph was laid out draws what rendering it at
/// once draws (Graphviz's global attribute symbols are the last layout's: a graph that
/// declares other attributes is laid out again first).
@Suite("Laid-out graphs", .serialized)
struct LaidOutGraphTests {
  /// The `N` of `<svg width="Npt"`.
  static func svgWidth(_ svg: RenderResult) -> Int? {
    let text = svg.text
    guard let start = text.range(of: "<svg width=\""),
      let end = text[start.upperBound...].range(of: "pt\"")
    else { return nil }
    return Int(text[start.upperBound..<end.lowerBound])
  }

  static func attributes(_ pairs: KeyValuePairs<String, AttributeValue>) -> Attributes {
    var attributes = Attributes()
    for (name, value) in pairs { attributes[name] = value }
    return attributes
  }

  /// Graphs whose SVG widths round differently: with and without `pad`, wide and narrow,
  /// an HTML label and a graph label wider than the nodes.
  static func graphs() -> [Graph] {
    var graphs = [Fixtures.clustered()]
    for (index, pad) in [nil, "0.1", "0.25,1", "0"].enumerated() {
      var graph = Graph(name: "widths\(index)")
      if let pad { graph.attributes["pad"] = .raw(pad) }
      for column in 0..<(3 + index * 2) {
        let label = String(repeating: "W", count: column + 1)
        graph.add(Node("n\(column)", attributes: Self.attributes(["label": .text(label)])))
        if column > 0 { graph.add(Edge("n0", "n\(column)")) }
      }
      if index == 2 {
        graph.attributes["label"] = .text(String(repeating: "a long title ", count: 12))
      }
      if index == 3 {
        graph.add(
          Node(
            "html",
            attributes: Self.attributes([
              "label": .html("<b>bold</b> text"), "shape": .raw("plain"),
            ])
          ))
      }
      graphs.append(graph)
    }
    return graphs
  }

  @Test("the width from the layout is the SVG's own, on these graphs and Graphviz versions")
  func widthIsTheSVGs() throws {
    for graph in Self.graphs() {
      let laidOut = try Graphviz.layOut(graph, for: [.svg])
      let svg = try #require(try laidOut.render([.svg])[.svg])
      #expect(laidOut.svgWidth == Self.svgWidth(svg), "\(graph.name)")
      #expect(laidOut.svgWidth != nil, "\(graph.name)")
      #expect(svg.data == (try Graphviz.render(graph, format: .svg)).data, "\(graph.name)")
    }
  }

  @Test("no width from the layout where the SVG's size depends on more than the box")
  func unknownWidths() throws {
    for (name, value) in [("size", "1,1"), ("dpi", "96"), ("rotate", "90"), ("margin", "1")] {
      var graph = Fixtures.clustered()
      graph.attributes[name] = .raw(value)
      let laidOut = try Graphviz.layOut(graph, for: [.svg])
      #expect(laidOut.svgWidth == nil, "\(name)")
    }
  }

  /// A graph whose nodes are filled red, and one that declares no fill at all.
  static func filled() -> (red: Graph, plain: Graph) {
    var red = Graph(name: "red")
    red.nodeDefaults["style"] = .raw("filled")
    red.nodeDefaults["fillcolor"] = .raw("red")
    red.nodeDefaults["penwidth"] = .raw("3")
    red.add(Edge("a", "b", attributes: Self.attributes(["color": .raw("blue")])))
    var plain = Graph(name: "plain")
    plain.add(Edge("x", "y"))
    plain.add(Edge("y", "z"))
    return (red, plain)
  }

  @Test("rendered after another layout: the same bytes as at once, in every format")
  func renderedAfterAnotherLayout() throws {
    let (red, plain) = Self.filled()
    var redder = red
    redder.add(Edge("b", "c"))
    let direct = try Graphviz.render(red, formats: [.svg, .png, .dot])
    // Other declarations (the red graph must be laid out again) and the same ones.
    for other in [plain, redder] {
      let first = try Graphviz.layOut(red, for: [.svg, .png, .dot])
      let second = try Graphviz.layOut(other, for: [.svg, .png, .dot])
      let late = try first.render([.svg, .png, .dot])
      for format in [OutputFormat.svg, .png, .dot] {
        #expect(late[format]?.data == direct[format]?.data, "\(other.name) \(format)")
      }
      #expect(try second.render([.svg])[.svg]?.data == Graphviz.render(other, format: .svg).data)
    }
    #expect(String(decoding: direct[.svg]!.data, as: UTF8.self).contains("fill=\"red\""))
  }

  @Test("a layout renders only the formats it was laid out for")
  func otherFormatsRefused() throws {
    let laidOut = try Graphviz.layOut(Fixtures.clustered(), for: [.svg])
    #expect(throws: GraphvizError.self) { try laidOut.render([.png]) }
  }

  @Test("graphs that declare the same attributes are told apart from those that do not")
  func declarations() throws {
    let (red, plain) = Self.filled()
    var redder = red
    redder.add(Edge("b", "c"))
    let a = try Graphviz.layOut(red, for: [.svg])
    let b = try Graphviz.layOut(redder, for: [.svg])
    let c = try Graphviz.layOut(plain, for: [.svg])
    GraphvizRuntime.shared.lock.withLock {
      #expect(GraphvizRuntime.declareTheSame(a.laidOut, b.laidOut))
      #expect(!GraphvizRuntime.declareTheSame(a.laidOut, c.laidOut))
    }
  }
}
