/// `present(_:animated:completion:)`: whether UIKit presents, and what it says when it does not.
extension UIKitModel {
  /// The facts of a `present` call UIKit decides on, gathered from an analyzed hierarchy: S1
  /// resolves the presenter (`PresentationResolution.resolvePresenter`), the analysis says
  /// whether its view is in a window and what it presents already, and where `instance` (the
  /// controller presented, when it is in the hierarchy already) is active.
  public func request(
    presenting presented: Controller, instance: ControllerIndex? = nil,
    from requester: ControllerIndex, in analysis: Analysis
  ) -> PresentationRequest {
    let presenter = PresentationResolution.resolvePresenter(
      requestedBy: requester, style: presented.style, in: hierarchy,
      presenters: analysis.presentation.presenter)
    var request = PresentationRequest(
      presented: presented, requester: requester, presenter: presenter)
    request.instance = instance
    request.presenterInWindow = analysis.window[presenter] != nil
    request.presenting = analysis.presentation.presented[presenter]
    request.requesterIsDetached = analysis.isDetached(requester)
    if let instance {
      if let parent = controllers[instance].parent {
        request.activePlace = .child(parent: parent)
      } else if let by = analysis.presentation.presenter[instance] {
        request.activePlace = .presented(by: by)
      } else if hierarchy.windows.contains(where: { $0.root == instance }) {
        request.activePlace = .windowRoot
      } else if presentationAncestors(of: requester, in: analysis).contains(instance) {
        request.activePlace = .presentsItself
      }
    }
    return request
  }

  /// The controller and everything it is contained in or presented from.
  func presentationAncestors(
    of index: ControllerIndex, in analysis: Analysis
  ) -> Set<ControllerIndex> {
    var result: Set<ControllerIndex> = []
    var current: ControllerIndex? = index
    while let candidate = current, result.insert(candidate).inserted {
      current = controllers[candidate].parent ?? analysis.presentation.presenter[candidate]
    }
    return result
  }

  /// What UIKit does with a `present` call, in the order it checks:
  ///
  /// 1. The presenter's view is in no window: UIKit logs "Attempt to present … whose view is
  ///    not in the window hierarchy." and ignores the call (`presenter-not-in-window`).
  /// 2. The presenter is already presenting: UIKit logs "… which is already presenting …" and
  ///    ignores it (`already-presenting`). Apple, `present(_:animated:completion:)`: the
  ///    presenter is the one that provides the context, and `presentedViewController` holds
  ///    one controller.
  /// 3. On iPad the controller is shown in a popover with no anchor: UIKit raises
  ///    (`action-sheet-without-anchor`). Apple, `UIPopoverPresentationController.sourceView`:
  ///    "Use this property in conjunction with the sourceRect property to specify the anchor
  ///    location for the popover. Alternatively, you may specify the anchor location for the
  ///    popover using the barButtonItem property."
  /// 4. The controller is active already (a child, presented, a window's root, the presenter
  ///    itself): UIKit raises NSInvalidArgumentException (`presented-controller-active`).
  /// 5. The requester is detached (in no window's controller hierarchy) and the presenter's
  ///    view is in a window: UIKit presents and warns (`detached-presenter`).
  public func present(_ request: PresentationRequest) -> UIKitVerdict {
    var classes = [
      "presented": request.presented.className,
      "presenter": controllers[request.presenter].className,
      "requester": controllers[request.requester].className,
    ]
    var violations: [UIKitViolation] = []
    if !request.presenterInWindow {
      violations.append(Self.presenterNotInWindow(classes))
    }
    if let refusal = alreadyPresentingRefusal(
      presented: request.presented.className, requester: request.requester,
      presenter: request.presenter, presenting: request.presenting)
    {
      classes["current"] = request.presenting.map { controllers[$0].className }
      violations.append(refusal)
    }
    if let anchor = popoverAnchorViolation(for: request.presented, presenter: request.presenter) {
      violations.append(anchor)
    }
    if let place = request.activePlace {
      violations.append(presentActive(request.presented.className, place: place))
    }
    if request.requesterIsDetached && request.presenterInWindow {
      violations.append(
        UIKitViolation(
          .detachedPresenter, .proceeds, message: UIKitMessages.detachedPresenter, classes,
          apple: "no Apple page documents it; UIKit's own warning (UIKitMessages.detachedPresenter)"
            + " says it \"is not supported\" and \"will become a hard exception\""))
    }
    return UIKitVerdict(violations)
  }

  /// Step 2 of `present(_:)` on its own: UIKit's refusal of a `present` of a controller of
  /// class `presented`, called on `requester`, that goes to `presenter` while it presents
  /// `presenting` already; nil when it presents nothing. S1 (`PresentationResolution`) asks it
  /// for each `presents` of a description, in document order.
  public func alreadyPresentingRefusal(
    presented: String, requester: ControllerIndex, presenter: ControllerIndex,
    presenting: ControllerIndex?
  ) -> UIKitViolation? {
    guard let current = presenting else { return nil }
    return Self.alreadyPresenting([
      "presented": presented, "presenter": controllers[presenter].className,
      "requester": controllers[requester].className, "current": controllers[current].className,
    ])
  }

