/// `vcgraph diff`'s output: text for people and JSON for tools.
extension HierarchyDiff {
  /// One line that counts what changed, or says that nothing did.
  public var headline: String {
    var parts: [String] = []
    func count(_ n: Int, _ what: String) {
      if n > 0 { parts.append("\(n) \(what)") }
    }
    count(added.count, "added")
    count(removed.count, "removed")
    count(moved.count, "moved")
    count(styleChanged.count, styleChanged.count == 1 ? "style changed" : "styles changed")
    if topChanged { parts.append("top view controller changed") }
    count(gained.count, "newly on screen")
    count(lost.count, "left the screen")
    count(newFindings.count, newFindings.count == 1 ? "new finding" : "new findings")
    count(fixedFindings.count, fixedFindings.count == 1 ? "fixed finding" : "fixed findings")
    return parts.isEmpty ? "no differences" : parts.joined(separator: ", ")
  }

  /// A place in words: "child of feedNav", "presented by tabs", "root of window main".
  public static func describe(_ place: Place) -> String {
    if let parent = place.parent { return "child of \(parent)" }
    if let presenter = place.presenter { return "presented by \(presenter)" }
    if let window = place.window { return "root of window \(window)" }
    return "in no window"
  }

  /// The diff for people: the headline, then each list, one item per line.
  public var text: String {
    let paired = matching.pairedByID + matching.pairedByPosition
    var out = "\(before.hierarchy.path) → \(after.hierarchy.path): \(headline)\n"
    out +=
      "paired \(paired) controller\(paired == 1 ? "" : "s"): \(matching.pairedByID) by id,"
      + " \(matching.pairedByPosition) by class and position\n"
    func list<T>(_ title: String, _ items: [T], _ line: (T) -> String) {
      guard !items.isEmpty else { return }
      out += "\(title) (\(items.count)):\n"
      for item in items { out += "  \(line(item))\n" }
    }
    func entry(_ entry: Entry) -> String {
      (entry.id == entry.className ? entry.id : "\(entry.id) (\(entry.className))") + ", "
        + Self.describe(entry.place)
    }
    list("added", added, entry)
    list("removed", removed, entry)
    list("moved", moved) {
      "\($0.id): \(Self.describe($0.from)) → \(Self.describe($0.to))"
    }
    list("presentation style changed", styleChanged) {
      "\($0.id): \($0.before.rawValue) → \($0.after.rawValue)"
    }
    let top = (before: topBefore ?? "none", after: topAfter ?? "none")
    out +=
      topChanged
      ? "top view controller: \(top.before) → \(top.after)\n"
      : "top view controller: \(top.after) (unchanged)\n"
    if !gained.isEmpty || !lost.isEmpty {
      let changes = gained.map { "+\($0)" } + lost.map { "-\($0)" }
      out += "on screen: \(changes.joined(separator: " "))\n"
    }
    func finding(_ finding: Finding) -> String {
      "\(finding.location): \(finding.severity.rawValue): \(finding.message)"
        + " [\(finding.rule.rawValue)]"
    }
    list("new findings", newFindings, finding)
    list("fixed findings", fixedFindings, finding)
    return out
  }

  /// The diff for tools (`--format json`).
  public var json: JSON {
    func id(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    func place(_ place: Place) -> [(String, JSON)] {
      [
        ("parent", id(place.parent)), ("presenter", id(place.presenter)),
        ("window", id(place.window)),
      ]
    }
    func entry(_ entry: Entry) -> JSON {
      .object(
        [("id", .string(entry.id)), ("class", .string(entry.className))] + place(entry.place))
    }
    return .object([
      ("version", .int(JSONOutputVersion.diff)),
      ("before", .string(before.hierarchy.path)),
      ("after", .string(after.hierarchy.path)),
      ("identical", .bool(isEmpty)),
      (
        "paired",
        .object([
          ("byID", .int(matching.pairedByID)), ("byPosition", .int(matching.pairedByPosition)),
        ])
      ),
      ("added", .array(added.map(entry))),
      ("removed", .array(removed.map(entry))),
      (
        "moved",
        .array(
          moved.map {
            .object([
              ("id", .string($0.id)), ("from", .object(place($0.from))),
              ("to", .object(place($0.to))),
            ])
          })
      ),
      (
        "styleChanged",
        .array(
          styleChanged.map {
            .object([
              ("id", .string($0.id)), ("before", .string($0.before.rawValue)),
              ("after", .string($0.after.rawValue)),
            ])
          })
      ),
      (
        "topViewController",
        .object([
          ("before", id(topBefore)), ("after", id(topAfter)), ("changed", .bool(topChanged)),
        ])
      ),
      (
        "visible",
        .object([
          ("gained", .array(gained.map { .string($0) })),
          ("lost", .array(lost.map { .string($0) })),
        ])
      ),
      (
        "findings",
        .object([
          ("new", .array(newFindings.map(AnalysisReport.json(for:)))),
          ("fixed", .array(fixedFindings.map(AnalysisReport.json(for:)))),
        ])
      ),
    ])
  }
}
