import VCGraphCore
import VCGraphDiagram

/// Writes a ``Diagram`` as one Markdown page for documentation and CI job summaries: the
/// title, the diagram as a Mermaid block (or a link to a rendered image beside the page), the
/// top view controller and the visible path, presentations, dismissals and responder chains
/// as tables, and the findings as a list.
///
/// It is GitHub-flavoured Markdown without raw HTML, so it reads the same on GitHub, GitLab,
/// in job summaries and in DocC articles; every id and title is escaped by ``MarkdownText``.
public struct MarkdownBackend: DiagramTextBackend {
  /// The image file the page shows instead of a Mermaid block, relative to the page.
  public var image: String?

  /// Creates the backend; `image` is the file name of an SVG or PNG beside the page.
  public init(image: String? = nil) {
    self.image = image
  }

  /// The page of `diagram`.
  public func text(for diagram: Diagram) -> String {
    var page: [String] = ["# " + MarkdownText.text(diagram.title), ""]
    if let caption = diagram.caption { page += ["*" + MarkdownText.text(caption) + "*", ""] }
    if !diagram.removedIDs.isEmpty {
      page += [
        "Removed: " + diagram.removedIDs.map { MarkdownText.code($0) }.joined(separator: ", "), "",
      ]
    }
    if let image {
      // The link is `OutputLink`'s, as every link vcgraph writes; a name it refuses (one
      // holding a control character) is shown as text.
      let link = OutputLink.relative(image)
      page += [
        link.map { "![" + MarkdownText.text(diagram.title) + "](" + $0 + ")" }
          ?? MarkdownText.text(image),
        "",
      ]
    } else {
      // The legend is text under the block: as a subgraph Mermaid puts it beside the
      // diagram, which then has half a page's width.
      var bare = diagram
      bare.legend = nil
      page += ["```mermaid"]
      page += MermaidBackend(includesTitle: false).text(for: bare)
        .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
      page += ["```", ""]
      if let legend = diagram.legend { page += self.legend(legend, in: diagram) }
    }
    page += answers(diagram.summary)
    page += presentations(diagram)
    page += segues(diagram)
    page += dismissals(diagram.summary.dismissals)
    page += responderChains(diagram.summary.responderChains)
    page += findings(diagram.summary.findings, path: diagram.path)
    page += ["Drawn by vcgraph from " + MarkdownText.code(diagram.path) + "."]
    return page.joined(separator: "\n") + "\n"
  }

  private func legend(_ legend: Diagram.Legend, in diagram: Diagram) -> [String] {
    var nodes = [
      "yellow with a thick blue border: the top view controller", "white: on screen",
      "grey and dashed: off screen",
    ]
    if !diagram.summary.dismissals.isEmpty {
      nodes.append("red dashed border: removed by the dismissal")
    }
    if legend.hasViews { nodes.append("light blue: views") }
    if legend.hasSceneTops {
      nodes.append("light blue with a blue border: the top view controller of another scene")
    }
    if legend.hasResponderChains {
      nodes.append("orange: the window, its scene, UIApplication and the app delegate")
    }
    var edges = [
      "thick blue: the visible path", "solid: contains, on screen",
      "dotted grey: contains, off screen",
    ]
    if legend.hasPresentations { edges.insert("dotted purple: presents (style)", at: 1) }
    if legend.hasResponderChains { edges.append("orange ① ②: the responder chain") }
    if legend.hasViews { edges.append("light blue: view and hosts") }
    if !legend.segueStyles.isEmpty {
      nodes.append(
        "white with a grey border: a scene outside the launch state (dashed: a reference)")
    }
    for style in legend.segueStyles {
      let look =
        switch style {
        case .containment: "solid black"
        case .push: "solid teal"
        case .present: "dotted purple"
        case .unwind: "dotted orange"
        case .other: "dotted grey"
        case .refused: "dotted red"
        case .reference: "dotted grey, open end"
        }
      edges.append("\(look): \(legend.name(of: style))")
    }
    let shapes = legend.roles.map { role -> String in
      let shape =
        switch role {
        case .plain: "a rounded box"
        case .navigation: "a box with side bars"
        case .tabBar: "a hexagon"
        case .split: "a parallelogram"
        case .page: "a reversed parallelogram"
        case .custom: "a square box"
        case .alert: "a flag"
        case .swiftUI: "a stadium"
        case .coordinator: "a cylinder"
        }
      return "\(role.legend): \(shape)"
    }
    return [
      "**Legend**", "", "- Nodes: " + nodes.joined(separator: "; ") + ".",
      "- Edges: " + edges.joined(separator: "; ") + ".",
      "- Shapes: " + shapes.joined(separator: "; ") + ".", "",
    ]
  }

  private func controller(_ ref: Diagram.ControllerRef?, inTable: Bool = true) -> String {
    guard let ref else { return "none" }
    return MarkdownText.code(ref.id, inTable: inTable)
  }

