import VCGraphCore

/// The part of a scanned app's map one drawing shows, so that a large app reads at README
/// width in smaller pictures: one flow each (``ScanMapBuilder/parts()``, `scan --split`), or
/// one type and what leads to it (``ScanMapBuilder/focus(on:)``, `scan --focus TYPE`).
/// Format-neutral: ``ScanMapBuilder`` draws only these types, every backend alike.
public struct ScanMapSelection: Sendable, Equatable {
  /// The types drawn, by name.
  public var types: Set<String>
  /// What the part is, for titles and the overview: `flow from AppCoordinator`.
  public var label: String
  /// A file-name-safe name of the part (`flow-AppCoordinator`): ASCII letters, digits, `-`.
  public var slug: String
  /// Whether a line from a drawn type to a type outside is drawn, to a reference node (a
  /// part of `--split`: what the flow shows elsewhere), or left out (`--focus`).
  public var referencesOutside: Bool

  /// A selection of `types`.
  public init(types: Set<String>, label: String, slug: String, referencesOutside: Bool) {
    self.types = types
    self.label = label
    self.slug = slug
    self.referencesOutside = referencesOutside
  }

  /// Parts with fewer types than this are drawn together, several in one part.
  public static let smallFlow = 5
  /// Flows with this many types or more are cut into pieces (``ScanMapBuilder/parts()``).
  public static let bigFlow = 12
  /// The most types the small flows put together in one part.
  public static let gatheredTypes = 12
}

extension ScanMapBuilder {
  /// The map's parts for `--split`: each flow (a connected part of the map as drawn, a
  /// screen many types show in the flow of the first; a big one cut into pieces at its
  /// branches, ``cut(_:links:scenes:)``) with ``ScanMapSelection/smallFlow`` types or more its
  /// own part, named after its first type nothing leads to (else its first
  /// entry point); the smaller flows gathered in order, up to ``ScanMapSelection/gatheredTypes``
  /// types a part. Every drawn type is in exactly one part.
  public func parts() -> [ScanMapSelection] {
    let whole = ScanMapBuilder(result: result, title: title, options: options).diagram()
    let scenes = whole.nodes.compactMap { node -> Diagram.SceneNode? in
      guard case .storyboardScene(let scene) = node.content else { return nil }
      return scene
    }
    var position: [Diagram.NodeID: Int] = [:]
    for (index, node) in whole.nodes.enumerated() { position[node.id] = index }
    let links = whole.edges.compactMap { edge -> (tail: Int, head: Int)? in
      guard let tail = position[edge.tail], let head = position[edge.head] else { return nil }
      return (tail, head)
    }
    let flowOf = ScanMapLayout.flows(count: scenes.count, links: links)
    let entered = Set(links.filter { $0.tail != $0.head }.map(\.head))
    var flows: [Int: [Int]] = [:]
    for index in scenes.indices where scenes[index].reference == nil {
      flows[flowOf[index], default: []].append(index)
    }
    var parts: [ScanMapSelection] = []
    var gathered: [Int] = []
    func gather() {
      guard !gathered.isEmpty else { return }
      let number = parts.filter { $0.slug.hasPrefix("small-flows") }.count + 1
      let names = gathered.map { scenes[$0].id }
      parts.append(
        ScanMapSelection(
          types: Set(names), label: "small flows \(number): \(names.count) types",
          slug: "small-flows-\(number)", referencesOutside: true))
      gathered = []
    }
    var pieces: [[Int]] = []
    for key in flows.keys.sorted() {
      let members = flows[key]!
      pieces +=
        members.count < ScanMapSelection.bigFlow
        ? [members] : Self.cut(members, links: links, scenes: scenes)
    }
    for members in pieces {
      if members.count < ScanMapSelection.smallFlow {
        if gathered.count + members.count > ScanMapSelection.gatheredTypes { gather() }
        gathered += members
        continue
      }
      let start =
        members.first { !entered.contains($0) }
        ?? members.first { index in scenes[index].badges.contains { $0.isEntryPoint } }
        ?? members[0]
      let name = scenes[start].id
      parts.append(
        ScanMapSelection(
          types: Set(members.map { scenes[$0].id }), label: "flow from \(name)",
          slug: "flow-" + DiagramSelection.slugged(name), referencesOutside: true))
    }
    gather()
    return parts
  }

