/// The layout engines shipped with Graphviz.
///
/// Any other layout plugin can be selected by passing its name as the `engine` string of
/// ``Graphviz``'s render functions; an unknown name surfaces as
/// ``GraphvizError/layoutFailed(engine:message:)`` carrying Graphviz's message.
public enum LayoutEngine: String, Sendable, CaseIterable {
  /// Hierarchical layout for directed graphs; supports clusters.
  case dot
  /// Spring model (stress majorization).
  case neato
  /// Force-directed placement; supports clusters.
  case fdp
  /// Multiscale force-directed placement for large graphs.
  case sfdp
  /// Circular layout.
  case circo
  /// Radial layout.
  case twopi
  /// Packs clusters as squarified arrays.
  case osage
  /// Squarified treemap of the cluster hierarchy.
  case patchwork
}

/// The output formats ``Graphviz`` renders to in memory.
public enum OutputFormat: String, Sendable, CaseIterable, Hashable {
  /// Scalable Vector Graphics (UTF-8 text).
  case svg
  /// Portable Network Graphics (binary).
  case png
  /// Portable Document Format (binary).
  case pdf
  /// The DOT source of the graph *as built*, before layout (same as ``Graphviz/dot(_:)``),
  /// not Graphviz's positioned `-Tdot` output.
  case dot
}

/// The bytes of one rendering and the warnings Graphviz printed while producing it.
public struct RenderResult: Sendable, Equatable {
  /// The rendered bytes (may contain NUL bytes for binary formats).
  public var data: [UInt8]
  /// Graphviz's warnings (layout and rendering), one line each, without the
  /// `Warning: ` prefix.
  public var warnings: [String]

  /// Creates a result.
  public init(data: [UInt8], warnings: [String] = []) {
    self.data = data
    self.warnings = warnings
  }

  /// The data decoded as UTF-8 (for the text formats SVG and DOT).
  public var text: String { String(decoding: data, as: UTF8.self) }
}

/// A failure reported by ``Graphviz``.
public enum GraphvizError: Error, Equatable, CustomStringConvertible {
  /// The layout engine is unknown or the layout reported an error.
  case layoutFailed(engine: String, message: String)
  /// The output format is unknown or rendering reported an error.
  case renderFailed(format: String, message: String)
  /// The graph was rejected before or while it was built (invalid names, oversized
  /// labels, attribute failures).
  case invalidGraph(String)
  /// Writing the DOT source failed.
  case writeFailed(String)

  /// A human-readable description.
  public var description: String {
    switch self {
    case .layoutFailed(let engine, let message):
      return "Graphviz layout with engine \"\(engine)\" failed: \(message)"
    case .renderFailed(let format, let message):
      return "Graphviz rendering to format \"\(format)\" failed: \(message)"
    case .invalidGraph(let message):
      return "invalid graph: \(message)"
    case .writeFailed(let message):
      return "writing DOT failed: \(message)"
    }
  }
}

/// Lays out and renders ``Graph`` values with libgvc, in memory.
///
/// Thread-safe: every call into Graphviz goes through one process-wide lock, because
/// libcgraph and libgvc keep global state even with separate contexts. One Graphviz
/// context is created lazily for the whole process and never freed.
public enum Graphviz {
  /// The largest number of lines accepted in one label (`label`, `xlabel`, `headlabel`,
  /// `taillabel`, text or HTML). Graphviz 2.42 counts lines in a `short` and crashes on
  /// labels of 32,768 lines or more; longer labels are rejected with
  /// ``GraphvizError/invalidGraph(_:)`` before Graphviz is called.
  public static let maxLabelLines = 32_000

  /// Lays out and renders `graph` in one locked call.
  ///
  /// - Parameters:
  ///   - engine: a layout engine name, e.g. `"dot"` or a plugin's name.
  ///   - format: the output format. ``OutputFormat/dot`` needs no layout.
  public static func render(
    _ graph: Graph, engine: String = "dot", format: OutputFormat
  ) throws(GraphvizError) -> RenderResult {
    try render(graph, engine: engine, targets: [target(for: format)])[0]
  }

