import VCGraphCore

/// The Markdown page `render --split` and `scan --split` write beside the parts of a drawing:
/// the title, what the whole drawing answers, then each part (a window, a tab, a presentation
/// level; a storyboard file of a map; a flow of an app's map) with its image, the files
/// written for it and what it draws.
/// GitHub-flavoured Markdown without raw HTML; every link is ``OutputLink``'s, relative to the
/// page.
public struct SplitOverview: Sendable {
  /// What was split, which words the page.
  public enum Subject: Sendable, Equatable {
    /// A hierarchy's diagram (`render --split`) read from the input at `path`, as outputs
    /// name it; the parts draw controllers.
    case hierarchy(path: String)
    /// A storyboard's map (`render --split` of a `.storyboard`) read from the input at
    /// `path`; the parts are its storyboard files and draw scenes.
    case storyboardMap(path: String)
    /// An app's navigation map (`scan --split`); the parts draw types.
    case scanMap
  }

  /// One part of the split drawing.
  public struct Part: Sendable, Equatable {
    /// What the part is (`tab 2: cartNav`, `flow from AppCoordinator`).
    public var label: String
    /// What it draws (controller ids, or type names), in document order.
    public var members: [String]
    /// Its files' names beside the page, in format order.
    public var files: [String]
    /// The file the page shows (its SVG, else its PNG), nil when neither is written.
    public var image: String?

    /// Creates a part.
    public init(label: String, members: [String], files: [String], image: String?) {
      self.label = label
      self.members = members
      self.files = files
      self.image = image
    }
  }

  /// What was split.
  public var subject: Subject
  /// The whole drawing's title.
  public var title: String
  /// What the whole drawing answers (a diagram's `summaryLine`, a map's caption).
  public var summary: String
  /// The parts, in drawing order.
  public var parts: [Part]

  /// Creates the page.
  public init(_ subject: Subject, title: String, summary: String, parts: [Part]) {
    self.subject = subject
    self.title = title
    self.summary = summary
    self.parts = parts
  }

  /// The page.
  public var text: String {
    var page = ["# " + MarkdownText.text(title), ""]
    if !summary.isEmpty { page += [MarkdownText.text(summary), ""] }
    let count = parts.map(\.members.count).reduce(0, +)
    let members: String
    switch subject {
    case .hierarchy:
      members = "Controllers"
      page += [
        "\(count) controllers in \(parts.count) diagrams: one per window, tab and presentation"
          + " level.", "",
      ]
    case .storyboardMap:
      members = "Scenes"
      page += [
        "\(count) scenes in \(parts.count) diagrams: one per storyboard file. Segues between"
          + " files are in neither diagram; a placeholder stays with its file.", "",
      ]
    case .scanMap:
      members = "Types"
      page += [
        "\(count) types in \(parts.count) maps: one per flow (a connected part of the"
          + " navigation), the small flows together. A dashed `→ Type` node is a type drawn"
          + " in another map.", "",
      ]
    }
    for (number, part) in parts.enumerated() {
      page += ["## \(number + 1). " + MarkdownText.text(part.label), ""]
      if let image = part.image {
        page += [
          OutputLink.relative(image).map { "![" + MarkdownText.text(part.label) + "](\($0))" }
            ?? MarkdownText.text(image), "",
        ]
      }
      let links = part.files.map { file in
        OutputLink.relative(file).map { "[" + MarkdownText.text(file) + "](\($0))" }
          ?? MarkdownText.text(file)
      }
      page += ["Files: " + links.joined(separator: " · "), ""]
      page += [
        "\(members) (\(part.members.count)): "
          + part.members.map { MarkdownText.code($0) }.joined(separator: ", "), "",
      ]
    }
    switch subject {
    case .hierarchy(let path), .storyboardMap(let path):
      page += ["Drawn by vcgraph from " + MarkdownText.code(path) + "."]
    case .scanMap: page += ["Drawn by vcgraph scan."]
    }
    return page.joined(separator: "\n") + "\n"
  }
}
