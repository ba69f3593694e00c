import VCGraphCore

/// `diff --format markdown`: what changed between two hierarchies as a pull-request comment.
/// A heading naming both inputs, the headline, a table of changes (one row per controller added,
/// removed, moved or restyled, then the top view controller and what entered or left the
/// screen), then the new and fixed findings as `MarkdownReporter`'s rows (linked to `path#Lline`
/// relative to `sourceRoot`, as `check --format markdown`). Every piece of data is escaped
/// (`MarkdownText`).
public enum DiffMarkdownReporter {
  /// `sourceRoot` and `workingDirectory` are absolute; paths as given are relative to the
  /// latter.
  public static func report(
    _ diff: HierarchyDiff, sourceRoot: String, workingDirectory: String, linkBase: String? = nil
  ) -> String {
    let before = diff.before.hierarchy.path
    let after = diff.after.hierarchy.path
    var out =
      "### \(MarkdownText.text(before)) → \(MarkdownText.text(after))\n\n"
      + "**\(MarkdownText.text(diff.headline))**\n"
    var rows: [String] = []
    func row(_ change: String, _ controller: String, _ from: String, _ to: String) {
      rows.append("| \(change) | \(controller) | \(cell(from)) | \(cell(to)) |")
    }
    func name(_ id: String, _ className: String? = nil) -> String {
      let code = MarkdownText.code(id, inTable: true)
      guard let className, className != id else { return code }
      return code + " (" + MarkdownText.text(className) + ")"
    }
    for entry in diff.added {
      row("added", name(entry.id, entry.className), "", HierarchyDiff.describe(entry.place))
    }
    for entry in diff.removed {
      row("removed", name(entry.id, entry.className), HierarchyDiff.describe(entry.place), "")
    }
    for move in diff.moved {
      row(
        "moved", name(move.id), HierarchyDiff.describe(move.from), HierarchyDiff.describe(move.to))
    }
    for change in diff.styleChanged {
      row("presentation style", name(change.id), change.before.rawValue, change.after.rawValue)
    }
    if diff.topChanged {
      rows.append(
        "| top view controller | | \(diff.topBefore.map(code) ?? "none")"
          + " | \(diff.topAfter.map(code) ?? "none") |")
    }
    for id in diff.gained { row("on screen", name(id), "off screen", "on screen") }
    for id in diff.lost { row("left the screen", name(id), "on screen", "off screen") }
    if !rows.isEmpty {
      out += "\n| change | controller | before | after |\n|---|---|---|---|\n"
      out += rows.map { $0 + "\n" }.joined()
    }
    let lists = [("New findings", diff.newFindings), ("Fixed findings", diff.fixedFindings)]
    for (title, findings) in lists where !findings.isEmpty {
      let report = FindingReport(
        tool: SARIFLog.Tool(name: "vcgraph", version: ""), rules: [],
        findings: findings.map { ReportedFinding($0, logicalPath: "") },
        sourceRoot: sourceRoot, workingDirectory: workingDirectory, linkBase: linkBase)
      out += "\n**\(title) (\(findings.count)):**\n\n" + MarkdownReporter.table(report)
    }
    return out
  }

  private static func code(_ id: String) -> String { MarkdownText.code(id, inTable: true) }

  /// Plain text for a cell; an empty one is a dash.
  private static func cell(_ text: String) -> String {
    text.isEmpty ? "—" : MarkdownText.text(text)
  }
}
