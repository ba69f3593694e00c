/// `addChild`, `removeFromParent` and `show` on a custom container.
extension StepEditor {
  /// `addChild {parent, controller [, attach]}`: `attach: false` adds the child without
  /// adding its view to the container's view.
  mutating func addChild(
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
    let verdict = UIKitModel(hierarchy).addChild(
      className: controllers[child].className, kind: controllers[child].kind, to: parent)
    for caveat in verdict.caveats {
      notes.append("'\(id(child))' " + (caveat.note ?? caveat.appleDocumentation))
    }
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
  mutating func removeFromParent(_ name: String) throws(VCGraphError) -> String {
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
  mutating func show(_ name: String, child childName: String) throws(VCGraphError) -> String {
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
}
