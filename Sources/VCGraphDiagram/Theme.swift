import VCGraphCore

/// The colours of one diagram theme, shared by every backend so that the diagrams, their
/// legends and the other formats cannot disagree. How roles look (shapes, fonts) is each
/// backend's own.
///
/// Every text colour has at least 4.5:1 contrast (WCAG AA) against every fill it can sit on
/// in its theme: `ink`, `secondary` and the accent colours against `canvas`, `nodeFill`,
/// `mutedFill`, `top`, `levelFill`, `dismissFill`, `viewFill` and `responderFill`. Colours
/// named `…Line` or `…Border` are only ever drawn as lines.
public struct Theme: Sendable, Equatable {
  /// The theme's name as `--theme` takes it: `light`, `dark`, `transparent`.
  public var name: String
  /// The background, or nil for none (`transparent`): then every text sits on a fill of its
  /// own, so it reads on any page.
  public var canvas: String?
  /// The fill behind edge labels, the title and cluster titles when there is no canvas.
  public var labelFill: String?
  /// Primary text and on-screen borders.
  public var ink: String
  /// Secondary text: class names, edge labels, off-screen controllers, cluster titles.
  public var secondary: String
  /// The fill of on-screen controllers.
  public var nodeFill: String
  /// The fill of off-screen controllers.
  public var mutedFill: String
  /// Off-screen borders (dashed).
  public var mutedBorder: String
  /// Lines that carry no emphasis: off-screen containment, window borders.
  public var quietLine: String
  /// The visible path, the top view controller's border and the info severity.
  public var path: String
  /// The top view controller's fill.
  public var top: String
  /// The fill of the top view controller of a foreground scene that is not focused.
  public var sceneTop: String
  /// Presentations and presentation levels.
  public var presentation: String
  /// Dismissals, refused presentations and errors.
  public var dismiss: String
  /// The fill of a level a dismissal removes.
  public var dismissFill: String
  /// Responder chains.
  public var responder: String
  /// The top view controller after a dismissal, what a step added, captions.
  public var after: String
  /// Warnings.
  public var warning: String
  /// The fill of a presentation level.
  public var levelFill: String
  /// Views (borders and lines).
  public var view: String
  /// The fill of views.
  public var viewFill: String
  /// The fill of windows and UIApplication on a responder chain.
  public var responderFill: String

  /// Dark text on white, GitHub's light colours darkened where they were below 4.5:1.
  public static let light = Theme(
    name: "light", canvas: "#ffffff", labelFill: nil, ink: "#1f2328", secondary: "#57606a",
    nodeFill: "#ffffff", mutedFill: "#f6f8fa", mutedBorder: "#8c959f", quietLine: "#8c959f",
    path: "#0969da", top: "#fff8c5", sceneTop: "#ddf4ff", presentation: "#8250df",
    dismiss: "#cf222e",
    dismissFill: "#fff1f0", responder: "#bc4c00", after: "#1a7f37", warning: "#7d4e00",
    levelFill: "#fbf8ff", view: "#0b6e76", viewFill: "#f0f6ff", responderFill: "#fff1e5")

  /// Light text on GitHub's dark canvas.
  public static let dark = Theme(
    name: "dark", canvas: "#0d1117", labelFill: nil, ink: "#e6edf3", secondary: "#9198a1",
    nodeFill: "#161b22", mutedFill: "#010409", mutedBorder: "#656c76", quietLine: "#656c76",
    path: "#58a6ff", top: "#2e2a0f", sceneTop: "#0c2d6b", presentation: "#bc8cff",
    dismiss: "#ff7b72",
    dismissFill: "#2a1518", responder: "#ffa657", after: "#3fb950", warning: "#d29922",
    levelFill: "#1c1730", view: "#39c5cf", viewFill: "#0f1d33", responderFill: "#2a1a0c")

  /// The light theme without a background: every text keeps a light fill of its own, so the
  /// diagram reads on a light or a dark page.
  public static let transparent: Theme = {
    var theme = Theme.light
    theme.name = "transparent"
    theme.canvas = nil
    theme.labelFill = "#ffffff"
    return theme
  }()

  /// Every theme, in the order `--theme` lists them.
  public static let all: [Theme] = [.light, .dark, .transparent]

  /// The theme called `name`, if any.
  public static func named(_ name: String) -> Theme? { all.first { $0.name == name } }

  /// Whether the theme is dark (Mermaid's `dark` theme, DocC's `~dark` variant).
  public var isDark: Bool { name == "dark" }

  /// How a simulated step's change is marked: added green, moved purple, newly on screen
  /// blue, left the screen grey.
  public func color(of change: DiagramOptions.Change) -> String {
    switch change {
    case .added: after
    case .moved: presentation
    case .newlyOnScreen: path
    case .leftScreen: secondary
    }
  }

  /// The colour of a finding's severity.
  public func color(of severity: Severity) -> String {
    switch severity {
    case .error: dismiss
    case .warning: warning
    case .info: path
    }
  }

  /// The colour of a badge's text.
  public func color(of badge: Diagram.Badge) -> String {
    switch badge {
    case .topViewController, .sceneTop, .visibleLeaf, .initialViewController, .entryPoint: path
    case .receivesDismiss, .animatesOut: dismiss
    case .topAfterDismiss: after
    case .alsoShows: secondary
    case .change(let change): color(of: change)
    case .finding(let severity, _): color(of: severity)
    }
  }
}
