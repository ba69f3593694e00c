/// How one step of the visible path was taken (S3).
public enum PathStep: String, Sendable, Codable {
  case root, presented, top, selected, child, column, page
}

/// What S3 answers for one window: the walk from its root to its top view controller.
public struct WindowWalk: Sendable {
  /// The controllers passed from the window's root to its top (empty when nothing of the
  /// window is on screen: a background scene's window).
  public var path: [(controller: ControllerIndex, via: PathStep)]
  /// The on-screen leaves below where the path stopped (just the top when it did not fork).
  public var leaves: [ControllerIndex]
  /// The window's top view controller.
  public var top: ControllerIndex? { path.last?.controller }
}

/// The UIKit state of a hierarchy: who presents (S1), what is on screen (S2) and the top view
/// controller with the visible path (S3). Dismissals (S4) and responder chains (S5) are
/// answered by methods.
public struct Analysis: Sendable {
  public let hierarchy: Hierarchy
  public let presentation: PresentationResolution
  /// Per controller: its view is in a foreground window and not removed by a covering
  /// presentation.
  public private(set) var onScreen: [Bool]
  /// Per controller: its view is in a foreground window's view hierarchy before covering
  /// presentations remove views. S3 walks these: a child whose own `currentContext`
  /// presentation removed its views still leads to that presentation.
  private var attached: [Bool]
  /// The window whose hierarchy holds each controller, if any.
  public private(set) var window: [Int?]
  /// The key window the top view controller is found from: the focused scene's key window.
  public private(set) var keyWindow: Int?
  /// The focused scene (its key window is the app's key window): the scene written
  /// `focused: true`, else the first foreground scene with a key window; nil without scenes.
  public private(set) var focusedScene: Int?
  /// Per window, S3's walk from its root (`windows[i]` in `Hierarchy.windows`).
  public private(set) var windowWalks: [WindowWalk] = []
  /// The top view controller.
  public private(set) var topViewController: ControllerIndex?
  /// The controllers passed from the key window's root to the top view controller.
  public private(set) var visiblePath: [(controller: ControllerIndex, via: PathStep)] = []
  /// The on-screen leaves below where the path stopped (just the top when it did not fork).
  public private(set) var visibleLeaves: [ControllerIndex] = []

  /// Analyzes a hierarchy.
  public init(_ hierarchy: Hierarchy) {
    self.init(hierarchy, presentation: PresentationResolution(hierarchy))
  }

  /// Analyzes a hierarchy whose presentations are already resolved (a dismissal's outcome:
  /// the same hierarchy with one presentation ended).
  init(_ hierarchy: Hierarchy, presentation: PresentationResolution) {
    self.hierarchy = hierarchy
    self.presentation = presentation
    let count = hierarchy.controllers.count
    onScreen = Array(repeating: false, count: count)
    attached = onScreen
    window = Array(repeating: nil, count: count)
    markWindows()
    findTop()
  }

  private var controllers: [Controller] { hierarchy.controllers }

  // MARK: - S2

  /// Whether a window's scene is in the foreground (no scenes: always).
  public func isForeground(window index: Int) -> Bool {
    guard let scene = hierarchy.windows[index].scene else { return true }
    return hierarchy.scenes[scene].isForeground
  }

  /// Whether the split view is collapsed: as written, else collapsed on iPhone.
  public func isCollapsed(_ index: ControllerIndex) -> Bool {
    controllers[index].collapsed ?? (hierarchy.device == .iPhone)
  }

  /// The secondary column a collapsed split view controller has pushed onto its primary
  /// navigation controller `primary`, by UIKit's default collapse: "the UINavigationController
  /// class responds by pushing the secondary view controller onto its navigation stack" (Apple,
  /// `splitViewController(_:collapseSecondary:onto:)`). Nil when `primary` is no collapsed
  /// split's navigation-controller primary, the split has no second column, or the delegate
  /// handled the collapse (`collapseSecondary: true`).
  public func collapsedSecondary(onto primary: ControllerIndex) -> ControllerIndex? {
    guard controllers[primary].kind == .navigation, let split = controllers[primary].parent,
      controllers[split].kind == .split, controllers[split].collapseSecondary != true,
      controllers[split].children.count >= 2, controllers[split].children[0] == primary,
      isCollapsed(split)
    else { return nil }
    return controllers[split].children.last
  }

