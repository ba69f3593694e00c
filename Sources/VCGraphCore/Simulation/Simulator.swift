/// What one step changed, in ids (controllers are compared by id between the two states).
public struct StepEffect: Sendable, Equatable {
  /// The operation's name as written (`present`, `dismiss`, ...).
  public var operation: String
  /// Where the step is written.
  public var location: SourceLocation
  /// One line for people: "post presents compose (pageSheet); presenter: tabs".
  public var description: String
  /// Controllers that entered the hierarchy, in document order.
  public var added: [String] = []
  /// Controllers that left the hierarchy (with their whole subtrees), in document order.
  public var removed: [String] = []
  /// Controllers that changed place (another parent or another presenter).
  public var moved: [String] = []
  /// Controllers in both states, off screen before the step and on screen after it (an added
  /// controller is listed under `added` only).
  public var newlyOnScreen: [String] = []
  /// Controllers in both states, on screen before the step and off screen after it (a removed
  /// controller is listed under `removed` only).
  public var leftScreen: [String] = []
  /// The top view controller before and after the step (S3).
  public var topBefore: String?
  public var topAfter: String?
  /// Details worth knowing (the receiver of a dismissal, a view tree vcgraph had to create).
  public var notes: [String] = []

  public init(operation: String, location: SourceLocation, description: String) {
    self.operation = operation
    self.location = location
    self.description = description
  }
}

/// The states a description's `steps` lead through.
public struct Simulation: Sendable {
  /// `states[0]` is the hierarchy as described; `states[n]` the one after step n.
  public var states: [Hierarchy]
  /// `effects[n - 1]` is what step n changed.
  public var effects: [StepEffect]
  /// The step UIKit refuses, if any: nothing from it on is applied.
  public var refusal: VCGraphError?
}

/// Applies `steps` (format.md, "Steps") with UIKit's rules. Pure Swift: no Graphviz, no I/O.
///
/// A refused operation throws a data error at the step (or at the argument at fault); the
/// hierarchy it was applied to is left as it was.
public enum Simulator {
  /// Applies every step of `hierarchy.steps` in order, stopping at the first refusal.
  public static func run(_ hierarchy: Hierarchy) -> Simulation {
    var simulation = Simulation(states: [hierarchy], effects: [], refusal: nil)
    var removedBy: [String: Int] = [:]
    var current = hierarchy
    for (offset, step) in hierarchy.steps.enumerated() {
      do {
        let (next, effect) = try apply(step, to: current, removedBy: removedBy)
        for id in effect.removed where next.controller(id: id) == nil { removedBy[id] = offset + 1 }
        for id in effect.added { removedBy[id] = nil }
        simulation.states.append(next)
        simulation.effects.append(effect)
        current = next
      } catch {
        simulation.refusal = error
        break
      }
    }
    return simulation
  }

  /// Applies one step; returns the new hierarchy and what changed.
  public static func apply(
    _ step: Step, to hierarchy: Hierarchy
  ) throws(VCGraphError) -> (Hierarchy, StepEffect) {
    try apply(step, to: hierarchy, removedBy: [:])
  }

  static func apply(
    _ step: Step, to hierarchy: Hierarchy, removedBy: [String: Int]
  ) throws(VCGraphError) -> (Hierarchy, StepEffect) {
    var editor = StepEditor(hierarchy: hierarchy, step: step, removedBy: removedBy)
    var effect = try editor.perform()
    editor.forgetRefusedRequests(before: Analysis(hierarchy))
    let after = editor.hierarchy
    diff(before: hierarchy, after: after, into: &effect, movedHint: editor.moved)
    return (after, effect)
  }

  /// Fills the id lists of an effect by comparing two states.
  static func diff(
    before: Hierarchy, after: Hierarchy, into effect: inout StepEffect, movedHint: Set<String>
  ) {
    let old = Analysis(before)
    let new = Analysis(after)
    let oldIDs = Set(before.controllers.map(\.id))
    let newIDs = Set(after.controllers.map(\.id))
    effect.added = unique(after.controllers.map(\.id).filter { !oldIDs.contains($0) })
    effect.removed = unique(before.controllers.map(\.id).filter { !newIDs.contains($0) })
    func place(_ analysis: Analysis, _ id: String) -> [String?] {
      let h = analysis.hierarchy
      guard let index = h.controller(id: id) else { return [] }
      let parent = h.controllers[index].parent.map { h.controllers[$0].id }
      let presenter = analysis.presentation.presenter[index].map { h.controllers[$0].id }
      let root = h.windows.first { $0.root == index }?.id
      return [parent, presenter, root]
    }
    effect.moved = unique(
      after.controllers.map(\.id).filter {
        oldIDs.contains($0) && (movedHint.contains($0) || place(old, $0) != place(new, $0))
      })
    let onBefore = Set(
      before.controllers.indices.filter { old.onScreen[$0] }.map {
        before.controllers[$0].id
      })
    let onAfter = Set(
      after.controllers.indices.filter { new.onScreen[$0] }.map {
        after.controllers[$0].id
      })
    effect.newlyOnScreen = unique(
      after.controllers.map(\.id).filter {
        oldIDs.contains($0) && onAfter.contains($0) && !onBefore.contains($0)
      })
    effect.leftScreen = unique(
      before.controllers.map(\.id).filter {
        newIDs.contains($0) && onBefore.contains($0) && !onAfter.contains($0)
      })
    effect.topBefore = old.topViewController.map { before.controllers[$0].id }
    effect.topAfter = new.topViewController.map { after.controllers[$0].id }
  }

