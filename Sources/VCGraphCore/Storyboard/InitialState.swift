/// What a storyboard builds at launch: the initial view controller with the children its
/// relationship and embed segues give it, as a `Hierarchy` the analyses, checks and diagrams
/// work on. Each controller's location is its element in the storyboard it comes from.
public struct StoryboardInitialState: Sendable, Equatable {
  /// The launch state, with one key window whose root is the initial controller.
  public var hierarchy: Hierarchy
  /// For each controller of `hierarchy`, the scene it was built from (a placeholder's target
  /// when the reference resolved, else the placeholder).
  public var scenes: [SceneRef]

  /// The controller built from a scene, if the launch state holds it (the first, if twice).
  public func controller(for scene: SceneRef) -> ControllerIndex? {
    scenes.firstIndex(of: scene)
  }
}

extension StoryboardMap {
  /// The launch state of a storyboard: its `initialViewController` in a key window, each
  /// container holding what its relationship segues name — a navigation controller its
  /// `rootViewController`; a tab bar controller its `viewControllers` in the storyboard's order
  /// with the first selected; a split view controller its columns `masterViewController`,
  /// `supplementaryViewController`, `detailViewController` in that order — and each controller
  /// the children its container views embed, in document order. References are followed into
  /// the storyboards they name; one left unresolved is a `UIViewController` with a note.
  ///
  /// Ids are a scene's `storyboardIdentifier` when unique in its storyboard, else its element
  /// id; a scene built twice gets `-2`, `-3` after the second and later ones.
  public func initialState(
    of storyboard: Int = 0, device: Device? = nil, limits: InputLimits = .default
  ) throws(VCGraphError) -> StoryboardInitialState {
    guard let initial = initialScene(of: storyboard) else {
      throw VCGraphError.data(
        "\(storyboards[storyboard].name).storyboard has no initial view controller",
        at: storyboards[storyboard].documentLocation,
        hint: "check 'Is Initial View Controller' on one scene in Interface Builder")
    }
    var builder = InitialStateBuilder(map: self, limits: limits, path: storyboards[storyboard].path)
    builder.hierarchy.title = "\(storyboards[storyboard].name).storyboard"
    builder.hierarchy.device = device ?? storyboards[storyboard].launchDevice
    let root = try builder.add(initial, parent: nil, path: [])
    builder.hierarchy.windows.append(
      Window(
        id: "window", isKey: true, level: .normal, root: root, scene: nil,
        location: storyboards[storyboard].documentLocation))
    return StoryboardInitialState(hierarchy: builder.hierarchy, scenes: builder.scenes)
  }

  /// What a storyboard gives at launch, for any storyboard: its `initialState` when it names
  /// an initial view controller; otherwise no window (nothing of it is on screen at launch)
  /// and, as controllers in no window (`detached`), the scenes code can instantiate by
  /// `storyboardIdentifier` with what their relationship and embed segues hold — containers
  /// first, each scene once.
  public func launchState(
    of storyboard: Int = 0, device: Device? = nil, limits: InputLimits = .default
  ) throws(VCGraphError) -> StoryboardInitialState {
    if initialScene(of: storyboard) != nil {
      return try initialState(of: storyboard, device: device, limits: limits)
    }
    var builder = InitialStateBuilder(map: self, limits: limits, path: storyboards[storyboard].path)
    builder.hierarchy.title = "\(storyboards[storyboard].name).storyboard"
    builder.hierarchy.device = device ?? storyboards[storyboard].launchDevice
    let scenes = storyboards[storyboard].scenes.indices.map {
      SceneRef(storyboard: storyboard, scene: $0)
    }.filter { !(self[$0].storyboardIdentifier ?? "").isEmpty && !self[$0].isPlaceholder }
    let contained = Set(
      scenes.flatMap { segues(from: $0) }.filter {
        [.relationship, .embed].contains(self[$0].kind)
      }
      .compactMap { destination(of: $0).map(resolved) })
    for scene in scenes.filter({ !contained.contains($0) }) + scenes
    where !builder.scenes.contains(scene) {
      let root = try builder.add(scene, parent: nil, path: [])
      builder.hierarchy.controllers[root].notes.append(
        "created in code: \(storyboards[storyboard].name).storyboard has no initial view"
          + " controller; instantiateViewController(withIdentifier:"
          + " \"\(self[scene].storyboardIdentifier ?? "")\") makes this one")
      builder.hierarchy.detachedRoots.append(root)
    }
    return StoryboardInitialState(hierarchy: builder.hierarchy, scenes: builder.scenes)
  }

  /// A new instance of a scene, with what its relationship and embed segues hold, as a step's
  /// controller (what performing a segue to it creates). Ids are the scenes' ids as in the
  /// launch state, made unique against `taken` with `-2`, `-3`, ...; `scenes` gives the scene
  /// of each of the fragment's controllers.
  public func instance(
    of scene: SceneRef, taken: Set<String>, limits: InputLimits = .default
  ) throws(VCGraphError) -> (controller: StepController, scenes: [SceneRef]) {
    var builder = InitialStateBuilder(map: self, limits: limits, path: storyboards[0].path)
    builder.taken = taken
    let root = try builder.add(scene, parent: nil, path: [])
    return (StepController(fragment: builder.hierarchy, root: root), builder.scenes)
  }
}

