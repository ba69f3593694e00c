import Foundation
import Testing

/// Issue 32: Mermaid drawings read in order where GitHub shows them — a tab bar's tabs left to
/// right in their tab-bar order (a bar of four or more in two rows, each read left to right,
/// the second below the first), and no subgraph's title drawn over a node or another title.
/// Measured on what headless Chromium drew with Mermaid 11 (``measureReading(_:tools:)``), by
/// the boxes' positions; the text only says which node is which tab.
@Suite("Mermaid reading order and subgraph titles, measured in headless Chromium", .serialized)
struct MermaidReadingOrderTests {
  /// Tab bars Mermaid still draws out of order: the broken switcher's nested two-tab bar
  /// (tab 1 left of tab 0: Mermaid pulls tab 0's stack toward the view hosting its child).
  static let knownOutOfOrder: Set<String> = ["001-broken-switcher.yaml"]

  /// Each tab bar's tabs in `text`, by the bar's Mermaid id: (tab position, the tab's id).
  static func tabs(in text: String) -> [String: [(position: Int, head: String)]] {
    var bars: [String: [(position: Int, head: String)]] = [:]
    for line in text.split(separator: "\n") {
      guard
        let match = line.wholeMatch(of: /\s+(\w+) [^ |]+\|"<div>tab ([0-9]+)[^|]*\| (\w+)/),
        let position = Int(match.2)
      else { continue }
      bars[String(match.1), default: []].append((position, String(match.3)))
    }
    return bars
  }

  /// Why `boxes` ([left, top, right, bottom], in tab order) do not read in tab order, or nil:
  /// under four tabs, left to right; four or more, the first half left to right, the second
  /// half left to right and below all of the first.
  static func orderProblem(_ boxes: [[Double]]) -> String? {
    func leftToRight(_ row: ArraySlice<[Double]>) -> Bool {
      let centres = row.map { ($0[0] + $0[2]) / 2 }
      return zip(centres, centres.dropFirst()).allSatisfy { $0 < $1 }
    }
    guard boxes.count >= 4 else {
      return leftToRight(boxes[...]) ? nil : "not left to right: \(boxes.map { Int($0[0]) })"
    }
    let half = (boxes.count + 1) / 2
    let first = boxes[..<half]
    let second = boxes[half...]
    if !leftToRight(first) { return "first row not left to right: \(first.map { Int($0[0]) })" }
    if !leftToRight(second) {
      return "second row not left to right: \(second.map { Int($0[0]) })"
    }
    let firstBottom = first.map { $0[3] }.max()!
    let secondTop = second.map { $0[1] }.min()!
    return secondTop >= firstBottom
      ? nil : "second row starts at \(secondTop), above \(firstBottom)"
  }

  /// Whether two boxes share more than half a pixel each way.
  static func overlap(_ a: [Double], _ b: [Double]) -> Bool {
    min(a[2], b[2]) - max(a[0], b[0]) > 0.5 && min(a[3], b[3]) - max(a[1], b[1]) > 0.5
  }

  /// Every subgraph title in `figures` drawn over a node or over another title.
  static func covered(_ figures: ReadingFigures) -> [String] {
    let titles = figures.titles ?? [:]
    var found: [String] = []
    for (cluster, title) in titles.sorted(by: { $0.key < $1.key }) {
      for (node, box) in (figures.boxes ?? [:]).sorted(by: { $0.key < $1.key })
      where overlap(title, box) {
        found.append("\(cluster) over node \(node)")
      }
      for (other, box) in titles where other > cluster && overlap(title, box) {
        found.append("\(cluster) over title \(other)")
      }
    }
    return found
  }

  @Test("the measurement sees titles over nodes in the spacing vcgraph used before")
  func overlapCanBeSeen() throws {
    guard let tools = DocsTools.available() else { return }
    // Two iPad scenes as vcgraph wrote them before it asked for room under the titles
    // (rankSpacing 36, no subGraphTitleMargin): a window's title over its root, the scene's
    // title over the window's, the level's over the alert it holds.
    let input = repositoryRoot.appendingPathComponent("Samples/ipad-two-scenes-focus.yaml").path
    let text = runInProcess(["render", input, "-f", "mermaid", "-o", "-"]).stdout
    let before = text.replacingOccurrences(
      of: "    rankSpacing: 54\n", with: "    rankSpacing: 36\n"
    )
    .replacingOccurrences(
      of: "    subGraphTitleMargin:\n      top: 2\n      bottom: 8\n", with: "")
    #expect(before != text && !before.contains("subGraphTitleMargin"))
    let figures = try measureReading([ReadingJob(kind: .mermaid, text: before)], tools: tools)
    let drawn = try #require(figures.first)
    #expect(drawn.error == nil)
    let covered = Self.covered(drawn)
    #expect(covered.contains { $0.contains("over node") }, "\(covered)")
    #expect(covered.contains { $0.contains("over title") }, "\(covered)")
  }

  @Test("the order check against boxes worked out by hand")
  func orderByHand() {
    // Three tabs left to right; then the middle one moved right of the last.
    #expect(Self.orderProblem([[0, 0, 10, 10], [20, 0, 30, 10], [40, 0, 50, 10]]) == nil)
    #expect(Self.orderProblem([[0, 0, 10, 10], [60, 0, 70, 10], [40, 0, 50, 10]]) != nil)
    // Five tabs: 0 1 2 over 3 4.
    let rows: [[Double]] = [
      [0, 0, 10, 10], [20, 0, 30, 10], [40, 0, 50, 10], [0, 30, 10, 40], [20, 50, 30, 60],
    ]
    #expect(Self.orderProblem(rows) == nil)
    // Tab 3 beside the first row, not under it.
    var beside = rows
    beside[3] = [60, 5, 70, 15]
    #expect(Self.orderProblem(beside) != nil)
  }

  @Test("every sample and real input: tabs in tab-bar order, no title over a node or title")
  func samplesAndRealInputs() throws {
    guard let tools = DocsTools.available() else { return }
    let directory = try TemporaryDirectory("mermaid-order")
    let inputs = try ReadmeWidthTests.inputs(in: directory)
    var texts: [String] = []
    for input in inputs {
      let run = runInProcess(["render", input, "-f", "mermaid", "-o", "-"])
      #expect(run.exitCode == 0, "\(input): \(run.stderr)")
      texts.append(run.stdout)
    }
    let figures = try measureReading(
      texts.map { ReadingJob(kind: .mermaid, text: $0) }, tools: tools)
    var bars = 0
    for ((input, text), drawn) in zip(zip(inputs, texts), figures) {
      let name = ReadmeWidthTests.name(input)
      #expect(drawn.error == nil, "\(name): \(drawn.error ?? "")")
      let covered = Self.covered(drawn)
      #expect(covered.isEmpty, "\(name): \(covered)")
      let known = Self.knownOutOfOrder.contains(URL(fileURLWithPath: input).lastPathComponent)
      var misses: [String] = []
      for (bar, tabs) in Self.tabs(in: text).sorted(by: { $0.key < $1.key }) {
        bars += 1
        let boxes = tabs.sorted { $0.position < $1.position }.compactMap { drawn.boxes?[$0.head] }
        #expect(boxes.count == tabs.count, "\(name): \(bar)'s tabs not all drawn")
        if let problem = Self.orderProblem(boxes) { misses.append("\(bar): \(problem)") }
      }
      if known {
        #expect(!misses.isEmpty, "\(name) reads in tab order now: take it off knownOutOfOrder")
      } else {
        #expect(misses.isEmpty, "\(name): \(misses)")
      }
    }
    // The samples, the dumps and the generated app hold tab bars of 2 to 7 tabs.
    #expect(bars >= 9, "\(bars) tab bars")
  }
}
