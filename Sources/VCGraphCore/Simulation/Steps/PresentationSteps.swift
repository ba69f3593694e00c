/// `present` and `dismiss` (S1, S2, S4).
extension StepEditor {
  /// `present {from, controller}`: S1 resolves the presenter; a presenter that is already
  /// presenting refuses.
  mutating func present(from name: String, _ new: StepController) throws(VCGraphError)
    -> String
  {
    let requester = try controller(name, key: "from")
    let analysis = Analysis(hierarchy)
    let existing = try existingController(new)
    let written = existing.map { controllers[$0] } ?? new.fragment.controllers[new.root]
    let style = written.style
    let model = UIKitModel(hierarchy)
    let request = model.request(
      presenting: written, instance: existing, from: requester, in: analysis)
    let presenter = request.presenter
    let verdict = model.present(request)
    if let refusal = verdict.refusal {
      throw presentationRefused(refusal, request, requester: name)
    }
    let root: ControllerIndex
    if let existing {
      hierarchy.detachedRoots.removeAll { $0 == existing }
      moved.insert(id(existing))
      root = existing
    } else {
      root = try append(new)
    }
    // Record the request on the requester, or (when it already holds a request that went
    // elsewhere) on the nearest controller that S1 resolves to the same presenter.
    let slot = try requestSlot(
      for: presenter, style: style, startingAt: requester, excluding: [],
      presenters: analysis.presentation.presenter)
    hierarchy.controllers[slot].presents = root
    hierarchy.controllers[root].requestedBy = slot
    for caveat in verdict.caveats where caveat.rule == .detachedPresenter {
      notes.append(
        "'\(name)' is in no window's controller hierarchy (detached) while its view is on"
          + " screen; UIKit presents and prints: " + (caveat.uikitMessage ?? ""))
    }
    var text = "\(name) presents \(id(root)) (\(hierarchy.presentationStyleText(of: root)))"
    if presenter != requester { text += "; presenter: \(id(presenter))" }
    if slot != requester {
      notes.append(
        "'\(name)' already holds a presentation request; vcgraph records this one on"
          + " '\(id(slot))', which UIKit resolves to the same presenter")
    }
    return text
  }

  /// The controller and everything it is contained in or presented from.
  func presentationAncestors(of index: ControllerIndex) -> Set<ControllerIndex> {
    UIKitModel(hierarchy).presentationAncestors(of: index, in: Analysis(hierarchy))
  }

  /// The refusal of a `present` step, in the step's words, for the rule UIKit's model says the
  /// call breaks (`UIKitModel.present(_:)`).
  func presentationRefused(
    _ refusal: UIKitViolation, _ request: PresentationRequest, requester name: String
  ) -> VCGraphError {
    let (presenter, written) = (request.presenter, request.presented)
    let message = refusal.uikitMessage
    switch refusal.rule {
    case .presenterNotInWindow:
      return refused(
        "'\(id(presenter))' is in no window: UIKit does not present from a controller whose"
          + " view is not in the window hierarchy", at: "from", uikitMessage: message)
    case .alreadyPresenting:
      let current = request.presenting!
      let via =
        presenter == request.requester ? "" : " (the presenter UIKit resolves for '\(name)')"
      return refused(
        "'\(id(presenter))'\(via) is already presenting '\(id(current))': UIKit refuses the"
          + " presentation",
        hint: current == request.requester
          ? "give '\(name)' `definesPresentationContext: true`, or present with a full-screen"
            + " or sheet style"
          : "dismiss '\(id(current))' first, or present from '\(id(current))'",
        uikitMessage: message)
    case .actionSheetWithoutAnchor:
      let what =
        switch hierarchy.popoverReason(for: written) {
        case .actionSheet: "an action sheet"
        case .activityController: "a UIActivityViewController"
        default: "a `.popover` presentation"
        }
      return refused(
        "on iPad \(what) is presented in a popover, and '\(written.id)' has no"
          + " `popoverAnchor`: UIKit raises NSGenericException", at: "controller",
        hint: "give it a `popoverAnchor` (its popoverPresentationController's sourceView or"
          + " barButtonItem)", uikitMessage: message)
    case .presentedControllerActive:
      let existing = request.instance!
      switch request.activePlace {
      case .child(let parent):
        return refused(
          "'\(id(existing))' is a child of '\(id(parent))': UIKit does not present a controller"
            + " that has a parent", at: "controller", hint: "remove it from its parent first",
          uikitMessage: message)
      case .presented(let by):
        return refused(
          "'\(id(existing))' is already presented by '\(id(by))'", at: "controller",
          uikitMessage: message)
      case .windowRoot:
        let window = hierarchy.windows.first(where: { $0.root == existing })?.id ?? "?"
        return refused(
          "'\(id(existing))' is the root of window '\(window)'", at: "controller",
          uikitMessage: message)
      default:
        return refused(
          "'\(id(existing))' cannot present itself", at: "controller", uikitMessage: message)
      }
    default:
      return refused(violation: refusal, at: "controller")
    }
  }

