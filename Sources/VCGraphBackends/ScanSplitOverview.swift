import VCGraphCore

/// The Markdown page `scan --split` writes beside the maps of an app's flows: the title, the
/// whole map's caption, then each part with its image, its files and the types it draws.
/// GitHub-flavoured Markdown without raw HTML; every link is ``OutputLink``'s, relative to
/// the page.
public struct ScanSplitOverview: Sendable {
  /// One part of the split map.
  public struct Part: Sendable, Equatable {
    /// What the part is (`flow from AppCoordinator`).
    public var label: String
    /// The types it draws, in document order.
    public var types: [String]
    /// Its files' names beside the page.
    public var files: [String]
    /// The file the page shows (its SVG, else its PNG), nil when neither is written.
    public var image: String?

    /// Creates a part.
    public init(label: String, types: [String], files: [String], image: String?) {
      self.label = label
      self.types = types
      self.files = files
      self.image = image
    }
  }

  /// The map's title.
  public var title: String
  /// The whole map's caption.
  public var summary: String
  /// The parts, in drawing order.
  public var parts: [Part]

  /// Creates the page.
  public init(title: String, summary: String, parts: [Part]) {
    self.title = title
    self.summary = summary
    self.parts = parts
  }

  /// The page.
  public var text: String {
    var page = ["# " + MarkdownText.text(title), ""]
    if !summary.isEmpty { page += [MarkdownText.text(summary), ""] }
    let count = parts.map(\.types.count).reduce(0, +)
    page += [
      "\(count) types in \(parts.count) maps: one per flow (a connected part of the"
        + " navigation), the small flows together. A dashed `→ Type` node is a type drawn"
        + " in another map.", "",
    ]
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
        "Types (\(part.types.count)): "
          + part.types.map { MarkdownText.code($0) }.joined(separator: ", "), "",
      ]
    }
    page += ["Drawn by vcgraph scan."]
    return page.joined(separator: "\n") + "\n"
  }
}