  private func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }

  private func answers(_ summary: Diagram.Summary) -> [String] {
    var lines: [String] = []
    guard summary.showsState else { return lines }
    let count = "\(summary.onScreenCount) of \(summary.controllerCount) controllers on screen"
    if let top = summary.top {
      lines.append(
        "**Top view controller:** \(controller(top, inTable: false)) ("
          + MarkdownText.text(top.className) + ") · \(count)")
    } else {
      lines.append("**Nothing is on screen** in a key window · \(count)")
    }
    lines.append("")
    if !summary.sceneTops.isEmpty, let focused = summary.focusedScene {
      lines.append(
        "**Focused scene:** " + MarkdownText.code(focused, inTable: false) + "; the others:")
      lines.append("")
      for sceneTop in summary.sceneTops {
        lines.append(
          "- top of scene " + MarkdownText.code(sceneTop.scene, inTable: false) + ": "
            + controller(sceneTop.top, inTable: false))
      }
      lines.append("")
    }
    if summary.visibleLeaves.count > 1 {
      lines.append(
        "**Visible leaves:** "
          + summary.visibleLeaves.map { controller($0, inTable: false) }.joined(separator: ", "))
      lines.append("")
    }
    guard !summary.visiblePath.isEmpty else { return lines }
    lines += ["## Visible path", "", "| step | controller | class | reached as |"]
    lines.append("|---:|---|---|---|")
    for (number, entry) in summary.visiblePath.enumerated() {
      lines.append(
        row([
          "\(number + 1)", controller(entry.controller),
          MarkdownText.code(entry.controller.className, inTable: true), entry.via.rawValue,
        ]))
    }
    return lines + [""]
  }

  private func presentations(_ diagram: Diagram) -> [String] {
    var rows: [String] = []
    var refused: [String] = []
    for edge in diagram.edges {
      switch edge.kind {
      case .presentation(let presentation):
        rows.append(
          row([
            controller(presentation.presenter), controller(presentation.presented),
            MarkdownText.text(presentation.style.text), controller(presentation.requester),
          ]))
      case .refusedPresentation(let refusal):
        refused.append(
          "\(controller(refusal.requester, inTable: false)) presents"
            + " \(controller(refusal.presented, inTable: false)): refused, because"
            + " \(controller(refusal.busyPresenter, inTable: false)) is already presenting.")
      default:
        break
      }
    }
    guard !rows.isEmpty || !refused.isEmpty else { return [] }
    var lines = ["## Presentations", ""]
    if !rows.isEmpty {
      lines += ["| presenter | presented | style | requested by |", "|---|---|---|---|"]
      lines += rows + [""]
    }
    for refusal in refused { lines += [refusal, ""] }
    return lines
  }

  /// A storyboard map's segues (not the containment ones), in drawing order.
  private func segues(_ diagram: Diagram) -> [String] {
    var names: [Diagram.NodeID: String] = [:]
    for node in diagram.allNodes where names[node.id] == nil {
      switch node.content {
      case .controller(let controller): names[node.id] = controller.controller.id
      case .storyboardScene(let scene):
        names[node.id] = scene.reference.map { "→ \($0)" } ?? scene.id
      default: break
      }
    }
    var rows: [String] = []
    for edge in diagram.edges {
      guard case .segue(let segue) = edge.kind, segue.segue != nil, segue.style != .containment
      else { continue }
      func name(_ id: Diagram.NodeID) -> String {
        MarkdownText.code(names[id] ?? "?", inTable: true)
      }
      rows.append(
        row([
          name(edge.tail), MarkdownText.text(segue.title), name(edge.head),
          segue.effects.map(MarkdownText.text).joined(separator: "; "),
        ]))
    }
    guard !rows.isEmpty else { return [] }
    return ["## Segues", "", "| from | segue | to | what UIKit does |", "|---|---|---|---|"]
      + rows + [""]
  }

  private func dismissals(_ dismissals: [Diagram.DismissalSummary]) -> [String] {
    guard !dismissals.isEmpty else { return [] }
    var lines = [
      "## Dismissals", "", "| call | receiver | removed | animated out | top afterwards |",
      "|---|---|---|---|---|",
    ]
    for dismissal in dismissals {
      lines.append(
        row([
          MarkdownText.code(dismissal.call.text, inTable: true), controller(dismissal.receiver),
          dismissal.removed.map { controller($0) }.joined(separator: ", "),
          controller(dismissal.animated), controller(dismissal.topAfter),
        ]))
    }
    return lines + [""]
  }

  private func responderChains(_ chains: [Diagram.ResponderChainSummary]) -> [String] {
    guard !chains.isEmpty else { return [] }
    var lines = ["## Responder chains", ""]
    for chain in chains {
      lines += ["From " + MarkdownText.code(chain.from) + ":", ""]
      lines += ["| step | responder | is a |", "|---|---|---|"]
      for (number, entry) in chain.responders.enumerated() {
        let kind: String
        switch entry.responder {
        case .view: kind = "view"
        case .controller:
          kind = entry.responder == owner(chain) ? "controller (owner)" : "controller"
        case .window: kind = "window"
        case .scene: kind = "window scene"
        case .application: kind = "application"
        case .appDelegate: kind = "app delegate"
        }
        let step = number == 0 ? "start" : Diagram.circled(number)
        lines.append(row([step, MarkdownText.code(entry.name, inTable: true), kind]))
      }
      lines.append("")
    }
    return lines
  }

  private func owner(_ chain: Diagram.ResponderChainSummary) -> Responder? {
    chain.owningController.map { .controller($0.index) }
  }

  private func findings(_ findings: [Finding], path: String) -> [String] {
    guard !findings.isEmpty else { return ["## Findings", "", "None.", ""] }
    var lines = ["## Findings", ""]
    for finding in findings {
      lines.append(
        "- \(finding.severity.symbol) **\(finding.severity.rawValue)** "
          + MarkdownText.code(finding.rule.rawValue) + ": " + MarkdownText.text(finding.message)
          + " ("
          + MarkdownText.code(
            "\(path):\(finding.location.line):\(finding.location.column)") + ")")
    }
    return lines + [""]
  }
}
