import Foundation
import Testing

/// The compact layout (issue 32): `render` stacks a drawing's scenes, windows and controllers
/// in no window one below the other when side by side they would not read at `--max-width`;
/// Mermaid, which vcgraph cannot measure, always stacks them and wraps tab bars of four or
/// more tabs. ReadmeWidthTests measures the result in Chromium; these check where things go.
@Suite struct CompactLayoutTests {
  static let scenes = repositoryRoot.appendingPathComponent(
    "Samples/ipad-two-scenes-focus.yaml").path

  @Test("two iPad scenes: side by side where that reads, one below the other at 880 px")
  func stacksWhenItMisses() throws {
    // At 880 px side by side misses 9 px (7.6 px), so the compose scene goes below the mail
    // scene's presentation level, the lowest block of the first scene.
    let compact = runInProcess(["render", Self.scenes, "-f", "svg", "-o", "-"])
    #expect(compact.exitCode == 0)
    #expect(!compact.stderr.contains("smallest text"), "\(compact.stderr)")
    let y = DiagramReadabilityTests.nameY(in: compact.stdout)
    let composeNav = try #require(y["composeNav"])
    let moveSheet = try #require(y["moveSheet"])
    #expect(composeNav > moveSheet, "\(composeNav) \(moveSheet)")
    // Shown 2,000 px wide the side-by-side drawing reads: it stays, the compose scene beside
    // the mail scene, its navigation controller above the sheet.
    let wide = runInProcess(
      ["render", Self.scenes, "-f", "svg", "-o", "-", "--max-width", "2000"])
    let x = DiagramReadabilityTests.nameY(in: wide.stdout)
    #expect(try #require(x["composeNav"]) < (try #require(x["moveSheet"])))
    // The DOT written alone is the SVG's graph.
    let dot = runInProcess(["render", Self.scenes, "-f", "dot", "-o", "-"])
    let wideDot = runInProcess(
      ["render", Self.scenes, "-f", "dot", "-o", "-", "--max-width", "2000"])
    #expect(dot.stdout != wideDot.stdout)
  }

  /// Mermaid node ids (`c12`) by the controller id drawn in bold in their label.
  static func mermaidNames(_ text: String) -> [String: String] {
    var names: [String: String] = [:]
    for match in text.matches(of: /\n\s+(c[0-9]+)[\[\(\{<>].*?<b>([A-Za-z0-9]+)<\/b>/) {
      names[String(match.1)] = String(match.2)
    }
    return names
  }

  @Test("Mermaid: a five-tab bar in two rows, levels below the tabs, scenes stacked")
  func mermaidStacks() throws {
    let app = DiagramReadabilityTests.tabApp(
      tabs: 5, depth: 3, children: 1, presentations: 2, presentedDepth: 4)
    let directory = try TemporaryDirectory("compact-mermaid")
    let input = try directory.write("app.yaml", app.yaml)
    let run = runInProcess(["render", input, "-f", "mermaid", "-o", "-"])
    #expect(run.exitCode == 0)
    let names = Self.mermaidNames(run.stdout)
    let links = run.stdout.matches(of: /\n\s+(c[0-9]+) ~~~ (c[0-9]+)/).map {
      (names[String($0.1)] ?? "?", names[String($0.2)] ?? "?")
    }
    // Five tabs: three in the first row; tab3Nav under tab0's tree and tab4Nav under tab1's,
    // each below its deepest node: the child of [0] (tab0Nav → tab02 → tab01 → tab00 →
    // tab0Part0, drawn top to bottom).
    #expect(links.contains { $0 == ("tab0Part0", "tab3Nav") }, "\(links)")
    #expect(links.contains { $0 == ("tab1Part0", "tab4Nav") }, "\(links)")
    #expect(!links.contains { ["tab0Nav", "tab1Nav", "tab2Nav"].contains($0.1) })
    // Each presentation level hangs below something: presented2Nav (level 1) and
    // presented1Nav (level 2), the second below the first's tree.
    #expect(links.contains { $0.1 == "presented2Nav" })
    #expect(links.contains { $0 == ("presented2Part0", "presented1Nav") }, "\(links)")
    // Two scenes: the second one's window root below the first scene.
    let scenes = runInProcess(["render", Self.scenes, "-f", "mermaid", "-o", "-"])
    let sceneNames = Self.mermaidNames(scenes.stdout)
    let heads = scenes.stdout.matches(of: /\n\s+c[0-9]+ ~~~ (c[0-9]+)/).map {
      sceneNames[String($0.1)] ?? "?"
    }
    #expect(heads.contains("composeNav") && heads.contains("moveSheet"), "\(heads)")
  }
}
