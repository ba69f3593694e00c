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

  /// Resolves every `presents` of the hierarchy in document order; UIKit decides which it
  /// refuses (`UIKitModel.alreadyPresentingRefusal`).
  public init(_ hierarchy: Hierarchy) {
    let count = hierarchy.controllers.count
    let model = UIKitModel(hierarchy)
    presenter = Array(repeating: nil, count: count)
    presented = Array(repeating: nil, count: count)
    refused = []
    for requester in hierarchy.controllers.indices {
      guard let target = hierarchy.controllers[requester].presents else { continue }
      let actual = Self.resolvePresenter(
        requestedBy: requester, style: hierarchy.controllers[target].style, in: hierarchy,
        presenters: presenter)
      if model.alreadyPresentingRefusal(
        presented: hierarchy.controllers[target].className, requester: requester,
        presenter: actual, presenting: presented[actual]) != nil
      {
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
  /// that defines a presentation context, walking up through presenters too. When none does,
  /// a requester in a presented controller's tree has it present ("the last view controller
  /// that was presented onscreen", Apple, UIPresentationController.presentingViewController);
  /// otherwise the window's root presents.
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
    let ownRoot = contextRoot(of: requester, in: hierarchy)
    return presenters[ownRoot] != nil ? ownRoot : lastRoot
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
    if controller.modalPresentationStyle == nil {
      return "automatic → " + (popoverReason(of: index) != nil ? "popover" : "pageSheet")
    }
    let resolved = controller.style.resolved
    if resolved == .popover && device == .iPhone { return "popover, as a sheet on iPhone" }
    return resolved.rawValue
  }

  /// Why presenting a controller shows it in a popover on this device, which then needs an
  /// anchor (`popoverAnchor`), or nil when it does not become one. Only a regular width (iPad)
  /// shows popovers; on iPhone they adapt to sheets. A `UIAlertController` of style
  /// `actionSheet` ("On iPad, UIKit requires that you display an action sheet inside a
  /// popover"), a `UIActivityViewController` with no style written ("On iPad, you must present
  /// the view controller in a popover") and a `.popover` presentation do.
  public func popoverReason(of index: ControllerIndex) -> PopoverReason? {
    popoverReason(for: controllers[index])
  }

  /// `popoverReason(of:)` for a controller not (yet) in the arena: a step's new controller.
  public func popoverReason(for controller: Controller) -> PopoverReason? {
    guard device == .iPad else { return nil }
    if controller.kind == .alert {
      // UIKit sets an action sheet's style to popover whatever was asked (S2).
      return controller.preferredStyle == .actionSheet ? .actionSheet : nil
    }
    if controller.modalPresentationStyle == .popover { return .popoverStyle }
    if [nil, .automatic].contains(controller.modalPresentationStyle),
      isKind(controller.className, of: "UIActivityViewController")
    {
      return .activityController
    }
    return nil
  }
}

/// Why a presentation becomes a popover on iPad (`Hierarchy.popoverReason(of:)`).
public enum PopoverReason: Sendable, Equatable {
  /// A `UIAlertController` with `preferredStyle: actionSheet`.
  case actionSheet
  /// `modalPresentationStyle: popover`.
  case popoverStyle
  /// A `UIActivityViewController` presented with the default style.
  case activityController
}
