import GraphvizKit
import VCGraphCore
import VCGraphDiagram

extension GraphvizBackend {
  /// The `id` of a controller's node (`vc-<id>`): the SVG element's id, and what
  /// `StableLayout` knows the node by from one state to the next (a ghost's key).
  public static func nodeID(ofController id: String) -> String { "vc-\(id)" }

  func node(_ node: Diagram.Node, in diagram: Diagram) -> Node {
    let name = Self.name(node.id)
    let theme = diagram.theme
    switch node.content {
    case .controller(let controller):
      return controllerNode(controller, name: name, in: diagram)
    case .collapsed(let collapsed):
      return collapsedNode(collapsed, name: name, theme: theme)
    case .view(let view):
      return viewNode(view, name: name, in: diagram)
    case .window(let window):
      return responderNode(name, label: "UIWindow \(window.id)", theme: theme)
    case .application:
      return responderNode(name, label: "UIApplication", theme: theme)
    case .scene(let id):
      return responderNode(
        name, label: "UIWindowScene" + (id.map { " \($0)" } ?? ""), theme: theme)
    case .appDelegate(let className):
      return responderNode(name, label: "\(className) (app delegate)", theme: theme)
    case .storyboardScene(let scene):
      return sceneNode(scene, name: name, in: diagram)
    }
  }

  private func responderNode(_ name: String, label: String, theme: Theme) -> Node {
    Node(
      name,
      attributes: Attributes([
        ("label", .text(label)), ("shape", .raw("box")), ("style", .raw("filled")),
        ("fillcolor", .raw(theme.responderFill)), ("color", .raw(theme.responder)),
        ("fontsize", .raw("\(GraphvizStyle.smallSize)")),
      ]))
  }

  /// The lines that name a controller: its class small and its id in bold, or, for a dump's
  /// address, the class in bold and the address small; a generated id (`ClassName-2`) alone.
  func nameLines(_ controller: Diagram.ControllerRef, color: String) -> [String] {
    let className = HTML.escape(controller.className)
    let id = HTML.escape(controller.id)
    let small = GraphvizStyle.smallSize
    let large = GraphvizStyle.nameSize
    if let name = controller.displayName {
      let bold = font("<B>\(HTML.escape(name))</B>", size: large, color: color)
      return name.hasPrefix(controller.className)
        ? [bold] : [font(className, size: small, color: color), bold]
    }
    if controller.isAddress {
      return [
        font("<B>\(className)</B>", size: large, color: color), font(id, size: small, color: color),
      ]
    }
    if controller.id.hasPrefix(controller.className) {
      return [font("<B>\(id)</B>", size: large, color: color)]
    }
    return [
      font(className, size: small, color: color), font("<B>\(id)</B>", size: large, color: color),
    ]
  }

  private func controllerNode(
    _ node: Diagram.ControllerNode, name: String, in diagram: Diagram
  ) -> Node {
    let theme = diagram.theme
    let controller = node.controller
    let textColor = node.isOnScreen ? theme.ink : theme.secondary
    var lines = nameLines(controller, color: textColor)
    if let title = node.title, title != controller.displayName {
      lines.append(
        font("<I>“\(HTML.escape(title))”</I>", size: GraphvizStyle.smallSize, color: textColor))
    }
    if let appearance = node.appearance {
      lines.append(font(HTML.escape(appearance), size: GraphvizStyle.smallSize, color: textColor))
    }
    for badge in node.badges {
      lines.append(
        font(
          "<B>\(HTML.escape(badge.text))</B>", size: GraphvizStyle.smallSize,
          color: theme.color(of: badge)))
    }
    var attributes = Attributes([
      ("label", .html(Self.clip(lines, to: diagram.maxLabelLines).joined(separator: "<BR/>"))),
      ("shape", .raw(GraphvizStyle.shape(node.role))),
      ("id", .text(Self.nodeID(ofController: controller.id))),
      ("tooltip", .text(tooltip(node, path: diagram.path))),
    ])
    if node.role == .custom {
      // box3d draws its depth inside the node's box, above and to the right of the front
      // face: a wider margin keeps the label's first line off the top edge.
      attributes["margin"] = .raw("0.16,0.14")
    }
    var style = node.role == .plain ? ["rounded", "filled"] : ["filled"]
    if node.isTop {
      attributes["fillcolor"] = .raw(theme.top)
      attributes["color"] = .raw(theme.path)
      attributes["penwidth"] = .raw("3")
    } else if node.topOfScene != nil {
      attributes["fillcolor"] = .raw(theme.sceneTop)
      attributes["color"] = .raw(theme.path)
      attributes["penwidth"] = .raw("2")
    } else if node.isOnScreen {
      if node.pathStep != nil {
        attributes["color"] = .raw(theme.path)
        attributes["penwidth"] = .raw("2")
      }
    } else {
      // Off screen: a dashed border and a muted fill; the text stays readable.
      style.append("dashed")
      attributes["color"] = .raw(theme.mutedBorder)
      attributes["fillcolor"] = .raw(theme.mutedFill)
    }
    if let change = node.change, change != .leftScreen, !node.isTop {
      attributes["color"] = .raw(theme.color(of: change))
      attributes["penwidth"] = .raw("2.5")
    }
    if node.hasError {
      attributes["color"] = .raw(theme.dismiss)
      attributes["penwidth"] = .raw("2")
    }
    attributes["style"] = .raw(style.joined(separator: ","))
    return Node(name, attributes: attributes)
  }

