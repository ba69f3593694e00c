/// Every segue's UIKit effect in the contexts its source can be in, and which scenes an entry
/// point leads to.
///
/// A segue's effect depends on where its source is: a `show` pushes inside a navigation
/// controller and presents outside one. So the analysis follows the storyboard from launch:
/// it builds the launch state, performs every segue of every controller in it, places each
/// destination where UIKit would (pushed, presented, as the detail column, ...) and goes on
/// from there, breadth first. Then it does the same from every scene created in code (a
/// `storyboardIdentifier`, or another storyboard's initial controller) that launch did not
/// reach, whose containers are unknown above it, and last from the scenes nothing reaches.
/// A scene is followed into at most `maxContextsPerScene` different places, and presentations
/// at most `maxPresentationDepth` deep: the shortest ways to a scene come first, and further
/// ones rarely change an effect.
public struct SegueAnalysis: Sendable {
  /// The map analyzed.
  public let map: StoryboardMap
  /// For each segue, its distinct outcomes in the order found (launch contexts first).
  public private(set) var outcomes: [SegueRef: [SegueOutcome]] = [:]
  /// Scenes an entry point leads to: a storyboard's initial controller or a scene with a
  /// `storyboardIdentifier`, then every segue and reference from there (unwinds aside).
  public let reachable: Set<SceneRef>
  /// Scenes placed when following the launch state of the storyboard opened first.
  public private(set) var reachedFromLaunch: Set<SceneRef> = []

  /// Different places one scene is followed into.
  public static let maxContextsPerScene = 8
  /// Presentations stacked on top of each other that are followed.
  public static let maxPresentationDepth = 6
  /// Controllers kept in an outcome's `path`, and unwind candidates named, nearest first.
  public static let maxPathLength = 32

  public init(_ map: StoryboardMap) {
    self.map = map
    reachable = Self.reachableScenes(in: map)
    var explorer = Explorer(map: map)
    explorer.run()
    outcomes = explorer.outcomes
    reachedFromLaunch = explorer.reachedFromLaunch
  }

  /// The first outcome of a segue: in the launch state when its source is reached from it.
  public func effect(of segue: SegueRef) -> SegueOutcome? { outcomes[segue]?.first }

  /// Scenes reached from no entry point, in document order: possibly dead.
  public var unreachableScenes: [SceneRef] {
    map.allScenes.filter { !reachable.contains($0) }
  }

  static func reachableScenes(in map: StoryboardMap) -> Set<SceneRef> {
    var entries: [SceneRef] = []
    for board in map.storyboards.indices {
      if let initial = map.initialScene(of: board) { entries.append(initial) }
      for (index, scene) in map.storyboards[board].scenes.enumerated()
      where !(scene.storyboardIdentifier ?? "").isEmpty {
        entries.append(SceneRef(storyboard: board, scene: index))
      }
    }
    var seen = Set(entries)
    var stack = entries
    while let scene = stack.popLast() {
      var next = map.segues(from: scene).filter { map[$0].kind != .unwind }
        .compactMap { map.destination(of: $0) }
      if let target = map.referenceTargets[scene] { next.append(target) }
      for item in next where seen.insert(item).inserted { stack.append(item) }
    }
    return seen
  }
}

/// The instances of scenes placed so far and the work left, for `SegueAnalysis`.
private struct Explorer {
  let map: StoryboardMap
  var outcomes: [SegueRef: [SegueOutcome]] = [:]
  var reachedFromLaunch: Set<SceneRef> = []

  /// Every instance as a controller, so that S1's rules (`PresentationResolution`) apply.
  var world = Hierarchy(path: "")
  var instances: [Instance] = []
  /// The actual presenter of each presented instance, by world index.
  var presenters: [ControllerIndex?] = []
  var keys: [Key: Int] = [:]
  var contexts: [SceneRef: Int] = [:]
  var queue: [Int] = []
  var next = 0

  /// Hard stop for pathological maps.
  static let maxInstances = 100_000

  struct Instance {
    var scene: SceneRef
    var origin: SegueContextOrigin
    /// The instance that pushed this one (the controller below it on its stack).
    var pushedFrom: Int?
    /// For a presented instance, the instance that asked to present it.
    var requestedBy: Int?
    var presentationDepth: Int
  }

  /// An instance's place, so that the same scene in the same place is followed once.
  struct Key: Hashable {
    var scene: SceneRef
    var parent: Int?
    var place: String
  }

  init(map: StoryboardMap) { self.map = map }

