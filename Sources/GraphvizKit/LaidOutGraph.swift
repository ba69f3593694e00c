// A graph laid out and not yet rendered. C-facing: it holds the cgraph root until it goes,
// and the runtime frees that at its next locked call.

import CGraphviz

/// A graph `gvLayout` laid out, owned by the runtime's lock; freed (at the start of the next
/// locked call) when the last reference goes.
final class LaidOut: @unchecked Sendable {
  let root: UnsafeMutablePointer<Agraph_t>
  let engine: String
  /// What it was laid out for, and may be rendered to.
  let targets: [RenderTarget]
  /// The ID states of its graph, alive as long as it is.
  let idStates: [IDState]
  /// Its DOT source when it was read back from one (empty otherwise).
  var source: [UInt8] = []
  var buildWarnings: [String] = []
  var layoutWarnings: [String] = []
  var isLaidOut = false
  /// Its root graph's attribute values before layout (`GraphvizRuntime.declareTheSame`).
  var graphValues: [String] = []
  /// `<svg width="Npt"`'s N, from the bounding box (`vcg_svg_width`); nil when unknown.
  var svgWidth: Int?

  init(
    root: UnsafeMutablePointer<Agraph_t>, engine: String, targets: [RenderTarget],
    idStates: [IDState]
  ) {
    self.root = root
    self.engine = engine
    self.targets = targets
    self.idStates = idStates
  }

  deinit {
    GraphvizRuntime.shared.retire(root, laidOut: isLaidOut, idStates: idStates)
  }
}

/// A graph laid out once and rendered on demand (``Graphviz/layOut(_:engine:for:)``): its
/// drawing's width is known before anything is rendered, so that of two layouts only the one
/// kept need be.
public final class LaidOutGraph: @unchecked Sendable {
  let laidOut: LaidOut
  let formats: [OutputFormat]

  init(_ laidOut: LaidOut, formats: [OutputFormat]) {
    self.laidOut = laidOut
    self.formats = formats
  }

  /// The width, in points, of the SVG this layout renders to (`<svg width="Npt"`), from the
  /// layout's bounding box and `pad`, without rendering; nil when the graph sets an attribute
  /// that makes the SVG's size depend on more (`size`, `viewport`, `rotate`, `dpi`, `margin`,
  /// `page`, …): render the SVG to learn it then.
  public var svgWidth: Int? { laidOut.svgWidth }

  /// Renders the layout to each of `formats` (duplicates once), which must be among those it
  /// was laid out for (``GraphvizError/invalidGraph(_:)`` otherwise). The bytes are those
  /// ``Graphviz/render(_:engine:formats:)`` returns for the same graph.
  public func render(
    _ formats: [OutputFormat]
  ) throws(GraphvizError) -> [OutputFormat: RenderResult] {
    var unique: [OutputFormat] = []
    for format in formats where !unique.contains(format) { unique.append(format) }
    let results = try GraphvizRuntime.shared.render(
      laidOut, targets: unique.map(Graphviz.target(for:)))
    return Dictionary(uniqueKeysWithValues: zip(unique, results))
  }
}

extension Graphviz {
  /// Builds `graph` and lays it out with `engine`, for rendering to `formats` later (they
  /// decide whether the text-measurement cache may answer, so they are given now). Layout
  /// warnings come with each rendered format, as from ``render(_:engine:formats:)``.
  public static func layOut(
    _ graph: Graph, engine: String = "dot", for formats: [OutputFormat]
  ) throws(GraphvizError) -> LaidOutGraph {
    let prepared = try Preparation.prepare(adapted(graph, for: engine))
    let laidOut = try GraphvizRuntime.shared.layOut(
      prepared, engine: engine, for: formats.map(target(for:)))
    return LaidOutGraph(laidOut, formats: formats)
  }
}
