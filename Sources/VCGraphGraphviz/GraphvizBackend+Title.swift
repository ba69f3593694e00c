import GraphvizKit
import VCGraphCore
import VCGraphDiagram

extension GraphvizBackend {
  /// The graph label: the title, the caption, what a diff removed, and the top view
  /// controller. The other answers go under the diagram, at the head of the legend
  /// (``answerLines(_:)``); with no legend they follow the top here.
  func titleHTML(_ diagram: Diagram) -> String {
    let summary = diagram.summary
    let theme = diagram.theme
    let small = GraphvizStyle.bodySize
    var lines = [font("<B>\(HTML.escape(diagram.title))</B>", size: 13, color: theme.ink)]
    if let caption = diagram.caption {
      lines.append(font(HTML.escape(caption), size: small, color: theme.after))
    }
    if !diagram.removedIDs.isEmpty {
      lines.append(
        font(
          "removed: " + HTML.escape(diagram.removedIDs.joined(separator: ", ")), size: small,
          color: theme.dismiss))
    }
    var top: [String] = []
    if !summary.showsState {
      // A map of code (`scan`) has no state: no top, nothing on or off screen.
    } else if let controller = summary.top {
      var answer = "top view controller: \(HTML.escape(controller.name))"
      if !summary.sceneTops.isEmpty, let focused = summary.focusedScene {
        answer += " (focused scene \(HTML.escape(focused)))"
      }
      top.append(answer)
      for sceneTop in summary.sceneTops {
        top.append(
          "top of scene \(HTML.escape(sceneTop.scene)): \(HTML.escape(sceneTop.top.name))")
      }
    } else {
      top.append("nothing on screen")
    }
    if !top.isEmpty {
      lines.append(font(top.joined(separator: " · "), size: small, color: theme.ink))
    }
    if diagram.legend == nil { lines += answerLines(diagram) }
    let text = Self.clip(lines, to: diagram.maxLabelLines).joined(separator: "<BR/>")
    guard let fill = theme.labelFill else { return text }
    return backed(text, fill: fill)
  }

  /// The answers besides the top view controller, one line each, as HTML: how many
  /// controllers are on screen and the visible leaves (wrapped at 90 characters, at most three
  /// lines), each
  /// requested dismissal (dismissals
  /// with the same outcome on one line, their distinct calls listed, at most three by name),
  /// each responder chain once
  /// (wrapped at 90 characters), and the count of findings.
  func answerLines(_ diagram: Diagram) -> [String] {
    let summary = diagram.summary
    let theme = diagram.theme
    let small = GraphvizStyle.bodySize
    var lines: [String] = []
    if summary.showsState {
      var parts = ["\(summary.onScreenCount) of \(summary.controllerCount) controllers on screen"]
      if summary.visibleLeaves.count > 1 {
        let leaves = summary.visibleLeaves.map(\.name)
        parts[0] += " · visible leaves: " + leaves[0]
        parts += leaves.dropFirst()
      }
      // Wrapped at 90 characters, as the responder chains: one long line of leaves was wider
      // than the drawing.
      // At most three lines: a tab app can have hundreds of leaves.
      var wrapped: [String] = []
      for (index, part) in parts.enumerated() {
        if let last = wrapped.last, last.count + 2 + part.count <= 90 {
          wrapped[wrapped.count - 1] += ", " + part
        } else if wrapped.count == 3 {
          wrapped[2] += ", +\(parts.count - index) more"
          break
        } else {
          if !wrapped.isEmpty { wrapped[wrapped.count - 1] += "," }
          wrapped.append(part)
        }
      }
      for line in wrapped { lines.append(font(HTML.escape(line), size: small, color: theme.ink)) }
    }
    var outcomes: [(calls: [String], outcome: String)] = []
    for dismissal in summary.dismissals {
      let removed = dismissal.removed.map(\.name).joined(separator: ", ")
      let outcome =
        "\(dismissal.receiver.name) dismisses \(removed); \(dismissal.animated.name) animates;"
        + " top after: \(dismissal.topAfter?.name ?? "none")"
      if let same = outcomes.firstIndex(where: { $0.outcome == outcome }) {
        // The same call asked twice is said once.
        if !outcomes[same].calls.contains(dismissal.call.text) {
          outcomes[same].calls.append(dismissal.call.text)
        }
      } else {
        outcomes.append(([dismissal.call.text], outcome))
      }
    }
    for (calls, outcome) in outcomes {
      // At most three calls by name, so a line stays readable however many ask the same.
      let named = calls.prefix(3).joined(separator: ", ")
      let text = named + (calls.count > 3 ? ", +\(calls.count - 3) more" : "") + ": " + outcome
      lines.append(font(HTML.escape(text), size: small, color: theme.dismiss))
    }
    var chains = Set<String>()
    for chain in summary.responderChains {
      let parts =
        ["responder chain from \(chain.from): \(chain.responders[0].name)"]
        + chain.responders.dropFirst().map(\.name)
      let wrapped = Self.wrap(parts, separator: " → ", width: 90)
      guard chains.insert(wrapped.joined()).inserted else { continue }
      for line in wrapped {
        lines.append(font(HTML.escape(line), size: small, color: theme.responder))
      }
    }
    let counts = summary.findingCounts
    let parts = [Severity.error, .warning, .info].compactMap { severity -> String? in
      guard let count = counts[severity] else { return nil }
      return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
    }
    if !parts.isEmpty {
      let worst = summary.findings.map(\.severity).max() ?? .info
      lines.append(
        font(
          "findings: " + parts.joined(separator: ", "), size: small,
          color: theme.color(of: worst)))
    }
    return lines
  }

  /// `parts` joined by `separator` in lines of at most `width` characters (a part longer than
  /// that has a line of its own); each line but the first starts with the separator.
  static func wrap(_ parts: [String], separator: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for part in parts {
      if current.isEmpty {
        current = part
      } else if current.count + separator.count + part.count <= width {
        current += separator + part
      } else {
        lines.append(current)
        current = String(separator.drop { $0 == " " }) + part
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