  mutating func run() {
    if let initial = map.initialScene(of: 0) {
      _ = instantiate(initial, parent: nil, place: "root", origin: .launch, context: true)
      drain()
      reachedFromLaunch = Set(instances.map(\.scene))
    }
    // Scenes code can create, that launch did not reach.
    var entries: [SceneRef] = []
    for board in map.storyboards.indices {
      if let initial = map.initialScene(of: board) { entries.append(initial) }
      for (index, scene) in map.storyboards[board].scenes.enumerated()
      where !(scene.storyboardIdentifier ?? "").isEmpty && scene.reference == nil {
        entries.append(SceneRef(storyboard: board, scene: index))
      }
    }
    seed(entries, origin: .code)
    // Then what nothing reaches: containers first, so children are seen inside them.
    let contained = Set(
      map.allSegues.filter { [.relationship, .embed].contains(map[$0].kind) }
        .compactMap { map.destination(of: $0) })
    let rest = map.allScenes.filter { map[$0].reference == nil }
    seed(rest.filter { !contained.contains($0) }, origin: .unreachable)
    seed(rest, origin: .unreachable)
  }

  mutating func seed(_ scenes: [SceneRef], origin: SegueContextOrigin) {
    for scene in scenes where contexts[map.resolved(scene), default: 0] == 0 {
      _ = instantiate(scene, parent: nil, place: "root", origin: origin, context: true)
      drain()
    }
  }

  mutating func drain() {
    while next < queue.count {
      let instance = queue[next]
      next += 1
      for segue in map.segues(from: instances[instance].scene) {
        perform(segue, from: instance)
      }
    }
  }

  // MARK: - Instances

  /// Places a scene (and what its relationships and embeds hold); nil when the place is known
  /// already or a limit is reached. `context` marks a new context of the scene (not a child
  /// built with its container).
  mutating func instantiate(
    _ written: SceneRef, parent: Int?, place: String, origin: SegueContextOrigin,
    context: Bool, pushedFrom: Int? = nil, requestedBy: Int? = nil, presenter: Int? = nil,
    depth: Int = 0
  ) -> Int? {
    let scene = map.resolved(written)
    let key = Key(scene: scene, parent: parent ?? presenter ?? requestedBy, place: place)
    guard keys[key] == nil, instances.count < Self.maxInstances else { return nil }
    if context && contexts[scene, default: 0] >= SegueAnalysis.maxContextsPerScene { return nil }
    // A scene inside itself (a relationship cycle) is not followed.
    var ancestor = parent
    while let current = ancestor {
      if instances[current].scene == scene { return nil }
      ancestor = world.controllers[current].parent
    }
    let item = map[scene]
    var controller = Controller(
      id: "", className: item.className, kind: item.kind, location: item.location)
    controller.parent = parent
    controller.definesPresentationContext = item.definesPresentationContext
    let index = world.add(controller)
    if let parent { world.controllers[parent].children.append(index) }
    presenters.append(presenter)
    instances.append(
      Instance(
        scene: scene, origin: origin, pushedFrom: pushedFrom, requestedBy: requestedBy,
        presentationDepth: depth))
    keys[key] = index
    contexts[scene, default: 0] += 1
    queue.append(index)
    for (child, childPlace) in children(of: scene) {
      _ = instantiate(
        child, parent: index, place: childPlace, origin: origin, context: false, depth: depth)
    }
    return index
  }

  /// What a scene holds from the moment it is created: relationship destinations (the
  /// columns of a split in column order) and embedded children.
  func children(of scene: SceneRef) -> [(SceneRef, String)] {
    let segues = map.segues(from: scene)
    func destinations(_ relationship: StoryboardSegue.Relationship) -> [(SceneRef, String)] {
      segues.filter { map[$0].kind == .relationship && map[$0].relationship == relationship }
        .compactMap { map.destination(of: $0).map { ($0, relationship.rawValue) } }
    }
    var result: [(SceneRef, String)] = []
    switch map[scene].kind {
    case .navigation: result = Array(destinations(.rootViewController).prefix(1))
    case .tabBar: result = destinations(.viewControllers)
    case .split:
      result =
        destinations(.masterViewController) + destinations(.supplementaryViewController)
        + destinations(.detailViewController)
    case .plain:
      result = segues.filter { map[$0].kind == .embed }.compactMap { segue in
        map.destination(of: segue).map { ($0, "embed") }
      }
    case .page, .alert: break
    }
    return result
  }

  /// The root of an instance's containment (a window root, a presented or created one).
  func root(of instance: Int) -> Int {
    PresentationResolution.contextRoot(of: instance, in: world)
  }

  /// The controller back from an instance: the one below it on its stack, else its parent,
  /// else the one that asked to present it.
  func stepBack(from instance: Int) -> Int? {
    instances[instance].pushedFrom ?? world.controllers[instance].parent
      ?? instances[instance].requestedBy
  }