  /// The columns an expanded split view shows in its display mode (Apple,
  /// `UISplitViewController.DisplayMode`): every column for `automatic` (or none written); the
  /// secondary (the last column) alone for `secondaryOnly`; for `oneBesideSecondary` and
  /// `oneOverSecondary` one sidebar with it, the primary of two columns or the supplementary of
  /// three; every column for the two-sidebar modes (the loader refuses them on two columns).
  func shownColumns(of index: ControllerIndex) -> [ControllerIndex] {
    let children = controllers[index].children
    guard let mode = controllers[index].displayMode, children.count >= 2 else { return children }
    switch mode {
    case .automatic, .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary:
      return children
    case .secondaryOnly: return [children[children.count - 1]]
    case .oneBesideSecondary, .oneOverSecondary:
      return Array(children.suffix(2))
    }
  }

  /// The tab bar's selected index (default 0), nil when out of range.
  public func selectedTab(_ index: ControllerIndex) -> Int? {
    let selected = controllers[index].selectedIndex ?? 0
    return controllers[index].children.indices.contains(selected) ? selected : nil
  }

  /// The children of a container whose views are attached, by UIKit's rules for its kind (S2).
  public func shownChildren(of index: ControllerIndex) -> [ControllerIndex] {
    let controller = controllers[index]
    let children = controller.children
    if controller.kind == .navigation, let secondary = collapsedSecondary(onto: index) {
      return [secondary]
    }
    guard !children.isEmpty else { return [] }
    switch controller.kind {
    case .navigation: return [children[children.count - 1]]
    case .tabBar: return selectedTab(index).map { [children[$0]] } ?? []
    case .split: return isCollapsed(index) ? [children[0]] : shownColumns(of: index)
    case .page: return children
    case .alert: return []
    case .plain:
      if let view = controller.view {
        let hosted = Set(hostedControllers(inTreeOf: view))
        return children.filter { hosted.contains($0) }
      }
      if let showing = controller.showing { return [showing] }
      return children
    }
  }

  /// Controllers whose root views are placed (`hosts`) in the view tree under `root`.
  public func hostedControllers(inTreeOf root: ViewIndex) -> [ControllerIndex] {
    var result: [ControllerIndex] = []
    var stack = [root]
    while let view = stack.popLast() {
      if let hosted = hierarchy.views[view].hosts { result.append(hosted) }
      stack.append(contentsOf: hierarchy.views[view].subviews.reversed())
    }
    return result
  }

  /// How the path steps from a container to a shown child.
  public func via(_ index: ControllerIndex) -> PathStep {
    switch controllers[index].kind {
    case .navigation: .top
    case .tabBar: .selected
    case .split: .column
    case .page: .page
    case .plain, .alert: .child
    }
  }

  private mutating func markWindows() {
    // First everything attached to a window, ignoring what covers what.
    for (index, win) in hierarchy.windows.enumerated() {
      var stack = [win.root]
      let foreground = isForeground(window: index)
      while let current = stack.popLast() {
        if window[current] != nil { continue }
        window[current] = index
        attached[current] = foreground
        var next = shownChildren(of: current)
        // A view hosted in this controller's tree is in the window even if it is not a child.
        if let view = controllers[current].view {
          let listed = Set(next)
          next += hostedControllers(inTreeOf: view).filter { !listed.contains($0) }
        }
        if let presented = presentation.presented[current] { next.append(presented) }
        stack.append(contentsOf: next.reversed())
      }
      // Off-screen parts of the window still belong to it.
      var all = [win.root]
      while let current = all.popLast() {
        if window[current] == nil { window[current] = index }
        all.append(contentsOf: controllers[current].children)
        if let presented = presentation.presented[current] { all.append(presented) }
      }
    }
    onScreen = attached
    // Then remove what a full-screen or current-context presentation covers: the presenter's
    // whole subtree and what it presents, except the covering controller's own chain. A
    // UIAlertController never does, whatever style it was given (S2).
    for presenter in controllers.indices {
      guard let presented = presentation.presented[presenter], attached[presented],
        removesCoveredViews(presented)
      else { continue }
      var stack = [presenter]
      while let current = stack.popLast() {
        onScreen[current] = false
        stack.append(contentsOf: controllers[current].children)
        if let next = presentation.presented[current], next != presented { stack.append(next) }
      }
    }
  }

  /// Whether presenting `index` removes the presenter's views (S2): `fullScreen` and
  /// `currentContext` do; every other style, and a `UIAlertController`, leave them.
  public func removesCoveredViews(_ index: ControllerIndex) -> Bool {
    controllers[index].kind != .alert && controllers[index].style.removesCoveredViews
  }

  // MARK: - S3