  /// A flow of ``ScanMapSelection/bigFlow`` types or more in pieces: a spanning forest from
  /// its types nothing leads to (then its entry points, then any type left), each tree cut
  /// where a branch holds ``ScanMapSelection/smallFlow`` types or more: that branch is a
  /// piece of its own (cut again when it is big), the smaller branches stay with their root.
  static func cut(
    _ members: [Int], links: [(tail: Int, head: Int)], scenes: [Diagram.SceneNode]
  ) -> [[Int]] {
    let inside = Set(members)
    var next: [Int: [Int]] = [:]
    var entered = Set<Int>()
    for link in links
    where link.tail != link.head && inside.contains(link.tail)
      && inside.contains(link.head)
    {
      next[link.tail, default: []].append(link.head)
      entered.insert(link.head)
    }
    let starts =
      members.filter { !entered.contains($0) }
      + members.filter { index in scenes[index].badges.contains { $0.isEntryPoint } } + members
    var claimed = Set<Int>()
    var children: [Int: [Int]] = [:]
    var roots: [Int] = []
    for start in starts where claimed.insert(start).inserted {
      roots.append(start)
      var level = [start]
      while !level.isEmpty {
        var following: [Int] = []
        for node in level {
          for head in next[node] ?? [] where claimed.insert(head).inserted {
            children[node, default: []].append(head)
            following.append(head)
          }
        }
        level = following
      }
    }
    func subtree(_ node: Int) -> [Int] {
      [node] + (children[node] ?? []).flatMap(subtree)
    }
    func pieces(of node: Int) -> [[Int]] {
      var own = [node]
      var split: [[Int]] = []
      for child in children[node] ?? [] {
        let branch = subtree(child)
        if branch.count >= ScanMapSelection.bigFlow {
          split += pieces(of: child)
        } else if branch.count >= ScanMapSelection.smallFlow {
          split.append(branch)
        } else {
          own += branch
        }
      }
      return [own] + split
    }
    return roots.flatMap { root in
      subtree(root).count >= ScanMapSelection.bigFlow ? pieces(of: root) : [subtree(root)]
    }
  }

  /// `--focus TYPE`: the type, the shortest path to it from an entry point (else from a type
  /// nothing leads to), and the types it shows or is shown by. A type the map does not draw
  /// is a data error (65) with a did-you-mean.
  public func focus(on type: String) throws(VCGraphError) -> ScanMapSelection {
    let whole = ScanMapBuilder(result: result, title: title, options: options).diagram()
    var names: [Diagram.NodeID: String] = [:]
    var starts: [String] = []
    for node in whole.nodes {
      guard case .storyboardScene(let scene) = node.content else { continue }
      names[node.id] = scene.reference ?? scene.id
      if scene.reference == nil && scene.badges.contains(where: \.isEntryPoint) {
        starts.append(scene.id)
      }
    }
    let types = whole.nodes.compactMap { node -> String? in
      guard case .storyboardScene(let scene) = node.content, scene.reference == nil else {
        return nil
      }
      return scene.id
    }
    guard types.contains(type) else {
      throw VCGraphError.data(
        "--focus: the map draws no type '\(type)'", at: nil,
        hint: suggestion(for: type, among: types)
          ?? "`vcgraph scan PATH` lists the types and their edges")
    }
    var next: [String: [String]] = [:]
    var previous: [String: [String]] = [:]
    for edge in whole.edges {
      guard let tail = names[edge.tail], let head = names[edge.head], tail != head else {
        continue
      }
      next[tail, default: []].append(head)
      previous[head, default: []].append(tail)
    }
    let entered = Set(previous.keys)
    var selected = Set(
      Self.shortestPath(to: type, from: starts, next: next)
        ?? Self.shortestPath(to: type, from: types.filter { !entered.contains($0) }, next: next)
        ?? [type])
    selected.formUnion(next[type] ?? [])
    selected.formUnion(previous[type] ?? [])
    return ScanMapSelection(
      types: selected, label: "focus on \(type)", slug: "focus-" + DiagramSelection.slugged(type),
      referencesOutside: false)
  }