  /// The controllers back from an instance, nearest first, at most `limit` of them.
  func pathBack(from instance: Int, limit: Int = SegueAnalysis.maxPathLength) -> [Int] {
    var result: [Int] = []
    var current = instance
    while result.count < min(limit, instances.count), let step = stepBack(from: current) {
      result.append(step)
      current = step
    }
    return result
  }

  /// The presented controllers whose presentations the source is inside, nearest first.
  func presentedAncestors(of instance: Int) -> [Int] {
    var result: [Int] = []
    var current = root(of: instance)
    while result.count < instances.count, let requester = instances[current].requestedBy {
      result.append(current)
      current = root(of: requester)
    }
    return result
  }

  // MARK: - Segues

  mutating func perform(_ segue: SegueRef, from source: Int) {
    let item = map[segue]
    let here = instances[source].scene
    for (effect, width) in effects(of: segue, item, from: source, here: here) {
      record(effect, width: width, for: segue, from: source)
    }
  }

  mutating func effects(
    of segue: SegueRef, _ item: StoryboardSegue, from source: Int, here: SceneRef
  ) -> [(SegueEffect, WidthCondition?)] {
    let destination = map.destination(of: segue)
    switch item.kind {
    case .relationship:
      return [(.relationship(container: here, item.relationship ?? .rootViewController), nil)]
    case .embed:
      return [(.embed(container: here), nil)]
    case .custom:
      return [(.custom(segueClass: item.customClass), nil)]
    case .unwind:
      var seen = Set<SceneRef>()
      var candidates: [SceneRef] = []
      var current = source
      while candidates.count < SegueAnalysis.maxPathLength, let step = stepBack(from: current) {
        let scene = instances[step].scene
        if map[scene].hasCustomClass && seen.insert(scene).inserted { candidates.append(scene) }
        current = step
      }
      return [(.unwind(action: item.unwindAction, candidates: candidates), nil)]
    case .presentation, .modal:
      guard let destination else { return [] }
      let style =
        item.modalPresentationStyle ?? map[map.resolved(destination)].modalPresentationStyle
        ?? .automatic
      return [(present(destination, style: style, from: source, fallback: nil), nil)]
    case .popoverPresentation, .popover:
      guard let destination else { return [] }
      return [(present(destination, style: .popover, from: source, fallback: nil), nil)]
    case .show, .push:
      guard let destination else { return [] }
      return [(show(destination, from: source, kind: item.kind), nil)]
    case .showDetail, .replace:
      guard let destination else { return [] }
      return showDetail(destination, from: source, kind: item.kind)
    }
  }

  /// `show` as `UIKitModel.show(from:deprecatedPush:)` answers it in the world of instances.
  mutating func show(
    _ destination: SceneRef, from source: Int, kind: StoryboardSegue.Kind
  ) -> SegueEffect {
    let handling = UIKitModel(world).show(from: source, deprecatedPush: kind == .push)
    switch handling {
    case .push(let navigation), .collapsedPush(let navigation, _):
      return push(destination, onto: navigation, from: source)
    case .primaryColumn(let split), .secondaryColumn(let split):
      _ = instantiate(
        destination, parent: split, place: "masterViewController",
        origin: instances[source].origin, context: true,
        depth: instances[source].presentationDepth)
      return .replacePrimary(split: instances[split].scene)
    case .presentsModally, .refused:
      if isCodeRoot(root(of: source)) { return .unknownContainer }
      if case .refused = handling { return .refused(.pushOutsideNavigation) }
      let style = map[map.resolved(destination)].modalPresentationStyle ?? .automatic
      return present(destination, style: style, from: source, fallback: kind)
    }
  }

  /// A push of a scene onto a navigation controller instance, unless UIKit refuses it
  /// (`UIKitModel.push(className:kind:instance:onto:)`).
  mutating func push(_ destination: SceneRef, onto navigation: Int, from source: Int) -> SegueEffect
  {
    let navigationScene = instances[navigation].scene
    let scene = map[map.resolved(destination)]
    let verdict = UIKitModel(world).push(
      className: scene.className, kind: scene.kind, onto: navigation)
    if verdict.refusal?.rule == .navigationInNavigation {
      return .refused(.navigationInNavigation(navigation: navigationScene))
    }
    _ = instantiate(
      destination, parent: navigation, place: "push", origin: instances[source].origin,
      context: true, pushedFrom: source, depth: instances[source].presentationDepth)
    return .push(navigation: navigationScene)
  }

