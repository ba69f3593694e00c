import VCGraphCore

/// The Markdown page `render --split` writes beside the parts of a diagram: the title, what
/// the whole diagram answers, then each part (a window, a tab, a presentation level) with its
/// image, the files written for it and the controllers it draws. GitHub-flavoured Markdown
/// without raw HTML; every link is ``OutputLink``'s, relative to the page.
public struct SplitOverview: Sendable {
  /// One part of the split diagram.
  public struct Part: Sendable, Equatable {
    /// What the part is (`tab 2: cartNav`).
    public var label: String
    /// The ids of the controllers it draws, in document order.
    public var controllers: [String]
    /// Its files' names beside the page, in format order.
    public var files: [String]
    /// The file the page shows (its SVG, else its PNG), nil when neither is written.
    public var image: String?

    /// Creates a part.
    public init(label: String, controllers: [String], files: [String], image: String?) {
      self.label = label
      self.controllers = controllers
      self.files = files
      self.image = image
    }
  }

  /// The whole diagram's title.
  public var title: String
  /// What the whole diagram answers (its `summaryLine`).
  public var summary: String
  /// The input, as outputs name it.
  public var path: String
  /// The parts, in drawing order.
  public var parts: [Part]

  /// Creates the page.
  public init(title: String, summary: String, path: String, parts: [Part]) {
    self.title = title
    self.summary = summary
    self.path = path
    self.parts = parts
  }

  /// The page.
  public var text: String {
    var page = ["# " + MarkdownText.text(title), ""]
    if !summary.isEmpty { page += [MarkdownText.text(summary), ""] }
    let count = parts.map(\.controllers.count).reduce(0, +)
    page += [
      "\(count) controllers in \(parts.count) diagrams: one per window, tab and presentation"
        + " level.", "",
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
        "Controllers (\(part.controllers.count)): "
          + part.controllers.map { MarkdownText.code($0) }.joined(separator: ", "), "",
      ]
    }
    page += ["Drawn by vcgraph from " + MarkdownText.code(path) + "."]
    return page.joined(separator: "\n") + "\n"
  }
}
