import VCGraphCore

/// The part of a hierarchy one diagram draws, so that a large hierarchy reads at README width
/// in smaller pictures: one controller and what it touches (``focus(on:in:)``, `--focus`), or
/// one window, tab or presentation level each (``parts(of:)``, `--split`). Format-neutral:
/// ``DiagramBuilder`` draws only these controllers (and their views), every backend alike.
public struct DiagramSelection: Sendable, Equatable {
  /// The controllers drawn.
  public var controllers: Set<ControllerIndex>
  /// The scenes a storyboard's map draws (``focus(onScene:in:)``); nil for a hierarchy's
  /// selection. ``StoryboardMapBuilder`` draws the launch state's controllers of these scenes.
  public var scenes: Set<SceneRef>?
  /// What the part is, for titles and file names: `tab 2: cartNav`, `focus on cart`.
  public var label: String
  /// A file-name-safe name of the part (`tab-2-cartNav`): ASCII letters, digits, `-`, `_`.
  public var slug: String

  /// A selection of `controllers` (or of a map's `scenes`), called `label`.
  public init(
    controllers: Set<ControllerIndex>, scenes: Set<SceneRef>? = nil, label: String, slug: String
  ) {
    self.controllers = controllers
    self.scenes = scenes
    self.label = label
    self.slug = slug
  }

  /// The most characters a part's title line has: the whole diagram's title is cut at a word
  /// (with `…`) so that the part's label fits, and a small part is not drawn as wide as its
  /// title (at 13 pt, 64 characters are about 420 pt, under half of an 880 px column).
  public static let titleLength = 64

