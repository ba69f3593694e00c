/// Adding a step's controllers to the arena, and taking existing ones out of their place
/// to move them.
extension StepEditor {
  /// An inline controller that names an existing controller: same explicit `id`, same class,
  /// nothing else written (like a controller written twice in a file, it is the same one).
  /// Another controller with the same id is an error.
  func existingController(_ new: StepController) throws(VCGraphError) -> ControllerIndex? {
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
  mutating func append(_ new: StepController) throws(VCGraphError) -> ControllerIndex {
    let fragment = new.fragment
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
    return new.root + hierarchy.append(fragment, ids: renamed)
  }

  /// Takes an existing controller out of its place so it can be added elsewhere (UIKit's
  /// addChild and push remove a child from its previous container first).
  mutating func detachForMove(
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
  mutating func detachFromParent(_ child: ControllerIndex) {
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
}
