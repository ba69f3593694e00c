/// What a report adds for a storyboard: the storyboard rules' findings and the segues.
extension AnalysisReport {
  /// The registry's findings on the analyzed hierarchy, plus, for a storyboard, its rules'
  /// findings on the map, without the rules the hierarchy's `ignoredRules` name, as
  /// `configuration` runs them and at its severities. A finding two rules' checks make at the
  /// same place for the same rule id is reported once. Sorted by position, then rule id.
  public static func findings(
    for analysis: Analysis, storyboard: StoryboardDocument?,
    configuration: RuleConfiguration = RuleConfiguration()
  ) -> [Finding] {
    let launch = Checker.findings(for: analysis, configuration: configuration)
    guard let storyboard else { return launch }
    var seen = Set(launch.map { FindingKey($0) })
    var all = launch
    let ignored = Set(analysis.hierarchy.ignoredRules)
    for finding in storyboard.findings(ignoring: ignored, configuration: configuration)
    where seen.insert(FindingKey(finding)).inserted {
      all.append(finding)
    }
    return all.sorted { ($0.location, $0.rule.rawValue) < ($1.location, $1.rule.rawValue) }
  }

  private struct FindingKey: Hashable {
    var rule: String
    var location: SourceLocation
    init(_ finding: Finding) {
      rule = finding.rule.rawValue
      location = finding.location
    }
  }

  /// The text report's segue section: each segue in document order with what UIKit does with
  /// it, every distinct outcome (a `showDetail` differs in regular and compact widths).
  static func seguesText(_ storyboard: StoryboardDocument) -> String {
    let map = storyboard.map
    let analysis = storyboard.segues
    let segues = map.allSegues
    guard !segues.isEmpty else { return "segues: none\n" }
    var out = "segues (\(segues.count)):\n"
    for segue in segues {
      let item = map[segue]
      let from = map.preferredID(of: map.source(of: segue))
      let to = map.destination(of: segue).map { map.preferredID(of: map.resolved($0)) } ?? "exit"
      let name = item.identifier.map { " '\($0)'" } ?? ""
      let effects = (analysis.outcomes[segue] ?? []).map { map.describe($0) }
      let place =
        segue.storyboard == 0
        ? "line \(item.location.line)"
        : "\(map.storyboards[segue.storyboard].name).storyboard line \(item.location.line)"
      out +=
        "  \(place): \(item.label)\(name) \(from) → \(to): "
        + (effects.isEmpty ? "not performed" : effects.joined(separator: "; ")) + "\n"
    }
    return out
  }
}
