import VCGraphDiagram

/// What only Graphviz drawings use: the fonts, the text sizes and the node shape of each
/// controller role.
enum GraphvizStyle {
  /// DejaVu Sans where it is installed (Linux), else the first of Helvetica, Arial and the
  /// system's sans-serif: Pango takes the list as a list of fallbacks, and SVG viewers read
  /// the same list from `font-family`.
  static let font = "DejaVu Sans,Helvetica,Arial,sans-serif"

  /// Text sizes in points. Names are 11, everything else 10: an SVG's point is 4/3 px, so the
  /// smallest text stays at least 9 px in an 880 px column as long as the drawing is at most
  /// 1,304 px (978 pt) wide (``ReadingSize``).
  static let nameSize = 11
  static let bodySize = 10
  static let smallSize = 10

  /// The node shape of a controller role: navigation a folder, tab bar a hexagon (as in the
  /// Mermaid output), split view a component, page view a note, custom container a 3-D box,
  /// alert an octagon, plain controller a rounded box.
  static func shape(_ role: Diagram.Role) -> String {
    switch role {
    case .plain: "box"
    case .navigation: "folder"
    case .tabBar: "hexagon"
    case .split: "component"
    case .page: "note"
    case .custom: "box3d"
    case .alert: "octagon"
    case .swiftUI: "ellipse"
    case .coordinator: "cds"
    }
  }
}
