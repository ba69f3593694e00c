/// `push`, `pop`, `popTo` and `popToRoot` on a navigation controller's stack.
extension StepEditor {
  /// The nearest navigation controller above a controller, for "did you mean" hints.
  func enclosingNavigation(of index: ControllerIndex) -> ControllerIndex? {
    var current = controllers[index].parent
    while let candidate = current {
      if controllers[candidate].kind == .navigation { return candidate }
      current = controllers[candidate].parent
    }
    return nil
  }

  /// The navigation controller a step names. When it is a collapsed split's primary that
  /// UIKit's default collapse pushed the secondary onto (`Analysis.collapsedSecondary(onto:)`),
  /// the secondary is moved into its stack first, where UIKit holds it, so that pushes go on
  /// top of it and a pop removes it.
  mutating func requireNavigation(_ name: String) throws(VCGraphError) -> ControllerIndex {
    let nav = try controller(name, key: "on")
    if let secondary = Analysis(hierarchy).collapsedSecondary(onto: nav),
      let split = controllers[nav].parent
    {
      hierarchy.controllers[split].children.removeAll { $0 == secondary }
      hierarchy.controllers[secondary].parent = nav
      hierarchy.controllers[nav].children.append(secondary)
      moved.insert(id(secondary))
      notes.append(
        "'\(id(split))' is collapsed: UIKit pushed its secondary '\(id(secondary))' onto"
          + " '\(name)' (the default collapse), so the stack holds it")
    }
    guard controllers[nav].kind == .navigation else {
      let hint = enclosingNavigation(of: nav).map {
        "did you mean its navigation controller '\(id($0))'?"
      }
      throw refused(
        "'\(name)' is a \(controllers[nav].kind.uikitClass), not a navigation controller;"
          + " only a UINavigationController pushes and pops", at: "on", hint: hint)
    }
    return nav
  }

  /// `push {on, controller}`, with what UIKit does about it: `push(className:kind:instance:onto:)`
  /// unless the caller has UIKit's answer already (`verdict`: a collapsed split's `showDetail`,
  /// `UIKitModel.pushByCollapsedSplit`).
  mutating func push(
    on name: String, _ new: StepController, verdict given: UIKitVerdict? = nil
  ) throws(VCGraphError) -> String {
    let nav = try requireNavigation(name)
    let existing = try existingController(new)
    let written = existing.map { controllers[$0] } ?? new.fragment.controllers[new.root]
    let verdict =
      given
      ?? UIKitModel(hierarchy).push(
        className: written.className, kind: written.kind, instance: existing, onto: nav)
    if let refusal = verdict.refusal {
      switch refusal.rule {
      case .navigationInNavigation:
        throw refused(
          "a navigation controller cannot be pushed onto '\(name)': UIKit raises \"Pushing a"
            + " navigation controller is not supported\"", at: "controller",
          hint: "push its root controller, or present the navigation controller",
          uikitMessage: refusal.uikitMessage)
      case .pushedTwice:
        throw refused(
          "'\(written.id)' is already in the stack of '\(name)': UIKit raises \"Pushing the"
            + " same view controller instance more than once is not supported\"",
          at: "controller", hint: "use popTo to go back to it", uikitMessage: refusal.uikitMessage)
      default:
        throw refused(violation: refusal, at: "controller")
      }
    }
    let pushed: ControllerIndex
    if let existing {
      try detachForMove(existing, into: nav)
      pushed = existing
    } else {
      pushed = try append(new)
    }
    for caveat in verdict.caveats {
      notes.append("'\(id(pushed))' " + (caveat.note ?? caveat.appleDocumentation))
    }
    hierarchy.controllers[pushed].parent = nav
    hierarchy.controllers[nav].children.append(pushed)
    return "push \(id(pushed)) on \(name)"
  }

  /// `pop {on}`: UIKit's popViewController returns nil when only the root is left; vcgraph
  /// refuses it.
  mutating func pop(on name: String) throws(VCGraphError) -> String {
    let nav = try requireNavigation(name)
    let stack = controllers[nav].children
    guard let top = stack.last else {
      throw refused("the stack of '\(name)' is empty: there is nothing to pop")
    }
    guard stack.count > 1 else {
      throw refused(
        "cannot pop '\(id(top))', the root of '\(name)': UIKit's popViewController returns nil"
          + " when only the root is left", hint: "a navigation stack keeps its root")
    }
    let popped = id(top)
    remove([top], analysis: Analysis(hierarchy))
    return "pop \(name): \(popped) leaves the stack"
  }

  /// `popTo {on, controller}`.
  mutating func popTo(on name: String, target: String) throws(VCGraphError) -> String {
    let nav = try requireNavigation(name)
    let index = try controller(target, key: "controller")
    let stack = controllers[nav].children
    if let violation = UIKitModel(hierarchy).popTo(index, on: nav) {
      throw refused(
        "'\(target)' is not in the stack of '\(name)': UIKit's popToViewController needs a"
          + " controller on the stack", at: "controller",
        hint: stack.isEmpty ? "the stack is empty" : "the stack is: \(list(stack))",
        uikitMessage: violation.uikitMessage)
    }
    let position = stack.firstIndex(of: index)!
    let popped = Array(stack[(position + 1)...])
    if popped.isEmpty { return "popTo \(target) on \(name): nothing to pop, \(target) is on top" }
    let names = list(popped)
    remove(popped, analysis: Analysis(hierarchy))
    return "popTo \(target) on \(name): pops \(names)"
  }

  /// `popToRoot {on}`.
  mutating func popToRoot(on name: String) throws(VCGraphError) -> String {
    let nav = try requireNavigation(name)
    let stack = controllers[nav].children
    guard let root = stack.first else {
      throw refused("the stack of '\(name)' is empty: it has no root to pop to")
    }
    let popped = Array(stack.dropFirst())
    if popped.isEmpty {
      return "popToRoot on \(name): nothing to pop, the root \(id(root)) is on top"
    }
    let names = list(popped)
    remove(popped, analysis: Analysis(hierarchy))
    return "popToRoot on \(name): pops \(names)"
  }
}
