import Foundation
import Testing

/// Issue 32: diagrams of real inputs read where a README shows them — an `<img>` in an 880 px
/// column, Mermaid as GitHub draws it (`useMaxWidth`). Headless Chromium measures what it drew
/// (``measureReading(_:tools:)``): the smallest text as shown, the band under the title, text
/// running past the drawing's edge and WCAG contrast against what is painted behind each text.
@Suite("Diagrams at README width, measured in headless Chromium", .serialized)
struct ReadmeWidthTests {
  /// Samples, the real dumps and storyboards the repository keeps, and the generated
  /// 38-controller tab app of DiagramReadabilityTests.
  static func inputs(in directory: TemporaryDirectory) throws -> [String] {
    let storyboards = repositoryRoot.appendingPathComponent("Tests/Fixtures/storyboards")
    let found = FileManager.default.enumerator(atPath: storyboards.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".storyboard") }.sorted() ?? []
    let app = DiagramReadabilityTests.tabApp(
      tabs: 5, depth: 3, children: 1, presentations: 2, presentedDepth: 4)
    return sampleFiles().map(\.path) + MermaidBrowserTests.fixtures()
      + found.map { storyboards.appendingPathComponent($0).path }
      + [try directory.write("generated-tab-app.yaml", app.yaml)]
  }

  static func name(_ path: String) -> String {
    let url = URL(fileURLWithPath: path)
    return url.pathComponents.suffix(2).joined(separator: "/")
  }

  @Test("the measurement reads size, scale, overflow and contrast from a drawing it can fail on")
  func measurementCanFail() throws {
    guard let tools = DocsTools.available() else { return }
    // 1,760 px wide (1,320 pt), drawn at scale 0.5 by its viewBox: 20-unit text is 10 px on
    // the page, 5 px in the column; the grey text is 2.64:1 on white (#9aa0a6: relative luminance 0.348); the second text runs
    // 30 px past the right edge; the title sits 60 units (30 px) above the first node.
    let svg = """
      <svg width="1320pt" height="300pt" viewBox="0 0 3520 800" xmlns="http://www.w3.org/2000/svg">
      <g id="graph0" class="graph"><polygon fill="white" points="0,0 3520,0 3520,800 0,800"/>
      <text x="100" y="40" font-size="40" fill="#000000">title</text>
      <g id="node1" class="node"><polygon fill="#ffffff" stroke="black" points="100,110 900,110 900,300 100,300"/>
      <text x="200" y="200" font-size="20" fill="#9aa0a6">faint</text>
      <text x="3500" y="250" font-size="40" fill="#000000">past the edge</text></g></g></svg>
      """
    let figures = try measureReading([ReadingJob(kind: .graphviz, text: svg)], tools: tools)
    let drawn = try #require(figures.first)
    #expect(drawn.error == nil)
    #expect(abs(drawn.width - 1760) < 0.5, "\(drawn.width)")
    #expect(abs(drawn.smallest - 5) < 0.05, "\(drawn.smallest)")
    #expect(drawn.smallestText == "faint")
    #expect(drawn.overflow > 20, "\(drawn.overflow) \(drawn.overflowText)")
    #expect(abs(drawn.contrast - 2.64) < 0.01, "\(drawn.contrast) \(drawn.contrastText)")
    // The title's last line ends a little under its baseline (y 40 at scale 0.5), the node's
    // box begins at y 110: about 30 px.
    #expect((25...36).contains(drawn.band ?? 0), "\(drawn.band ?? -1)")
  }

  @Test(
    "Graphviz: smallest text at 880 px, title band, nothing past the edge, contrast",
    arguments: [("light", "#ffffff"), ("dark", "#0d1117"), ("light", "#0d1117")])
  func graphviz(theme: String, page: String) throws {
    guard let tools = DocsTools.available() else { return }
    let directory = try TemporaryDirectory("readme-width")
    let inputs = try Self.inputs(in: directory)
    var jobs: [ReadingJob] = []
    var warnings: [String] = []
    for input in inputs {
      let run = runInProcess(["render", input, "-f", "svg", "-o", "-", "--theme", theme])
      #expect(run.exitCode == 0, "\(input): \(run.stderr)")
      // The light drawing on GitHub's dark page too: its canvas is its own.
      jobs.append(ReadingJob(kind: .graphviz, text: run.stdout, page: page))
      warnings.append(run.stderr)
    }
    let figures = try measureReading(jobs, tools: tools)
    var table: [String] = []
    for ((input, drawn), stderr) in zip(zip(inputs, figures), warnings) {
      let name = Self.name(input)
      #expect(drawn.error == nil, "\(name): \(drawn.error ?? "")")
      table.append(
        "\(name): \(Int(drawn.width)) px wide, smallest \(String(format: "%.1f", drawn.smallest))"
          + " px, band \(Int(drawn.band ?? -1)) px, past the edge"
          + " \(String(format: "%.1f", drawn.overflow)) px, contrast"
          + " \(String(format: "%.2f", drawn.contrast))")
      #expect(drawn.texts > 5, "\(name)")
      #expect((drawn.band ?? 0) <= 40, "\(name): a band of \(drawn.band ?? 0) px under the title")
      #expect(drawn.overflow <= 0.5, "\(name): '\(drawn.overflowText)' past the edge")
      #expect(
        drawn.contrast >= 4.5, "\(name) [\(theme)]: '\(drawn.contrastText)' \(drawn.contrast):1")
      // Every input reads (two iPad scenes and the broken switcher by the compact layout,
      // their clusters one below the other); none is warned about.
      #expect(drawn.smallest >= 9, "\(name): '\(drawn.smallestText)' \(drawn.smallest) px")
      #expect(!stderr.contains("smallest text is"), "\(name): \(stderr)")
    }
    print("Graphviz at 880 px [\(theme) on \(page)]:\n" + table.joined(separator: "\n"))
  }

  @Test(
    "Mermaid: smallest text drawn 880 px wide, nothing past the edge, contrast",
    arguments: ["light", "dark"])
  func mermaid(theme: String) throws {
    guard let tools = DocsTools.available() else { return }
    let directory = try TemporaryDirectory("readme-width-mermaid")
    let inputs = try Self.inputs(in: directory)
    var jobs: [ReadingJob] = []
    for input in inputs {
      let run = runInProcess(["render", input, "-f", "mermaid", "-o", "-", "--theme", theme])
      #expect(run.exitCode == 0, "\(input): \(run.stderr)")
      #expect(!run.stderr.contains("880 px wide"), "\(input): \(run.stderr)")
      jobs.append(
        ReadingJob(kind: .mermaid, text: run.stdout, page: theme == "dark" ? "#0d1117" : "#ffffff"))
    }
    let figures = try measureReading(jobs, tools: tools)
    var table: [String] = []
    for (input, drawn) in zip(inputs, figures) {
      let name = Self.name(input)
      #expect(drawn.error == nil, "\(name): \(drawn.error ?? "")")
      table.append(
        "\(name): \(Int(drawn.width)) px wide, smallest \(String(format: "%.1f", drawn.smallest))"
          + " px, contrast \(String(format: "%.2f", drawn.contrast))")
      #expect(drawn.overflow <= 0.5, "\(name): '\(drawn.overflowText)' past the edge")
      #expect(
        drawn.contrast >= 4.5, "\(name) [\(theme)]: '\(drawn.contrastText)' \(drawn.contrast):1")
      // Every input reads, the broken switcher too (its switcher's fan of five in two rows,
      // the legend laid out as one block: 2,049 -> 1,438 px wide, 6.9 -> 9.8 px).
      #expect(drawn.smallest >= 9, "\(name): '\(drawn.smallestText)' \(drawn.smallest) px")
    }
    print("Mermaid at 880 px [\(theme)]:\n" + table.joined(separator: "\n"))
  }

  @Test("presentation levels read top to bottom in level order, below what presents them")
  func levelsInReadingOrder() throws {
    // A presents B presents C: three levels, drawn 1, 2, 3 from the top.
    let seed = try vcgraph(
      ["render", "Samples/002-dismiss-multiple-levels.yaml", "-f", "svg", "-o", "-"],
      cwd: repositoryRoot)
    let y = DiagramReadabilityTests.nameY(in: seed.stdout)
    let levels = ["A", "B", "C"].map { y[$0] }
    #expect(!levels.contains(nil) && levels == levels.sorted { $0! < $1! }, "\(levels)")
    // The tab app: level 1 (presented by the tab bar) below every tab's stack, level 2 below
    // level 1, and no "requested by" line from tab12 across the stacks (its label says it).
    let app = DiagramReadabilityTests.tabApp(
      tabs: 5, depth: 3, children: 1, presentations: 2, presentedDepth: 4)
    let directory = try TemporaryDirectory("levels")
    let input = try directory.write("app.yaml", app.yaml)
    let svg = try vcgraph(["render", input, "-f", "svg", "-o", "-"]).stdout
    let positions = DiagramReadabilityTests.nameY(in: svg)
    let tabsBottom = try #require(
      positions.filter { $0.key.hasPrefix("tab") }.map(\.value).max())
    let level1 = try #require(positions["presented2Nav"])
    let level2 = try #require(positions["presented1Nav"])
    #expect(tabsBottom < level1 && level1 < level2, "\(tabsBottom) \(level1) \(level2)")
    #expect(!svg.contains("called present"))
    #expect(svg.contains("requested by tab12"))
  }

  @Test("beyond 40 controllers render says so on standard error, with the figure and the fix")
  func warnsBeyondForty() throws {
    let app = DiagramReadabilityTests.tabApp(
      tabs: 8, depth: 6, children: 1, presentations: 2, presentedDepth: 4)
    #expect(app.count > 40)
    let directory = try TemporaryDirectory("readme-wide")
    let input = try directory.write("big.yaml", app.yaml)
    let mermaid = runInProcess(["render", input, "-f", "mermaid", "-o", "-", "--expand-all"])
    #expect(mermaid.exitCode == 0)
    #expect(mermaid.stderr.contains("warning: \(input): the Mermaid diagram draws"), "\(mermaid.stderr)")
    #expect(mermaid.stderr.contains("more than 40"), "\(mermaid.stderr)")
    #expect(mermaid.stderr.contains("--split") && mermaid.stderr.contains("--focus ID"))
    let svg = runInProcess(["render", input, "-f", "svg", "-o", "-", "--expand-all"])
    #expect(svg.exitCode == 0)
    #expect(svg.stderr.contains("px wide: shown 880 px wide"), "\(svg.stderr)")
    #expect(svg.stderr.contains("--split") && svg.stderr.contains("--focus ID"), "\(svg.stderr)")
    // The figure is the SVG's own: its width in points at 4/3 px, 10 pt text scaled to 880.
    let points = try #require(
      svg.stdout.firstMatch(of: /<svg width="([0-9.]+)pt"/).flatMap { Double($0.1) })
    let shown = 10 * 4 / 3 * 880 / (points * 4 / 3)
    #expect(svg.stderr.contains(String(format: "smallest text is %.1f px", shown)), "\(svg.stderr)")
    // A small diagram says nothing.
    let small = runInProcess(
      ["render", repositoryRoot.appendingPathComponent("Samples/tabs-form-sheet.yaml").path,
       "-f", "svg,mermaid", "-o", directory.path("out")])
    #expect(small.exitCode == 0)
    #expect(!small.stderr.contains("880 px wide"), "\(small.stderr)")
  }
}
