import Foundation
import TestSupport
import Testing

@testable import GraphvizKit

// `dot` reads a DOT file with a lexer whose one token holds at most 16,381 bytes: a quoted
// string's run between backslashes and quotes, an HTML label's run between `<`, `>` and line
// breaks. Escaping makes runs longer than the text (`&` is five bytes in either), so a value
// at vcgraph's default limit of 4,096 characters made DOT that `dot` refused ("syntax error
// ... longer than 16384?"), though the same graph rendered in process (issue 20).

@Suite("DOT source with long text", .serialized)
struct LongTextSourceTests {
  /// A graph with an HTML label, a plain label and a tooltip far past the lexer's token size.
  private func longGraph() -> Graph {
    var graph = Graph(name: "Long")
    var html = Attributes()
    html.label = .html(
      "<b>T</b><br/><i>“" + HTML.escape(String(repeating: "&x<é", count: 5_000)) + "”</i>")
    html.shape = "box"
    graph.add(Node("h", attributes: html))
    let text = String(repeating: "W&\"🙂", count: 6_000)
    var plain = Attributes()
    plain.label = .text(text)
    plain.tooltip = String(text.reversed())
    graph.add(Node("p", attributes: plain))
    graph.add(Edge("h", "p"))
    return graph
  }

  @Test(.enabled(if: DotCommand.url != nil, "needs dot on PATH"))
  func dotReadsTheSourceOfLongText() throws {
    let graph = longGraph()
    let source = try Graphviz.dot(graph)
    // `dot` of the same Graphviz is the judge: it reads the file and draws what is drawn in
    // process, byte for byte.
    let fromDot = String(decoding: try DotCommand.render(source, format: "svg"), as: UTF8.self)
    let inProcess = try Graphviz.render(graph, format: .svg).text
    #expect(fromDot == inProcess)
    // And every character is there: 5,000 of each in the HTML label, 6,000 in the others.
    #expect(inProcess.components(separatedBy: "&amp;x&lt;é").count - 1 == 5_000)
    #expect(inProcess.components(separatedBy: "W&amp;&quot;🙂").count - 1 == 6_000)
  }
}
