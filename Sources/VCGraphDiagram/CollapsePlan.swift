import VCGraphCore

/// Which off-screen subtrees are drawn as one node: those with more controllers than the
/// threshold that hold nothing an annotation points at.
struct CollapsePlan {
  /// Controllers hidden inside a collapsed node, mapped to that node's root controller (the
  /// root maps to itself).
  private(set) var collapsedInto: [ControllerIndex: ControllerIndex] = [:]
  /// Sizes of collapsed subtrees, by their root.
  private(set) var sizes: [ControllerIndex: Int] = [:]

  /// Nothing collapses.
  init() {}

  /// Plans the collapsing of `report`'s hierarchy; `badged` controllers carry a badge.
  init(report: AnalysisReport, badged: Set<ControllerIndex>, threshold: Int) {
    let hierarchy = report.analysis.hierarchy
    let analysis = report.analysis
    let controllers = hierarchy.controllers
    let count = controllers.count
    guard count > threshold else { return }
    var interesting = Array(repeating: false, count: count)
    for index in controllers.indices {
      if analysis.onScreen[index] || badged.contains(index) || controllers[index].presents != nil
        || controllers[index].requestedBy != nil || controllers[index].view != nil
      {
        interesting[index] = true
      }
    }
    for view in hierarchy.views { if let hosted = view.hosts { interesting[hosted] = true } }
    for chain in report.responderChains {
      for case .controller(let index) in chain.responders { interesting[index] = true }
    }
    for dismissal in report.dismissals {
      for index in dismissal.removed + [dismissal.receiver] { interesting[index] = true }
    }
    // Subtree sizes and whether anything inside is interesting, children before parents
    // (children always follow their parent in document order).
    var size = Array(repeating: 1, count: count)
    var keep = interesting
    for index in controllers.indices.reversed() {
      if let parent = controllers[index].parent {
        size[parent] += size[index]
        if keep[index] { keep[parent] = true }
      }
    }
    for index in controllers.indices {
      guard let parent = controllers[index].parent, collapsedInto[parent] == nil,
        collapsedInto[index] == nil, !keep[index], size[index] > threshold
      else { continue }
      sizes[index] = size[index]
      var stack = [index]
      while let current = stack.popLast() {
        collapsedInto[current] = index
        stack.append(contentsOf: controllers[current].children)
      }
    }
  }

  /// Whether the controller is drawn as its own node (not inside a collapsed subtree).
  func isDrawn(_ index: ControllerIndex) -> Bool { collapsedInto[index] == nil }

  /// The node that stands for a controller: its own, the collapsed node when it is a collapsed
  /// subtree's root, or nil when it is hidden inside one.
  func node(_ index: ControllerIndex) -> Diagram.NodeID? {
    if let root = collapsedInto[index] { return root == index ? .controller(index) : nil }
    return .controller(index)
  }
}
