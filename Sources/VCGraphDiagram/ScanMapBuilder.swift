import VCGraphCore

/// An app's navigation map from `vcgraph scan`'s result, in the diagram model every backend
/// draws: a node per type (controllers by their kind, SwiftUI views, coordinators and other
/// owners of navigation as their own kind), storyboard scenes and code types merged by class
/// name, entry points marked, and one edge per distinct (from, operation, to) drawn by what it
/// does: pushes, presentations (with their style), containment, segues. Sites without a
/// destination (`dismiss`, pops, `to: null`) are counted in the caption, not drawn.
public struct ScanMapBuilder {
  let result: ScanResult
  let options: DiagramOptions
  /// The map's title (`--title`, else the scanned folder's name).
  let title: String

  /// The types drawn (`--split`, `--focus`), nil for all.
  let selection: ScanMapSelection?

  /// Prepares the map of `result`, or of the part of it `selection` names.
  public init(
    result: ScanResult, title: String, options: DiagramOptions = DiagramOptions(),
    selection: ScanMapSelection? = nil
  ) {
    self.result = result
    self.title = title
    self.options = options
    self.selection = selection
  }

  /// How an operation is drawn.
  static func style(of edge: ScanEdge) -> Diagram.SegueEdge.Style? {
    switch edge.operation {
    case .push, .show, .showDetail, .navigationLink, .navigationDestination, .setViewControllers:
      .push
    case .present, .sheet, .fullScreenCover, .popover: .present
    case .embed, .tab, .split, .navigationRoot, .hosting, .root: .containment
    case .segue:
      switch edge.style {
      case "unwind"?: .unwind
      case "presentation"?, "popoverPresentation"?, "modal"?, "popover"?: .present
      case "show"?, "showDetail"?, "push"?, "replace"?: .push
      default: .other
      }
    case .dismiss, .pop, .instantiate: nil
    }
  }

  /// The edge's label, short so that a row of edges stays narrow: the operation by a short
  /// name (`link` for a `NavigationLink`, `set stack` for `setViewControllers`) and its
  /// presentation style (`present · formSheet`); a segue's kind when it is not `show`
  /// (`segue · presentation`). The segue's identifier and the helper the call goes through
  /// are in ``detail(of:)``, the tooltip.
  static func title(of edge: ScanEdge) -> String {
    var title: String
    switch edge.operation {
    case .navigationRoot: title = "root"
    case .navigationLink: title = "link"
    case .navigationDestination: title = "destination"
    case .setViewControllers: title = "set stack"
    case .fullScreenCover: title = "cover"
    // What the line's colour and dash already say (legend: push, presents) needs no word.
    case .push, .present: title = ""
    default: title = edge.operation.rawValue
    }
    if edge.operation == .segue, let style = edge.style, style != "show" {
      title += " · \(style == "presentation" ? "modal" : style)"
    }
    if [.present, .popover].contains(edge.operation), let style = edge.style {
      title += title.isEmpty ? style : " · \(style)"
    }
    return title
  }

  /// What a drawn edge stands for in full, for its tooltip: the operation as the scan
  /// names it, the segue's identifier, the helper, and where the sites are (`segue
  /// 'Chats2Messages' (show) · Tinodios/ChatListViewController.swift:120`).
  static func detail(of edge: ScanEdge) -> String {
    var detail = "\(edge.from) → \(edge.to ?? "?"): \(edge.operation.rawValue)"
    if let identifier = edge.identifier, edge.operation == .segue { detail += " '\(identifier)'" }
    if let style = edge.style { detail += " (\(style))" }
    if edge.via == .helper, let helper = edge.helper { detail += " via \(helper)" }
    return detail
  }

  /// An estimate of a node's width in points as `dot` draws it in DejaVu Sans (bold 11 pt
  /// names, 10 pt other lines), its margins and its shape's: for ``ScanMapLayout``.
  static func estimatedWidth(of node: Diagram.SceneNode) -> Double {
    var lines: [(String, Double)] = []
    if let reference = node.reference {
      lines.append(("→ " + reference, 11 * 0.7))
    } else if let (name, suffix) = node.nameParts {
      lines += [(name, 11 * 0.7), (suffix, 10 * 0.6)]
    } else {
      lines.append((node.className, 11 * 0.7))
    }
    for badge in node.badges { lines.append((badge.text, 10 * 0.66)) }
    let text = lines.map { Double($0.0.count) * $0.1 }.max() ?? 0
    switch node.role {
    case .swiftUI: return text * 1.25 + 24
    case .tabBar, .alert: return text * 1.15 + 30
    case .coordinator: return text + 30
    default: return text + 18
    }
  }

