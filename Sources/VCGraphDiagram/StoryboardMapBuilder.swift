import VCGraphCore

/// Works out a storyboard's map: the launch state drawn exactly as its own diagram draws it
/// (one node per scene, containment with its slots, on screen, the top view controller), the
/// initial view controller marked, every other scene of the storyboard in its cluster, each
/// segue as an edge labelled with what UIKit does with it, and each storyboard reference as a
/// node linked to the scene it stands for. Of a storyboard the references lead to, only the
/// scenes the references use (and what those hold) are drawn: its own map has the rest.
public struct StoryboardMapBuilder {
  let document: StoryboardDocument
  let report: AnalysisReport
  let options: DiagramOptions
  var map: StoryboardMap { document.map }

  /// Prepares the map of `document`; `report` is the analysis of its launch state with the
  /// storyboard's findings (`AnalysisReport(_:storyboard:)`).
  public init(
    document: StoryboardDocument, report: AnalysisReport, options: DiagramOptions = DiagramOptions()
  ) {
    self.document = document
    self.report = report
    self.options = options
  }

  /// The map; the same storyboard and options always give an equal diagram.
  public func diagram() -> Diagram {
    let state = document.launch
    var launchOptions = options
    launchOptions.expandAll = true
    if let selection = options.selection, let scenes = selection.scenes {
      // `--focus`: the launch state's controllers of the chosen scenes.
      launchOptions.selection = DiagramSelection(
        controllers: Set(state.scenes.indices.filter { scenes.contains(state.scenes[$0]) }),
        label: selection.label, slug: selection.slug)
    }
    let launch = DiagramBuilder(report: report, options: launchOptions).diagram()
    let initial = map.initialScene(of: 0).map(map.resolved)

    // The launch state, its controllers as the scenes they were built from (once each).
    var drawn = Set<SceneRef>()
    func convert(_ node: Diagram.Node) -> Diagram.Node? {
      guard case .controller(let index) = node.id else { return node }
      let scene = state.scenes[index]
      guard drawn.insert(scene).inserted else { return nil }
      var content = node.content
      if scene == initial, case .controller(var controller) = content {
        controller.badges.insert(.initialViewController, at: 0)
        content = .controller(controller)
      }
      return Diagram.Node(id: .storyboardScene(scene), content: content)
    }
    func convert(_ cluster: Diagram.Cluster) -> Diagram.Cluster {
      Diagram.Cluster(
        kind: cluster.kind, nodes: cluster.nodes.compactMap(convert),
        clusters: cluster.clusters.map(convert))
    }
    var clusters = launch.clusters.map(convert)
    var edges: [Diagram.Edge] = []
    var seenEdges = Set<String>()
    func add(_ edge: Diagram.Edge) {
      if seenEdges.insert("\(edge.tail) \(edge.head) \(edge.kind.labelLines)").inserted {
        edges.append(edge)
      }
    }
    func sceneID(_ id: Diagram.NodeID) -> Diagram.NodeID {
      if case .controller(let index) = id { return .storyboardScene(state.scenes[index]) }
      return id
    }
    for edge in launch.edges {
      add(Diagram.Edge(sceneID(edge.tail), sceneID(edge.head), kind: edge.kind))
    }

    // The other scenes, storyboard by storyboard.
    let scenes = scenesToDraw(launched: drawn)
    let badges = sceneBadges()
    for board in map.storyboards.indices {
      let nodes = scenes.filter { $0.storyboard == board && !drawn.contains($0) }.map {
        Diagram.Node(
          id: .storyboardScene($0),
          content: .storyboardScene(sceneNode($0, badges: badges[$0] ?? [])))
      }
      guard !nodes.isEmpty else { continue }
      let kind = Diagram.StoryboardCluster(
        index: board, name: map.storyboards[board].name, isOpened: board < map.openedCount)
      clusters.append(Diagram.Cluster(kind: .storyboard(kind), nodes: nodes))
    }
    let launched = drawn
    drawn.formUnion(scenes)

    for edge in segueEdges(drawn: drawn, launched: launched) { add(edge) }
    var legend = launch.legend
    if legend != nil {
      let roles = Set(
        launch.legend!.roles
          + scenes.filter { !state.scenes.contains($0) }.map { role(of: $0) })
      legend!.roles = Diagram.Role.allCases.filter(roles.contains)
      let styles = Set(
        edges.compactMap { edge -> Diagram.SegueEdge.Style? in
          if case .segue(let segue) = edge.kind { return segue.style }
          return nil
        })
      legend!.segueStyles = Diagram.SegueEdge.Style.allCases.filter(styles.contains)
    }
    let segueCount = map.storyboards[0].segues.count
    let sceneCount = map.storyboards[0].scenes.count
    // The launch state's diagram with the map's clusters and edges: title, theme and answers
    // as any diagram has them.
    var diagram = launch
    diagram.caption =
      options.caption
      ?? "storyboard map · \(sceneCount) scene\(sceneCount == 1 ? "" : "s"),"
      + " \(segueCount) segue\(segueCount == 1 ? "" : "s") · the launch state as it starts"
    diagram.clusters = clusters
    diagram.edges = edges
    diagram.legend = legend
    return diagram
  }

