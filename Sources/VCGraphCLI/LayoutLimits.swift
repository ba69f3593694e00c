import VCGraphBackends
import VCGraphCore

/// Limits on drawing a diagram: the lines of one label, the size of a graph laid out, and the
/// time a layout may take. Each is a clear error (exit 65) naming the option that raises it.
struct LayoutLimits: Sendable, Equatable {
  /// Lines in one label drawn on a diagram.
  var maxLabelLines: Int = 64
  /// Nodes plus edges of a diagram (after collapsing) that `render` lays out.
  var maxLayoutNodes: Int = 5_000
  /// Seconds a layout may take; see `CommandContext.draw` for where it is enforced.
  var layoutTimeout: Double = 60
  /// Whether `--expand-all` was given (the limits' hints then suggest leaving it out).
  var expandAll = false

  /// The defaults.
  static let `default` = LayoutLimits()

  /// `--max-label-lines` must stay below this: GraphvizKit refuses longer labels (Graphviz
  /// 2.42 crashes at 32,768 lines).
  static let labelLineCeiling = ImageBackend.maxLabelLines

  /// Refuses a graph with a label of more than `maxLabelLines` lines (the diagram builder
  /// clips the labels it writes; this catches any other): the one check of the user's label
  /// limit. `--max-label-lines` itself is checked against `labelLineCeiling` where it is
  /// declared, and GraphvizKit guards the ceiling for every caller.
  func checkLabels(of graph: ImageGraph, input: String) throws(VCGraphError) {
    guard let longest = LayoutMeasure.longestLabel(in: graph), longest.lines > maxLabelLines
    else { return }
    throw VCGraphError(
      .dataError,
      "\(input): the diagram's \(longest.owner) label would have \(longest.lines) lines, more"
        + " than the limit of \(maxLabelLines)",
      hint: "raise it with --max-label-lines (below"
        + " \(Self.labelLineCeiling): Graphviz crashes on longer labels)")
  }

  /// The rest of a layout limit's hint: what else keeps a diagram small.
  var remedies: String {
    (expandAll ? ", leave out --expand-all so off-screen subtrees collapse," : "")
      + " or write -f dot or json, which need no layout"
  }

  /// Seconds, as the messages print them: `60`, `0.5`.
  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
  }
}