  /// The tooltip: class, id, state, and where it is described (`file:line:column`, the file
  /// named as ``Diagram/path`` names it).
  private func tooltip(_ node: Diagram.ControllerNode, path: String) -> String {
    var parts = [
      "\(node.controller.className) \(node.controller.id)",
      node.coveredBy.map { "covered by \($0.name) (fullScreen)" }
        ?? (node.isOnScreen ? "on screen" : "off screen"),
    ]
    if let appearance = node.appearance { parts.append("state: \(appearance)") }
    if let step = node.pathStep { parts.append("visible path: \(step.rawValue)") }
    parts.append(Self.position(node.location, path: path))
    for note in node.notes { parts.append("note: \(note)") }
    for finding in node.findings {
      parts.append("\(finding.severity.rawValue) [\(finding.rule.rawValue)]: \(finding.message)")
    }
    return parts.joined(separator: "\n")
  }

  /// A source position with the file as the diagram names it.
  static func position(_ location: SourceLocation, path: String) -> String {
    "\(path):\(location.line):\(location.column)"
  }

  private func collapsedNode(_ node: Diagram.CollapsedNode, name: String, theme: Theme) -> Node {
    let small = GraphvizStyle.smallSize
    let label =
      font(
        "<B>⋯ \(node.count) controllers</B>", size: GraphvizStyle.bodySize, color: theme.secondary)
      + "<BR/>"
      + font("off screen, from \(HTML.escape(node.root.name))", size: small, color: theme.secondary)
      + "<BR/>" + font("(--expand-all draws them)", size: small, color: theme.secondary)
    return Node(
      name,
      attributes: Attributes([
        ("label", .html(label)), ("shape", .raw("box")),
        ("style", .raw("rounded,dashed,filled")), ("color", .raw(theme.mutedBorder)),
        ("fillcolor", .raw(theme.mutedFill)),
        ("id", .text(Self.nodeID(ofController: node.root.id))),
        ("tooltip", .text("\(node.count) off-screen controllers under \(node.root.id)")),
      ]))
  }

  private func viewNode(_ view: Diagram.ViewNode, name: String, in diagram: Diagram) -> Node {
    let theme = diagram.theme
    let small = GraphvizStyle.smallSize
    var lines = [font(HTML.escape(view.id ?? view.className), size: small, color: theme.ink)]
    if view.id != nil && view.className != "UIView" {
      lines.insert(font(HTML.escape(view.className), size: small, color: theme.secondary), at: 0)
    }
    if let hosted = view.hosts {
      lines = [font("view of <B>\(HTML.escape(hosted.name))</B>", size: small, color: theme.ink)]
    }
    for badge in view.badges {
      lines.append(
        font("<B>\(HTML.escape(badge.text))</B>", size: small, color: theme.color(of: badge)))
    }
    return Node(
      name,
      attributes: Attributes([
        ("label", .html(lines.joined(separator: "<BR/>"))), ("shape", .raw("box")),
        ("style", .raw(view.isOnScreen ? "rounded,filled" : "rounded,filled,dashed")),
        ("fillcolor", .raw(theme.viewFill)),
        ("color", .raw(view.isOnScreen ? theme.view : theme.mutedBorder)),
        ("height", .raw("0.25")), ("margin", .raw("0.06,0.02")),
        ("id", .text("view-\(view.id ?? "\(view.index)")")),
        (
          "tooltip",
          .text(
            "\(view.className) \(view.id ?? "") at "
              + Self.position(view.location, path: diagram.path))
        ),
      ]))
  }
}
