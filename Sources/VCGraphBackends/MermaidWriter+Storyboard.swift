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
      if !node.id.hasPrefix(node.className) { lines.append(MermaidText.label(node.className)) }
      lines.append("<b>" + MermaidText.label(node.id) + "</b>")
      if let title = node.title { lines.append("<i>" + MermaidText.label("“\(title)”") + "</i>") }
    }
    for badge in node.badges { lines.append("<b>" + MermaidText.label(badge.text) + "</b>") }
    return lines
  }

  /// The arrow and the link style of a kind of segue edge (the Graphviz map's colours).
  static func segueLink(_ style: Diagram.SegueEdge.Style) -> (arrow: String, style: String) {
    switch style {
    case .containment: ("-->", "stroke:\(Palette.ink),color:\(Palette.secondary)")
    case .push: ("-->", "stroke:\(Palette.segue),stroke-width:1.4px,color:\(Palette.segue)")
    case .present:
      ("-.->", "stroke:\(Palette.presentation),stroke-width:1.4px,color:\(Palette.presentation)")
    case .unwind: ("-.->", "stroke:\(Palette.responder),color:\(Palette.responder)")
    case .other: ("-.->", "stroke:\(Palette.windowBorder),color:\(Palette.secondary)")
    case .refused: ("-.->", "stroke:\(Palette.dismiss),stroke-width:1.6px,color:\(Palette.dismiss)")
    case .reference: ("-.-o", "stroke:\(Palette.windowBorder),color:\(Palette.secondary)")
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
