/// What a code change did to the app's navigation: the edges of AFTER that BEFORE did not
/// have, and those it lost. Edges are compared without their position (`ScanEdge.key`), as a
/// multiset: a second `push` of the same type from the same place is an added edge. O(n log n).
public struct ScanDiff: Sendable, Equatable {
  /// Edges only AFTER has, in AFTER's order.
  public var added: [ScanEdge]
  /// Edges only BEFORE has, in BEFORE's order.
  public var removed: [ScanEdge]
  /// The paths compared (as given).
  public var beforePath: String
  public var afterPath: String

  /// Compares two scans.
  public init(before: ScanResult, after: ScanResult, beforePath: String, afterPath: String) {
    self.beforePath = beforePath
    self.afterPath = afterPath
    var remaining: [String: Int] = [:]
    for edge in before.edges { remaining[edge.key, default: 0] += 1 }
    var added: [ScanEdge] = []
    for edge in after.edges {
      if let count = remaining[edge.key], count > 0 {
        remaining[edge.key] = count - 1
      } else {
        added.append(edge)
      }
    }
    var removed: [ScanEdge] = []
    for edge in before.edges.reversed() {
      if let count = remaining[edge.key], count > 0 {
        remaining[edge.key] = count - 1
        removed.append(edge)
      }
    }
    self.added = added
    self.removed = removed.reversed()
  }

  /// Whether the navigation is the same.
  public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

  /// `2 edges added, 1 removed`.
  public var headline: String {
    if isEmpty { return "no navigation edges added or removed" }
    return "\(added.count) edge\(added.count == 1 ? "" : "s") added, \(removed.count) removed"
  }

  /// Plain text: the headline, then `+ A —push→ B  (File.swift:12)` lines.
  public var text: String {
    var lines = ["navigation: \(beforePath) → \(afterPath): \(headline)"]
    for edge in added { lines.append("+ \(edge.summary)  (\(edge.file):\(edge.line))") }
    for edge in removed { lines.append("- \(edge.summary)  (\(edge.file):\(edge.line))") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The diff as JSON: `{"version": 1, "added": [edges], "removed": [edges]}`
  /// (`Schemas/scan-diff.v1.schema.json`).
  public var json: JSON {
    .object([
      ("version", .int(JSONOutputVersion.scanDiff)), ("added", .array(added.map(\.json))),
      ("removed", .array(removed.map(\.json))),
    ])
  }
}