  /// Lays out and renders `graph` with one of the built-in engines.
  public static func render(
    _ graph: Graph, engine: LayoutEngine, format: OutputFormat
  ) throws(GraphvizError) -> RenderResult {
    try render(graph, engine: engine.rawValue, format: format)
  }

  /// Lays `graph` out once and renders it to several formats (duplicates are rendered
  /// once).
  public static func render(
    _ graph: Graph, engine: String = "dot", formats: [OutputFormat]
  ) throws(GraphvizError) -> [OutputFormat: RenderResult] {
    var unique: [OutputFormat] = []
    for format in formats where !unique.contains(format) { unique.append(format) }
    let results = try render(graph, engine: engine, targets: unique.map(target(for:)))
    return Dictionary(uniqueKeysWithValues: zip(unique, results))
  }

  /// Lays `graph` out once with a built-in engine and renders it to several formats.
  public static func render(
    _ graph: Graph, engine: LayoutEngine, formats: [OutputFormat]
  ) throws(GraphvizError) -> [OutputFormat: RenderResult] {
    try render(graph, engine: engine.rawValue, formats: formats)
  }

  /// Lays out and renders `graph` to any Graphviz output format by name, e.g. `"json"`,
  /// `"svg:cairo"` or `"plain"`. Here `"dot"` is Graphviz's own positioned `-Tdot`
  /// output. An unknown format throws ``GraphvizError/renderFailed(format:message:)``
  /// with Graphviz's message.
  public static func render(
    _ graph: Graph, engine: String = "dot", formatName: String
  ) throws(GraphvizError) -> RenderResult {
    try render(graph, engine: engine, targets: [.device(formatName)])[0]
  }

  /// The DOT source of `graph` as built, before layout. Deterministic: equal graphs give
  /// identical text. The render functions lay out the graph this text reads back as (built
  /// directly in that order, see `ReadBackOrder`), so `dot -Tsvg` on it draws the same
  /// picture as rendering in memory.
  public static func dot(_ graph: Graph) throws(GraphvizError) -> String {
    try render(graph, engine: "dot", targets: [.source])[0].text
  }

  /// The version of the Graphviz library in use, e.g. `"2.43.0"`.
  public static var version: String { GraphvizRuntime.shared.version() }

  static func target(for format: OutputFormat) -> RenderTarget {
    format == .dot ? .source : .device(format.rawValue)
  }

  private static func render(
    _ graph: Graph, engine: String, targets: [RenderTarget]
  ) throws(GraphvizError) -> [RenderResult] {
    let prepared = try Preparation.prepare(adapted(graph, for: engine))
    return try GraphvizRuntime.shared.render(prepared, engine: engine, targets: targets)
  }

  /// `graph` as `engine` lays it out. `twopi` fails on an edge of weight 0 (for `dot`, an
  /// edge that keeps its rank constraint but pulls nothing together) when only such edges
  /// join a node to the rest ("use of weight=0 creates disconnected component"); since it
  /// uses weights for nothing else, it gets those edges with the default weight, 1.
  static func adapted(_ graph: Graph, for engine: String) -> Graph {
    guard engine == LayoutEngine.twopi.rawValue else { return graph }
    var graph = graph
    func adapt(_ graph: inout Graph) {
      for index in graph.edges.indices where graph.edges[index].attributes.weight == 0 {
        graph.edges[index].attributes.weight = nil
      }
      for index in graph.subgraphs.indices { adapt(&graph.subgraphs[index]) }
    }
    adapt(&graph)
    return graph
  }
}

/// What to produce from a built graph.
enum RenderTarget: Equatable {
  /// The un-laid-out DOT source (`agwrite`).
  case source
  /// A Graphviz output device by name (`gvRenderData`), after layout.
  case device(String)
}
