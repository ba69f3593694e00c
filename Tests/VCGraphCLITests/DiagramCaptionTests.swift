import Foundation
import Testing

/// The title says the title and the top view controller; the other answers (how many
/// controllers are on screen, dismissals, responder chains, the count of findings) sit under
/// the diagram at the head of the legend, each once.
@Suite("Diagram captions")
struct DiagramCaptionTests {
  /// The DOT of a sample, split into the graph's own label (the title) and the rest.
  private func dot(_ sample: String, _ extra: [String] = []) throws -> (title: String, rest: String)
  {
    let result = try vcgraph(
      ["render", "Samples/\(sample)", "-f", "dot", "-o", "-"] + extra, cwd: repositoryRoot)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let text = result.stdout.replacingOccurrences(of: "&#39;", with: "'")
    let title = text.components(separatedBy: "\n").first { $0.contains("label=<") } ?? ""
    return (title, text.replacingOccurrences(of: title, with: ""))
  }

  /// Seed 002: A presents B presents C; `dismiss` two levels from C and down to
  /// AViewController end the same way (A dismisses B and C, C animates, A is on top after),
  /// which is said once, with both calls.
  @Test func dismissalsSitUnderTheDiagramAndRepeatsAreOneLine() throws {
    let (title, rest) = try dot("002-dismiss-multiple-levels.yaml")
    #expect(title.contains("top view controller: C"), "\(title)")
    #expect(!title.contains("dismisses") && !title.contains("controllers on screen"), "\(title)")
    let line =
      "dismiss(from: C, levels: 2), dismiss(from: C, toClass: AViewController): A dismisses"
      + " B, C; C animates; top after: A"
    #expect(rest.components(separatedBy: line).count == 2, "said once: \(rest)")
    #expect(rest.contains("1 of 3 controllers on screen"))
  }

  /// The mail sample's responder chain leaves the title and is wrapped under the diagram.
  @Test func aResponderChainIsWrappedUnderTheDiagram() throws {
    let (title, rest) = try dot("mail-split-ipad.yaml")
    #expect(!title.contains("responder chain"), "\(title)")
    #expect(rest.contains("responder chain from replyButton: replyButton → messageRoot"))
    #expect(rest.contains("→ UIApplication → AppDelegate"))
  }

  /// Without a legend there is nowhere under the diagram: the answers stay in the title.
  @Test func withoutALegendTheAnswersStayInTheTitle() throws {
    let (title, _) = try dot("002-dismiss-multiple-levels.yaml", ["--legend", "none"])
    #expect(title.contains("A dismisses B, C"), "\(title)")
    #expect(title.contains("1 of 3 controllers on screen"), "\(title)")
  }
}
