import GraphvizKit
import VCGraphDiagram

extension GraphvizBackend {
  /// The Graphviz edge of `edge`, drawn between `tail` and `head` (``GraphvizLayoutPolicy``
  /// hangs a stack entry from the entry above it).
  func edge(
    _ edge: Diagram.Edge, from tail: Diagram.NodeID, to head: Diagram.NodeID, theme: Theme
  ) -> Edge {
    var attributes = Attributes()
    func label(color: String) {
      let lines = edge.kind.labelLines.map { HTML.escape($0) }
      guard !lines.isEmpty else { return }
      attributes["label"] = .html(
        backed(
          font(lines.joined(separator: "<BR/>"), size: nil, color: color),
          fill: theme.canvas ?? theme.labelFill ?? theme.nodeFill))
    }
    switch edge.kind {
    case .containment(let containment):
      switch containment.emphasis {
      case .visiblePath:
        label(color: theme.path)
        attributes["color"] = .raw(theme.path)
        attributes["penwidth"] = .raw("2.5")
      case .onScreen:
        label(color: theme.secondary)
        attributes["color"] = .raw(theme.ink)
      case .offScreen:
        label(color: theme.secondary)
        attributes["style"] = .raw("dashed")
      }
      if tail != edge.tail {
        // A stack entry hanging from the entry above it: a line without an arrow.
        attributes["arrowhead"] = .raw("none")
      }
      attributes["id"] = .text("contains-\(containment.parent.id)-\(containment.position)")
    case .presentation(let presentation):
      let onPath = presentation.isOnVisiblePath
      // No label: the level's title says the style, the presenter and the requester. A
      // label would be a node of its own on the ranks the edge crosses and widen them by its
      // width (an `xlabel` overlaps cluster titles); the tooltip keeps the words.
      attributes["tooltip"] = .text(edge.kind.labelLines.joined(separator: "\n"))
      attributes["style"] = .raw("dashed")
      attributes["color"] = .raw(onPath ? theme.path : theme.presentation)
      attributes["penwidth"] = .raw(onPath ? "2.5" : "1.8")
      attributes["lhead"] = .raw("cluster_level_\(presentation.presented.index)")
      attributes["constraint"] = .raw("false")
      attributes["id"] = .text("presents-\(presentation.presented.id)")
      if !presentation.isPresentedOnScreen && !onPath { attributes["penwidth"] = .raw("1.2") }
    case .requester(let request):
      attributes["style"] = .raw("dotted")
      attributes["color"] = .raw(theme.presentation)
      attributes["arrowhead"] = .raw("none")
      attributes["constraint"] = .raw("false")
      attributes["tooltip"] = .text("\(request.requester.id) called present")
    case .refusedPresentation:
      label(color: theme.dismiss)
      attributes["style"] = .raw("dashed")
      attributes["color"] = .raw(theme.dismiss)
    case .rootView:
      label(color: theme.secondary)
      attributes["style"] = .raw("dotted")
      attributes["color"] = .raw(theme.view)
      attributes["arrowhead"] = .raw("odot")
    case .subview:
      attributes["color"] = .raw(theme.view)
      attributes["arrowsize"] = .raw("0.4")
    case .hosting(let isParentsView):
      label(color: isParentsView ? theme.secondary : theme.dismiss)
      attributes["style"] = .raw("dotted")
      attributes["color"] = .raw(isParentsView ? theme.view : theme.dismiss)
      attributes["constraint"] = .raw("false")
    case .responder(let chain, let step):
      label(color: theme.responder)
      attributes["color"] = .raw(theme.responder)
      attributes["penwidth"] = .raw("1.6")
      attributes["id"] = .text("responder-\(chain)-\(step)")
      // The steps past the window (to its scene, UIApplication and the app delegate) rank
      // those nodes below the window; every other step follows the existing layout.
      switch edge.head {
      case .scene, .application, .appDelegate: break
      default: attributes["constraint"] = .raw("false")
      }
    case .segue(let segue):
      attributes = segueAttributes(segue, theme: theme, tail: Self.name(tail))
      label(color: Self.text(segue.style, theme: theme))
    }
    return Edge(Self.name(tail), Self.name(head), attributes: attributes)
  }
}