  /// The title of this part of a diagram titled `whole`: `whole · label`, the whole title cut
  /// short at a word when the line would be longer than ``titleLength`` (the label is kept;
  /// the overview page has the whole title).
  public func title(of whole: String) -> String {
    let joined = whole + " · " + label
    guard joined.count > Self.titleLength else { return joined }
    let room = Self.titleLength - label.count - " · ".count - "…".count
    guard room >= 8 else { return label }
    var cut = String(whole.prefix(room))
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) >= 8 {
      cut = String(cut[..<space])
    }
    while let last = cut.last, last == "," || last == " " || last == "·" || last == ":" {
      cut.removeLast()
    }
    return cut + "…" + " · " + label
  }

  /// The controller `id` and what it touches: the path from its window's root down to it
  /// (parents and presenters), its parent, its children, its presenter and what it presents
  /// or asked to present. An id no controller has is a data error (65) with a did-you-mean.
  public static func focus(on id: String, in analysis: Analysis) throws(VCGraphError) -> Self {
    let hierarchy = analysis.hierarchy
    guard let index = hierarchy.controller(id: id) else {
      throw VCGraphError.data(
        "--focus: no controller has the id '\(id)'", at: nil,
        hint: suggestion(for: id, among: hierarchy.controllers.map(\.id))
          ?? "`vcgraph analyze` lists the controllers")
    }
    var selected = Set(path(to: index, in: analysis))
    selected.formUnion(hierarchy.controllers[index].children)
    if let presented = analysis.presentation.presented[index] { selected.insert(presented) }
    for (other, controller) in hierarchy.controllers.enumerated()
    where controller.requestedBy == index {
      selected.insert(other)
    }
    return Self(controllers: selected, label: "focus on \(id)", slug: "focus-" + slugged(id))
  }

  /// From the root of its window (or of the tree it is in) down to `index`, through parents
  /// and presenters: the controllers a reader follows to reach it.
  public static func path(to index: ControllerIndex, in analysis: Analysis) -> [ControllerIndex] {
    let controllers = analysis.hierarchy.controllers
    var path: [ControllerIndex] = []
    var current: ControllerIndex? = index
    while let step = current, path.count <= controllers.count {
      path.append(step)
      current = controllers[step].parent ?? analysis.presentation.presenter[step]
    }
    return path.reversed()
  }

  /// One part per window root tree, per tab of the first tab bar controller of each tree,
  /// per presentation level and per tree in no window, in document order (each tab right
  /// after the tree it belongs to): every controller is in exactly one part.
  public static func parts(of analysis: Analysis) -> [Self] {
    let hierarchy = analysis.hierarchy
    let controllers = hierarchy.controllers
    // Each presentation context (a window's root tree, a presented tree, a tree in no
    // window) by its root, in document order.
    var contexts: [ControllerIndex: [ControllerIndex]] = [:]
    for index in controllers.indices {
      contexts[PresentationResolution.contextRoot(of: index, in: hierarchy), default: []]
        .append(index)
    }
    var parts: [Self] = []
    for root in contexts.keys.sorted() {
      let members = contexts[root]!
      let inContext = Set(members)
      var rest = inContext
      var tabs: [Self] = []
      if let tabBar = members.first(where: { controllers[$0].kind == .tabBar }) {
        for (position, tab) in controllers[tabBar].children.enumerated()
        where inContext.contains(tab) {
          let subtree = Set(Self.subtree(of: tab, in: hierarchy)).intersection(inContext)
          rest.subtract(subtree)
          let id = controllers[tab].id
          tabs.append(
            Self(
              controllers: subtree, label: "tab \(position + 1): \(id)",
              slug: "tab-\(position + 1)-" + slugged(id)))
        }
      }
      let id = controllers[root].id
      if analysis.presentation.presenter[root] != nil {
        let level = analysis.level(of: root)
        parts.append(
          Self(
            controllers: rest, label: "presentation level \(level): \(id)",
            slug: "level-\(level)-" + slugged(id)))
      } else if let window = hierarchy.windows.firstIndex(where: { $0.root == root }) {
        let name = hierarchy.windows[window].id
        // A window's default id (`window`, `window-2`) is name enough.
        let slug = slugged(name).hasPrefix("window") ? slugged(name) : "window-" + slugged(name)
        parts.append(Self(controllers: rest, label: "window \(name)", slug: slug))
      } else {
        parts.append(
          Self(controllers: rest, label: "in no window: \(id)", slug: "detached-" + slugged(id)))
      }
      parts += tabs
    }
    return parts
  }

  /// The controller and its containment subtree (not what it presents).
  static func subtree(of index: ControllerIndex, in hierarchy: Hierarchy) -> [ControllerIndex] {
    var result: [ControllerIndex] = []
    var stack = [index]
    while let current = stack.popLast(), result.count <= hierarchy.controllers.count {
      result.append(current)
      stack.append(contentsOf: hierarchy.controllers[current].children)
    }
    return result
  }

  /// `text` as a file-name part: ASCII letters, digits, `-` and `_` kept, every other run of
  /// characters one `-`, at most 40 characters; `part` when nothing is left.
  public static func slugged(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      if character.isASCII
        && (("a"..."z").contains(character) || ("A"..."Z").contains(character)
          || ("0"..."9").contains(character) || character == "_" || character == "-")
      {
        result.unicodeScalars.append(character)
      } else if !result.hasSuffix("-") {
        result += "-"
      }
    }
    let trimmed = String(result.prefix(40)).trimmingDashes
    return trimmed.isEmpty ? "part" : trimmed
  }
}

extension String {
  fileprivate var trimmingDashes: String {
    var text = Substring(self)
    while text.hasPrefix("-") { text = text.dropFirst() }
    while text.hasSuffix("-") { text = text.dropLast() }
    return String(text)
  }
}

extension Diagram.Cluster {
  /// The cluster without the clusters inside it that hold no node (a window a selection left
  /// empty, a presentation level outside it).
  var withoutEmptyParts: Self {
    var copy = self
    copy.clusters = clusters.map(\.withoutEmptyParts).filter(\.holdsNodes)
    return copy
  }

  /// Whether a node is drawn in it or in a cluster inside it.
  var holdsNodes: Bool { !nodes.isEmpty || clusters.contains(where: \.holdsNodes) }
}
