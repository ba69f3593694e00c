import GraphvizKit
import VCGraphCore
import VCGraphDiagram

extension GraphvizBackend {
  /// The graph label: the title, the caption, and the answers.
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
    var answers: [String] = []
    if !summary.showsState {
    } else if let top = summary.top {
      var answer = "top view controller: \(HTML.escape(top.name))"
      if !summary.sceneTops.isEmpty, let focused = summary.focusedScene {
        answer += " (focused scene \(HTML.escape(focused)))"
      }
      answers.append(answer)
      for sceneTop in summary.sceneTops {
        answers.append(
          "top of scene \(HTML.escape(sceneTop.scene)): \(HTML.escape(sceneTop.top.name))")
      }
    } else {
      answers.append("nothing on screen")
    }
    if summary.showsState {
      answers.append(
        "\(summary.onScreenCount) of \(summary.controllerCount) controllers on screen")
    }
    if summary.visibleLeaves.count > 1 {
      answers.append(
        "visible leaves: "
          + summary.visibleLeaves.map { HTML.escape($0.name) }.joined(separator: ", "))
    }
    if !answers.isEmpty {
      lines.append(font(answers.joined(separator: " · "), size: small, color: theme.ink))
    }
    for dismissal in summary.dismissals {
      let removed = dismissal.removed.map(\.name).joined(separator: ", ")
      let after = dismissal.topAfter?.name ?? "none"
      let text =
        "\(dismissal.call.text): \(dismissal.receiver.name) dismisses"
        + " \(removed); \(dismissal.animated.name) animates; top after: \(after)"
      lines.append(font(HTML.escape(text), size: small, color: theme.dismiss))
    }
    for chain in summary.responderChains {
      let text =
        "responder chain from \(chain.from): "
        + chain.responders.map(\.name).joined(separator: " → ")
      lines.append(font(HTML.escape(text), size: small, color: theme.responder))
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
    let text = Self.clip(lines, to: diagram.maxLabelLines).joined(separator: "<BR/>")
    guard let fill = theme.labelFill else { return text }
    return backed(text, fill: fill)
  }
}
