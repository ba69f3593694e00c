/// `ScanKeywords`' byte pass for what else reads Swift and skips what names none of its
/// words (`vcgraph lint`): where the words of a set stand in a file's bytes (in code, comments
/// or strings alike, so a skip only ever skips less), and the file's line starts on the way.
package struct NameMarks: Sendable {
  private let table: ScanKeywords.Table

  /// The marks of `names`.
  package init(_ names: Set<String>) { table = ScanKeywords.Table(names) }

  /// The names the scan's walk looks for (`ScanKeywords.names`).
  package static var scanNames: Set<String> { ScanKeywords.names }

  /// The byte offsets of the names in `bytes`, ascending, and where its lines start (for
  /// `SourceLines(starts:)`). O(bytes).
  package func index(_ bytes: [UInt8]) -> (marks: [Int], lineStarts: [Int]) {
    let index = ScanKeywords.index(bytes, table: table)
    return (index.marks, index.lineStarts)
  }

  /// Whether at least `count` of `marks` (ascending offsets) lie in `range`: O(log n).
  package static func holds(_ marks: [Int], in range: Range<Int>, atLeast count: Int = 1) -> Bool
  {
    ScanKeywords.holds(marks, in: range, atLeast: count)
  }
}
