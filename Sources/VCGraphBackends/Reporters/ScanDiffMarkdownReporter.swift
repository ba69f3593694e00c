import VCGraphCore

/// `vcgraph diff --format markdown` of two scans: a pull request's comment with the headline
/// and a table of the navigation edges added and removed (AFTER's position for an added edge,
/// BEFORE's for a removed one). Every value goes through `MarkdownText`, the escaping every
/// Markdown output shares.
public enum ScanDiffMarkdownReporter {
  /// The comment for `diff`.
  public static func report(_ diff: ScanDiff) -> String {
    let headline = diff.headline
    var lines = [
      "### Navigation changes", "", "\(headline.prefix(1).uppercased())\(headline.dropFirst()).",
    ]
    guard !diff.isEmpty else { return lines.joined(separator: "\n") + "\n" }
    lines += ["", "| | from | operation | to | where |", "|---|---|---|---|---|"]
    for edge in diff.added { lines.append(row("➕", edge)) }
    for edge in diff.removed { lines.append(row("➖", edge)) }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func row(_ sign: String, _ edge: ScanEdge) -> String {
    var operation = edge.operation.rawValue
    if let style = edge.style { operation += " (\(style))" }
    if let identifier = edge.identifier { operation += " '\(identifier)'" }
    let to =
      edge.to.map { MarkdownText.code($0, inTable: true) }
      ?? "? (\(MarkdownText.text(edge.reason ?? "unresolved")))"
    return "| \(sign) | \(MarkdownText.code(edge.from, inTable: true))"
      + " | \(MarkdownText.text(operation)) | \(to)"
      + " | \(MarkdownText.code("\(edge.file):\(edge.line)", inTable: true)) |"
  }
}
