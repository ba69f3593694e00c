import VCGraphDiagram

/// What only Graphviz drawings use: the font and the node shape of each controller role.
enum GraphvizStyle {
  static let font = "DejaVu Sans"

  /// The node shape of a controller role; custom containers get their own.
  static func shape(_ role: Diagram.Role) -> String {
    switch role {
    case .plain: "box"
    case .navigation: "folder"
    case .tabBar: "tab"
    case .split: "component"
    case .page: "note"
    case .custom: "box3d"
    case .alert: "octagon"
    }
  }
}
