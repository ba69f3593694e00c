/// Whether a diagram reads where documentation shows it: an image in a README's column, about
/// 880 px wide on GitHub, scaled down when it is wider, and Mermaid drawn to that width
/// (`useMaxWidth`). Its smallest text must stay at least 9 px there; past 40 controllers a
/// diagram rarely does, and Mermaid's cannot be measured before a browser draws it.
///
/// The one place `render` asks: ``problem(of:drawingWidth:smallestText:)`` for a laid-out
/// drawing, ``problem(of:)`` for Mermaid.
public enum ReadingSize {
  /// A README column's width in CSS px (GitHub's).
  public static let columnWidth = 880.0
  /// The smallest text that reads, in CSS px, shown in the column.
  public static let minimumText = 9.0
  /// The most controllers a diagram is meant to read with at the column's width.
  public static let maxControllers = 40

  /// How large text of `size` px in a drawing `width` px wide is shown in a column `column`
  /// px wide (`--max-width`).
  public static func shown(
    _ size: Double, inDrawingOf width: Double, column: Double = columnWidth
  ) -> Double {
    width > column ? size * column / width : size
  }

  /// The controllers (and storyboard scenes) a diagram draws, each collapsed subtree counted
  /// as one node.
  public static func controllers(in diagram: Diagram) -> Int {
    diagram.allNodes.filter { node in
      switch node.content {
      case .controller, .collapsed, .storyboardScene: true
      default: false
      }
    }.count
  }

  /// Why a drawing `drawingWidth` px wide whose smallest text is `smallestText` px does not
  /// read in a column `column` px wide, with the figures, or nil when it does.
  public static func problem(
    of diagram: Diagram, drawingWidth: Double, smallestText: Double,
    column: Double = columnWidth
  ) -> String? {
    let shown = shown(smallestText, inDrawingOf: drawingWidth, column: column)
    guard shown < minimumText else { return nil }
    return "the diagram is \(Int(drawingWidth.rounded())) px wide: shown \(Int(column)) px"
      + " wide (\(column == columnWidth ? "a README column" : "--max-width")), its smallest"
      + " text is \(format(shown)) px, under \(Int(minimumText)) px"
      + " (\(controllers(in: diagram)) controllers drawn)"
  }

  /// Why a Mermaid diagram will not read in the column (more than ``maxControllers``
  /// controllers), or nil.
  public static func problem(of diagram: Diagram) -> String? {
    let count = controllers(in: diagram)
    guard count > maxControllers else { return nil }
    return "the Mermaid diagram draws \(count) controllers, more than \(maxControllers):"
      + " drawn \(Int(columnWidth)) px wide (GitHub's column), its text falls under"
      + " \(Int(minimumText)) px"
  }

  /// What to do about it, for the diagnostic's hint.
  public static let remedy =
    "draw less in one diagram: --split (a diagram per window, tab and presentation level,"
    + " and an overview page) or --focus ID (one controller, the path to it and its"
    + " neighbours); or link the SVG, which stays sharp when opened full size"

  /// `value` with one decimal.
  public static func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
