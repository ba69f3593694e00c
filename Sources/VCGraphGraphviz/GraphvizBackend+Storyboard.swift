import GraphvizKit
import VCGraphCore
import VCGraphDiagram

/// A storyboard's map: scenes outside the launch state and segue edges.
extension GraphvizBackend {
  /// A scene outside the launch state: solid grey (it exists only once something creates it),
  /// a storyboard reference dashed with what it stands for and a link to its storyboard's map.
  func sceneNode(_ node: Diagram.SceneNode, name: String, maxLines: Int) -> Node {
    var lines: [String] = []
    if let reference = node.reference {
      lines.append(font("reference", size: 8, color: Palette.secondary))
      lines.append(font("<B>→ \(HTML.escape(reference))</B>", size: nil, color: Palette.ink))
    } else {
      if !node.id.hasPrefix(node.className) {
        lines.append(font(HTML.escape(node.className), size: 8, color: Palette.ink))
      }
      lines.append(font("<B>\(HTML.escape(node.id))</B>", size: nil, color: Palette.ink))
      if let title = node.title {
        lines.append(font("<I>“\(HTML.escape(title))”</I>", size: 8, color: Palette.ink))
      }
    }
    for badge in node.badges {
      lines.append(
        font("<B>\(HTML.escape(badge.text))</B>", size: 8, color: Palette.color(of: badge)))
    }
    var parts = [
      "\(node.className) \(node.id)", "\(node.storyboard).storyboard", "\(node.location)",
    ]
    if let reference = node.reference { parts.append("reference to \(reference)") }
    for note in node.notes { parts.append("note: \(note)") }
    for finding in node.findings {
      parts.append("\(finding.severity.rawValue) [\(finding.rule.rawValue)]: \(finding.message)")
    }
    var style = node.role == .plain ? ["rounded", "filled"] : ["filled"]
    if node.reference != nil { style.append("dashed") }
    var attributes = Attributes([
      ("label", .html(Self.clip(lines, to: maxLines).joined(separator: "<BR/>"))),
      ("shape", .raw(GraphvizStyle.shape(node.role))),
      ("style", .raw(style.joined(separator: ","))),
      ("color", .raw(node.hasError ? Palette.dismiss : Palette.windowBorder)),
      ("id", .text("scene-\(node.storyboard)-\(node.id)")),
      ("tooltip", .text(parts.joined(separator: "\n"))),
    ])
    if node.hasError { attributes["penwidth"] = .raw("2") }
    if let link = node.link { attributes["URL"] = .text(link) }
    return Node(name, attributes: attributes)
  }

  /// A segue: coloured by what UIKit does with it, labelled with the segue and its outcomes.
  func segueAttributes(
    _ segue: Diagram.SegueEdge, label: String, tail: String, head: String
  ) -> Attributes {
    let color = Self.color(segue.style)
    var attributes = Attributes([
      ("label", .text(label)), ("color", .raw(color)), ("fontcolor", .raw(color)),
    ])
    let id = segue.segue.map { "segue-\($0.storyboard)-\($0.segue)" } ?? "reference-\(tail)"
    attributes["id"] = .text(id)
    switch segue.style {
    case .containment:
      break
    case .push:
      attributes["penwidth"] = .raw("1.4")
    case .present:
      attributes["style"] = .raw("dashed")
      attributes["penwidth"] = .raw("1.4")
    case .unwind:
      attributes["style"] = .raw("dotted")
      attributes["constraint"] = .raw("false")
    case .other:
      attributes["style"] = .raw("dashed")
    case .refused:
      attributes["style"] = .raw("dashed")
      attributes["penwidth"] = .raw("1.6")
    case .reference:
      attributes["style"] = .raw("dotted")
      attributes["arrowhead"] = .raw("empty")
    }
    return attributes
  }

  /// The colour of a kind of segue edge.
  static func color(_ style: Diagram.SegueEdge.Style) -> String {
    switch style {
    case .containment: Palette.ink
    case .push: Palette.segue
    case .present: Palette.presentation
    case .unwind: Palette.responder
    case .other, .reference: Palette.windowBorder
    case .refused: Palette.dismiss
    }
  }

  /// The legend's sample line of a kind of segue edge.
  static func sample(_ style: Diagram.SegueEdge.Style) -> String {
    switch style {
    case .containment, .push: "━━"
    case .present, .other, .refused: "┅┅"
    case .unwind, .reference: "┈┈"
    }
  }
}
