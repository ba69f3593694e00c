import Foundation
import Testing

/// Issue 16's acceptance: diagrams that read at documentation size, in order, in every
/// theme, and the same bytes from any working directory; each judged from the rendered
/// output, against the targets stated in the issue and WCAG's contrast formula.
@Suite(.serialized)
struct DiagramReadabilityTests {
  /// A tab app: `tabs` tabs, each a navigation stack of `depth` controllers whose root embeds
  /// `children`; the selected tab's top presents a chain of `presentations` navigation
  /// controllers, each with a stack of `presentedDepth` whose root embeds one child.
  static func tabApp(
    tabs: Int, depth: Int, children: Int, presentations: Int, presentedDepth: Int
  ) -> (yaml: String, count: Int, stacks: [[String]]) {
    var lines = [
      "title: Generated tab app", "window:", "  root:", "    class: UITabBarController",
      "    id: tabs", "    selectedIndex: 1", "    viewControllers:",
    ]
    var count = 1
    var stacks: [[String]] = []
    func stack(_ name: String, indent: Int, depth: Int, children: Int, chain: Int) {
      let pad = String(repeating: " ", count: indent)
      var ids = ["\(name)Nav"]
      for position in 0..<depth {
        let id = "\(name)\(position)"
        ids.append(id)
        lines += [
          "\(pad)- class: \(name.capitalized)\(position)ViewController", "\(pad)  id: \(id)",
        ]
        count += 1
        if position == 0 && children > 0 {
          lines.append("\(pad)  children:")
          for child in 0..<children {
            lines.append(
              "\(pad)    - { class: \(name.capitalized)Part\(child)Controller, id: \(name)Part\(child) }"
            )
            count += 1
          }
        }
        if position == depth - 1 && chain > 0 {
          let presented = "presented\(chain)"
          lines += [
            "\(pad)  presents:", "\(pad)    class: UINavigationController",
            "\(pad)    id: \(presented)Nav",
            "\(pad)    modalPresentationStyle: \(chain % 2 == 0 ? "fullScreen" : "pageSheet")",
            "\(pad)    viewControllers:",
          ]
          count += 1
          stack(presented, indent: indent + 6, depth: presentedDepth, children: 1, chain: chain - 1)
        }
      }
      stacks.append(ids)
    }
    for tab in 0..<tabs {
      lines += [
        "      - class: UINavigationController", "        id: tab\(tab)Nav",
        "        viewControllers:",
      ]
      count += 1
      stack(
        "tab\(tab)", indent: 10, depth: depth, children: children,
        chain: tab == 1 ? presentations : 0)
    }
    return (lines.joined(separator: "\n") + "\n", count, stacks)
  }

  /// The position of each controller's bold name in an SVG, by controller id.
  static func namePositions(in svg: String) -> [String: (x: Double, y: Double)] {
    var result: [String: (x: Double, y: Double)] = [:]
    for text in SVGDrawing(svg).texts where text.bold {
      guard let group = text.group, group.hasPrefix("vc-") else { continue }
      let id = String(group.dropFirst(3))
      if result[id] == nil { result[id] = (text.x, text.y) }
    }
    return result
  }

  /// The y coordinate of each controller's bold name in an SVG, by controller id.
  static func nameY(in svg: String) -> [String: Double] {
    namePositions(in: svg).mapValues(\.y)
  }

  /// Controllers that should stand left to right in `ids`' order (tabs, split columns) but
  /// do not.
  static func rowProblems(_ ids: [String], svg: String) -> [String] {
    let x = ids.map { namePositions(in: svg)[$0]?.x }
    if x.contains(where: { $0 == nil }) { return ["\(ids): not every one drawn"] }
    if zip(x, x.dropFirst()).contains(where: { $0! >= $1! }) {
      return ["out of order left to right: \(zip(ids, x).map { "\($0)@\($1!)" })"]
    }
    return []
  }

  /// Each stack's entries below its navigation controller, in index order from the bottom.
  static func stackProblems(_ stacks: [[String]], svg: String) -> [String] {
    let y = nameY(in: svg)
    var problems: [String] = []
    for stack in stacks {
      // [nav, 0, 1, ..., top]: the navigation controller highest, then the top, ..., [0]
      // lowest (SVG's y grows downwards).
      let order = [stack[0]] + stack.dropFirst().reversed()
      let heights = order.map { y[$0] }
      if heights.contains(where: { $0 == nil }) {
        problems.append("\(stack[0]): not every entry drawn")
      } else if zip(heights, heights.dropFirst()).contains(where: { $0! >= $1! }) {
        problems.append("\(stack[0]) out of order: \(zip(order, heights).map { "\($0)@\($1!)" })")
      }
    }
    return problems
  }

