import Foundation
import TestSupport
import Testing

@testable import GraphvizKit

#if canImport(FoundationXML)
  import FoundationXML
#endif

// Text Graphviz cannot hold (control characters, U+FFFE/FFFF, NUL) is drawn as U+FFFD rather
// than making Graphviz reject the label as "not well-formed", truncating a C string, or
// writing an SVG no XML reader accepts. `dot` itself and an XML parser are the judges.

private let unsafe = "a\u{1}b\u{1B}[2J\u{FFFE}c\u{FFFF}d\u{0}e"

@Suite("Unsafe text")
struct UnsafeTextTests {
  @Test func htmlEscapeReplacesWhatXMLCannotHold() {
    #expect(HTML.escape(unsafe) == "a\u{FFFD}b\u{FFFD}[2J\u{FFFD}c\u{FFFD}d\u{FFFD}e")
    #expect(HTML.escape("tab\there\nline") == "tab\there\nline")
  }

  private func graph() -> Graph {
    var graph = Graph(name: "unsafe", directed: true)
    graph.add(
      Node("n", attributes: Attributes([("label", .text(unsafe)), ("tooltip", .text(unsafe))])))
    graph.add(
      Node("h", attributes: Attributes([("label", .html("<B>\(HTML.escape(unsafe))</B>"))])))
    return graph
  }

  @Test func unsafeTextRendersToWellFormedSVG() throws {
    let svg = try Graphviz.render(graph(), engine: "dot", format: .svg).data
    let parser = XMLParser(data: Data(svg))
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    let text = String(decoding: svg, as: UTF8.self)
    #expect(text.contains("a\u{FFFD}b\u{FFFD}[2J"))
  }

  @Test(.enabled(if: DotCommand.url != nil, "needs dot on PATH"))
  func theDOTOfUnsafeTextIsAcceptedByDot() throws {
    let source = try Graphviz.dot(graph())
    let svg = try DotCommand.render(source)
    #expect(XMLParser(data: Data(svg)).parse())
  }

  @Test func aBitmapScaledToFitIsAWarning() throws {
    // 2,000 nodes in one rank: far wider than cairo's 32,767 pixels.
    var graph = Graph(name: "wide", directed: true)
    for index in 0..<2_000 { graph.add(Edge("root", "n\(index)")) }
    let result = try Graphviz.render(graph, engine: "dot", format: .png)
    let warning = result.warnings.first { $0.contains("too large for cairo-renderer bitmaps") }
    #expect(warning != nil, "\(result.warnings)")
    #expect(warning?.hasPrefix("(null)") == false)
  }
}
