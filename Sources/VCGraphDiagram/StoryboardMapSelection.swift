import VCGraphCore

/// `--focus SCENE` on a storyboard's map: the part ``StoryboardMapBuilder`` draws when
/// ``DiagramSelection/scenes`` is set.
extension DiagramSelection {
  /// The scene `name` names and what it touches in `document`'s map: the path of segues from
  /// the initial scene to it (through storyboard references), and each scene one segue or
  /// reference away from it, either way (containment, presentations, pushes, unwinds).
  /// `name` is an Interface Builder id (`BYZ-38-t0r`), else a storyboard identifier, else a
  /// custom class, else a scene title, first match wins in that order; a name no scene has,
  /// or one several scenes share at the same step, is a data error (65) with a hint.
  public static func focus(
    onScene name: String, in document: StoryboardDocument
  ) throws(VCGraphError) -> Self {
    let map = document.map
    let scene = try Self.scene(named: name, in: map)
    let links = Self.links(in: document)
    var selected: Set<SceneRef> = [scene]
    for link in links where link.tail == scene || link.head == scene {
      selected.insert(link.tail)
      selected.insert(link.head)
    }
    if let initial = map.initialScene(of: 0) {
      selected.formUnion(path(from: initial, to: scene, links: links))
    }
    return Self(
      controllers: [], scenes: selected, label: "focus on \(name)",
      slug: "focus-" + slugged(name))
  }

  /// The scene `name` names (see ``focus(onScene:in:)``).
  static func scene(named name: String, in map: StoryboardMap) throws(VCGraphError) -> SceneRef {
    let scenes = map.allScenes
    let steps: [(String, (StoryboardScene) -> String?)] = [
      ("Interface Builder id", { $0.elementID }),
      ("storyboard identifier", { $0.storyboardIdentifier }),
      ("custom class", { $0.customClass }),
      ("title", { $0.title }),
    ]
    for (what, key) in steps {
      let found = scenes.filter { key(map[$0]) == name }
      if found.count == 1 { return found[0] }
      if found.count > 1 {
        let ids = found.map { map[$0].elementID }
        throw VCGraphError.data(
          "--focus: \(found.count) scenes have the \(what) '\(name)'", at: nil,
          hint: "give one of their Interface Builder ids: "
            + ids.prefix(6).map { "'\($0)'" }.joined(separator: ", ")
            + (ids.count > 6 ? ", …" : ""))
      }
    }
    var names: [String] = []
    for scene in scenes {
      let item = map[scene]
      names += [item.storyboardIdentifier, item.customClass, item.title].compactMap { $0 }
      names.append(item.elementID)
    }
    throw VCGraphError.data(
      "--focus: no scene has the id, storyboard identifier, class or title '\(name)'", at: nil,
      hint: suggestion(for: name, among: names)
        ?? "`vcgraph analyze --format json` lists the scenes (`scenes`)")
  }

  /// A segue or reference between two scenes as the map draws it: a segue to the scene it
  /// names (a placeholder, maybe), an unwind segue to the scene it returns to, a placeholder
  /// to the scene it stands for. Unwinds do not lead anywhere new.
  struct SceneLink: Equatable {
    var tail: SceneRef
    var head: SceneRef
    var isUnwind: Bool
  }

  static func links(in document: StoryboardDocument) -> [SceneLink] {
    let map = document.map
    var links: [SceneLink] = []
    for segue in map.allSegues {
      let tail = map.source(of: segue)
      if map[segue].kind == .unwind {
        let outcomes = document.segues.outcomes[segue] ?? []
        if case .unwind(_, let candidates)? = outcomes.first?.effect, let head = candidates.first {
          links.append(SceneLink(tail: tail, head: head, isUnwind: true))
        }
      } else if let head = map.destination(of: segue) {
        links.append(SceneLink(tail: tail, head: head, isUnwind: false))
      }
    }
    for (placeholder, target) in map.referenceTargets.sorted(by: { $0.key < $1.key }) {
      links.append(SceneLink(tail: placeholder, head: target, isUnwind: false))
    }
    return links
  }

  /// The scenes of a shortest path of segues and references (no unwinds) from `start` to
  /// `end`, both included; only `end` when no such path leads there.
  static func path(from start: SceneRef, to end: SceneRef, links: [SceneLink]) -> [SceneRef] {
    var next: [SceneRef: [SceneRef]] = [:]
    for link in links where !link.isUnwind { next[link.tail, default: []].append(link.head) }
    var previous: [SceneRef: SceneRef] = [:]
    var seen: Set<SceneRef> = [start]
    var queue = [start]
    var position = 0
    while position < queue.count {
      let current = queue[position]
      position += 1
      if current == end { break }
      for head in next[current] ?? [] where seen.insert(head).inserted {
        previous[head] = current
        queue.append(head)
      }
    }
    guard seen.contains(end) else { return [end] }
    var path = [end]
    while let step = previous[path.last!] { path.append(step) }
    return path.reversed()
  }
}

extension DiagramSelection {
  /// `--split` of a storyboard's map: one part per storyboard file the map draws scenes of,
  /// in the map's order (the storyboard opened, then those its references led to), each
  /// drawing that file's scenes among `scenes` (the whole map's); every drawn scene is in
  /// exactly one part. Segues between files are drawn in neither part; a placeholder stays
  /// in the file that holds it.
  public static func parts(ofMap document: StoryboardDocument, drawing scenes: [SceneRef])
    -> [Self]
  {
    let map = document.map
    let drawn = Set(scenes)
    return map.storyboards.indices.compactMap { board in
      let members = drawn.filter { $0.storyboard == board }
      guard !members.isEmpty else { return nil }
      let name = map.storyboards[board].name
      return Self(
        controllers: [], scenes: members, label: "storyboard \(name)",
        slug: "storyboard-" + slugged(name))
    }
  }
}