  /// The shortest path from one of `starts` to `target` (breadth first), or nil.
  static func shortestPath(
    to target: String, from starts: [String], next: [String: [String]]
  ) -> [String]? {
    var came: [String: String] = [:]
    var seen = Set(starts)
    var level = starts
    while !level.isEmpty && !seen.contains(target) {
      var following: [String] = []
      for name in level {
        for head in next[name] ?? [] where seen.insert(head).inserted {
          came[head] = name
          following.append(head)
        }
      }
      level = following
    }
    guard seen.contains(target) else { return nil }
    var path = [target]
    while let step = came[path[0]] { path.insert(step, at: 0) }
    return path
  }

  /// The groups and types `selection` draws: its types' own edges; an edge to a type outside
  /// to a reference node (returned, with the type it stands for) when the selection keeps
  /// them, else left out.
  static func select(
    _ selection: ScanMapSelection, groups: inout [Group], order: inout [String]
  ) -> [String: String] {
    var references: [String: String] = [:]
    var named: [String: String] = [:]
    groups = groups.compactMap { group in
      guard selection.types.contains(group.tail) else { return nil }
      if selection.types.contains(group.head) { return group }
      guard selection.referencesOutside else { return nil }
      var redirected = group
      if let existing = named[group.head] {
        redirected.head = existing
      } else {
        let reference = "\(group.head)-ref-out"
        named[group.head] = reference
        references[reference] = group.head
        redirected.head = reference
      }
      return redirected
    }
    order = order.filter { selection.types.contains($0) } + references.keys.sorted()
    return references
  }
}

extension Diagram.Badge {
  /// Whether it marks where the app starts.
  var isEntryPoint: Bool {
    if case .entryPoint = self { return true }
    return false
  }
}

/// ``ReadingSize`` for a scanned app's map: `render`'s figure, counting the types a map draws
/// (not its reference nodes), and the fixes `scan` offers.
public enum ScanReading {
  /// Why a map `drawingWidth` px wide whose smallest text is `smallestText` px does not read
  /// in a column `column` px wide, with the figures, or nil when it does.
  public static func problem(
    of diagram: Diagram, drawingWidth: Double, smallestText: Double,
    column: Double = ReadingSize.columnWidth
  ) -> String? {
    let shown = ReadingSize.shown(smallestText, inDrawingOf: drawingWidth, column: column)
    guard shown < ReadingSize.minimumText else { return nil }
    let types = diagram.nodes.filter { node in
      guard case .storyboardScene(let scene) = node.content else { return false }
      return scene.reference == nil
    }.count
    return "the diagram is \(Int(drawingWidth.rounded())) px wide: shown \(Int(column)) px"
      + " wide (\(column == ReadingSize.columnWidth ? "a README column" : "--max-width")), its"
      + " smallest text is \(ReadingSize.format(shown)) px, under"
      + " \(Int(ReadingSize.minimumText)) px (\(types) types drawn)"
  }

  /// What to do about it, for the diagnostic's hint.
  public static let remedy =
    "draw less in one map: --split (a map per flow, and an overview page) or --focus TYPE"
    + " (one type, the path to it and its neighbours); or link the SVG, which stays sharp"
    + " when opened full size"
}
