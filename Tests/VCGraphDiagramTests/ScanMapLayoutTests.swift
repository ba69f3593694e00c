import Testing
import VCGraphDiagram

/// The compact layout of a scanned app's map (``ScanMapLayout``), on graphs whose rows are
/// worked out by hand from its rules: nodes 10.8 pt apart, an edge through a row 8 pt.
@Suite struct ScanMapLayoutTests {
  @Test("a fan of 8 leaves 100 pt wide wraps into rows of at most 500 pt")
  func fan() {
    let links = (1...8).map { ScanMapLayout.Link(tail: 0, head: $0) }
    let layout = ScanMapLayout(
      widths: [Double](repeating: 100, count: 9), links: links, budget: 500)
    // By hand: 8 leaves are 875.6 pt; the last four go down (432.4 pt, but the four edges
    // through the row make it 507.6), then the fourth; the second row's five (543.2) send the
    // last a row lower. Rows: 1–3 (415.6 with five edges through), 4–7 (451.2), 8.
    #expect(layout.ranks == [0, 1, 1, 1, 2, 2, 2, 2, 3])
    #expect(layout.rankGaps == [1, 1, 1, 2, 2, 2, 2, 3])
    #expect(layout.loose.allSatisfy { !$0 })
    // Every rank of two or more a row, in document order (one parent); each row's first
    // node below the row before's, in one column.
    #expect(layout.rows == [[1, 2, 3], [4, 5, 6, 7]])
    #expect(
      layout.stacking.map { [$0.upper, $0.lower, $0.gap] } == [[0, 1, 1], [1, 4, 1], [4, 8, 1]])
    #expect(layout.stacking.allSatisfy { $0.aligned })
    // Without the budget's pressure, one row.
    let wide = ScanMapLayout(
      widths: [Double](repeating: 100, count: 9), links: links, budget: 1000)
    #expect(wide.ranks == [0] + [Int](repeating: 1, count: 8))
  }

  @Test("two flows side by side when they fit the budget, else the second a band lower")
  func bands() {
    let links = [ScanMapLayout.Link(tail: 0, head: 1), ScanMapLayout.Link(tail: 2, head: 3)]
    let widths: [Double] = [300, 300, 300, 300]
    // 300 + 21.6 + 300 = 621.6 pt: over 500, the second flow goes below the first (2 ranks).
    let stacked = ScanMapLayout(widths: widths, links: links, budget: 500)
    #expect(stacked.ranks == [0, 1, 2, 3])
    // One node a rank: no rows; each below the one before, in one column.
    #expect(
      stacked.stacking.map { [$0.upper, $0.lower, $0.gap] } == [[0, 1, 1], [1, 2, 1], [2, 3, 1]])
    #expect(stacked.stacking.allSatisfy { $0.aligned })
    #expect(stacked.rows.isEmpty)
    // Within 700 they share the band: each rank a row, the first flow left.
    let beside = ScanMapLayout(widths: widths, links: links, budget: 700)
    #expect(beside.ranks == [0, 1, 0, 1])
    #expect(beside.rows == [[0, 2], [1, 3]])
    #expect(beside.stacking.map { [$0.upper, $0.lower, $0.gap] } == [[0, 1, 1]])
  }

  @Test("a node three types lead to is shared: its edges are loose, its callers stay up")
  func shared() {
    let links =
      (0...2).map { ScanMapLayout.Link(tail: $0, head: 3) }
      + [ScanMapLayout.Link(tail: 0, head: 4)]
    let layout = ScanMapLayout(
      widths: [Double](repeating: 100, count: 5), links: links, budget: 500)
    #expect(layout.loose == [true, true, true, false])
    // The callers' flows (0 with 4; 1; 2) fit one band: 210.8 + 21.6 + 100 + 21.6 + 100.
    #expect(layout.ranks == [0, 0, 0, 1, 1])
    // The shared node in its first caller's flow, after 4 (under 0, where 3's callers
    // average the row's middle).
    #expect(layout.rows == [[0, 1, 2], [4, 3]])
    // Fewer callers: an ordinary edge.
    let two = ScanMapLayout(
      widths: [Double](repeating: 100, count: 3),
      links: [ScanMapLayout.Link(tail: 0, head: 2), ScanMapLayout.Link(tail: 1, head: 2)],
      budget: 500)
    #expect(two.loose == [false, false])
  }
}
