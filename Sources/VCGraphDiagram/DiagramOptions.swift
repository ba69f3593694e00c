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

  /// What a simulated step changed, drawn as badges: controller id to change.
  public var changes: [String: Change] = [:]
  /// Controllers a step removed (they are no longer in the hierarchy), listed in the caption.
  public var removedIDs: [String] = []
  /// A caption line above the answers (for example the step that led to this state).
  public var caption: String?

  /// How a step changed a controller.
  public enum Change: String, Sendable, Equatable {
    case added, moved
    case newlyOnScreen = "newly on screen"
    case leftScreen = "left the screen"
  }

  public init() {}
}
