import VCGraphCore

// What a storyboard's map adds to the diagram: scenes outside the launch state, a cluster per
// storyboard, and segue edges. Scenes in the launch state are drawn as controllers, exactly as
// in the launch state's own diagram (`StoryboardMapBuilder`).

extension Diagram {
  /// A storyboard scene outside the launch state.
  public struct SceneNode: Sendable, Equatable {
    /// The scene.
    public var scene: SceneRef
    /// Its id as in a description: a unique `storyboardIdentifier`, else the element id.
    public var id: String
    /// Its class: `customClass`, else the UIKit class of its element.
    public var className: String
    /// Its title, when the storyboard gives one.
    public var title: String?
    /// The name drawn in bold instead of `id` when that is an Interface Builder element id
    /// (`StoryboardMap.displayName(of:)`).
    public var displayName: String?
    /// The name of its storyboard (without `.storyboard`).
    public var storyboard: String
    /// Where its controller element starts.
    public var location: SourceLocation
    /// What kind of controller it is.
    public var role: Role
    /// For a storyboard reference: what it stands for (`Login.storyboard › LoginViewController`).
    public var reference: String?
    /// For a storyboard reference to another storyboard: that storyboard's map, as the file
    /// `render` writes for it beside this one (`Login.svg`).
    public var link: String?
    /// What the reader noticed (an unresolved reference, an unknown element, ...).
    public var notes: [String]
    /// Its badges (findings about the scene or its segues).
    public var badges: [Badge]
    /// The findings about it, in report order.
    public var findings: [Finding]
    /// For a scanned app's map: the name drawn in two parts, `AccountSettings` bold over a
    /// small `ViewController`, so that long type names do not make the map wide.
    public var nameParts: (String, String)? {
      get { namePartsStorage.map { ($0[0], $0[1]) } }
      set { namePartsStorage = newValue.map { [$0.0, $0.1] } }
    }
    private var namePartsStorage: [String]?

    /// Creates a scene node.
    public init(
      scene: SceneRef, id: String, className: String, title: String? = nil,
      displayName: String? = nil, storyboard: String,
      location: SourceLocation, role: Role, reference: String? = nil, link: String? = nil,
      notes: [String] = [], badges: [Badge] = [], findings: [Finding] = []
    ) {
      self.scene = scene
      self.id = id
      self.className = className
      self.title = title
      self.displayName = displayName
      self.storyboard = storyboard
      self.location = location
      self.role = role
      self.reference = reference
      self.link = link
      self.notes = notes
      self.badges = badges
      self.findings = findings
    }

    /// Whether one of its findings is an error.
    public var hasError: Bool { findings.contains { $0.severity == .error } }

    /// The name in bold: the display name, else the id.
    public var name: String { displayName ?? id }
  }

  /// The scenes of one storyboard that are not in the launch state.
  public struct StoryboardCluster: Sendable, Equatable {
    /// Its index in the map.
    public var index: Int
    /// Its name (without `.storyboard`).
    public var name: String
    /// Whether it is the storyboard rendered (else one its references lead to, of which only
    /// the scenes the references use are drawn).
    public var isOpened: Bool

    /// Creates a storyboard cluster.
    public init(index: Int, name: String, isOpened: Bool) {
      self.index = index
      self.name = name
      self.isOpened = isOpened
    }
  }

  /// A segue with what UIKit does with it, or a reference to the scene it stands for.
  public struct SegueEdge: Sendable, Equatable {
    /// How a segue edge is drawn: by what UIKit does with it (its first outcome).
    public enum Style: String, Sendable, Equatable, CaseIterable {
      /// A container holds the destination: a relationship or embed segue outside the
      /// launch state (inside it, the containment edge is drawn instead).
      case containment
      /// Pushed, or shown in a split view's column.
      case push
      /// Presented modally (a popover too).
      case present
      /// Unwound back to a controller on the way back.
      case unwind
      /// A custom segue, or a source whose container is unknown (created in code).
      case other
      /// UIKit refuses it or raises.
      case refused
      /// A storyboard reference to the scene it stands for.
      case reference
    }

    /// The segue (nil for a reference).
    public var segue: SegueRef?
    /// How it is drawn.
    public var style: Style
    /// Its first line: the segue's own `kind` and identifier (`show 'GET'`), the container's
    /// slot for a containment (`root`, `tab 1`, `embed`), or `reference`.
    public var title: String
    /// What UIKit does, one line per distinct outcome (`regular: replace detail of 'split'`).
    public var effects: [String]
    /// Whether the layout ranks the destination below the source: true for a destination
    /// outside the launch state (the launch state keeps its own containment layout), false for
    /// an unwind, which goes back.
    public var ranksDestination: Bool
    /// How many ranks below the source the destination sits at least (a scanned app's map
    /// staggers a fan of leaves over two rows so that it is not one very wide row).
    public var rankGap = 1
    /// What the line says in full when its label is short (a scanned app's map: the segue's
    /// identifier, the helper, the sites), for a backend's tooltip; nil for none.
    public var tooltip: String?
    /// Whether the layout keeps the destination below the source without pulling the two
    /// together: a scanned app's line to a screen many types show, which would otherwise drag
    /// each of them down beside it.
    public var isLoose = false

    /// Creates a segue edge.
    public init(
      segue: SegueRef?, style: Style, title: String, effects: [String] = [],
      ranksDestination: Bool = true
    ) {
      self.segue = segue
      self.style = style
      self.title = title
      self.effects = effects
      self.ranksDestination = ranksDestination
    }

    /// Outcomes shown in a label before the rest are counted.
    public static let shownEffects = 3

    /// The edge's label, one entry per line (none for an empty title and no effects).
    public var labelLines: [String] {
      var lines = (title.isEmpty ? [] : [title]) + effects.prefix(Self.shownEffects)
      if effects.count > Self.shownEffects {
        lines.append("(+\(effects.count - Self.shownEffects) more)")
      }
      return lines
    }
  }
}

extension Diagram.SegueEdge.Style {
  /// How the legend names it.
  public var legend: String {
    switch self {
    case .containment: "contains (relationship, embed)"
    case .push: "segue: push or column"
    case .present: "segue: presents"
    case .unwind: "segue: unwind"
    case .other: "segue: custom or unknown"
    case .refused: "segue: refused"
    case .reference: "storyboard reference"
    }
  }
}