  // MARK: - Scenes

  /// Every scene of the storyboard opened; of the others, the launch state's scenes, the
  /// scenes references stand for, and what those hold (relationships and embeds).
  /// With a selection of scenes (`--focus`), those.
  func scenesToDraw(launched: Set<SceneRef>) -> [SceneRef] {
    if let scenes = options.selection?.scenes { return scenes.union(launched).sorted() }
    var chosen = launched
    var pending = Array(
      map.storyboards[0].scenes.indices.map { SceneRef(storyboard: 0, scene: $0) })
    pending += launched.sorted()
    while let scene = pending.popLast() {
      chosen.insert(scene)
      var next: [SceneRef] = []
      if let target = map.referenceTargets[scene] { next.append(target) }
      if scene.storyboard != 0 {
        next += map.segues(from: scene).filter {
          [.relationship, .embed].contains(map[$0].kind)
        }.compactMap { map.destination(of: $0) }
      }
      for item in next where !chosen.contains(item) { pending.append(item) }
    }
    return chosen.sorted()
  }

  func role(of scene: SceneRef) -> Diagram.Role {
    let item = map[scene]
    switch item.kind {
    case .navigation: return .navigation
    case .tabBar: return .tabBar
    case .split: return .split
    case .page: return .page
    case .alert: return .alert
    case .plain:
      return map.segues(from: scene).contains { map[$0].kind == .embed } ? .custom : .plain
    }
  }

  private func sceneNode(_ scene: SceneRef, badges: [(Diagram.Badge, Finding)]) -> Diagram.SceneNode
  {
    let item = map[scene]
    var notes = item.notes
    if let reason = map.unresolvedReferences[scene] { notes.append("unresolved: \(reason)") }
    // A link only to the map of a storyboard read for this one (`OutputLink` decides).
    var link: String?
    if let target = map.referenceTargets[scene], target.storyboard != scene.storyboard {
      link = OutputLink.storyboardMap(named: map.storyboards[target.storyboard].name)
    }
    return Diagram.SceneNode(
      scene: scene, id: map.preferredID(of: scene), className: item.className,
      title: item.title, displayName: map.displayName(of: scene),
      storyboard: map.storyboards[scene.storyboard].name,
      location: item.location, role: role(of: scene), reference: item.reference?.label,
      link: link, notes: notes, badges: badges.map(\.0), findings: badges.map(\.1))
  }

  /// The findings about scenes outside the launch state, by scene: a finding is at its scene's
  /// element or at one of its segues.
  func sceneBadges() -> [SceneRef: [(Diagram.Badge, Finding)]] {
    var byLocation: [SourceLocation: SceneRef] = [:]
    for scene in map.allScenes { byLocation[map[scene].location] = scene }
    for segue in map.allSegues { byLocation[map[segue].location] = map.source(of: segue) }
    var result: [SceneRef: [(Diagram.Badge, Finding)]] = [:]
    for finding in report.findings where finding.controller == nil {
      guard let scene = byLocation[finding.location] else { continue }
      result[scene, default: []].append((.finding(finding.severity, finding.rule), finding))
    }
    return result
  }