  /// An edge label's estimated width in points (10 pt).
  static func estimatedWidth(ofLabel label: String) -> Double {
    label.isEmpty ? 0 : Double(label.count) * 10 * 0.6 + 6
  }

  /// The widest row of the map's layout, in points: a drawing at most 978 pt (1,304 px) wide
  /// keeps 10 pt text at 9 px in an 880 px column; the margin covers the estimate's error and
  /// the drawing's padding and the lines `dot` runs through a row. 600 pt (was 650) keeps
  /// tinode's map of one tangled 30-type flow at 962 pt; 620 drew it 1,153, 580 1,030.
  public static let rowBudget = 600.0

  /// The sites drawn as one edge: one (from, label, to).
  struct Group {
    var tail: String
    var head: String
    var style: Diagram.SegueEdge.Style
    var title: String
    var count: Int
    var details: [String]
    var sites: [String]
    /// The operations drawn as this edge, as the legend names them (``legendWord(of:)``).
    var operations: Set<String>
  }

  /// The map; the same result and options always give an equal diagram.
  public func diagram() -> Diagram {
    var kinds: [String: ScanEdge.FromKind] = [:]
    var order: [String] = []
    func note(_ name: String, _ kind: ScanEdge.FromKind?) {
      if kinds[name] == nil { order.append(name) }
      if let kind, kinds[name] == nil || kinds[name] == .scene { kinds[name] = kind }
      if kinds[name] == nil { kinds[name] = .controller }
    }
    var groups: [Group] = []
    // What a type shows that gets no node: UIKit's leaf controllers, and itself.
    var also: [String: [(String, Int)]] = [:]
    func fold(_ tail: String, _ what: String) {
      var list = also[tail] ?? []
      if let index = list.firstIndex(where: { $0.0 == what }) {
        list[index].1 += 1
      } else {
        list.append((what, 1))
      }
      also[tail] = list
    }
    var unresolved = 0
    var silent = 0
    for edge in result.edges {
      guard let style = Self.style(of: edge) else {
        silent += 1
        continue
      }
      guard let to = edge.to else {
        unresolved += 1
        continue
      }
      let title = Self.title(of: edge)
      if Self.isSystemLeaf(to) || to == edge.from {
        note(edge.from, edge.fromKind)
        fold(edge.from, to == edge.from ? "\(edge.operation.rawValue) itself" : to)
        continue
      }
      // A hosting controller's content hangs off the hosting controller where it is drawn.
      var tail = edge.from
      if edge.operation == .hosting, let hosting = hostingNode(for: to) { tail = hosting }
      note(tail, edge.operation == .hosting && tail != edge.from ? .controller : edge.fromKind)
      note(to, nil)
      let detail = Self.detail(of: edge)
      let site = "\(edge.file):\(edge.line)"
      if let same = groups.firstIndex(where: {
        $0.tail == tail && $0.head == to && $0.title == title
      }) {
        groups[same].count += 1
        if !groups[same].details.contains(detail) { groups[same].details.append(detail) }
        groups[same].sites.append(site)
        groups[same].operations.insert(Self.legendWord(of: edge))
      } else {
        groups.append(
          Group(
            tail: tail, head: to, style: style, title: title, count: 1, details: [detail],
            sites: [site], operations: [Self.legendWord(of: edge)]))
      }
    }
    // Types with nothing drawn (they show only UIKit's own controllers, or themselves) are
    // left out, unless they are where the app starts.
    let linked = Set(groups.flatMap { [$0.tail, $0.head] })
    let starts = Set(result.entryPoints.map(\.type))
    let hidden = order.filter { !linked.contains($0) && !starts.contains($0) }
    order.removeAll { hidden.contains($0) }
    var references: [String: String] = [:]
    if let selection { references = Self.select(selection, groups: &groups, order: &order) }
    let outside = selection == nil ? nil : references
    references.merge(Self.shareScreens(&groups, order: &order, outside: outside)) { kept, _ in
      kept
    }
    let controllers = Dictionary(
      result.controllers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let entries = Dictionary(grouping: result.entryPoints, by: \.type)
    var index: [String: Int] = [:]
    var nodes: [Diagram.Node] = []
    var roles = Set<Diagram.Role>()
    for name in order {
      let scene = SceneRef(storyboard: 0, scene: nodes.count)
      index[name] = nodes.count
      if let shown = references[name] {
        let role = self.role(of: shown, kind: kinds[shown] ?? .controller, controllers: controllers)
        roles.insert(role)
        let node = Diagram.SceneNode(
          scene: scene, id: name, className: shown, storyboard: "",
          location: SourceLocation(path: "", line: 0, column: 1), role: role,
          reference: shown, notes: ["drawn once, where the first type that shows it is"])
        nodes.append(Diagram.Node(id: .storyboardScene(scene), content: .storyboardScene(node)))
        continue
      }
      let role = self.role(of: name, kind: kinds[name] ?? .controller, controllers: controllers)
      roles.insert(role)
      let declared = controllers[name]
      var notes: [String] = []
      if let declared { notes.append("declared in \(declared.file):\(declared.line)") }
      var badges: [Diagram.Badge] = []
      for entry in entries[name] ?? [] { badges.append(.entryPoint(entry.how)) }
      for (what, count) in also[name] ?? [] {
        badges.append(.alsoShows(count > 1 ? "\(what) ×\(count)" : what))
      }
      var node = Diagram.SceneNode(
        scene: scene, id: name, className: name, storyboard: declared?.file ?? "",
        location: SourceLocation(path: declared?.file ?? "", line: declared?.line ?? 0, column: 1),
        role: role, notes: notes, badges: badges)
      for suffix in ["ViewController", "Controller", "Coordinator", "View"]
      where name.count > 18 && name.hasSuffix(suffix) && name.count > suffix.count + 2 {
        node.nameParts = (String(name.dropLast(suffix.count)), suffix)
        break
      }
      nodes.append(Diagram.Node(id: .storyboardScene(scene), content: .storyboardScene(node)))
    }
    var edges: [Diagram.Edge] = []
    for (number, group) in groups.enumerated() {
      guard let tail = index[group.tail], let head = index[group.head] else { continue }
      let title = group.count > 1 ? "\(group.title) ×\(group.count)" : group.title
      var segue = Diagram.SegueEdge(
        segue: SegueRef(storyboard: 0, segue: number), style: group.style, title: title,
        ranksDestination: group.style != .unwind && tail != head)
      let sites =
        group.sites.prefix(3).joined(separator: ", ")
        + (group.sites.count > 3 ? ", +\(group.sites.count - 3) more" : "")
      segue.tooltip = (group.details + [sites]).joined(separator: "\n")
      edges.append(
        Diagram.Edge(
          .storyboardScene(SceneRef(storyboard: 0, scene: tail)),
          .storyboardScene(SceneRef(storyboard: 0, scene: head)), kind: .segue(segue)))
    }
    let styles = Set(groups.map(\.style))
    let types = nodes.count - references.count
    let sites = selection == nil ? result.edges.count : groups.map(\.count).reduce(0, +)
    var caption =
      (selection == nil ? "navigation map · " : "")
      + "\(types) type\(types == 1 ? "" : "s"),"
      + " \(edges.count) edge\(edges.count == 1 ? "" : "s") from \(sites) sites"
    if unresolved > 0 && selection == nil {
      caption += " · \(unresolved) with no destination resolved (not drawn)"
    }
    if !hidden.isEmpty && selection == nil {
      caption +=
        " · \(hidden.count) type\(hidden.count == 1 ? "" : "s") showing only UIKit's own"
        + " controllers left out"
    }
    var summary = Diagram.Summary(
      top: nil, visiblePath: [], visibleLeaves: [], onScreenCount: 0,
      controllerCount: result.controllers.count, dismissals: [], responderChains: [],
      findings: [])
    summary.showsState = false
    var diagram = Diagram(
      title: (options.title ?? title) + (selection.map { " · \($0.label)" } ?? ""), path: title,
      caption: options.caption ?? caption,
      summary: summary, nodes: nodes, edges: edges, maxLabelLines: options.maxLabelLines,
      theme: options.theme)
    let (column, lowest) = Self.wrapRows(of: &diagram, budget: Self.rowBudget)
    if options.legend {
      diagram.legend = Diagram.Legend(
        roles: Diagram.Role.allCases.filter(roles.contains), hasPresentations: false,
        hasResponderChains: false, hasViews: false, hasTop: false, hasOnScreen: false,
        hasOffScreen: false, hasVisiblePath: false, hasOffScreenContainment: false,
        placement: options.legendPlacement,
        segueStyles: Diagram.SegueEdge.Style.allCases.filter(styles.contains))
      diagram.legend?.segueNames = Self.legendNames(
        groups.filter {
          index[$0.tail] != nil && index[$0.head] != nil
        })
      // Below the lowest rank's nodes, so below the whole map.
      diagram.legend?.anchors = lowest
      diagram.legend?.column = column
    }
    _ = silent
    return diagram
  }

  /// Lays `diagram` out top to bottom in rows at most `budget` points wide where it can
  /// (``ScanMapLayout``): the edges' rank gaps and the diagram's stacking hints. Returns the
  /// first node of the lowest row (the column the rows share, for the legend to line up with)
  /// and the nodes of the lowest rank, for the legend to hang from.
  @discardableResult
  static func wrapRows(
    of diagram: inout Diagram, budget: Double
  ) -> (column: Diagram.NodeID?, lowest: [Diagram.NodeID]) {
    var position: [Diagram.NodeID: Int] = [:]
    var widths: [Double] = []
    for node in diagram.nodes {
      guard case .storyboardScene(let scene) = node.content else { continue }
      position[node.id] = widths.count
      widths.append(estimatedWidth(of: scene))
    }
    var links: [ScanMapLayout.Link] = []
    var drawn: [Int] = []
    for (number, edge) in diagram.edges.enumerated() {
      guard case .segue(let segue) = edge.kind, let tail = position[edge.tail],
        let head = position[edge.head]
      else { continue }
      links.append(
        ScanMapLayout.Link(
          tail: tail, head: head, ranks: segue.ranksDestination,
          label: estimatedWidth(ofLabel: segue.labelLines.joined())))
      drawn.append(number)
    }
    let layout = ScanMapLayout(widths: widths, links: links, budget: budget)
    for (link, number) in drawn.enumerated() {
      guard case .segue(var segue) = diagram.edges[number].kind else { continue }
      segue.rankGap = layout.rankGaps[link]
      segue.isLoose = layout.loose[link]
      // A line up the map (a cycle's last step) leaves the rows as measured.
      if layout.backward[link] { segue.ranksDestination = false }
      diagram.edges[number].kind = .segue(segue)
    }
    let ids = diagram.nodes.compactMap { position[$0.id] == nil ? nil : $0.id }
    diagram.stacking = layout.stacking.map {
      Diagram.Stacking(upper: ids[$0.upper], lower: ids[$0.lower], gap: $0.gap, aligned: $0.aligned)
    }
    diagram.rows = layout.rows.map { $0.map { ids[$0] } }
    let deepest = layout.ranks.max() ?? 0
    return (
      layout.spine.last.map { ids[$0] },
      layout.ranks.indices.filter { layout.ranks[$0] == deepest }.map { ids[$0] }
    )
  }

  /// UIKit's and the SDK's controllers that show something and lead nowhere (alerts, share
  /// sheets, pickers, mail): listed on the node that shows them rather than drawn as nodes.
  static func isSystemLeaf(_ name: String) -> Bool {
    let containers: Set<String> = [
      "UINavigationController", "UITabBarController", "UISplitViewController",
      "UIPageViewController", "UIViewController", "UITableViewController",
      "UICollectionViewController",
    ]
    guard !containers.contains(name), !name.hasPrefix("UIHostingController") else { return false }
    let prefixes = ["UI", "SF", "MF", "PH", "QL", "CN", "EK", "AV", "SK", "GK", "PK", "VN", "MP"]
    return prefixes.contains { prefix in
      name.hasPrefix(prefix)
        && name.dropFirst(prefix.count).first.map { $0.isUppercase } == true
    } && name.hasSuffix("Controller")
  }

  /// `UIHostingController<V>` when the map has that node for content `V`.
  private func hostingNode(for content: String) -> String? {
    let name = "UIHostingController<\(content)>"
    return result.edges.contains { $0.to == name } ? name : nil
  }

  /// A type's role: a controller's kind by its superclass chain as far as the scan knows it,
  /// a SwiftUI view, or an owner of navigation that is neither.
  func role(
    of name: String, kind: ScanEdge.FromKind, controllers: [String: ScanController]
  ) -> Diagram.Role {
    if let controller = controllers[name], controller.kind == .swiftui { return .swiftUI }
    if kind == .swiftui { return .swiftUI }
    if kind == .object || kind == .file { return .coordinator }
    var current: String? = name
    var seen = Set<String>()
    while let type = current, seen.insert(type).inserted {
      switch type {
      case "UINavigationController": return .navigation
      case "UITabBarController": return .tabBar
      case "UISplitViewController": return .split
      case "UIPageViewController": return .page
      case "UIAlertController": return .alert
      default: break
      }
      current = controllers[type]?.superclass
    }
    return .plain
  }
}
