/// S1: which controller actually presents each `presents` request.
public struct PresentationResolution: Sendable, Equatable {
  /// For each controller, the controller that actually presents it (nil if not presented or
  /// refused).
  public var presenter: [ControllerIndex?]
  /// For each controller, the controller it actually presents.
  public var presented: [ControllerIndex?]
  /// Presentations UIKit refuses because the resolved presenter is already presenting:
  /// the presented controller and the presenter that refused it.
  public var refused: [(presented: ControllerIndex, presenter: ControllerIndex)]

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.presenter == rhs.presenter && lhs.presented == rhs.presented
      && lhs.refused.elementsEqual(rhs.refused) { $0 == $1 }
  }

  /// Resolves every `presents` of the hierarchy in document order.
  public init(_ hierarchy: Hierarchy) {
    let count = hierarchy.controllers.count
    presenter = Array(repeating: nil, count: count)
    presented = Array(repeating: nil, count: count)
    refused = []
    for requester in hierarchy.controllers.indices {
      guard let target = hierarchy.controllers[requester].presents else { continue }
      let actual = Self.resolvePresenter(
        requestedBy: requester, style: hierarchy.controllers[target].style, in: hierarchy,
        presenters: presenter)
      if presented[actual] != nil {
        refused.append((target, actual))
      } else {
        presented[actual] = target
        presenter[target] = actual
      }
    }
  }

  /// The controller that presents when `requester` calls `present` with `style` (S1).
  ///
  /// Full-screen and sheet styles go to the root of the requester's presentation context (the
  /// controller reached by walking up `parent`); context styles go to the nearest controller
  /// that defines a presentation context, walking up through presenters too, else the window's
  /// root.
  static func resolvePresenter(
    requestedBy requester: ControllerIndex, style: PresentationStyle, in hierarchy: Hierarchy,
    presenters: [ControllerIndex?]
  ) -> ControllerIndex {
    let controllers = hierarchy.controllers
    if !style.isContextStyle {
      return contextRoot(of: requester, in: hierarchy)
    }
    var current = requester
    var lastRoot = requester
    var steps = 0
    while steps <= controllers.count {
      steps += 1
      if controllers[current].definesContext { return current }
      if let parent = controllers[current].parent {
        current = parent
      } else if let presenter = presenters[current] {
        lastRoot = presenter
        current = presenter
      } else {
        lastRoot = current
        break
      }
    }
    return lastRoot
  }

  /// The controller with no parent above `index`: a window's root or a presented controller.
  public static func contextRoot(
    of index: ControllerIndex, in hierarchy: Hierarchy
  ) -> ControllerIndex {
    var current = index
    while let parent = hierarchy.controllers[current].parent { current = parent }
    return current
  }
}

extension Hierarchy {
  /// How a controller is presented, for people: `alert` for an alert with no style written,
  /// `automatic → pageSheet` when no style is written, `popover, as a sheet on iPhone`
  /// (`Documentation/Semantics.md`, S1), else the style's name. Diagram labels and the
  /// simulator's step lines both say it this way.
  public func presentationStyleText(of index: ControllerIndex) -> String {
    let controller = controllers[index]
    if controller.kind == .alert && controller.modalPresentationStyle == nil {
      guard controller.preferredStyle == .actionSheet else { return "alert" }
      return device == .iPad ? "action sheet, in a popover" : "action sheet"
    }
    let resolved = controller.style.resolved
    if controller.modalPresentationStyle == nil { return "automatic → \(resolved.rawValue)" }
    if resolved == .popover && device == .iPhone { return "popover, as a sheet on iPhone" }
    return resolved.rawValue
  }
}