  // MARK: - Segues

  /// Each segue between drawn scenes, but the containment the launch state draws already,
  /// segues alike (same ends, kind and outcomes, such as a list's cells) on one edge; then
  /// each reference to the scene it stands for.
  func segueEdges(drawn: Set<SceneRef>, launched: Set<SceneRef>) -> [Diagram.Edge] {
    let state = document.launch
    struct Group {
      var tail: SceneRef
      var head: SceneRef
      var segue: SegueRef
      var style: Diagram.SegueEdge.Style
      var kind: String
      var names: [String?]
      var effects: [String]
    }
    var groups: [Group] = []
    var tabs: [SceneRef: Int] = [:]
    for segue in map.allSegues {
      let item = map[segue]
      let source = map.source(of: segue)
      guard drawn.contains(source) else { continue }
      let outcomes = document.segues.outcomes[segue] ?? []
      var head: SceneRef?
      if item.kind == .unwind {
        if case .unwind(_, let candidates)? = outcomes.first?.effect { head = candidates.first }
      } else {
        head = map.destination(of: segue)
      }
      guard let head, drawn.contains(head) else { continue }
      if item.kind == .relationship || item.kind == .embed {
        var title = "embed"
        switch item.relationship {
        case .rootViewController?: title = "root"
        case .viewControllers?:
          title = "tab \(tabs[source, default: 0])"
          tabs[source, default: 0] += 1
        case .masterViewController?: title = "primary"
        case .supplementaryViewController?: title = "supplementary"
        case .detailViewController?: title = "secondary"
        case .compactViewController?: title = "compact"
        case nil: break
        }
        // Inside the launch state the containment edge says it already, when the child is
        // drawn (a part of the map may leave out the scene a placeholder stands for).
        if let parent = state.controller(for: source),
          let child = state.controller(for: map.resolved(head)),
          state.hierarchy.controllers[child].parent == parent,
          launched.contains(map.resolved(head))
        {
          continue
        }
        groups.append(
          Group(
            tail: source, head: head, segue: segue, style: .containment, kind: title, names: [],
            effects: []))
        continue
      }
      let effects = outcomes.map { map.describe($0, byDisplayName: true) }
      if let same = groups.firstIndex(where: {
        $0.tail == source && $0.head == head && $0.kind == item.label && $0.effects == effects
          && $0.style != .containment
      }) {
        groups[same].names.append(item.identifier)
        continue
      }
      groups.append(
        Group(
          tail: source, head: head, segue: segue, style: Self.style(of: outcomes.first?.effect),
          kind: item.label, names: [item.identifier], effects: effects))
    }
    var edges = groups.map { group in
      var title = group.kind
      let named = group.names.compactMap { $0 }.map { "'\($0)'" }
      if group.names.count > 1 { title += " ×\(group.names.count)" }
      if !named.isEmpty {
        title += " " + named.prefix(3).joined(separator: ", ")
        if named.count > 3 { title += ", +\(named.count - 3)" }
      }
      return Diagram.Edge(
        .storyboardScene(group.tail), .storyboardScene(group.head),
        kind: .segue(
          Diagram.SegueEdge(
            segue: group.segue, style: group.style, title: title, effects: group.effects,
            ranksDestination: group.style != .unwind && !launched.contains(group.head))))
    }
    for scene in drawn.sorted() {
      guard let target = map.referenceTargets[scene], drawn.contains(target) else { continue }
      edges.append(
        Diagram.Edge(
          .storyboardScene(scene), .storyboardScene(target),
          kind: .segue(
            Diagram.SegueEdge(
              segue: nil, style: .reference, title: "reference",
              ranksDestination: !launched.contains(target)))))
    }
    return edges
  }

  static func style(of effect: SegueEffect?) -> Diagram.SegueEdge.Style {
    switch effect {
    case .push?, .replaceDetail?, .replacePrimary?: .push
    case .present?: .present
    case .unwind?: .unwind
    case .refused?: .refused
    case .embed?, .relationship?: .containment
    case .custom?, .unknownContainer?, nil: .other
    }
  }
}
