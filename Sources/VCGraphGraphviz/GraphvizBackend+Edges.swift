import GraphvizKit
import VCGraphDiagram

extension GraphvizBackend {
  func edge(_ edge: Diagram.Edge) -> Edge {
    let tail = Self.name(edge.tail)
    let head = Self.name(edge.head)
    let label = edge.kind.labelLines.joined(separator: "\n")
    var attributes: Attributes
    switch edge.kind {
    case .containment(let containment):
      attributes = Attributes([("label", .text(label))])
      switch containment.emphasis {
      case .visiblePath:
        attributes["color"] = .raw(Palette.path)
        attributes["fontcolor"] = .raw(Palette.path)
        attributes["penwidth"] = .raw("2.5")
      case .onScreen:
        attributes["color"] = .raw(Palette.ink)
      case .offScreen:
        attributes["style"] = .raw("dashed")
      }
      attributes["id"] = .text("contains-\(containment.parent.id)-\(containment.position)")
    case .presentation(let presentation):
      let onPath = presentation.isOnVisiblePath
      attributes = Attributes([
        ("label", .text(label)), ("style", .raw("dashed")),
        ("color", .raw(onPath ? Palette.path : Palette.presentation)),
        ("fontcolor", .raw(Palette.presentation)), ("penwidth", .raw(onPath ? "2.5" : "1.8")),
        ("lhead", .raw("cluster_level_\(presentation.presented.index)")),
        ("id", .text("presents-\(presentation.presented.id)")),
      ])
      if !presentation.isPresentedOnScreen && !onPath { attributes["penwidth"] = .raw("1.2") }
    case .requester(let request):
      attributes = Attributes([
        ("style", .raw("dotted")), ("color", .raw(Palette.presentation)),
        ("arrowhead", .raw("none")), ("constraint", .raw("false")),
        ("tooltip", .text("\(request.requester.id) called present")),
      ])
    case .refusedPresentation:
      attributes = Attributes([
        ("label", .text(label)),
        ("style", .raw("dashed")), ("color", .raw(Palette.dismiss)),
        ("fontcolor", .raw(Palette.dismiss)),
      ])
    case .rootView:
      attributes = Attributes([
        ("label", .text(label)), ("style", .raw("dotted")), ("color", .raw(Palette.view)),
        ("arrowhead", .raw("odot")),
      ])
    case .subview:
      attributes = Attributes([("color", .raw(Palette.view)), ("arrowsize", .raw("0.4"))])
    case .hosting(let isParentsView):
      attributes = Attributes([
        ("label", .text(label)), ("style", .raw("dotted")),
        ("color", .raw(isParentsView ? Palette.view : Palette.dismiss)),
        ("fontcolor", .raw(isParentsView ? Palette.secondary : Palette.dismiss)),
        ("constraint", .raw("false")),
      ])
    case .responder(let chain, let step):
      attributes = Attributes([
        ("label", .text(label)), ("color", .raw(Palette.responder)),
        ("fontcolor", .raw(Palette.responder)), ("fontsize", .raw("10")),
        ("penwidth", .raw("1.6")), ("id", .text("responder-\(chain)-\(step)")),
      ])
      // The steps past the window (to its scene, UIApplication and the app delegate) rank
      // those nodes below the window; every other step follows the existing layout.
      switch edge.head {
      case .scene, .application, .appDelegate: break
      default: attributes["constraint"] = .raw("false")
      }
    }
    return Edge(tail, head, attributes: attributes)
  }
}
