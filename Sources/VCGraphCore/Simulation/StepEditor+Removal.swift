/// Controllers leaving the hierarchy with everything they contain and present.
extension StepEditor {
  /// The controller, its children and what it presents, recursively.
  func subtree(of index: ControllerIndex) -> [ControllerIndex] {
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
  mutating func keepPresentations(
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
  mutating func remove(_ roots: [ControllerIndex], analysis: Analysis) {
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
}
