/// What a `dismiss` call does (S4).
public struct Dismissal: Sendable, Equatable {
  /// The controller `dismiss` was called on.
  public var from: ControllerIndex
  public var levels: Int?
  public var toClass: String?
  /// The controller that handles the dismissal: the presenter of the lowest removed level.
  public var receiver: ControllerIndex
  /// Every controller that leaves the hierarchy, in document order.
  public var removed: [ControllerIndex]
  /// The presented controllers whose presentations end, lowest level first.
  public var removedLevels: [ControllerIndex]
  /// The top-most removed presented controller: the only one dismissed with animation.
  public var animated: ControllerIndex
  /// The top view controller once the dismissal completes.
  public var topViewControllerAfter: ControllerIndex?
}

extension Analysis {
  /// Answers `dismiss` called on `from`, optionally for `levels` levels or down to a class.
  public func dismiss(
    from: ControllerIndex, levels: Int? = nil, toClass: String? = nil,
    at location: SourceLocation? = nil
  ) throws(VCGraphError) -> Dismissal {
    let controllers = hierarchy.controllers
    let name = controllers[from].id
    let chain = presentedChain(to: from)  // presented roots, level 1 ... level(from)
    let lowest: ControllerIndex  // the presented controller whose presentation ends first
    if let levels {
      guard levels <= chain.count else {
        func count(_ n: Int) -> String {
          n == 1 ? "1 presentation level" : "\(n) presentation levels"
        }
        throw VCGraphError.data(
          "cannot dismiss \(count(levels)) from '\(name)': only \(count(chain.count))"
            + (chain.count == 1 ? " exists" : " exist") + " at and below it",
          at: location,
          hint: chain.isEmpty ? "'\(name)' is not presented" : "use levels: \(chain.count) or fewer"
        )
      }
      lowest = chain[chain.count - levels]
    } else if let toClass {
      guard let match = levelBelow(chain: chain, matching: toClass) else {
        throw VCGraphError.data(
          "no controller of class \(toClass) (or a subclass) presents below '\(name)'",
          at: location,
          hint: presentersBelow(chain: chain).isEmpty
            ? "nothing presents below '\(name)': it is not presented"
            : "the presenting controllers below are: "
              + presentersBelow(chain: chain).map { controllers[$0].className }.joined(
                separator: ", "))
      }
      lowest = match
    } else if let presented = presentedController(of: from) {
      // The presenting host (itself or its nearest presenting ancestor) dismisses what it
      // presented.
      lowest = presented
    } else if let presented = chain.last {
      lowest = presented
    } else {
      throw VCGraphError.data(
        "dismiss on '\(name)' does nothing: it is not presented and presents nothing",
        at: location)
    }
    guard let receiver = presentation.presenter[lowest] else {
      throw VCGraphError(.software, "presented controller without presenter", at: location)
    }
    let removed = subtree(of: lowest)
    let ended = presentationLevels(from: lowest)
    // The state after: the same hierarchy without the presentation of `lowest` (everything
    // above it went with its subtree). Nothing else is resolved again: a refused presentation
    // never happened (S1) and must not take the freed presenter, and the resolutions of the
    // others do not depend on this one.
    var after = presentation
    after.presented[receiver] = nil
    after.presenter[lowest] = nil
    let afterAnalysis = Analysis(hierarchy, presentation: after)
    return Dismissal(
      from: from, levels: levels, toClass: toClass, receiver: receiver, removed: removed,
      removedLevels: ended.map(\.controller), animated: topMost(of: ended),
      topViewControllerAfter: afterAnalysis.topViewController)
  }

  /// The presentations that end when `lowest` is dismissed, breadth-first: `lowest` at depth
  /// 0, then every controller presented from inside a removed level's containment tree.
  private func presentationLevels(
    from lowest: ControllerIndex
  ) -> [(controller: ControllerIndex, depth: Int)] {
    var result: [(controller: ControllerIndex, depth: Int)] = [(lowest, 0)]
    var next = 0
    while next < result.count {
      let (root, depth) = result[next]
      next += 1
      var stack = [root]
      while let current = stack.popLast() {
        if let presented = presentation.presented[current] {
          result.append((presented, depth + 1))
        }
        stack.append(contentsOf: hierarchy.controllers[current].children.reversed())
      }
    }
    return result
  }

  /// The top-most removed presentation, the only one dismissed with animation: the deepest;
  /// on a tie (two presentations from one level) the one on the visible path, else the last
  /// in document order.
  private func topMost(of levels: [(controller: ControllerIndex, depth: Int)]) -> ControllerIndex {
    let deepest = levels.map(\.depth).max() ?? 0
    let candidates = levels.filter { $0.depth == deepest }.map(\.controller)
    let onPath = Set(visiblePath.map(\.controller))
    return candidates.filter(onPath.contains).max() ?? candidates.max() ?? levels[0].controller
  }

  /// The controllers that present `presented`, nearest first: the requesting controller and
  /// its containers up to its level's root, then the actual presenter.
  private func presentingControllers(of presented: ControllerIndex) -> [ControllerIndex] {
    var result: [ControllerIndex] = []
    var current = hierarchy.controllers[presented].requestedBy ?? presentation.presenter[presented]
    while let candidate = current {
      result.append(candidate)
      current = hierarchy.controllers[candidate].parent
    }
    if let presenter = presentation.presenter[presented] { result.append(presenter) }
    return result
  }

  /// For each level below the top of `chain`, top first, the controllers that present it.
  private func presentersBelow(chain: [ControllerIndex]) -> [ControllerIndex] {
    var result: [ControllerIndex] = []
    for presented in chain.reversed() {
      for candidate in presentingControllers(of: presented) where !result.contains(candidate) {
        result.append(candidate)
      }
    }
    return result
  }

  /// The presented controller whose presentation ends when going back to the nearest
  /// controller of class `className` below the top of `chain`.
  private func levelBelow(chain: [ControllerIndex], matching className: String) -> ControllerIndex?
  {
    chain.reversed().first { presented in
      presentingControllers(of: presented).contains {
        hierarchy.isKind(hierarchy.controllers[$0].className, of: className)
      }
    }
  }
}
