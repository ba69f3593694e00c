/// Which controller of one hierarchy is which controller of another: the pairing
/// `vcgraph diff` compares. Pure Swift, no I/O.
///
/// Controllers are paired in two phases:
/// 1. **By id**: two controllers with the same *given* id and the same class. An id is given
///    unless it is what the loaders generate for a controller written without one: its class
///    name, or its class name followed by `-N`. (A dump's addresses and a storyboard's
///    identifiers are given ids.)
/// 2. **By class and position**, for the controllers left: starting from the pairs already
///    made and from the windows' roots (windows paired in document order; controllers in no
///    window in document order), each pair pairs its unpaired neighbours. A position is the
///    slot a controller holds below its parent or presenter: a container's child slot (the
///    stack position, tab, split column, page or custom child) with its index, or the
///    controller it presents (S1: the presenter that actually presents, so a description that
///    writes `presents` on the requester and a dump that prints it under the presenter agree).
///    Within one pair's children, unpaired children are paired in passes, each taking only
///    controllers of the same class: the same index and the same shape (the classes of the
///    whole containment subtree), then the same shape in order; the same index and the same
///    spine (the classes down the first children: a navigation controller's root controller),
///    then the same spine in order; then the same index, then in order. So two controllers
///    pair when the chains of classes and slot indexes from their windows' roots are the same,
///    and a tab inserted before others or a controller pushed on a stack does not unpair its
///    siblings.
public struct ControllerMatching: Sendable, Equatable {
  /// For each controller of the first hierarchy, its counterpart in the second.
  public private(set) var afterOf: [ControllerIndex?]
  /// For each controller of the second hierarchy, its counterpart in the first.
  public private(set) var beforeOf: [ControllerIndex?]
  /// How many pairs were made by id, and by class and position.
  public private(set) var pairedByID = 0
  public private(set) var pairedByPosition = 0

  /// Pairs the controllers of `before` and `after`; `beforePresentation` and
  /// `afterPresentation` say who actually presents whom in each (S1).
  public init(
    before: Hierarchy, after: Hierarchy, beforePresentation: PresentationResolution,
    afterPresentation: PresentationResolution
  ) {
    afterOf = Array(repeating: nil, count: before.controllers.count)
    beforeOf = Array(repeating: nil, count: after.controllers.count)
    var queue: [(ControllerIndex, ControllerIndex)] = []
    for (index, controller) in before.controllers.enumerated()
    where Self.isGiven(controller.id, className: controller.className) {
      guard let other = after.controller(id: controller.id), beforeOf[other] == nil,
        afterOf[index] == nil, after.controllers[other].className == controller.className
      else { continue }
      pair(index, other, byID: true)
      queue.append((index, other))
    }
    // Roots: windows in document order, then controllers in no window.
    let sides = Sides(
      before: before, after: after, beforeSignatures: Self.signatures(of: before),
      afterSignatures: Self.signatures(of: after))
    for (beforeWindow, afterWindow) in zip(before.windows, after.windows) {
      let b = beforeWindow.root
      let a = afterWindow.root
      if afterOf[b] == nil, beforeOf[a] == nil,
        before.controllers[b].className == after.controllers[a].className
      {
        pair(b, a, byID: false)
        queue.append((b, a))
      }
    }
    for (b, a) in sides.slotPairs(
      before.detachedRoots.map { ($0, 0) }, after.detachedRoots.map { ($0, 0) },
      matching: self, indexed: false)
    {
      pair(b, a, byID: false)
      queue.append((b, a))
    }
    // Pairs pair their neighbours; every controller is below one parent or presenter on each
    // side, so the order in which pairs are visited changes nothing.
    var next = 0
    while next < queue.count {
      let (b, a) = queue[next]
      next += 1
      let children = sides.slotPairs(
        before.controllers[b].children.enumerated().map { ($1, $0) },
        after.controllers[a].children.enumerated().map { ($1, $0) }, matching: self,
        indexed: true)
      var found = children
      let presented = [
        (beforePresentation.presented[b], afterPresentation.presented[a]),
        (
          Self.refusedRequest(of: b, in: before, beforePresentation),
          Self.refusedRequest(of: a, in: after, afterPresentation)
        ),
      ]
      for case (let pb?, let pa?) in presented
      where afterOf[pb] == nil && beforeOf[pa] == nil
        && before.controllers[pb].className == after.controllers[pa].className
      {
        found.append((pb, pa))
      }
      for (pb, pa) in found {
        pair(pb, pa, byID: false)
        queue.append((pb, pa))
      }
    }
  }

  private mutating func pair(_ b: ControllerIndex, _ a: ControllerIndex, byID: Bool) {
    afterOf[b] = a
    beforeOf[a] = b
    if byID { pairedByID += 1 } else { pairedByPosition += 1 }
  }

  /// The controller `index` asked to present when UIKit refused it (it has no presenter).
  private static func refusedRequest(
    of index: ControllerIndex, in hierarchy: Hierarchy, _ presentation: PresentationResolution
  ) -> ControllerIndex? {
    guard let target = hierarchy.controllers[index].presents,
      presentation.presenter[target] == nil
    else { return nil }
    return target
  }

