import Foundation

/// A step's `note:` as HTML for the review page: Markdown-light, and safe for any text.
///
/// What it reads: paragraphs separated by blank lines (lines within one are joined, as in
/// Markdown); lines starting with `- ` or `* ` as a bulleted list; `**bold**`, `*emphasis*`
/// or `_emphasis_` (not inside a word), and `` `code` `` inside a line; `[text](target)` as a link when the
/// target is an `http:` or `https:` address or a place on the page (`#step-N`,
/// `#compare-N-M`). Everything else is text: `<`, `>`, `&` and quotes are escaped, a link to
/// any other target (`javascript:`, `data:`, a file) stays text, and an unmatched marker is
/// drawn as written.
enum ReviewNote {
  /// The note as HTML (block elements: `<p>` and `<ul>`).
  static func html(_ note: String) -> String {
    var blocks: [String] = []
    var paragraph: [String] = []
    var items: [String] = []
    func flush() {
      if !paragraph.isEmpty {
        blocks.append("<p>" + inline(paragraph.joined(separator: " ")) + "</p>")
        paragraph = []
      }
      if !items.isEmpty {
        blocks.append("<ul>" + items.map { "<li>" + inline($0) + "</li>" }.joined() + "</ul>")
        items = []
      }
    }
    for raw in note.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty {
        flush()
      } else if line.hasPrefix("- ") || line.hasPrefix("* ") {
        if !paragraph.isEmpty { flush() }
        items.append(String(line.dropFirst(2)))
      } else if !items.isEmpty && raw.first == " " {
        // An indented line continues the list item above it.
        items[items.count - 1] += " " + line
      } else {
        if !items.isEmpty { flush() }
        paragraph.append(line)
      }
    }
    flush()
    return blocks.joined(separator: "\n")
  }

  /// One line's inline markup.
  static func inline(_ text: String) -> String {
    let characters = Array(text)
    var out = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "`", let end = find("`", in: characters, after: index + 1) {
        out += "<code>" + escape(String(characters[(index + 1)..<end])) + "</code>"
        index = end + 1
      } else if character == "*", index + 1 < characters.count, characters[index + 1] == "*",
        let end = find("**", in: characters, after: index + 2), end > index + 2
      {
        out += "<strong>" + inline(String(characters[(index + 2)..<end])) + "</strong>"
        index = end + 2
      } else if character == "*" || character == "_",
        index + 1 < characters.count, characters[index + 1] != " ",
        let end = find(String(character), in: characters, after: index + 1), end > index + 1,
        characters[end - 1] != " ",
        // As in CommonMark, `_` inside a word (snake_case) is no emphasis.
        character == "*"
          || ((index == 0 || !isWordCharacter(characters[index - 1]))
            && (end + 1 == characters.count || !isWordCharacter(characters[end + 1])))
      {
        out += "<em>" + inline(String(characters[(index + 1)..<end])) + "</em>"
        index = end + 1
      } else if character == "[", let link = link(in: characters, at: index) {
        out += "<a href=\"" + escape(link.target) + "\">" + inline(link.text) + "</a>"
        index = link.end
      } else {
        out += escape(String(character))
        index += 1
      }
    }
    return out
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// `[text](target)` starting at `start`, when the target is one a note may link to.
  private static func link(
    in characters: [Character], at start: Int
  ) -> (text: String, target: String, end: Int)? {
    guard let close = find("](", in: characters, after: start + 1),
      let end = find(")", in: characters, after: close + 2)
    else { return nil }
    let text = String(characters[(start + 1)..<close])
    let target = String(characters[(close + 2)..<end])
    guard !text.isEmpty, isAllowed(target) else { return nil }
    return (text, target, end + 1)
  }

  /// `http:`/`https:` addresses and the page's own places; nothing that runs or reads files.
  static func isAllowed(_ target: String) -> Bool {
    if target.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }) {
      return false
    }
    let lower = target.lowercased()
    if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return target.count > 8 }
    let places = ["#step-", "#compare-"]
    guard let place = places.first(where: { lower.hasPrefix($0) }) else { return false }
    let rest = target.dropFirst(place.count)
    return !rest.isEmpty && rest.allSatisfy { $0 == "-" || ($0.isASCII && $0.isNumber) }
  }

  private static func find(_ marker: String, in characters: [Character], after start: Int) -> Int? {
    let pattern = Array(marker)
    var index = start
    while index + pattern.count <= characters.count {
      if Array(characters[index..<(index + pattern.count)]) == pattern { return index }
      index += 1
    }
    return nil
  }

  /// HTML text: `&`, `<`, `>` and both quotes escaped.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