  private static func unique(_ ids: [String]) -> [String] {
    var seen = Set<String>()
    return ids.filter { seen.insert($0).inserted }
  }
}

/// The mutable state of one step being applied.
struct StepEditor {
  var hierarchy: Hierarchy
  let step: Step
  /// Ids removed by earlier steps, with the step that removed them (for error hints).
  let removedBy: [String: Int]
  /// Ids of existing controllers the step moved to another place.
  var moved: Set<String> = []
  var notes: [String] = []

  init(hierarchy: Hierarchy, step: Step, removedBy: [String: Int]) {
    self.hierarchy = hierarchy
    self.step = step
    self.removedBy = removedBy
  }

  private var controllers: [Controller] { hierarchy.controllers }
  private func id(_ index: ControllerIndex) -> String { controllers[index].id }

  // MARK: - Errors

  func location(_ key: String) -> SourceLocation { step.keyLocations[key] ?? step.location }

  /// A refusal: UIKit would not do this.
  func refused(_ message: String, at key: String? = nil, hint: String? = nil) -> VCGraphError {
    VCGraphError.data(message, at: key.map(location) ?? step.location, hint: hint)
  }

  /// The controller a step argument names.
  func controller(_ name: String, key: String) throws(VCGraphError) -> ControllerIndex {
    if let index = hierarchy.controller(id: name) { return index }
    if let number = removedBy[name] {
      throw VCGraphError.data(
        "no controller has the id '\(name)' at this step", at: location(key),
        hint: "step \(number) removed it")
    }
    throw VCGraphError.data(
      "no controller has the id '\(name)'", at: location(key),
      hint: suggestion(for: name, among: controllers.map(\.id)))
  }

  /// The nearest navigation controller above a controller, for "did you mean" hints.
  private func enclosingNavigation(of index: ControllerIndex) -> ControllerIndex? {
    var current = controllers[index].parent
    while let candidate = current {
      if controllers[candidate].kind == .navigation { return candidate }
      current = controllers[candidate].parent
    }
    return nil
  }

