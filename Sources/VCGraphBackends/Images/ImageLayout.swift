internal import GraphvizKit
import VCGraphDiagram
internal import VCGraphGraphviz

/// Several states of one diagram drawn on one layout (`simulate`'s steps, `diff`'s AFTER over
/// BEFORE): whatever two states share keeps its place, and a controller that is gone can be
/// drawn as a ghost where it was.
public struct ImageLayout: Sendable {
  let layout: StableLayout

  /// A controller that is gone, drawn where it was: dashed, with ✕.
  public struct Ghost: Sendable, Equatable {
    var ghost: StableLayout.Ghost

    /// The ghost of the controller `controller` (its id in the states that had it); `label`
    /// is its text (lines separated by newlines), `id` its SVG element id.
    public init(controller: String, label: String, id: String, tooltip: String) {
      ghost = StableLayout.Ghost(
        key: GraphvizBackend.nodeID(ofController: controller), label: label, id: id,
        tooltip: tooltip)
    }
  }

  /// The engine that draws each state at the positions the layout gives.
  public static var engine: String { StableLayout.engine }

  /// Lays out `states` together with `engine`. `layOut` lays out each graph it is given with
  /// the engine it is given and returns the layout's `json0` (``ImageBackend/layoutJSON``):
  /// the caller checks its limits there. Throws what `layOut` throws, an
  /// ``ImageBackendError``, or an error reading the layout back.
  public init(
    states: [ImageGraph], engine: String,
    layOut: (ImageGraph, String) throws -> [UInt8]
  ) throws {
    do {
      layout = try StableLayout(
        states: states.map(\.graph), engine: engine,
        optionalSubgraphs: GraphvizBackend.legendSubgraphs
      ) { graph, engine in
        try layOut(ImageGraph(graph), engine)
      }
    } catch let error as GraphvizError {
      throw ImageBackendError(error)
    }
  }

  /// State `n` drawn on the shared layout (for ``engine``), with `ghosts` where they were,
  /// in `theme`'s colours; with `dropOptional`, without the legend.
  public func graph(
    _ n: Int, ghosts: [Ghost] = [], theme: Theme = .light, dropOptional: Bool = false
  ) -> ImageGraph {
    ImageGraph(
      layout.graph(n, ghosts: ghosts.map(\.ghost), theme: theme, dropOptional: dropOptional))
  }
}

extension ImageBackend {
  /// Lays `graph` out with `engine` and returns Graphviz's `json0` of the layout, for
  /// ``ImageLayout``.
  public static func layoutJSON(
    _ graph: ImageGraph, engine: String
  ) throws(ImageBackendError) -> [UInt8] {
    do {
      return try Graphviz.render(graph.graph, engine: engine, formatName: "json0").data
    } catch {
      throw ImageBackendError(error)
    }
  }

  /// `full`'s legend on its own, left to right (its one row of samples a column for a page's
  /// side panel), as SVG; nil when `full` has no legend.
  public static func legendSVG(of full: ImageGraph) throws(ImageBackendError) -> String? {
    let full = full.graph
    guard let legendCluster = full.subgraphs.first(where: { $0.name == "cluster_legend" }) else {
      return nil
    }
    var graph = Graph(name: "legend")
    graph.attributes = full.attributes
    graph.attributes["label"] = nil
    graph.attributes["tooltip"] = .text("legend")
    // Left to right, the legend's one row of samples becomes a column that fits the page's
    // side panel.
    graph.attributes["rankdir"] = .raw("LR")
    graph.nodeDefaults = full.nodeDefaults
    graph.edgeDefaults = full.edgeDefaults
    graph.add(legendCluster)
    do {
      return try Graphviz.render(graph, engine: "dot", format: .svg).text
    } catch {
      throw ImageBackendError(error)
    }
  }
}
