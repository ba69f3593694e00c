import ArgumentParser
import VCGraphDiagram

/// How a diagram looks: `render`, `simulate`, `diff` and `scan`.
struct StyleOptions: ParsableArguments {
  static let title = "drawing"

  @Option(help: ArgumentHelp("Graphviz layout engine", valueName: "engine"))
  var layout = "dot"

  @Option(help: "where the legend goes")
  var legend = LegendChoice.below

  @Flag(help: "leave the legend out (--legend none)")
  var noLegend = false

  @Option(help: "colours")
  var theme = ThemeChoice.light

  @Option(
    help: ArgumentHelp(
      "the diagram's title (default: the file's title, else its name)", valueName: "text"))
  var title: String?

  /// Where the legend goes, nil for none.
  var legendPlacement: LegendPlacement? { noLegend ? nil : legend.placement }
}

/// What a diagram of a hierarchy shows: `render`, `simulate` and `diff`.
struct DetailOptions: ParsableArguments {
  @Flag(help: "never collapse off-screen subtrees")
  var expandAll = false

  @Flag(help: "name the input by its path as given, not its file name")
  var showPath = false
}

/// The drawing choices of a command: its `StyleOptions`, and its `DetailOptions` if it has
/// them (else their defaults).
struct Drawing {
  var style: StyleOptions
  var details: DetailOptions?

  /// The Graphviz layout engine.
  var engine: String { style.layout }
  var expandAll: Bool { details?.expandAll ?? false }
  var showPath: Bool { details?.showPath ?? false }
  /// Where the legend goes, nil for none.
  var legendPlacement: LegendPlacement? { style.legendPlacement }
  /// Whether the legend is drawn.
  var legend: Bool { legendPlacement != nil }
  var theme: Theme { style.theme.theme }
  var title: String? { style.title }

  /// The diagram options these choices give; `theme` overrides the chosen theme.
  func diagramOptions(maxLabelLines: Int, theme: Theme? = nil) -> DiagramOptions {
    var options = DiagramOptions()
    options.expandAll = expandAll
    options.legend = legend
    options.legendPlacement = legendPlacement ?? .below
    options.theme = theme ?? self.theme
    options.title = title
    options.showPath = showPath
    options.maxLabelLines = maxLabelLines
    return options
  }
}

/// `--legend right|below|none`.
enum LegendChoice: String, CaseIterable, Sendable, ExpressibleByArgument {
  case right, below, none

  var placement: LegendPlacement? {
    switch self {
    case .right: .right
    case .below: .below
    case .none: nil
    }
  }
}

/// `--theme light|dark|transparent`.
enum ThemeChoice: String, CaseIterable, Sendable, ExpressibleByArgument {
  case light, dark, transparent

  var theme: Theme {
    switch self {
    case .light: .light
    case .dark: .dark
    case .transparent: .transparent
    }
  }
}
