import VCGraphCore

/// The light theme's colours by name, for code that draws without a theme. Backends draw with
/// the diagram's ``Theme`` (``Diagram/theme``).
public enum Palette {
  /// Text and on-screen borders.
  public static let ink = Theme.light.ink
  /// Off-screen text (as readable as any secondary text: off screen shows in the fill, the
  /// dashed border and the shape).
  public static let muted = Theme.light.secondary
  /// Off-screen fill.
  public static let mutedFill = Theme.light.mutedFill
  /// Off-screen borders.
  public static let mutedBorder = Theme.light.mutedBorder
  /// The visible path and the top view controller's border.
  public static let path = Theme.light.path
  /// The top view controller's fill.
  public static let top = Theme.light.top
  /// The fill of the top view controller of a foreground scene that is not focused.
  public static let sceneTop = Theme.light.sceneTop
  /// Presentations and presentation levels.
  public static let presentation = Theme.light.presentation
  /// Dismissals, refused presentations and errors.
  public static let dismiss = Theme.light.dismiss
  /// The fill of a level a dismissal removes.
  public static let dismissFill = Theme.light.dismissFill
  /// Responder chains.
  public static let responder = Theme.light.responder
  /// The top view controller after a dismissal.
  public static let after = Theme.light.after
  /// Window borders.
  public static let windowBorder = Theme.light.quietLine
  /// The fill of a presentation level.
  public static let levelFill = Theme.light.levelFill
  /// What a simulated step added, and captions.
  public static let change = Theme.light.after
  /// Views.
  public static let view = Theme.light.view
  /// The fill of views.
  public static let viewFill = Theme.light.viewFill
  /// The fill of windows and UIApplication on a responder chain.
  public static let responderFill = Theme.light.responderFill
  /// Secondary text (class names, edge labels).
  public static let secondary = Theme.light.secondary

  /// How a simulated step's change is marked in the light theme.
  public static func color(of change: DiagramOptions.Change) -> String {
    Theme.light.color(of: change)
  }

  /// The colour of a finding's severity in the light theme.
  public static func color(of severity: Severity) -> String { Theme.light.color(of: severity) }

  /// The colour of a badge's text in the light theme.
  public static func color(of badge: Diagram.Badge) -> String { Theme.light.color(of: badge) }
}