  @Test("a 5-tab app with 3-deep stacks and two presentations fits the documentation target")
  func fortyControllerTabAppFits() throws {
    let app = Self.tabApp(tabs: 5, depth: 3, children: 1, presentations: 2, presentedDepth: 4)
    #expect((36...44).contains(app.count), "\(app.count) controllers")
    let directory = try TemporaryDirectory("readability")
    let input = try directory.write("app.yaml", app.yaml)
    let result = try vcgraph(["render", input, "-o", directory.url.path, "-f", "svg,png"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let png = try #require(pngSize(directory.bytes("app.png") ?? []))
    // The issue's target at the default scale: at most 2,000 px wide, at most twice as wide
    // as high.
    #expect(png.width <= 2000, "\(png.width)x\(png.height)")
    #expect(png.width <= 2 * png.height, "\(png.width)x\(png.height)")
    let svg = String(decoding: directory.bytes("app.svg") ?? [], as: UTF8.self)
    // The PNG is the SVG at 96 dpi (4/3 px per pt), so a size in the SVG is that size in the
    // PNG: every controller's name is body text of at least 10 points.
    let widthPoints = try #require(
      svg.firstMatch(of: /<svg width="([0-9.]+)pt"/).flatMap { Double($0.1) })
    #expect(
      abs(Double(png.width) - widthPoints * 4 / 3) <= 2, "\(png.width) px for \(widthPoints) pt")
    let names = SVGDrawing(svg).texts.filter { $0.bold && $0.group == "vc-\($0.content)" }
    #expect(names.count >= app.count, "\(names.count) names drawn")
    #expect(names.allSatisfy { $0.size >= 10 }, "\(names.map(\.size).min() ?? 0) pt")
    #expect(
      Self.stackProblems(app.stacks, svg: svg).isEmpty,
      "\(Self.stackProblems(app.stacks, svg: svg))")
    let tabs = (0..<5).map { "tab\($0)Nav" }
    #expect(Self.rowProblems(tabs, svg: svg).isEmpty, "\(Self.rowProblems(tabs, svg: svg))")
  }

  @Test("navigation stacks stay in index order in large graphs")
  func stacksInOrderWhenLarge() throws {
    let app = Self.tabApp(tabs: 8, depth: 12, children: 2, presentations: 3, presentedDepth: 6)
    #expect(app.count > 140)
    let directory = try TemporaryDirectory("stacks")
    let input = try directory.write("big.yaml", app.yaml)
    let result = try vcgraph(["render", input, "--expand-all", "-f", "svg", "-o", "-"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let problems = Self.stackProblems(app.stacks, svg: result.stdout)
    #expect(problems.isEmpty, "\(problems)")
    let tabs = Self.rowProblems((0..<8).map { "tab\($0)Nav" }, svg: result.stdout)
    #expect(tabs.isEmpty, "\(tabs)")
  }

  /// Samples whose containers once drew their children out of order: the seed's tabs (a
  /// presentation and a responder chain pulled tab 1 left of tab 0) and the mail app's split
  /// columns (the responder chain swapped them).
  @Test(
    "tabs and split columns stand in index order",
    arguments: [
      ("000-top-view-controller.yaml", ["homeNav", "postsNav", "settingsNav"]),
      ("mail-split-ipad.yaml", ["primaryNav", "secondaryNav"]),
    ])
  func rowsInIndexOrder(sample: String, row: [String]) throws {
    let result = try vcgraph(
      ["render", "Samples/\(sample)", "-f", "svg", "-o", "-"], cwd: repositoryRoot)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let problems = Self.rowProblems(row, svg: result.stdout)
    #expect(problems.isEmpty, "\(problems)")
  }

  /// Every sample, the generated app and the largest real dump.
  static func contrastInputs() -> [URL] {
    sampleFiles()
      + [
        repositoryRoot.appendingPathComponent(
          "Tests/Fixtures/printHierarchy/04-dingtalk-tab-5-navs-chat.txt")
      ]
  }

  @Test(
    "every text has at least 4.5:1 contrast against what it sits on, in every theme",
    arguments: ["light", "dark", "transparent"])
  func contrastInEveryTheme(theme: String) throws {
    let directory = try TemporaryDirectory("contrast")
    let app = Self.tabApp(tabs: 5, depth: 3, children: 1, presentations: 2, presentedDepth: 4)
    var inputs = Self.contrastInputs().map(\.path)
    inputs.append(try directory.write("app.yaml", app.yaml))
    var checked = 0
    for input in inputs {
      let result = runInProcess(["render", input, "-f", "svg", "-o", "-", "--theme", theme])
      #expect(result.exitCode == 0, "\(input): \(result.stderr)")
      let svg = result.stdout
      let drawing = SVGDrawing(svg)
      #expect(!drawing.texts.isEmpty, "\(input): no text")
      for text in drawing.texts where !text.content.trimmingCharacters(in: .whitespaces).isEmpty {
        checked += 1
        let background = drawing.background(of: text) ?? "none"
        guard let ratio = contrastRatio(text.fill, background) else {
          Issue.record("\(input) [\(theme)]: '\(text.content)' (\(text.fill)) on \(background)")
          continue
        }
        #expect(
          ratio >= 4.5,
          "\(input) [\(theme)]: '\(text.content)' \(text.fill) on \(background): \(ratio)")
      }
    }
    #expect(checked > 500)
  }

  @Test("the contrast reading catches faint text and a missing background")
  func contrastReadingCanFail() {
    let svg = """
      <g id="graph0" class="graph"><polygon fill="transparent" stroke="transparent" points="0,0 0,-100 100,-100 100,0 0,0"/>
      <g id="node1" class="node"><polygon fill="#f6f8fa" stroke="#c8ccd0" points="10,-10 10,-50 90,-50 90,-10 10,-10"/>
      <text text-anchor="middle" x="50" y="-26" font-size="10.00" fill="#9aa0a6">faint</text></g>
      <text text-anchor="middle" x="50" y="-80" font-size="10.00" fill="#1f2328">title</text></g>
      """
    let drawing = SVGDrawing(svg)
    #expect(drawing.texts.count == 2)
    let faint = drawing.texts[0]
    #expect(drawing.background(of: faint) == "#f6f8fa")
    // The issue's figure for the old off-screen text: about 2.5:1.
    #expect(abs((contrastRatio(faint.fill, "#f6f8fa") ?? 0) - 2.48) < 0.05)
    #expect(drawing.background(of: drawing.texts[1]) == "transparent")
    #expect(contrastRatio("#1f2328", "transparent") == nil)
    #expect(abs((contrastRatio("#000000", "#ffffff") ?? 0) - 21) < 0.001)
  }
}
