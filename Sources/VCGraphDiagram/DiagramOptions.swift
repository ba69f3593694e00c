/// Choices that change how a diagram is drawn.
public struct DiagramOptions: Sendable, Equatable {
  /// Off-screen subtrees with more controllers than this collapse into one node.
  public var collapseThreshold: Int = 8
  /// Draw every controller, never collapsing.
  public var expandAll: Bool = false
  /// Draw the legend.
  public var legend: Bool = true
  /// Lines allowed in one label before it is cut (Graphviz crashes on very long labels).
  public var maxLabelLines: Int = 64

  public init() {}
}