  private mutating func findTop() {
    windowWalks = hierarchy.windows.map { window in
      let walk = walkToTop(from: window.root)
      return WindowWalk(path: walk.path, leaves: walk.leaves)
    }
    let scenes = hierarchy.scenes
    let windows = hierarchy.windows
    let keyOf = { (scene: Int) -> Int? in scenes[scene].windows.first { windows[$0].isKey } }
    if !scenes.isEmpty {
      focusedScene =
        scenes.indices.first { scenes[$0].isFocused && scenes[$0].isForeground }
        ?? scenes.indices.first { scenes[$0].isForeground && keyOf($0) != nil }
    }
    let key: Int?
    if let focusedScene {
      key = keyOf(focusedScene)
    } else {
      key = hierarchy.windows.indices.first {
        hierarchy.windows[$0].scene == nil && hierarchy.windows[$0].isKey
      }
    }
    guard let key else { return }
    keyWindow = key
    visiblePath = windowWalks[key].path
    topViewController = windowWalks[key].top
    visibleLeaves = windowWalks[key].leaves
  }

  /// S3's loop from a root: follow presentations, then a single shown child.
  func walkToTop(
    from root: ControllerIndex
  ) -> (path: [(controller: ControllerIndex, via: PathStep)], leaves: [ControllerIndex]) {
    // A root in a background scene has no top; one covered by its own presentation does.
    guard attached[root] else { return ([], []) }
    var path: [(controller: ControllerIndex, via: PathStep)] = [(root, .root)]
    var current = root
    var seen: Set<ControllerIndex> = [root]
    while true {
      let next = pathSteps(from: current)
      if next.count > 1 { return (path, leaves(below: current)) }
      guard let step = next.first, seen.insert(step).inserted else { break }
      path.append((step, presentation.presented[current] == step ? .presented : via(current)))
      current = step
    }
    return (path, [current])
  }

  /// Where S3 goes from a controller: the controller it presents, else its children that are
  /// shown in the window. A child counts even when its own `currentContext` presentation
  /// removed its views: the path goes through it to that presentation, which fills its area.
  private func pathSteps(from current: ControllerIndex) -> [ControllerIndex] {
    if let presented = presentation.presented[current] {
      return attached[presented] ? [presented] : []
    }
    return shownChildren(of: current).filter { attached[$0] }
  }

  /// The controllers where S3's steps end below `start` (every branch where several children
  /// are shown), in document order.
  private func leaves(below start: ControllerIndex) -> [ControllerIndex] {
    var result: [ControllerIndex] = []
    var stack = [start]
    var seen: Set<ControllerIndex> = []
    while let current = stack.popLast() {
      guard seen.insert(current).inserted else { continue }
      let next = pathSteps(from: current)
      if next.isEmpty {
        if onScreen[current] { result.append(current) }
      } else {
        stack.append(contentsOf: next.reversed())
      }
    }
    return result.sorted()
  }

  // MARK: - Presentation structure

  /// The presentation level of a controller: 0 in a window's root tree, n in the tree of the
  /// n-th presented controller above it.
  public func level(of index: ControllerIndex) -> Int { presentedChain(to: index).count }

  /// The presented controllers from the lowest level up to the one holding `index`.
  public func presentedChain(to index: ControllerIndex) -> [ControllerIndex] {
    var chain: [ControllerIndex] = []
    var root = PresentationResolution.contextRoot(of: index, in: hierarchy)
    while let presenter = presentation.presenter[root], chain.count <= controllers.count {
      chain.append(root)
      root = PresentationResolution.contextRoot(of: presenter, in: hierarchy)
    }
    return chain.reversed()
  }

  /// `presentingViewController` (S1): the presenter of the nearest presented controller at or
  /// above `index`.
  public func presentingController(of index: ControllerIndex) -> ControllerIndex? {
    presentation.presenter[PresentationResolution.contextRoot(of: index, in: hierarchy)]
  }

  /// `presentedViewController` (S1): what the nearest presenting ancestor (or itself) presents.
  public func presentedController(of index: ControllerIndex) -> ControllerIndex? {
    var current: ControllerIndex? = index
    while let candidate = current {
      if let presented = presentation.presented[candidate] { return presented }
      current = controllers[candidate].parent
    }
    return nil
  }

  /// Whether a controller is detached: the root of its presentation context has no parent,
  /// is not presented and is no window's root, so it is in no window's view controller
  /// hierarchy (its view may still be in a window, hosted by another controller's view).
  public func isDetached(_ index: ControllerIndex) -> Bool {
    let root = PresentationResolution.contextRoot(of: index, in: hierarchy)
    return presentation.presenter[root] == nil && !hierarchy.windows.contains { $0.root == root }
  }

  /// The controller and its whole containment subtree, plus everything presented from it.
  public func subtree(of index: ControllerIndex) -> [ControllerIndex] {
    var result: [ControllerIndex] = []
    var stack = [index]
    while let current = stack.popLast() {
      result.append(current)
      stack.append(contentsOf: controllers[current].children)
      if let presented = presentation.presented[current] { stack.append(presented) }
    }
    return result.sorted()
  }
}