  /// UIKit's `presenter-not-in-window` refusal with its line filled from `classes`
  /// (`presented`, `presenter`, `requester`: class names).
  public static func presenterNotInWindow(_ classes: [String: String]) -> UIKitViolation {
    UIKitViolation(
      .presenterNotInWindow, .ignored, message: UIKitMessages.presenterNotInWindow, classes,
      apple: "UIViewController.present(_:animated:completion:) presents from the view"
        + " controller that provides the context; its view must be in the window hierarchy")
  }

  /// UIKit's `already-presenting` refusal with its line filled from `classes` (`presented`,
  /// `presenter`, `requester`, `current`: class names).
  public static func alreadyPresenting(_ classes: [String: String]) -> UIKitViolation {
    UIKitViolation(
      .alreadyPresenting, .ignored, message: UIKitMessages.alreadyPresenting, classes,
      apple: "UIViewController.presentedViewController: \"The view controller that is presented"
        + " by this view controller, or one of its ancestors in the view controller"
        + " hierarchy\" — one at a time; present(_:animated:completion:) goes to the controller"
        + " that provides the presentation context")
  }

  /// Whether presenting `presented` shows a popover on this device with no anchor, for which
  /// UIKit raises NSGenericException (`Hierarchy.popoverReason(for:)` says when a presentation
  /// becomes a popover).
  public func popoverAnchorViolation(
    for presented: Controller, presenter: ControllerIndex
  ) -> UIKitViolation? {
    guard presented.popoverAnchor == nil, let reason = hierarchy.popoverReason(for: presented)
    else { return nil }
    return Self.popoverWithoutAnchor(
      reason, presented: presented.className, presenter: controllers[presenter].className)
  }

  /// UIKit's NSGenericException for a presentation that becomes a popover for `reason` with no
  /// anchor, its line filled with the class names `presented` and `presenter`: an action
  /// sheet's own wording, else the popover's. `lint` (which has class names, no hierarchy)
  /// asks it too.
  public static func popoverWithoutAnchor(
    _ reason: PopoverReason, presented: String, presenter: String
  ) -> UIKitViolation {
    UIKitViolation(
      .actionSheetWithoutAnchor, .raises,
      message: reason == .actionSheet
        ? UIKitMessages.actionSheetWithoutAnchor : UIKitMessages.popoverWithoutAnchor,
      [
        "presented": presented, "presenter": presenter,
        "presentation": "UIPopoverPresentationController",
      ],
      apple: "UIPopoverPresentationController.sourceView: \"Use this property in conjunction"
        + " with the sourceRect property to specify the anchor location for the popover.\"")
  }

  /// UIKit's NSInvalidArgumentException for presenting a controller of class `className` that
  /// is active at `place`, with the message UIKit words for that place.
  public func presentActive(_ className: String, place: ActivePlace) -> UIKitViolation {
    let (message, values): (UIKitMessage, [String: String]) =
      switch place {
      case .child(let parent):
        (UIKitMessages.presentChild, ["parent": controllers[parent].className])
      case .presented(let by):
        (UIKitMessages.alreadyPresented, ["current": controllers[by].className])
      case .windowRoot: (UIKitMessages.presentActive, [:])
      case .presentsItself: (UIKitMessages.presentOnItself, [:])
      }
    return UIKitViolation(
      .presentedControllerActive, .raises, message: message,
      values.merging(["presented": className]) { a, _ in a },
      apple: "UIViewController.present(_:animated:completion:): the controller presented takes"
        + " its place as the presenter's presentedViewController; a controller has one place")
  }
}

/// One `present(_:animated:completion:)` call as UIKit meets it (`UIKitModel.present(_:)`).
public struct PresentationRequest: Sendable, Equatable {
  /// The controller presented, as written (the instance's own values when it exists).
  public var presented: Controller
  /// The controller presented, when it is in the hierarchy already.
  public var instance: ControllerIndex?
  /// The controller `present` is called on.
  public var requester: ControllerIndex
  /// The controller that presents (S1).
  public var presenter: ControllerIndex
  /// Whether the presenter's view is in a window.
  public var presenterInWindow = true
  /// What the presenter presents already.
  public var presenting: ControllerIndex?
  /// Whether the requester is in no window's controller hierarchy while its view is on screen.
  public var requesterIsDetached = false
  /// Where `instance` is active already, if it is.
  public var activePlace: ActivePlace?

  /// A request with no other fact known: in a window, presenting nothing.
  public init(presented: Controller, requester: ControllerIndex, presenter: ControllerIndex) {
    self.presented = presented
    self.requester = requester
    self.presenter = presenter
  }
}

/// Where a controller asked to be presented is active already (`presented-controller-active`).
public enum ActivePlace: Sendable, Equatable {
  /// A container's child.
  case child(parent: ControllerIndex)
  /// Presented by this controller.
  case presented(by: ControllerIndex)
  /// A window's root (or otherwise in the hierarchy).
  case windowRoot
  /// The requester itself, or a controller it is contained in or presented from.
  case presentsItself
}
