import VCGraphCore

/// The colours of the visual language, shared by every backend so that the diagrams, their
/// legends and the other formats cannot disagree. How roles look (shapes, fonts) is each
/// backend's own.
public enum Palette {
  /// Text and on-screen borders.
  public static let ink = "#24292f"
  /// Off-screen text.
  public static let muted = "#9aa0a6"
  /// Off-screen fill.
  public static let mutedFill = "#f6f8fa"
  /// Off-screen borders.
  public static let mutedBorder = "#c8ccd0"
  /// The visible path and the top view controller's border.
  public static let path = "#1f6feb"
  /// The top view controller's fill.
  public static let top = "#fff8c5"
  /// The fill of the top view controller of a foreground scene that is not focused.
  public static let sceneTop = "#ddf4ff"
  /// Presentations and presentation levels.
  public static let presentation = "#8250df"
  /// Dismissals, refused presentations and errors.
  public static let dismiss = "#cf222e"
  /// The fill of a level a dismissal removes.
  public static let dismissFill = "#fff1f0"
  /// Responder chains.
  public static let responder = "#bc4c00"
  /// The top view controller after a dismissal.
  public static let after = "#1a7f37"
  /// Window borders.
  public static let windowBorder = "#8c959f"
  /// The fill of a presentation level.
  public static let levelFill = "#fbf8ff"
  /// What a simulated step added, and captions.
  public static let change = "#1a7f37"
  /// Views.
  public static let view = "#54aeff"
  /// The fill of views.
  public static let viewFill = "#f0f6ff"
  /// The fill of windows and UIApplication on a responder chain.
  public static let responderFill = "#fff1e5"
  /// Secondary text (class names, edge labels).
  public static let secondary = "#57606a"

  /// How a simulated step's change is marked: added green, moved purple, newly on screen
  /// blue, left the screen grey.
  public static func color(of change: DiagramOptions.Change) -> String {
    switch change {
    case .added: Palette.change
    case .moved: Palette.presentation
    case .newlyOnScreen: Palette.path
    case .leftScreen: Palette.muted
    }
  }

  /// The colour of a finding's severity.
  public static func color(of severity: Severity) -> String {
    switch severity {
    case .error: "#cf222e"
    case .warning: "#9a6700"
    case .info: "#0969da"
    }
  }

  /// The colour of a badge's text.
  public static func color(of badge: Diagram.Badge) -> String {
    switch badge {
    case .topViewController, .sceneTop, .visibleLeaf: path
    case .receivesDismiss, .animatesOut: dismiss
    case .topAfterDismiss: after
    case .change(let change): color(of: change)
    case .finding(let severity, _): color(of: severity)
    }
  }
}