  /// `showDetail` as `UIKitModel.showDetail(className:kind:from:isCollapsed:)` answers it,
  /// expanded (regular width) and collapsed (compact).
  mutating func showDetail(
    _ destination: SceneRef, from source: Int, kind: StoryboardSegue.Kind
  ) -> [(SegueEffect, WidthCondition?)] {
    let scene = map[map.resolved(destination)]
    func handling(collapsed: Bool) -> ShowHandling {
      UIKitModel(world).showDetail(
        className: scene.className, kind: scene.kind, from: source,
        isCollapsed: { _ in collapsed })
    }
    guard case .secondaryColumn(let split) = handling(collapsed: false) else {
      // "Displays the view controller modally unless a parent view controller implements the
      // showDetailViewController(_:sender:) action method": a navigation controller does not.
      if isCodeRoot(root(of: source)) { return [(.unknownContainer, nil)] }
      let style = scene.modalPresentationStyle ?? .automatic
      return [(present(destination, style: style, from: source, fallback: .showDetail), nil)]
    }
    let splitScene = instances[split].scene
    let origin = instances[source].origin
    let depth = instances[source].presentationDepth
    _ = instantiate(
      destination, parent: split, place: "detailViewController", origin: origin, context: true,
      depth: depth)
    var result: [(SegueEffect, WidthCondition?)] = [(.replaceDetail(split: splitScene), .regular)]
    // Collapsed, the primary column is on screen and its navigation controller pushes the
    // destination itself, a navigation controller too: UIKit builds that nesting, so no
    // navigation-in-navigation (`UIKitModel.pushByCollapsedSplit`).
    if case .collapsedPush(let primary, _) = handling(collapsed: true) {
      _ = instantiate(
        destination, parent: primary, place: "push", origin: origin, context: true,
        pushedFrom: source, depth: depth)
      result.append((.push(navigation: instances[primary].scene), .compact))
    } else {
      result.append((.replacePrimary(split: splitScene), .compact))
    }
    return result
  }

  /// A presentation requested by `source`: S1 picks the presenter; UIKit refuses it when that
  /// presenter is already presenting something on the way back from the source.
  mutating func present(
    _ destination: SceneRef, style: PresentationStyle, from source: Int,
    fallback: StoryboardSegue.Kind?
  ) -> SegueEffect {
    let presenter = PresentationResolution.resolvePresenter(
      requestedBy: source, style: style, in: world, presenters: presenters)
    // S1 stops at a definer of the context, else at the top of the chain it walked: that is
    // known to present only when it is the launch window's root (or, for a full-screen style,
    // any controller that is not created in code).
    let known =
      style.isContextStyle
      ? world.controllers[presenter].definesContext || isWindowRoot(presenter)
      : !isCodeRoot(presenter)
    let depth = instances[source].presentationDepth + 1
    if !known {
      // Presented by whatever holds the source: the destination's own containers are known.
      if depth <= SegueAnalysis.maxPresentationDepth {
        _ = instantiate(
          destination, parent: nil, place: "presented", origin: instances[root(of: source)].origin,
          context: true, requestedBy: source, presenter: nil, depth: depth)
      }
      return .present(style: style, presenter: nil, fallback: fallback)
    }
    // What UIKit says when the presenter is already presenting the chain the source is in.
    if let step = presentedAncestors(of: source).first(where: { presenters[$0] == presenter }),
      UIKitModel(world).alreadyPresentingRefusal(
        presented: map[map.resolved(destination)].className, requester: source,
        presenter: presenter, presenting: step) != nil
    {
      return .refused(
        .alreadyPresenting(
          presenter: instances[presenter].scene, presenting: instances[step].scene))
    }
    if depth <= SegueAnalysis.maxPresentationDepth {
      _ = instantiate(
        destination, parent: nil, place: "presented", origin: instances[presenter].origin,
        context: true, requestedBy: source, presenter: presenter, depth: depth)
    }
    return .present(style: style, presenter: instances[presenter].scene, fallback: fallback)
  }

  /// The root of the launch window.
  func isWindowRoot(_ instance: Int) -> Bool {
    world.controllers[instance].parent == nil && instances[instance].requestedBy == nil
      && instances[instance].origin == .launch
  }

  /// A controller created in code, with nothing known above it.
  func isCodeRoot(_ instance: Int) -> Bool {
    world.controllers[instance].parent == nil && instances[instance].requestedBy == nil
      && instances[instance].origin != .launch
  }

  mutating func record(
    _ effect: SegueEffect, width: WidthCondition?, for segue: SegueRef, from source: Int
  ) {
    let origin = instances[root(of: source)].origin
    var list = outcomes[segue, default: []]
    guard !list.contains(where: { $0.effect == effect && $0.width == width }) else { return }
    let path = [source] + pathBack(from: source)
    list.append(
      SegueOutcome(
        effect: effect, width: width, path: path.map { instances[$0].scene }, origin: origin))
    outcomes[segue] = list
  }
}
