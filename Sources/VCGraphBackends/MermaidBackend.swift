import VCGraphCore
import VCGraphDiagram

/// Writes a ``Diagram`` as a Mermaid `flowchart`, for GitHub, GitLab, MkDocs and the other
/// places that draw Mermaid in Markdown but not Graphviz.
///
/// It carries what Mermaid can show: the title (front matter), windows, scenes, presentation
/// levels and the dismiss region as subgraphs, controller roles as node shapes, states as
/// classes (`onScreen`, `offScreen`, `top`, `path`, `removed`, `collapsed`, ...), containment
/// slots and presentation styles as edge labels, responder chains as numbered edges, and the
/// legend. Node ids are generated (`c0`, `v3`, `w0`, `app`); ids and titles appear only in
/// labels, escaped by ``MermaidText``, so any id is safe.
public struct MermaidBackend: DiagramTextBackend {
  /// Whether the title goes into the front matter (a Markdown page has it as its heading).
  public var includesTitle: Bool

  /// Creates the backend.
  public init(includesTitle: Bool = true) {
    self.includesTitle = includesTitle
  }

  /// The flowchart of `diagram`.
  public func text(for diagram: Diagram) -> String {
    var writer = MermaidWriter(maxLabelLines: diagram.maxLabelLines, theme: diagram.theme)
    // The front matter: the title, and the `config` (Mermaid's own dark theme under a dark
    // diagram; fixed words and the theme's colours, never text from the input).
    var front: [String] = []
    if includesTitle {
      var title = diagram.title
      if let caption = diagram.caption { title += " · " + caption }
      front.append("title: " + MermaidText.yamlString(title))
    }
    // Mermaid's spacing: nodes closer than its default, so that a diagram drawn to the
    // column's width (GitHub's `useMaxWidth`) keeps its text larger; ranks a little further
    // apart than its default, which leaves a nested subgraph's title room under its parent's
    // (at 36 px the two titles overlapped); room under each title (`subGraphTitleMargin`),
    // without which Mermaid set a subgraph's first row over its title (a window's root, a
    // level's presented controller); the edge labels' patch in the canvas colour, so that
    // their text keeps its contrast (Mermaid's own patch is grey).
    let patch = diagram.theme.canvas ?? diagram.theme.labelFill ?? diagram.theme.nodeFill
    front += ["config:"]
    if diagram.theme.isDark { front.append("  theme: dark") }
    front += [
      "  flowchart:", "    nodeSpacing: 16", "    rankSpacing: 54", "    padding: 6",
      "    subGraphTitleMargin:", "      top: 2", "      bottom: 8",
      "  themeVariables:", "    edgeLabelBackground: \"\(patch)\"",
    ]
    if !front.isEmpty {
      writer.line("---")
      for line in front { writer.line(line) }
      writer.line("---")
    }
    writer.line("flowchart TB")
    for node in diagram.nodes { writer.node(node, indent: 1) }
    for cluster in diagram.clusters { writer.cluster(cluster, indent: 1) }
    // Stacks as chains (the top under its navigation controller, each entry under the one
    // above), so that Mermaid draws them top to bottom rather than fanned out sideways.
    for (edge, drawn) in zip(diagram.edges, Diagram.drawnEnds(of: diagram.edges)) {
      writer.edge(edge, from: drawn.tail)
    }
    for link in Self.stackingLinks(in: diagram) { writer.invisibleLink(link.tail, link.head) }
    if let legend = diagram.legend {
      writer.legend(legend, above: Self.legendAnchors(in: diagram).map(MermaidID.node))
    }
    writer.finish()
    return writer.output
  }

  /// The nodes the legend is set above, by an invisible link from its subgraph to each: the
  /// first controller (else the first node), and the first node of each top-level storyboard
  /// subgraph that does not hold it, which Mermaid sets beside the window of a launch state.
  /// Linked from the subgraph, not from a node in it, the legend is laid out as one block,
  /// centred over what it is linked to, so that it does not run past the diagram's edge (from
  /// one node, Mermaid aligned that node over the controller and let the row run on); alone,
  /// Mermaid would set it beside the diagram and halve the diagram's width.
  static func legendAnchors(in diagram: Diagram) -> [Diagram.NodeID] {
    let nodes = diagram.allNodes
    guard
      let first = nodes.first(where: { if case .controller = $0.id { true } else { false } })
        ?? nodes.first
    else { return [] }
    var anchors = [first.id]
    func all(_ cluster: Diagram.Cluster) -> [Diagram.NodeID] {
      cluster.nodes.map(\.id) + cluster.clusters.flatMap(all)
    }
    for cluster in diagram.clusters {
      guard case .storyboard = cluster.kind else { continue }
      let inside = all(cluster)
      if let head = inside.first, !inside.contains(first.id) { anchors.append(head) }
    }
    return anchors
  }

  /// Mermaid's default limits, which renderers such as GitHub's do not let a diagram raise:
  /// larger inputs are refused with an error instead of a drawing.
  public static let maxTextSize = 50_000
  /// The most edges Mermaid draws by default.
  public static let maxEdges = 500

  /// Why Mermaid's default renderer would refuse `text`, the flowchart of `diagram`, or nil
  /// when it fits.
  public static func limitProblem(_ text: String, of diagram: Diagram) -> String? {
    let size = text.utf16.count
    if size > maxTextSize {
      return "the Mermaid text has \(size) characters, more than the \(maxTextSize) that"
        + " Mermaid draws by default"
    }
    // The legend's invisible links are edges too.
    let edges = diagram.edges.count + (diagram.legend != nil ? legendAnchors(in: diagram).count : 0)
    if edges > maxEdges {
      return "the Mermaid diagram has \(edges) edges, more than the \(maxEdges) that Mermaid"
        + " draws by default"
    }
    return nil
  }
}

/// The Mermaid node and cluster ids of a diagram's elements.
enum MermaidID {
  static func node(_ id: Diagram.NodeID) -> String {
    switch id {
    case .controller(let index): "c\(index)"
    case .view(let index): "v\(index)"
    case .window(let index): "w\(index)"
    case .scene(let index): index.map { "sr\($0)" } ?? "sr"
    case .application: "app"
    case .appDelegate: "appdel"
    case .storyboardScene(let scene): "s\(scene.storyboard)_\(scene.scene)"
    }
  }

  static func cluster(_ kind: Diagram.Cluster.Kind) -> String {
    switch kind {
    case .scene(let scene): "scene\(scene.index)"
    case .window(let window): "win\(window.index)"
    case .presentationLevel(let level): "level\(level.root.index)"
    case .dismissRegion(let region): "dismiss\(region.firstLevel)"
    case .detached: "detached"
    case .storyboard(let storyboard): "board\(storyboard.index)"
    }
  }
}
