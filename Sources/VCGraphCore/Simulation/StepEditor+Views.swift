/// The views that stand for children's root views in a container's view tree.
extension StepEditor {
  /// The views under `root` that stand for a controller's root view, in tree order.
  func hostViews(in root: ViewIndex) -> [ViewIndex] {
    var result: [ViewIndex] = []
    var stack = [root]
    while let view = stack.popLast() {
      if hierarchy.views[view].hosts != nil { result.append(view) }
      stack.append(contentsOf: hierarchy.views[view].subviews.reversed())
    }
    return result
  }

  mutating func removeHostViews(in container: ControllerIndex, for child: ControllerIndex) {
    guard let root = controllers[container].view else { return }
    for view in hostViews(in: root) where hierarchy.views[view].hosts == child { detachView(view) }
  }

  mutating func detachView(_ view: ViewIndex) {
    if let superview = hierarchy.views[view].superview {
      hierarchy.views[superview].subviews.removeAll { $0 == view }
    }
    hierarchy.views[view].superview = nil
    hierarchy.views[view].hosts = nil
  }

  /// Adds `child`'s root view to the container's view tree, beside the other hosted children
  /// (else at the root).
  mutating func addHostView(in container: ControllerIndex, for child: ControllerIndex) {
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
  mutating func createViewTree(
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
}
