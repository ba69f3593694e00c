/// Choices that change how a diagram is drawn.
public struct DiagramOptions: Sendable, Equatable {
  /// Off-screen subtrees with more controllers than this collapse into one node.
  public var collapseThreshold: Int = 8
  /// Draw every controller, never collapsing.
  public var expandAll: Bool = false
  /// Draw the legend.
  public var legend: Bool = true
  /// Where the legend goes (`--legend right|below`).
  public var legendPlacement: LegendPlacement = .below
  /// The colours (`--theme`).
  public var theme: Theme = .light
  /// The title instead of the description's (`--title`).
  public var title: String?
  /// Show the input path as given (`--show-path`); without it outputs name the file only by
  /// its base name, so they do not depend on the working directory or the path's spelling.
  public var showPath: Bool = false
  /// Lines allowed in one label before it is cut (Graphviz crashes on very long labels).
  public var maxLabelLines: Int = 64
  /// The controllers drawn (`--focus`, `--split`), nil for all; nothing collapses then.
  public var selection: DiagramSelection?

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

/// Where a backend that lays the diagram out puts the legend.
public enum LegendPlacement: String, Sendable, Equatable, CaseIterable {
  /// Under the diagram, in a row: the default, since diagrams are wider than they are tall.
  case below
  /// To the right of the diagram, in a column.
  case right
}