/// Builds the launch hierarchy depth first, in the order UIKit's containers list children.
private struct InitialStateBuilder {
  let map: StoryboardMap
  let limits: InputLimits
  var hierarchy: Hierarchy
  var scenes: [SceneRef] = []
  /// Ids in use outside the hierarchy being built (a segue's destination joins a hierarchy).
  var taken: Set<String> = []

  init(map: StoryboardMap, limits: InputLimits, path: String) {
    self.map = map
    self.limits = limits
    hierarchy = Hierarchy(path: path)
  }

  mutating func add(
    _ written: SceneRef, parent: ControllerIndex?, path: [SceneRef]
  ) throws(VCGraphError) -> ControllerIndex {
    let ref = map.resolved(written)
    let scene = map[ref]
    if hierarchy.controllers.count >= limits.maxControllers {
      throw VCGraphError.data(
        "the launch state has more than \(limits.maxControllers) controllers",
        at: scene.location, hint: "raise the limit with --max-controllers")
    }
    var controller = Controller(
      id: uniqueID(map.preferredID(of: ref)), className: scene.className, kind: scene.kind,
      location: scene.location)
    controller.parent = parent
    controller.title = scene.title
    controller.definesPresentationContext = scene.definesPresentationContext
    controller.modalPresentationStyle = scene.modalPresentationStyle
    controller.notes = scene.notes
    controller.ignoredRules = scene.ignoredRules
    if ref != written {
      let placeholder = map[written]
      controller.notes.append(
        "from the reference \(placeholder.elementID) in"
          + " \(map.storyboards[written.storyboard].name).storyboard (line"
          + " \(placeholder.location.line))")
    }
    if let reason = map.unresolvedReferences[ref], let reference = scene.reference {
      controller.title = controller.title ?? reference.label
      controller.notes.append("unresolved reference to \(reference.label): \(reason)")
    }
    if let custom = scene.customClass, hierarchy.superclasses[custom] == nil,
      custom != scene.uikitClass
    {
      hierarchy.superclasses[custom] = scene.uikitClass
    }
    let index = hierarchy.add(controller)
    scenes.append(ref)
    if let parent { hierarchy.controllers[parent].children.append(index) }
    let path = path + [ref]
    for child in childScenes(of: ref, index: index) {
      if path.contains(map.resolved(child)) {
        hierarchy.controllers[index].notes.append(
          "\(map.describe(child)) contains this controller already; the cycle is not followed")
        continue
      }
      _ = try add(child, parent: index, path: path)
    }
    return index
  }

  /// The scenes a controller holds at launch, in the order its kind lists them.
  mutating func childScenes(of ref: SceneRef, index: ControllerIndex) -> [SceneRef] {
    let scene = map[ref]
    let segues = map.segues(from: ref).map { (ref: $0, segue: map[$0]) }
    func destinations(_ relationship: StoryboardSegue.Relationship) -> [SceneRef] {
      segues.filter { $0.segue.kind == .relationship && $0.segue.relationship == relationship }
        .compactMap { map.destination(of: $0.ref) }
    }
    var children: [SceneRef] = []
    var expected: Set<StoryboardSegue.Relationship> = []
    switch scene.kind {
    case .navigation:
      children = Array(destinations(.rootViewController).prefix(1))
      expected = [.rootViewController]
    case .tabBar:
      children = destinations(.viewControllers)
      expected = [.viewControllers]
    case .split:
      children =
        destinations(.masterViewController) + destinations(.supplementaryViewController)
        + destinations(.detailViewController)
      expected = [
        .masterViewController, .supplementaryViewController, .detailViewController,
        .compactViewController,
      ]
      for compact in destinations(.compactViewController) {
        hierarchy.controllers[index].notes.append(
          "compact column \(map.describe(compact)) (shown instead of the columns when"
            + " collapsed) is not part of the launch state vcgraph models")
      }
    case .plain, .page, .alert:
      break
    }
    for item in segues where item.segue.kind == .relationship {
      guard let relationship = item.segue.relationship, !expected.contains(relationship) else {
        continue
      }
      hierarchy.controllers[index].notes.append(
        "relationship \(relationship.rawValue) (line \(item.segue.location.line)) does not apply"
          + " to a \(scene.uikitClass); ignored")
    }
    let embeds = segues.filter { $0.segue.kind == .embed }.compactMap {
      map.destination(of: $0.ref)
    }
    if scene.kind == .plain {
      children += embeds
    } else if !embeds.isEmpty {
      hierarchy.controllers[index].notes.append(
        "embed segues into a \(scene.uikitClass) are not modelled; ignored")
    }
    return children
  }

  /// `base`, or `base-2`, `base-3`, ... when it is taken.
  func uniqueID(_ base: String) -> String {
    func free(_ id: String) -> Bool { hierarchy.controller(id: id) == nil && !taken.contains(id) }
    if free(base) { return base }
    var number = 2
    while !free("\(base)-\(number)") { number += 1 }
    return "\(base)-\(number)"
  }
}
