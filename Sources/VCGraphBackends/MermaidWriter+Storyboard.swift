import VCGraphCore
import VCGraphDiagram

/// A storyboard's map in Mermaid: scenes outside the launch state and segue links.
extension MermaidWriter {
  func sceneLines(_ node: Diagram.SceneNode) -> [String] {
    var lines: [String] = []
    if let reference = node.reference {
      lines.append(MermaidText.label("reference"))
      lines.append("<b>" + MermaidText.label("→ \(reference)") + "</b>")
    } else {
      if !node.name.hasPrefix(node.className) {
        lines.append(MermaidText.label(node.className))
      }
      lines.append("<b>" + MermaidText.label(node.name) + "</b>")
      if let title = node.title, title != node.name {
        lines.append("<i>" + MermaidText.label("“\(title)”") + "</i>")
      }
    }
    for badge in node.badges { lines.append("<b>" + MermaidText.label(badge.text) + "</b>") }
    return lines
  }

  /// The arrow and the link style of a kind of segue edge (the Graphviz map's colours).
  func segueLink(_ style: Diagram.SegueEdge.Style) -> (arrow: String, style: String) {
    switch style {
    case .containment: ("-->", "stroke:\(theme.ink),color:\(theme.secondary)")
    case .push: ("-->", "stroke:\(theme.view),stroke-width:1.4px,color:\(theme.ink)")
    case .present:
      ("-.->", "stroke:\(theme.presentation),stroke-width:1.4px,color:\(theme.presentation)")
    case .unwind: ("-.->", "stroke:\(theme.responder),color:\(theme.responder)")
    case .other: ("-.->", "stroke:\(theme.quietLine),color:\(theme.secondary)")
    case .refused: ("-.->", "stroke:\(theme.dismiss),stroke-width:1.6px,color:\(theme.dismiss)")
    case .reference: ("-.-o", "stroke:\(theme.quietLine),color:\(theme.secondary)")
    }
  }

  /// The legend's sample of a kind of segue edge.
  static func sample(_ style: Diagram.SegueEdge.Style) -> String {
    switch style {
    case .containment, .push: "━━"
    case .present, .other, .refused: "┅┅"
    case .unwind, .reference: "┈┈"
    }
  }
}
