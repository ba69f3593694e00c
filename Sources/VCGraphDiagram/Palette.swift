import GraphvizKit
import VCGraphCore

/// The colors and shapes of the visual language, in one place so the legend and the
/// diagram cannot disagree.
enum Palette {
  static let font = "DejaVu Sans"
  static let ink = "#24292f"
  static let muted = "#9aa0a6"
  static let mutedFill = "#f6f8fa"
  static let mutedBorder = "#c8ccd0"
  static let path = "#1f6feb"
  static let top = "#fff8c5"
  /// The top view controller of a foreground scene that is not the focused one.
  static let sceneTop = "#ddf4ff"
  static let presentation = "#8250df"
  static let dismiss = "#cf222e"
  static let dismissFill = "#fff1f0"
  static let responder = "#bc4c00"
  static let after = "#1a7f37"
  static let windowBorder = "#8c959f"
  static let levelFill = "#fbf8ff"
  static let change = "#1a7f37"

  /// How a simulated step's change is marked: added green, moved purple, newly on screen
  /// blue, left the screen grey.
  static func changeSymbol(_ change: DiagramOptions.Change) -> String {
    switch change {
    case .added: "✚"
    case .moved: "↔"
    case .newlyOnScreen: "▲"
    case .leftScreen: "▽"
    }
  }

  static func changeColor(_ change: DiagramOptions.Change) -> String {
    switch change {
    case .added: Palette.change
    case .moved: Palette.presentation
    case .newlyOnScreen: Palette.path
    case .leftScreen: Palette.muted
    }
  }

  static func severityColor(_ severity: Severity) -> String {
    switch severity {
    case .error: "#cf222e"
    case .warning: "#9a6700"
    case .info: "#0969da"
    }
  }

  static func severitySymbol(_ severity: Severity) -> String {
    switch severity {
    case .error: "✖"
    case .warning: "⚠"
    case .info: "ℹ"
    }
  }

  /// The node shape of a controller kind; custom containers get their own.
  static func shape(_ role: Role) -> String {
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

  /// What a controller node looks like: its kind, with plain controllers that contain
  /// children shown as custom containers.
  enum Role: String, CaseIterable {
    case navigation, tabBar, split, page, custom, plain, alert

    init(_ controller: Controller) {
      switch controller.kind {
      case .navigation: self = .navigation
      case .tabBar: self = .tabBar
      case .split: self = .split
      case .page: self = .page
      case .alert: self = .alert
      case .plain: self = controller.children.isEmpty ? .plain : .custom
      }
    }

    var legend: String {
      switch self {
      case .navigation: "navigation"
      case .tabBar: "tab bar"
      case .split: "split view"
      case .page: "page view"
      case .custom: "custom container"
      case .plain: "view controller"
      case .alert: "alert"
      }
    }
  }
}
