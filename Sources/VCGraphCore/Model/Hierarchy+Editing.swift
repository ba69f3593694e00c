/// Editing the arena: renumbering indexes when controllers and views are appended or removed.
///
/// Every index a controller or a view holds is renumbered in `renumber(controllers:views:)`
/// and nowhere else, so a new index field on `Controller` or `View` is added there once and
/// both appending a fragment and compacting after a removal follow.
extension Controller {
  /// Maps every controller and view index this controller holds through `controller` and
  /// `view`; an index they map to nil (a controller or view that is gone) is dropped.
  mutating func renumber(
    controllers controller: (ControllerIndex) -> ControllerIndex?,
    views view: (ViewIndex) -> ViewIndex?
  ) {
    children = children.compactMap(controller)
    parent = parent.flatMap(controller)
    showing = showing.flatMap(controller)
    presents = presents.flatMap(controller)
    requestedBy = requestedBy.flatMap(controller)
    self.view = self.view.flatMap(view)
  }
}

extension View {
  /// Maps every controller and view index this view holds through `controller` and `view`; an
  /// index they map to nil is dropped. The tree's owner always stays (a view is kept only with
  /// its owner).
  mutating func renumber(
    controllers controller: (ControllerIndex) -> ControllerIndex?,
    views view: (ViewIndex) -> ViewIndex?
  ) {
    subviews = subviews.compactMap(view)
    superview = superview.flatMap(view)
    hosts = hosts.flatMap(controller)
    treeOwner = controller(treeOwner)!
  }
}

extension Hierarchy {
  /// Appends a controller under `id`. A second placement (S6) shares its first placement's id,
  /// which the id index keeps naming the first.
  @discardableResult
  mutating func add(
    _ controller: Controller, named id: String, isSecondPlacement: Bool
  ) -> ControllerIndex {
    var controller = controller
    controller.id = ""
    let added = add(controller)
    if isSecondPlacement {
      controllers[added].id = id
    } else {
      rename(added, to: id)
    }
    return added
  }

  /// Appends a fragment's controllers and views (a step's inline controller with everything
  /// nested in it) after this hierarchy's, renumbered. `ids` names each of the fragment's
  /// controllers that is not a second placement, by fragment index. Returns the number added to
  /// the fragment's controller indexes.
  mutating func append(_ fragment: Hierarchy, ids: [ControllerIndex: String]) -> Int {
    let offset = controllers.count
    let viewOffset = views.count
    for (index, var controller) in fragment.controllers.enumerated() {
      controller.renumber(controllers: { $0 + offset }, views: { $0 + viewOffset })
      if let original = fragment.secondPlacements[index] {
        let added = add(
          controller, named: ids[original] ?? controller.id, isSecondPlacement: true)
        secondPlacements[added] = original + offset
      } else {
        add(controller, named: ids[index]!, isSecondPlacement: false)
      }
    }
    for var view in fragment.views {
      view.renumber(controllers: { $0 + offset }, views: { $0 + viewOffset })
      views.append(view)
    }
    return offset
  }

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
    for index in controllers.indices where map[index] != nil {
      var copy = controllers[index]
      copy.renumber(controllers: { map[$0] }, views: { viewMap[$0] })
      result.add(copy, named: copy.id, isSecondPlacement: secondPlacements[index] != nil)
    }
    for kept in keptViews {
      var copy = views[kept]
      copy.renumber(controllers: { map[$0] }, views: { viewMap[$0] })
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