  private func requireNavigation(_ name: String) throws(VCGraphError) -> ControllerIndex {
    let nav = try controller(name, key: "on")
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

  private func list(_ indexes: [ControllerIndex]) -> String {
    indexes.map(id).joined(separator: ", ")
  }

  // MARK: - Operations

  mutating func perform() throws(VCGraphError) -> StepEffect {
    let (name, text) = try operate()
    var effect = StepEffect(operation: name, location: step.location, description: text)
    effect.notes = notes
    return effect
  }

  private mutating func operate() throws(VCGraphError) -> (String, String) {
    switch step.operation {
    case .present(let from, let new): return ("present", try present(from: from, new))
    case .dismiss(let from, let levels, let toClass):
      return ("dismiss", try dismiss(from: from, levels: levels, toClass: toClass))
    case .push(let on, let new): return ("push", try push(on: on, new))
    case .pop(let on): return ("pop", try pop(on: on))
    case .popTo(let on, let target): return ("popTo", try popTo(on: on, target: target))
    case .popToRoot(let on): return ("popToRoot", try popToRoot(on: on))
    case .select(let on, let index, let target):
      return ("select", try select(on: on, index: index, target: target))
    case .addChild(let parent, let new, let attach):
      return ("addChild", try addChild(parent: parent, new, attach: attach))
    case .removeFromParent(let target): return ("removeFromParent", try removeFromParent(target))
    case .show(let container, let child): return ("show", try show(container, child: child))
    case .makeKey(let window): return ("makeKey", try makeKey(window))
    }
  }

  /// `present {from, controller}`: S1 resolves the presenter; a presenter that is already
  /// presenting refuses.
  private mutating func present(from name: String, _ new: StepController) throws(VCGraphError)
    -> String
  {
    let requester = try controller(name, key: "from")
    let analysis = Analysis(hierarchy)
    let existing = try existingController(new)
    let style = existing.map { controllers[$0].style } ?? new.fragment.controllers[new.root].style
    let presenter = PresentationResolution.resolvePresenter(
      requestedBy: requester, style: style, in: hierarchy,
      presenters: analysis.presentation.presenter)
    guard analysis.window[presenter] != nil else {
      throw refused(
        "'\(id(presenter))' is in no window: UIKit does not present from a controller whose"
          + " view is not in the window hierarchy", at: "from")
    }
    if let current = analysis.presentation.presented[presenter] {
      let via = presenter == requester ? "" : " (the presenter S1 resolves for '\(name)')"
      throw refused(
        "'\(id(presenter))'\(via) is already presenting '\(id(current))': UIKit refuses the"
          + " presentation",
        hint: "dismiss '\(id(current))' first, or present from '\(id(current))'")
    }
    let root: ControllerIndex
    if let existing {
      if let parent = controllers[existing].parent {
        throw refused(
          "'\(id(existing))' is a child of '\(id(parent))': UIKit does not present a controller"
            + " that has a parent", at: "controller", hint: "remove it from its parent first")
      }
      if let by = analysis.presentation.presenter[existing] {
        throw refused(
          "'\(id(existing))' is already presented by '\(id(by))'", at: "controller")
      }
      if let window = hierarchy.windows.first(where: { $0.root == existing }) {
        throw refused(
          "'\(id(existing))' is the root of window '\(window.id)'", at: "controller")
      }
      if presentationAncestors(of: requester).contains(existing) {
        throw refused("'\(id(existing))' cannot present itself", at: "controller")
      }
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
    var text = "\(name) presents \(id(root)) (\(styleText(root)))"
    if presenter != requester { text += "; presenter: \(id(presenter))" }
    if slot != requester {
      notes.append(
        "'\(name)' already holds a presentation request; vcgraph records this one on"
          + " '\(id(slot))', which S1 resolves to the same presenter")
    }
    return text
  }

  /// The controller and everything it is contained in or presented from.
  private func presentationAncestors(of index: ControllerIndex) -> Set<ControllerIndex> {
    let analysis = Analysis(hierarchy)
    var result: Set<ControllerIndex> = []
    var current: ControllerIndex? = index
    while let candidate = current, result.insert(candidate).inserted {
      current = controllers[candidate].parent ?? analysis.presentation.presenter[candidate]
    }
    return result
  }

  /// A controller whose `presents` is free and from which S1 reaches `presenter` with
  /// `style`: `start`, then its containers, then the presenter itself.
  private func requestSlot(
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
  private mutating func dismiss(
    from name: String, levels: Int?, toClass: String?
  ) throws(VCGraphError) -> String {
    let from = try controller(name, key: "from")
    let analysis = Analysis(hierarchy)
    let at = location(levels != nil ? "levels" : toClass != nil ? "toClass" : "")
    let dismissal = try analysis.dismiss(from: from, levels: levels, toClass: toClass, at: at)
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

  /// `push {on, controller}`.
  private mutating func push(on name: String, _ new: StepController) throws(VCGraphError) -> String
  {
    let nav = try requireNavigation(name)
    let existing = try existingController(new)
    let kind = existing.map { controllers[$0].kind } ?? new.fragment.controllers[new.root].kind
    if kind == .navigation {
      throw refused(
        "a navigation controller cannot be pushed onto '\(name)': UIKit raises \"Pushing a"
          + " navigation controller is not supported\"", at: "controller",
        hint: "push its root controller, or present the navigation controller")
    }
    let pushed: ControllerIndex
    if let existing {
      if controllers[nav].children.contains(existing) {
        throw refused(
          "'\(id(existing))' is already in the stack of '\(name)': UIKit raises \"Pushing the"
            + " same view controller instance more than once is not supported\"",
          at: "controller", hint: "use popTo to go back to it")
      }
      try detachForMove(existing, into: nav)
      pushed = existing
    } else {
      pushed = try append(new)
    }
    hierarchy.controllers[pushed].parent = nav
    hierarchy.controllers[nav].children.append(pushed)
    return "push \(id(pushed)) on \(name)"
  }

  /// `pop {on}`: UIKit's popViewController returns nil when only the root is left; vcgraph
  /// refuses it.
  private mutating func pop(on name: String) throws(VCGraphError) -> String {
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
  private mutating func popTo(on name: String, target: String) throws(VCGraphError) -> String {
    let nav = try requireNavigation(name)
    let index = try controller(target, key: "controller")
    let stack = controllers[nav].children
    guard let position = stack.firstIndex(of: index) else {
      throw refused(
        "'\(target)' is not in the stack of '\(name)': UIKit's popToViewController needs a"
          + " controller on the stack", at: "controller",
        hint: stack.isEmpty ? "the stack is empty" : "the stack is: \(list(stack))")
    }
    let popped = Array(stack[(position + 1)...])
    if popped.isEmpty { return "popTo \(target) on \(name): nothing to pop, \(target) is on top" }
    let names = list(popped)
    remove(popped, analysis: Analysis(hierarchy))
    return "popTo \(target) on \(name): pops \(names)"
  }

  /// `popToRoot {on}`.
  private mutating func popToRoot(on name: String) throws(VCGraphError) -> String {
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

  /// `select {on, index | controller}`.
  private mutating func select(
    on name: String, index: Int?, target: String?
  ) throws(VCGraphError) -> String {
    let tabs = try controller(name, key: "on")
    guard controllers[tabs].kind == .tabBar else {
      throw refused(
        "'\(name)' is a \(controllers[tabs].kind.uikitClass), not a tab bar controller; only a"
          + " UITabBarController selects tabs", at: "on",
        hint: controllers[tabs].kind == .plain && !controllers[tabs].children.isEmpty
          ? "a custom container switches children with `show`" : nil)
    }
    let children = controllers[tabs].children
    let selected: Int
    if let index {
      guard children.indices.contains(index) else {
        let range =
          children.isEmpty
          ? "it has no tabs"
          : "it has \(children.count) tab"
            + (children.count == 1 ? "" : "s") + " (0–\(children.count - 1))"
        throw refused("selectedIndex \(index) is out of range for '\(name)': \(range)", at: "index")
      }
      selected = index
    } else {
      let child = try controller(target!, key: "controller")
      guard let position = children.firstIndex(of: child) else {
        throw refused(
          "'\(target!)' is not a tab of '\(name)'", at: "controller",
          hint: children.isEmpty ? nil : "its tabs are: \(list(children))")
      }
      selected = position
    }
    let previous = Analysis(hierarchy).selectedTab(tabs)
    hierarchy.controllers[tabs].selectedIndex = selected
    var text = "select tab \(selected) (\(id(children[selected]))) on \(name)"
    if previous == selected { text += ": already selected" }
    if selected >= 5 && children.count > 5 {
      notes.append(
        "tab \(selected) is past the fifth: it is shown under the More navigation controller")
    }
    return text
  }

  /// `addChild {parent, controller [, attach]}`: `attach: false` adds the child without
  /// adding its view to the container's view.
  private mutating func addChild(
    parent name: String, _ new: StepController, attach: Bool
  ) throws(VCGraphError) -> String {
    let parent = try controller(name, key: "parent")
    switch controllers[parent].kind {
    case .plain: break
    case .navigation:
      throw refused(
        "'\(name)' is a navigation controller: its children are its stack", at: "parent",
        hint: "use push")
    case .tabBar, .split, .page:
      throw refused(
        "'\(name)' is a \(controllers[parent].kind.uikitClass): it manages its children through"
          + " viewControllers, not addChild", at: "parent",
        hint: controllers[parent].kind == .tabBar ? "describe the tab in the file" : nil)
    case .alert:
      throw refused("'\(name)' is a UIAlertController: it has no child controllers", at: "parent")
    }
    let wasAttached = Analysis(hierarchy).shownChildren(of: parent)
    let child: ControllerIndex
    var reordered = false
    if let existing = try existingController(new) {
      if controllers[existing].parent == parent {
        // UIKit removes a child from its container before adding it again: it moves last.
        hierarchy.controllers[parent].children.removeAll { $0 == existing }
        reordered = true
      } else {
        try detachForMove(existing, into: parent)
      }
      child = existing
    } else {
      child = try append(new)
    }
    hierarchy.controllers[child].parent = parent
    hierarchy.controllers[parent].children.append(child)
    let attached = wasAttached.filter { $0 != child }
    if attach {
      if controllers[parent].view != nil {
        if !Analysis(hierarchy).shownChildren(of: parent).contains(child) {
          addHostView(in: parent, for: child)
        }
      } else if let showing = controllers[parent].showing {
        // Two attached views in a one-child switcher: the seed-001 stacking, made explicit.
        createViewTree(for: parent, hosting: [showing, child])
      }
    } else {
      if controllers[parent].view == nil && controllers[parent].showing == nil {
        createViewTree(for: parent, hosting: attached)
      } else if controllers[parent].view != nil {
        removeHostViews(in: parent, for: child)
      }
    }
    var text = "addChild \(id(child)) to \(name)"
    text += attach ? " (view attached)" : " (view not attached)"
    if reordered { text += "; it was already a child and moves last" }
    return text
  }

  /// `removeFromParent {controller}`: vcgraph applies the full removal idiom
  /// (`willMove(toParent: nil)`, `view.removeFromSuperview()`, `removeFromParent()`): the
  /// controller leaves its parent with its subtree, and its hosted view leaves the parent's
  /// view tree.
  private mutating func removeFromParent(_ name: String) throws(VCGraphError) -> String {
    let child = try controller(name, key: "controller")
    guard let parent = controllers[child].parent else {
      var hint: String?
      if let by = Analysis(hierarchy).presentation.presenter[child] {
        hint = "it is presented by '\(id(by))'; use dismiss"
      } else if let window = hierarchy.windows.first(where: { $0.root == child }) {
        hint = "it is the root of window '\(window.id)'"
      }
      throw refused(
        "'\(name)' has no parent: removeFromParent does nothing", at: "controller", hint: hint)
    }
    let parentName = id(parent)
    detachFromParent(child)
    remove([child], analysis: Analysis(hierarchy))
    return "\(name) removed from \(parentName)"
  }

  /// `show {container, child}`: the seed-001 switcher attaches one child's view.
  private mutating func show(_ name: String, child childName: String) throws(VCGraphError) -> String
  {
    let container = try controller(name, key: "container")
    let kind = controllers[container].kind
    guard kind == .plain else {
      let hint: String? =
        switch kind {
        case .tabBar: "use select"
        case .navigation: "use push or popTo"
        default: nil
        }
      throw refused(
        "'\(name)' is a \(kind.uikitClass): `show` swaps the attached child of a custom"
          + " container", at: "container", hint: hint)
    }
    let child = try controller(childName, key: "child")
    let children = controllers[container].children
    guard children.contains(child) else {
      var hint = children.isEmpty ? "it has no children" : "its children are: \(list(children))"
      if let other = controllers[child].parent { hint = "it is a child of '\(id(other))'; " + hint }
      throw refused("'\(childName)' is not a child of '\(name)'", at: "child", hint: hint)
    }
    let before = Analysis(hierarchy).shownChildren(of: container)
    hierarchy.controllers[container].showing = child
    if let root = controllers[container].view {
      let hosts = hostViews(in: root).filter { children.contains(hierarchy.views[$0].hosts!) }
      if hosts.contains(where: { hierarchy.views[$0].hosts == child }) {
        for view in hosts where hierarchy.views[view].hosts != child { detachView(view) }
      } else if let first = hosts.first {
        hierarchy.views[first].hosts = child
        for view in hosts.dropFirst() { detachView(view) }
      } else {
        addHostView(in: container, for: child)
      }
    }
    let others = before.filter { $0 != child }
    if before == [child] { return "\(name) shows \(childName): already showing it" }
    return "\(name) shows \(childName)" + (others.isEmpty ? "" : " (was \(list(others)))")
  }

  /// `makeKey {window}`: that window becomes key and the others of its scene resign.
  private mutating func makeKey(_ name: String) throws(VCGraphError) -> String {
    guard let window = hierarchy.windows.firstIndex(where: { $0.id == name }) else {
      throw refused(
        "no window has the id '\(name)'", at: "window",
        hint: suggestion(for: name, among: hierarchy.windows.map(\.id))
          ?? "the windows are: " + hierarchy.windows.map(\.id).joined(separator: ", "))
    }
    let scene = hierarchy.windows[window].scene
    let previous = hierarchy.windows.indices.filter {
      hierarchy.windows[$0].scene == scene && hierarchy.windows[$0].isKey
    }
    for index in hierarchy.windows.indices where hierarchy.windows[index].scene == scene {
      hierarchy.windows[index].isKey = index == window
    }
    if previous == [window] { return "window \(name) is already key" }
    let was = previous.map { hierarchy.windows[$0].id }
    return "window \(name) becomes key"
      + (was.isEmpty ? "" : " (was \(was.joined(separator: ", ")))")
  }

  // MARK: - Inserting controllers

  /// An inline controller that names an existing controller: same explicit `id`, same class,
  /// nothing else written (like a controller written twice in a file, it is the same one).
  /// Another controller with the same id is an error.
  private func existingController(_ new: StepController) throws(VCGraphError) -> ControllerIndex? {
    let written = new.fragment.controllers[new.root]
    guard written.keyLocations["id"] != nil, let existing = hierarchy.controller(id: written.id)
    else { return nil }
    let onlyNamed =
      new.fragment.controllers.count == 1 && new.fragment.views.isEmpty
      && Set(written.keyLocations.keys).isSubset(of: ["id", "class"])
    if controllers[existing].className == written.className && onlyNamed { return existing }
    throw VCGraphError.data(
      "the id '\(written.id)' is already used by a controller in the hierarchy",
      at: written.location(of: "id"),
      hint: controllers[existing].className == written.className
        ? "to move that controller, write only `{ class: \(written.className), id: \(written.id) }`"
        : "ids must be unique")
  }

  /// Appends a step's inline controller (and everything nested in it) to the arena; returns
  /// the new index of its root. Explicit ids must be new; generated ones are renumbered.
  private mutating func append(_ new: StepController) throws(VCGraphError) -> ControllerIndex {
    let fragment = new.fragment
    let offset = controllers.count
    let viewOffset = hierarchy.views.count
    let existingIDs = Set(controllers.map(\.id)).union(hierarchy.views.compactMap(\.id))
    var taken = existingIDs
    var renamed: [ControllerIndex: String] = [:]
    for (index, controller) in fragment.controllers.enumerated()
    where fragment.secondPlacements[index] == nil {
      var name = controller.id
      if taken.contains(name) {
        if controller.keyLocations["id"] != nil {
          throw VCGraphError.data(
            "the id '\(name)' is already used by a controller in the hierarchy",
            at: controller.location(of: "id"), hint: "ids must be unique")
        }
        var number = 2
        while taken.contains("\(controller.className)-\(number)") { number += 1 }
        name = "\(controller.className)-\(number)"
      }
      taken.insert(name)
      renamed[index] = name
    }
    for view in fragment.views {
      if let name = view.id, existingIDs.contains(name) {
        throw VCGraphError.data(
          "the id '\(name)' is already used in the hierarchy", at: view.location,
          hint: "ids must be unique")
      }
    }
    for (index, var controller) in fragment.controllers.enumerated() {
      controller.children = controller.children.map { $0 + offset }
      controller.parent = controller.parent.map { $0 + offset }
      controller.showing = controller.showing.map { $0 + offset }
      controller.presents = controller.presents.map { $0 + offset }
      controller.requestedBy = controller.requestedBy.map { $0 + offset }
      controller.view = controller.view.map { $0 + viewOffset }
      if let original = fragment.secondPlacements[index] {
        let name = renamed[original] ?? controller.id
        controller.id = ""
        let added = hierarchy.add(controller)
        hierarchy.controllers[added].id = name
        hierarchy.secondPlacements[added] = original + offset
      } else {
        controller.id = ""
        let added = hierarchy.add(controller)
        hierarchy.rename(added, to: renamed[index]!)
      }
    }
    for var view in fragment.views {
      view.subviews = view.subviews.map { $0 + viewOffset }
      view.superview = view.superview.map { $0 + viewOffset }
      view.hosts = view.hosts.map { $0 + offset }
      view.treeOwner += offset
      hierarchy.views.append(view)
    }
    return new.root + offset
  }

  /// Takes an existing controller out of its place so it can be added elsewhere (UIKit's
  /// addChild and push remove a child from its previous container first).
  private mutating func detachForMove(
    _ index: ControllerIndex, into container: ControllerIndex
  ) throws(VCGraphError) {
    let analysis = Analysis(hierarchy)
    if let by = analysis.presentation.presenter[index] {
      throw refused(
        "'\(id(index))' is presented by '\(id(by))': dismiss it before adding it elsewhere",
        at: "controller")
    }
    if let window = hierarchy.windows.first(where: { $0.root == index }) {
      throw refused("'\(id(index))' is the root of window '\(window.id)'", at: "controller")
    }
    if presentationAncestors(of: container).contains(index) {
      throw refused(
        "'\(id(index))' contains '\(id(container))': it cannot be added inside itself",
        at: "controller")
    }
    keepPresentations(of: Set(subtree(of: index)), analysis: analysis)
    if controllers[index].parent != nil { detachFromParent(index) }
    hierarchy.detachedRoots.removeAll { $0 == index }
    moved.insert(id(index))
  }

  /// Removes a controller from its parent's children (and its view from the parent's view),
  /// keeping the parent's selection and attached children consistent.
  private mutating func detachFromParent(_ child: ControllerIndex) {
    guard let parent = controllers[child].parent else { return }
    let position = controllers[parent].children.firstIndex(of: child)!
    if controllers[parent].kind == .tabBar {
      let selected = controllers[parent].selectedIndex ?? 0
      let count = controllers[parent].children.count - 1
      if position < selected || selected >= count {
        hierarchy.controllers[parent].selectedIndex = max(0, min(selected - 1, count - 1))
      }
    }
    if controllers[parent].kind == .plain {
      if controllers[parent].view != nil {
        removeHostViews(in: parent, for: child)
      } else if controllers[parent].showing == child {
        // No child is attached any more; without a view tree, `showing: nil` would mean "all".
        hierarchy.controllers[parent].showing = nil
        createViewTree(for: parent, hosting: [])
      }
      if controllers[parent].showing == child { hierarchy.controllers[parent].showing = nil }
    }
    hierarchy.controllers[parent].children.remove(at: position)
    hierarchy.controllers[child].parent = nil
  }

  // MARK: - Views

  /// The views under `root` that stand for a controller's root view, in tree order.
  private func hostViews(in root: ViewIndex) -> [ViewIndex] {
    var result: [ViewIndex] = []
    var stack = [root]
    while let view = stack.popLast() {
      if hierarchy.views[view].hosts != nil { result.append(view) }
      stack.append(contentsOf: hierarchy.views[view].subviews.reversed())
    }
    return result
  }

  private mutating func removeHostViews(in container: ControllerIndex, for child: ControllerIndex) {
    guard let root = controllers[container].view else { return }
    for view in hostViews(in: root) where hierarchy.views[view].hosts == child { detachView(view) }
  }

  private mutating func detachView(_ view: ViewIndex) {
    if let superview = hierarchy.views[view].superview {
      hierarchy.views[superview].subviews.removeAll { $0 == view }
    }
    hierarchy.views[view].superview = nil
    hierarchy.views[view].hosts = nil
  }

  /// Adds `child`'s root view to the container's view tree, beside the other hosted children
  /// (else at the root).
  private mutating func addHostView(in container: ControllerIndex, for child: ControllerIndex) {
    guard let root = controllers[container].view else { return }
    let siblings = hostViews(in: root).filter {
      controllers[container].children.contains(hierarchy.views[$0].hosts!)
    }
    let superview = siblings.last.flatMap { hierarchy.views[$0].superview } ?? root
    var view = View(id: nil, className: "UIView", treeOwner: container, location: step.location)
    view.superview = superview
    view.hosts = child
    hierarchy.views.append(view)
    hierarchy.views[superview].subviews.append(hierarchy.views.count - 1)
  }

  /// A container without a view tree attaches all its children (or `showing`). To say that
  /// only some are attached, vcgraph gives it a root view hosting exactly those.
  private mutating func createViewTree(
    for container: ControllerIndex, hosting children: [ControllerIndex]
  ) {
    let name = "\(id(container)).view"
    let free = hierarchy.view(id: name) == nil && hierarchy.controller(id: name) == nil
    let root = View(
      id: free ? name : nil, className: "UIView", treeOwner: container, location: step.location)
    hierarchy.views.append(root)
    hierarchy.controllers[container].view = hierarchy.views.count - 1
    for child in children { addHostView(in: container, for: child) }
    notes.append(
      "'\(id(container))' had no view tree; vcgraph gives it a root view hosting "
        + (children.isEmpty ? "no child" : list(children)) + " to show which views are attached")
  }

  // MARK: - Removing controllers

  /// The controller, its children and what it presents, recursively.
  private func subtree(of index: ControllerIndex) -> [ControllerIndex] {
    let analysis = Analysis(hierarchy)
    var result: [ControllerIndex] = []
    var seen: Set<ControllerIndex> = []
    var stack = [index]
    while let current = stack.popLast() {
      guard seen.insert(current).inserted else { continue }
      result.append(current)
      stack.append(contentsOf: controllers[current].children)
      if let presented = analysis.presentation.presented[current] { stack.append(presented) }
    }
    return result.sorted()
  }

  /// Presentations requested from inside `group` but made by a presenter outside it stay
  /// with that presenter (UIKit's presenter holds them): their requests move to a controller
  /// outside the group. Returns the presented controllers that could not be kept.
  @discardableResult
  private mutating func keepPresentations(
    of group: Set<ControllerIndex>, analysis: Analysis
  ) -> [ControllerIndex] {
    var lost: [ControllerIndex] = []
    for requester in group.sorted() {
      guard let presented = controllers[requester].presents,
        let presenter = analysis.presentation.presenter[presented], !group.contains(presenter),
        !group.contains(presented)
      else { continue }
      let style = controllers[presented].style
      guard
        let slot = try? requestSlot(
          for: presenter, style: style, startingAt: presenter, excluding: group,
          presenters: analysis.presentation.presenter)
      else {
        lost.append(presented)
        continue
      }
      hierarchy.controllers[requester].presents = nil
      hierarchy.controllers[slot].presents = presented
      hierarchy.controllers[presented].requestedBy = slot
      notes.append(
        "\(id(presenter)) keeps presenting \(id(presented)) (requested by \(id(requester)),"
          + " which leaves)")
    }
    return lost
  }

  /// Removes controllers with everything they contain and present, then rebuilds the arena
  /// compactly.
  private mutating func remove(_ roots: [ControllerIndex], analysis: Analysis) {
    var removed: Set<ControllerIndex> = []
    var pending = roots
    while !pending.isEmpty {
      var stack = pending
      pending = []
      while let current = stack.popLast() {
        guard removed.insert(current).inserted else { continue }
        stack.append(contentsOf: controllers[current].children)
        if let presented = analysis.presentation.presented[current] { stack.append(presented) }
        // A request that was refused leaves with its requester.
        if let requested = controllers[current].presents,
          analysis.presentation.presenter[requested] == nil
        {
          stack.append(requested)
        }
        // Controllers whose views only this one's view tree held (no parent, not presented).
        if let view = controllers[current].view {
          for hosted in analysis.hostedControllers(inTreeOf: view)
          where controllers[hosted].parent == nil && analysis.presentation.presenter[hosted] == nil
            && !hierarchy.windows.contains(where: { $0.root == hosted })
          {
            stack.append(hosted)
          }
        }
      }
      pending = keepPresentations(of: removed, analysis: analysis).filter {
        !removed.contains($0)
      }
    }
    for index in removed {
      if let parent = controllers[index].parent, !removed.contains(parent) {
        detachFromParent(index)
      }
    }
    hierarchy = hierarchy.compacted(removing: removed)
  }

  /// After a step frees a presenter, a presentation UIKit refused earlier must not happen now:
  /// its request is dropped and the controller stays outside every window.
  mutating func forgetRefusedRequests(before: Analysis) {
    let refused = Set(
      before.presentation.refused.map { before.hierarchy.controllers[$0.presented].id })
    guard !refused.isEmpty else { return }
    let after = Analysis(hierarchy)
    for index in controllers.indices
    where refused.contains(id(index)) && after.presentation.presenter[index] != nil {
      if let requester = controllers[index].requestedBy {
        hierarchy.controllers[requester].presents = nil
      }
      hierarchy.controllers[index].requestedBy = nil
      hierarchy.detachedRoots.append(index)
      notes.append("\(id(index)) was refused before this step and stays unpresented")
    }
  }

  /// The style as the review shows it.
  private func styleText(_ index: ControllerIndex) -> String {
    let controller = controllers[index]
    if controller.kind == .alert && controller.modalPresentationStyle == nil { return "alert" }
    let resolved = controller.style.resolved
    if controller.modalPresentationStyle == nil { return "automatic → \(resolved.rawValue)" }
    if resolved == .popover && hierarchy.device == .iPhone {
      return "popover, as a sheet on iPhone"
    }
    return resolved.rawValue
  }
}

extension Hierarchy {
  /// The hierarchy without the `removed` controllers, their views and the views that host
  /// them, with every index renumbered; relative order (document order) is kept.
  func compacted(removing removed: Set<ControllerIndex>) -> Hierarchy {
    var result = Hierarchy(path: path)
    result.title = title
    result.device = device
    result.superclasses = superclasses
    result.requests = requests
    result.ignoredRules = ignoredRules
    result.steps = steps
    var map = [ControllerIndex?](repeating: nil, count: controllers.count)
    var next = 0
    for index in controllers.indices where !removed.contains(index) {
      map[index] = next
      next += 1
    }
    // Views: those reachable from a kept controller's root view, without hosts of removed ones.
    var viewMap = [ViewIndex?](repeating: nil, count: views.count)
    var keptViews: [ViewIndex] = []
    for index in controllers.indices where map[index] != nil {
      guard let root = controllers[index].view else { continue }
      var stack = [root]
      while let view = stack.popLast() {
        if let hosted = views[view].hosts, map[hosted] == nil { continue }
        guard viewMap[view] == nil else { continue }
        viewMap[view] = -1
        keptViews.append(view)
        stack.append(contentsOf: views[view].subviews.reversed())
      }
    }
    keptViews.sort()
    for (position, view) in keptViews.enumerated() { viewMap[view] = position }
    func controller(_ index: ControllerIndex?) -> ControllerIndex? { index.flatMap { map[$0] } }
    func view(_ index: ViewIndex?) -> ViewIndex? { index.flatMap { viewMap[$0] } }
    for index in controllers.indices where map[index] != nil {
      var copy = controllers[index]
      copy.children = copy.children.compactMap { map[$0] }
      copy.parent = controller(copy.parent)
      copy.showing = controller(copy.showing)
      copy.presents = controller(copy.presents)
      copy.requestedBy = controller(copy.requestedBy)
      copy.view = view(copy.view)
      let name = copy.id
      copy.id = ""
      let added = result.add(copy)
      if secondPlacements[index] != nil {
        result.controllers[added].id = name
      } else {
        result.rename(added, to: name)
      }
    }
    for kept in keptViews {
      var copy = views[kept]
      copy.subviews = copy.subviews.compactMap { viewMap[$0] }
      copy.superview = view(copy.superview)
      copy.hosts = controller(copy.hosts)
      copy.treeOwner = map[copy.treeOwner]!
      result.views.append(copy)
    }
    result.windows = windows.map { window in
      var copy = window
      copy.root = map[window.root]!
      return copy
    }
    result.scenes = scenes
    result.detachedRoots = detachedRoots.compactMap { map[$0] }
    for (second, first) in secondPlacements {
      if let second = map[second], let first = map[first] {
        result.secondPlacements[second] = first
      }
    }
    return result
  }
}
