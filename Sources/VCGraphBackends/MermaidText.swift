import Foundation

/// Text made safe for a Mermaid flowchart.
///
/// Node ids are never user text (the backend names nodes `c0`, `v3`, ...), so only labels and
/// the title need escaping. Mermaid 11 rewrites a label several times before it is drawn, and
/// each rewrite is a way for an id to break out or change:
/// - `%%{...}%%` anywhere is read as a directive, and a line starting with `%%` is a comment;
/// - `#name;` and `#123;` are entity codes, kept as private placeholders (`ﬂ°`, `ﬂ°°`, `¶ß`)
///   that become `&`, `&#` and `;` again when the drawing is finished (twice);
/// - on a line that holds `style` or `classDef`, then `:`, `#` and `;`, the last `;` is dropped;
/// - `"` ends a quoted label, and labels are HTML, cleaned by DOMPurify, which turns entity
///   codes back into the characters;
/// - the result is read as Markdown (emphasis, code, escapes, links, lists, headings, ...,
///   some drawn as "Unsupported markdown: list"), `$$...$$` as KaTeX, and `fa:fa-name` becomes
///   an icon.
/// So the backend wraps every label in `<div>`, which Markdown passes through untouched as one
/// HTML block; here every character that means something to Mermaid or HTML is written as an
/// entity code, the words `style` and `classDef` are split by one, and an invisible word
/// joiner (U+2060) keeps `$$`, `fa:fa-`, `ﬂ°` and `¶ß` from forming.
enum MermaidText {
  /// Characters written as entity codes wherever they appear.
  private static let encoded: Set<Unicode.Scalar> = [
    "\"", "#", "%", "&", "<", ">", "|", "\\", "`",
  ]

  /// User or fixed text for a quoted `<div>` label, shown literally as ``VisibleText/of(_:)``
  /// makes it (control characters as their Unicode control pictures, ␊ for a newline).
  static func label(_ text: String) -> String {
    let scalars = Array(VisibleText.of(text).unicodeScalars)
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for (index, scalar) in scalars.enumerated() {
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      if encoded.contains(scalar) {
        result += "#\(scalar.value);"
        continue
      }
      result.unicodeScalars.append(scalar)
      let joins =
        (scalar == "$" && next == "$") || (scalar == "\u{FB02}" && next == "°")
        || (scalar == "\u{B6}" && next == "ß")
        || (scalar == ":" && scalars[(index + 1)...].starts(with: "fa-".unicodeScalars))
      if joins { result += "\u{2060}" }
    }
    return splitKeywords(result)
  }

  /// Label lines as a quoted Mermaid label: one `<div>`, lines joined by `<br>`.
  ///
  /// A subgraph title that Mermaid wraps is drawn over the subgraph's nodes (the layout counts
  /// one line), so `nowrap` keeps a title on one line (`<nobr>`: a `style` attribute would
  /// meet the `style` rewrite above) and Mermaid widens the subgraph to fit.
  static func quoted(_ lines: [String], nowrap: Bool = false) -> String {
    let text = lines.joined(separator: "<br>")
    return nowrap ? "\"<div><nobr>\(text)</nobr></div>\"" : "\"<div>\(text)</div>\""
  }

  /// Text for the front matter's `title:`: a YAML double-quoted string.
  static func yamlString(_ text: String) -> String {
    var result = "\""
    for scalar in VisibleText.of(text).unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      // Mermaid looks for directives and HTML tags in the whole text, front matter included.
      case "%": result += "\\x25"
      case ">": result += "\\x3E"
      // The title is cleaned as HTML (a tag loses its attributes, and any `<` turns `&`, `<`
      // and `>` into entities shown as such) and then shown as plain text: no `<` may reach
      // it, so it is drawn as the full-width ＜.
      case "<": result += "\u{FF1C}"
      // The title reaches the drawing as it is, where Mermaid turns its entity placeholders
      // `ﬂ°` and `¶ß` back into `&` and `;`: an invisible word joiner keeps such pairs apart.
      case "\u{FB02}", "\u{B6}": result += "\(scalar)\u{2060}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  private static func splitKeywords(_ text: String) -> String {
    guard text.contains("style") || text.contains("classDef") else { return text }
    return text.replacingOccurrences(of: "style", with: "#115;tyle")
      .replacingOccurrences(of: "classDef", with: "#99;lassDef")
  }
}