  /// A controller whose `presents` is free and from which S1 reaches `presenter` with
  /// `style`: `start`, then its containers, then the presenter itself.
  func requestSlot(
    for presenter: ControllerIndex, style: PresentationStyle, startingAt start: ControllerIndex,
    excluding: Set<ControllerIndex>, presenters: [ControllerIndex?]
  ) throws(VCGraphError) -> ControllerIndex {
    var candidates: [ControllerIndex] = []
    var current: ControllerIndex? = start
    while let candidate = current, !candidates.contains(candidate) {
      candidates.append(candidate)
      current = controllers[candidate].parent
    }
    candidates.append(presenter)
    candidates += controllers.indices.filter {
      PresentationResolution.contextRoot(of: $0, in: hierarchy) == presenter
    }
    for candidate in candidates
    where !excluding.contains(candidate) && controllers[candidate].presents == nil
      && PresentationResolution.resolvePresenter(
        requestedBy: candidate, style: style, in: hierarchy, presenters: presenters) == presenter
    {
      return candidate
    }
    throw VCGraphError.data(
      "vcgraph cannot record another presentation on '\(id(presenter))': every controller"
        + " that would request it already holds a request", at: step.location)
  }

  /// `dismiss {from [, levels | toClass]}`: S4, then the removed controllers leave.
  mutating func dismiss(
    from name: String, levels: Int?, toClass: String?
  ) throws(VCGraphError) -> String {
    let from = try controller(name, key: "from")
    let analysis = Analysis(hierarchy)
    // UIKit does nothing, and raises nothing, for a dismiss on a controller that neither
    // presents nor was presented: a non-strict run applies it as a no-op with a warning.
    let model = UIKitModel(hierarchy)
    if !strict, levels == nil, toClass == nil, model.dismissDoesNothing(from: from, in: analysis) {
      notes.append(
        "warning: '\(name)' neither presents nor was presented; UIKit does nothing for this"
          + " dismiss and prints nothing")
      return "dismiss(from: \(name)) does nothing"
    }
    let at = location(levels != nil ? "levels" : toClass != nil ? "toClass" : "")
    let dismissal = try model.dismiss(
      from: from, levels: levels, toClass: toClass, in: analysis, at: at)
    var call = "dismiss(from: \(name)"
    if let levels { call += ", levels: \(levels)" }
    if let toClass { call += ", toClass: \(toClass)" }
    call += ")"
    let receiver = id(dismissal.receiver)
    let animated = id(dismissal.animated)
    let ended = list(dismissal.removedLevels)
    remove(dismissal.removed, analysis: analysis)
    notes.append("receiver: \(receiver); animated: \(animated)")
    return "\(call): \(receiver) dismisses \(ended)"
      + (dismissal.removedLevels.count > 1 ? "; only \(animated) animates" : "")
  }
}
