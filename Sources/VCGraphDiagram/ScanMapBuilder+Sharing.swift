import VCGraphCore

extension ScanMapBuilder {
  /// Screens that three or more types show (``ScanMapLayout/sharedCallers``: a QR reader, a
  /// common sheet, the app's navigation controller): drawn once, in the flow of the first
  /// type that shows it, and as a reference node (`→ QRCodeReaderViewController`) in each
  /// other flow that shows it, so that no line runs across the map from flow to flow and
  /// the flows can be set in rows. A flow is a connected part of the map without the shared
  /// screens. Returns each reference node's name (appended to `order`) with the type it
  /// stands for; the edges to it are redirected in `groups`.
  ///
  /// In a part of the map (`outside` holds the reference nodes of a selection, by the type
  /// outside it they stand for) only those reference nodes are shared: each type the part
  /// draws is drawn once, never beside a reference to itself, and a reference node's copy
  /// stands for the type outside (`→ ItemsView`, not for the reference `ItemsView-ref-out`).
  static func shareScreens(
    _ groups: inout [Group], order: inout [String], outside: [String: String]? = nil
  ) -> [String: String] {
    var callers: [String: Set<String>] = [:]
    for group in groups where group.style != .unwind && group.tail != group.head {
      callers[group.head, default: []].insert(group.tail)
    }
    let shared = Set(
      callers.filter {
        $0.value.count >= ScanMapLayout.sharedCallers && (outside?[$0.key] != nil || outside == nil)
      }.keys)
    guard !shared.isEmpty else { return [:] }
    var position: [String: Int] = [:]
    for (index, name) in order.enumerated() { position[name] = index }
    let flow = ScanMapLayout.flows(
      count: order.count,
      links: groups.compactMap { group in
        guard let tail = position[group.tail], let head = position[group.head] else { return nil }
        return (tail, head)
      }, leavingOut: Set(shared.compactMap { position[$0] }))
    var home: [String: Int] = [:]
    var references: [String: String] = [:]
    var named: [String: String] = [:]
    for index in groups.indices {
      let (tail, head) = (groups[index].tail, groups[index].head)
      guard shared.contains(head), !shared.contains(tail), let from = position[tail] else {
        continue
      }
      let key = flow[from]
      guard let first = home[head] else {
        home[head] = key
        continue
      }
      guard first != key else { continue }
      let reference: String
      if let existing = named["\(key) \(head)"] {
        reference = existing
      } else {
        reference = "\(head)-ref-\(references.count + 1)"
        named["\(key) \(head)"] = reference
        references[reference] = outside?[head] ?? head
        order.append(reference)
      }
      groups[index].head = reference
    }
    return references
  }
}

extension ScanMapBuilder {
  /// How the legend names `edge`'s operation: its edge label's word (`link`, `set stack`,
  /// `root`), `segue` for a storyboard segue, `show detail` for a split view's column.
  static func legendWord(of edge: ScanEdge) -> String {
    switch edge.operation {
    case .segue:
      edge.style == "showDetail" ? "segue to a column" : edge.style == "unwind" ? "unwind" : "segue"
    case .showDetail: "show detail"
    case .navigationRoot: "root"
    case .navigationLink: "link"
    case .navigationDestination: "destination"
    case .setViewControllers: "set stack"
    case .fullScreenCover: "cover"
    case .root: "window root"
    default: edge.operation.rawValue
    }
  }

  /// The legend's words for each kind of line the map draws: what the line does and, when
  /// it stands for more than that one operation, the operations drawn so (`pushes (push,
  /// show or link)`): only what the map draws, nothing of a storyboard's vocabulary
  /// (`column`, `relationship`) that no line of it stands for.
  static func legendNames(_ groups: [Group]) -> [Diagram.SegueEdge.Style: String] {
    let verbs: [Diagram.SegueEdge.Style: (verb: String, own: String)] = [
      .push: ("pushes", "push"), .present: ("presents", "present"),
      .containment: ("contains", ""), .unwind: ("unwinds", "unwind"),
      .other: ("custom segue", "segue"),
    ]
    var words: [Diagram.SegueEdge.Style: Set<String>] = [:]
    for group in groups { words[group.style, default: []].formUnion(group.operations) }
    var names: [Diagram.SegueEdge.Style: String] = [:]
    for (style, operations) in words {
      guard let (verb, own) = verbs[style] else { continue }
      let listed = operations.sorted()
      guard listed != [own] else {
        names[style] = verb
        continue
      }
      let list =
        listed.count == 1
        ? listed[0] : listed.dropLast().joined(separator: ", ") + " or " + listed.last!
      names[style] = "\(verb) (\(list))"
    }
    return names
  }
}
