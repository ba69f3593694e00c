import GraphvizKit
import VCGraphCore
import VCGraphDiagram

/// A storyboard's map: scenes outside the launch state and segue edges.
extension GraphvizBackend {
  /// A scene outside the launch state: a solid quiet border (it exists only once something
  /// creates it); a storyboard reference dashed, with what it stands for and a link to its
  /// storyboard's map.
  func sceneNode(_ node: Diagram.SceneNode, name: String, in diagram: Diagram) -> Node {
    let theme = diagram.theme
    let small = GraphvizStyle.smallSize
    var lines: [String] = []
    if let reference = node.reference {
      lines.append(font("reference", size: small, color: theme.secondary))
      // `Login.storyboard › LoginViewController` on two lines, to keep a row of references
      // narrow.
      let parts = reference.components(separatedBy: " › ")
      for (index, part) in parts.enumerated() {
        let text = (index == 0 ? "→ " : "› ") + HTML.escape(part)
        lines.append(font("<B>\(text)</B>", size: GraphvizStyle.nameSize, color: theme.ink))
      }
    } else if let (name, suffix) = node.nameParts {
      lines.append(
        font("<B>\(HTML.escape(name))</B>", size: GraphvizStyle.nameSize, color: theme.ink))
      lines.append(font(HTML.escape(suffix), size: small, color: theme.secondary))
    } else {
      if !node.name.hasPrefix(node.className) {
        lines.append(font(HTML.escape(node.className), size: small, color: theme.ink))
      }
      lines.append(
        font("<B>\(HTML.escape(node.name))</B>", size: GraphvizStyle.nameSize, color: theme.ink))
      if let title = node.title, title != node.name {
        lines.append(font("<I>“\(HTML.escape(title))”</I>", size: small, color: theme.ink))
      }
    }
    for badge in node.badges {
      lines.append(
        font("<B>\(HTML.escape(badge.text))</B>", size: small, color: theme.color(of: badge)))
    }
    var parts = ["\(node.className) \(node.id)"]
    // A scan map's node is a Swift type, not a scene: its notes say where it is declared.
    if node.location.line > 0 && !node.location.path.hasSuffix(".swift") {
      parts.append("\(node.storyboard).storyboard:\(node.location.line):\(node.location.column)")
    }
    if let reference = node.reference { parts.append("reference to \(reference)") }
    for note in node.notes { parts.append("note: \(note)") }
    for finding in node.findings {
      parts.append("\(finding.severity.rawValue) [\(finding.rule.rawValue)]: \(finding.message)")
    }
    var style = node.role == .plain ? ["rounded", "filled"] : ["filled"]
    if node.reference != nil { style.append("dashed") }
    var attributes = Attributes([
      ("label", .html(Self.clip(lines, to: diagram.maxLabelLines).joined(separator: "<BR/>"))),
      ("shape", .raw(GraphvizStyle.shape(node.role))),
      ("style", .raw(style.joined(separator: ","))),
      ("color", .raw(node.hasError ? theme.dismiss : theme.quietLine)),
      ("id", .text("scene-\(node.storyboard)-\(node.id)")),
      ("tooltip", .text(parts.joined(separator: "\n"))),
    ])
    if node.hasError { attributes["penwidth"] = .raw("2") }
    // `OutputLink` made the link a percent-encoded relative reference (`Bob's Screens.svg` →
    // `Bob%27s%20Screens.svg`): raw, a `'` ended the `uri='…'` of cairo's PDF link tag and
    // cairo drew a blank page; a `\` would be a Graphviz escape, a `:` a scheme.
    if let link = node.link { attributes["URL"] = .text(link) }
    return Node(name, attributes: attributes)
  }

  /// A segue's line, coloured and dashed by what UIKit does with it (the label is the edge's
  /// own, in ``text(_:theme:)``).
  func segueAttributes(_ segue: Diagram.SegueEdge, theme: Theme, tail: String) -> Attributes {
    var attributes = Attributes()
    let line = Self.line(segue.style, theme: theme)
    attributes["color"] = .raw(line)
    attributes["id"] = .text(
      segue.segue.map { "segue-\($0.storyboard)-\($0.segue)" } ?? "reference-\(tail)")
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
    case .other:
      attributes["style"] = .raw("dashed")
    case .refused:
      attributes["style"] = .raw("dashed")
      attributes["penwidth"] = .raw("1.6")
    case .reference:
      attributes["style"] = .raw("dotted")
      attributes["arrowhead"] = .raw("empty")
    }
    if !segue.ranksDestination { attributes["constraint"] = .raw("false") }
    if segue.rankGap > 1 { attributes["minlen"] = .raw("\(segue.rankGap)") }
    if segue.isLoose { attributes["weight"] = .raw("0") }
    if let tooltip = segue.tooltip {
      attributes["tooltip"] = .text(tooltip)
      attributes["labeltooltip"] = .text(tooltip)
    }
    return attributes
  }

  /// The colour of a kind of segue edge's line.
  static func line(_ style: Diagram.SegueEdge.Style, theme: Theme) -> String {
    switch style {
    case .containment: theme.ink
    case .push: theme.view
    case .present: theme.presentation
    case .unwind: theme.responder
    case .other, .reference: theme.quietLine
    case .refused: theme.dismiss
    }
  }

  /// The colour of a kind of segue edge's label: a text colour of the theme (the push line's
  /// colour is a line colour only).
  static func text(_ style: Diagram.SegueEdge.Style, theme: Theme) -> String {
    switch style {
    case .containment, .other, .reference: theme.secondary
    case .push: theme.ink
    case .present: theme.presentation
    case .unwind: theme.responder
    case .refused: theme.dismiss
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
