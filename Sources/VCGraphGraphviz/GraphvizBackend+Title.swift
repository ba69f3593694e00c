import GraphvizKit
import VCGraphCore
import VCGraphDiagram

extension GraphvizBackend {
  /// The graph label: the title, the caption, and the answers.
  func titleHTML(_ diagram: Diagram) -> String {
    let summary = diagram.summary
    var lines = ["<B>\(HTML.escape(diagram.title))</B>"]
    if let caption = diagram.caption {
      lines.append(font(HTML.escape(caption), size: 10, color: Palette.change))
    }
    if !diagram.removedIDs.isEmpty {
      lines.append(
        font(
          "removed: " + HTML.escape(diagram.removedIDs.joined(separator: ", ")), size: 9,
          color: Palette.dismiss))
    }
    var answers: [String] = []
    if let top = summary.top {
      var answer = "top view controller: \(HTML.escape(top.id))"
      if !summary.sceneTops.isEmpty, let focused = summary.focusedScene {
        answer += " (focused scene \(HTML.escape(focused)))"
      }
      answers.append(answer)
      for sceneTop in summary.sceneTops {
        answers.append(
          "top of scene \(HTML.escape(sceneTop.scene)): \(HTML.escape(sceneTop.top.id))")
      }
    } else {
      answers.append("nothing on screen")
    }
    answers.append("\(summary.onScreenCount) of \(summary.controllerCount) controllers on screen")
    if summary.visibleLeaves.count > 1 {
      answers.append(
        "visible leaves: "
          + summary.visibleLeaves.map { HTML.escape($0.id) }.joined(separator: ", "))
    }
    lines.append(font(answers.joined(separator: " · "), size: 9, color: Palette.ink))
    for dismissal in summary.dismissals {
      let removed = dismissal.removed.map(\.id).joined(separator: ", ")
      let after = dismissal.topAfter?.id ?? "none"
      let text =
        "\(dismissal.call.text): \(dismissal.receiver.id) dismisses"
        + " \(removed); \(dismissal.animated.id) animates; top after: \(after)"
      lines.append(font(HTML.escape(text), size: 9, color: Palette.dismiss))
    }
    for chain in summary.responderChains {
      let text =
        "responder chain from \(chain.from): "
        + chain.responders.map(\.name).joined(separator: " → ")
      lines.append(font(HTML.escape(text), size: 9, color: Palette.responder))
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
          "findings: " + parts.joined(separator: ", "), size: 9,
          color: Palette.color(of: worst)))
    }
    return Self.clip(lines, to: diagram.maxLabelLines).joined(separator: "<BR/>")
  }

  /// The legend cluster: edge kinds in a table, then sample nodes in one row.
  func legend(_ legend: Diagram.Legend) -> Graph {
    var cluster = Graph(name: "cluster_legend")
    cluster.attributes = clusterStyle(
      label: "legend", color: "#d0d7de", fill: nil, dashed: false)
    cluster.attributes["fontcolor"] = .raw(Palette.windowBorder)
    var rows = ""
    func row(_ sample: String, _ text: String) {
      rows += "<TR><TD ALIGN=\"LEFT\">\(sample)</TD><TD ALIGN=\"LEFT\">\(text)</TD></TR>"
    }
    row(font("<B>━━</B>", size: 9, color: Palette.path), "visible path")
    if legend.hasPresentations {
      row(font("┅┅", size: 9, color: Palette.presentation), "presents (style)")
    }
    row(font("━━", size: 9, color: Palette.ink), "contains, on screen")
    row(font("┅┅", size: 9, color: Palette.windowBorder), "contains, off screen")
    if legend.hasResponderChains {
      row(font("① ②", size: 9, color: Palette.responder), "responder chain")
    }
    if legend.hasViews { row(font("┈┈", size: 9, color: Palette.view), "view / hosts") }
    let table =
      "<TABLE BORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">\(rows)</TABLE>"
    cluster.add(
      Node(
        "legend_edges",
        attributes: Attributes([
          ("label", .html(font(table, size: 8, color: Palette.secondary))),
          ("shape", .raw("plain")),
        ])))
    var samples: [Node] = [
      Node(
        "legend_top",
        attributes: Attributes([
          ("label", .text(Diagram.Badge.topViewController.text)),
          ("fillcolor", .raw(Palette.top)), ("color", .raw(Palette.path)),
          ("penwidth", .raw("3")), ("fontsize", .raw("8")),
        ]))
    ]
    if legend.hasSceneTops {
      samples.append(
        Node(
          "legend_scene_top",
          attributes: Attributes([
            ("label", .text("☆ top of another scene")), ("fillcolor", .raw(Palette.sceneTop)),
            ("color", .raw(Palette.path)), ("penwidth", .raw("2")), ("fontsize", .raw("8")),
          ])))
    }
    samples += [
      Node(
        "legend_on",
        attributes: Attributes([("label", .text("on screen")), ("fontsize", .raw("8"))])),
      Node(
        "legend_off",
        attributes: Attributes([
          ("label", .text("off screen")), ("fontsize", .raw("8")),
          ("style", .raw("rounded,dashed,filled")), ("color", .raw(Palette.mutedBorder)),
          ("fillcolor", .raw(Palette.mutedFill)), ("fontcolor", .raw(Palette.muted)),
        ])),
    ]
    for role in legend.roles where role != .plain {
      samples.append(
        Node(
          "legend_\(role.rawValue)",
          attributes: Attributes([
            ("label", .text(role.legend)), ("shape", .raw(GraphvizStyle.shape(role))),
            ("style", .raw("filled")), ("fontsize", .raw("8")),
          ])))
    }
    for node in samples { cluster.add(node) }
    // Keep the samples in one row.
    var row = Graph(name: "legend_row")
    row.attributes["rank"] = .raw("same")
    for name in ["legend_edges"] + samples.map(\.name) { row.add(Node(name)) }
    cluster.add(row)
    return cluster
  }
}