  /// Whether an id was given (written, an address, a storyboard identifier) rather than made
  /// by a loader from the class name (`ClassName`, `ClassName-N`).
  public static func isGiven(_ id: String, className: String) -> Bool {
    if id == className { return false }
    guard id.hasPrefix(className + "-") else { return true }
    let number = id.dropFirst(className.count + 1)
    return number.isEmpty || !number.allSatisfy(\.isASCII) || !number.allSatisfy(\.isNumber)
  }

  /// Two hashes of each controller, computed bottom-up without recursion: its shape (its class
  /// and its children's shapes in order: the whole containment subtree) and its spine (its
  /// class and its first child's spine).
  static func signatures(of hierarchy: Hierarchy) -> (shapes: [UInt64], spines: [UInt64]) {
    let controllers = hierarchy.controllers
    var shapes = [UInt64](repeating: 0, count: controllers.count)
    var spines = [UInt64](repeating: 0, count: controllers.count)
    var done = [Bool](repeating: false, count: controllers.count)
    for start in controllers.indices where !done[start] {
      var stack: [(ControllerIndex, Bool)] = [(start, false)]
      while let (index, expanded) = stack.popLast() {
        if done[index] { continue }
        if expanded {
          let base = fnv(controllers[index].className, seed: 0xcbf2_9ce4_8422_2325)
          var hash = base
          for child in controllers[index].children {
            hash = (hash ^ shapes[child]) &* 0x0000_0100_0000_01b3
          }
          shapes[index] = hash
          spines[index] =
            controllers[index].children.first.map { (base ^ spines[$0]) &* 0x0000_0100_0000_01b3 }
            ?? base
          done[index] = true
        } else {
          stack.append((index, true))
          for child in controllers[index].children where !done[child] {
            stack.append((child, false))
          }
        }
      }
    }
    return (shapes, spines)
  }

  private static func fnv(_ text: String, seed: UInt64) -> UInt64 {
    var value = seed
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
    return value
  }

  /// The two hierarchies with their shapes, for pairing one pair's slots.
  private struct Sides {
    let before: Hierarchy
    let after: Hierarchy
    let beforeSignatures: (shapes: [UInt64], spines: [UInt64])
    let afterSignatures: (shapes: [UInt64], spines: [UInt64])

    /// Pairs unpaired controllers of two slot lists (controller, index): same class always;
    /// the passes described on ``ControllerMatching``.
    func slotPairs(
      _ left: [(ControllerIndex, Int)], _ right: [(ControllerIndex, Int)],
      matching: ControllerMatching, indexed: Bool
    ) -> [(ControllerIndex, ControllerIndex)] {
      var lefts = left.filter { matching.afterOf[$0.0] == nil }
      var rights = right.filter { matching.beforeOf[$0.0] == nil }
      guard !lefts.isEmpty, !rights.isEmpty else { return [] }
      var result: [(ControllerIndex, ControllerIndex)] = []
      func sameClass(_ b: ControllerIndex, _ a: ControllerIndex) -> Bool {
        before.controllers[b].className == after.controllers[a].className
      }
      func sameShape(_ b: ControllerIndex, _ a: ControllerIndex) -> Bool {
        beforeSignatures.shapes[b] == afterSignatures.shapes[a] && sameClass(b, a)
      }
      func sameSpine(_ b: ControllerIndex, _ a: ControllerIndex) -> Bool {
        beforeSignatures.spines[b] == afterSignatures.spines[a] && sameClass(b, a)
      }
      func byIndex(_ test: (ControllerIndex, ControllerIndex) -> Bool) {
        let byPosition = Dictionary(
          rights.map { ($0.1, $0.0) }, uniquingKeysWith: { first, _ in first })
        var used = Set<ControllerIndex>()
        lefts.removeAll { b, position in
          guard let a = byPosition[position], !used.contains(a), test(b, a) else { return false }
          used.insert(a)
          result.append((b, a))
          return true
        }
        rights.removeAll { used.contains($0.0) }
      }
      // The k-th unpaired controller with a key on the left pairs with the k-th on the right.
      func inOrder<Key: Hashable>(
        _ leftKey: (ControllerIndex) -> Key, _ rightKey: (ControllerIndex) -> Key
      ) {
        var queues: [Key: [ControllerIndex]] = [:]
        for (a, _) in rights { queues[rightKey(a), default: []].append(a) }
        var taken: [Key: Int] = [:]
        var used = Set<ControllerIndex>()
        lefts.removeAll { b, _ in
          let key = leftKey(b)
          let position = taken[key, default: 0]
          guard let queue = queues[key], position < queue.count else { return false }
          taken[key] = position + 1
          used.insert(queue[position])
          result.append((b, queue[position]))
          return true
        }
        rights.removeAll { used.contains($0.0) }
      }
      func key(_ hashes: [UInt64], _ side: Hierarchy) -> (ControllerIndex) -> SignatureKey {
        { SignatureKey(hash: hashes[$0], className: side.controllers[$0].className) }
      }
      if indexed { byIndex(sameShape) }
      inOrder(key(beforeSignatures.shapes, before), key(afterSignatures.shapes, after))
      if indexed { byIndex(sameSpine) }
      inOrder(key(beforeSignatures.spines, before), key(afterSignatures.spines, after))
      if indexed { byIndex(sameClass) }
      inOrder({ before.controllers[$0].className }, { after.controllers[$0].className })
      return result
    }
  }

  private struct SignatureKey: Hashable {
    var hash: UInt64
    var className: String
  }
}
