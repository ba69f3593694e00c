import Foundation
import VCGraphCore

/// A step's `note:` as HTML for the review page: Markdown-light, and safe for any text.
///
/// What it reads: paragraphs separated by blank lines (lines within one are joined, as in
/// Markdown); lines starting with `- ` or `* ` as a bulleted list; `**bold**`, `*emphasis*`
/// or `_emphasis_` (not inside a word), and `` `code` `` inside a line; `[text](target)` as a link
/// when the target is an `http:` or `https:` address or a place on the page (`#step-N`,
/// `#compare-N-M`). Everything else is text: `<`, `>`, `&` and quotes are escaped, a link to any
/// other target (`javascript:`, `data:`, a file) stays text, and an unmatched marker is drawn as
/// written.
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

  /// One line's inline markup. Every search for a closing marker is one look-up in
  /// `NextMarkers`, and each link target is checked once, so the cost is linear in the text
  /// however many unmatched markers (`[[[[…`, `` ``` ``…) it holds.
  static func inline(_ text: String) -> String {
    let characters = Array(text)
    let next = NextMarkers(characters)
    var targets: [Int: String?] = [:]
    var out = ""
    out.reserveCapacity(characters.count)
    // Text between markup, escaped as one string before the next element is written.
    var plain = ""
    func element(_ html: String) {
      out += escape(plain) + html
      plain = ""
    }
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "`", let end = next.find(next.backtick, after: index + 1) {
        element("<code>" + escape(String(characters[(index + 1)..<end])) + "</code>")
        index = end + 1
      } else if character == "*", index + 1 < characters.count, characters[index + 1] == "*",
        let end = next.find(next.doubleStar, after: index + 2), end > index + 2
      {
        element("<strong>" + inline(String(characters[(index + 2)..<end])) + "</strong>")
        index = end + 2
      } else if character == "*" || character == "_",
        index + 1 < characters.count, characters[index + 1] != " ",
        let end = next.find(character == "*" ? next.star : next.underscore, after: index + 1),
        end > index + 1,
        characters[end - 1] != " ",
        // As in CommonMark, `_` inside a word (snake_case) is no emphasis.
        character == "*"
          || ((index == 0 || !isWordCharacter(characters[index - 1]))
            && (end + 1 == characters.count || !isWordCharacter(characters[end + 1])))
      {
        element("<em>" + inline(String(characters[(index + 1)..<end])) + "</em>")
        index = end + 1
      } else if character == "[",
        let link = link(in: characters, at: index, next: next, targets: &targets)
      {
        element("<a href=\"" + escape(link.target) + "\">" + inline(link.text) + "</a>")
        index = link.end
      } else {
        plain.append(character)
        index += 1
      }
    }
    element("")
    return out
  }

  /// For each position of a line, where each closing marker next starts at or after it
  /// (`characters.count` for nowhere), built in one pass from the end.
  private struct NextMarkers {
    let backtick: [Int]
    let star: [Int]
    let doubleStar: [Int]
    let underscore: [Int]
    /// `](`, between a link's text and its target.
    let bracketParen: [Int]
    let paren: [Int]

    init(_ characters: [Character]) {
      let count = characters.count
      // Six arrays of their own: an element of a nested array assigned in a loop is a copy
      // of that whole array each time in a debug build.
      var backtick = [Int](repeating: count, count: count + 1)
      var star = backtick
      var doubleStar = backtick
      var underscore = backtick
      var bracketParen = backtick
      var paren = backtick
      var position = count - 1
      while position >= 0 {
        let character = characters[position]
        let following: Character? = position + 1 < count ? characters[position + 1] : nil
        backtick[position] = character == "`" ? position : backtick[position + 1]
        star[position] = character == "*" ? position : star[position + 1]
        doubleStar[position] =
          character == "*" && following == "*" ? position : doubleStar[position + 1]
        underscore[position] = character == "_" ? position : underscore[position + 1]
        bracketParen[position] =
          character == "]" && following == "(" ? position : bracketParen[position + 1]
        paren[position] = character == ")" ? position : paren[position + 1]
        position -= 1
      }
      self.backtick = backtick
      self.star = star
      self.doubleStar = doubleStar
      self.underscore = underscore
      self.bracketParen = bracketParen
      self.paren = paren
    }

    /// The first position at or after `start` in `table`, if there is one.
    func find(_ table: [Int], after start: Int) -> Int? {
      guard start < table.count - 1 else { return nil }
      let found = table[start]
      return found < table.count - 1 ? found : nil
    }
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// `[text](target)` starting at `start`, when the target is one a note may link to. A
  /// target depends only on where its `](` is, so it is read and checked once for that place
  /// (`targets` keeps it: the target, or nil when it may not be linked).
  private static func link(
    in characters: [Character], at start: Int, next: NextMarkers, targets: inout [Int: String?]
  ) -> (text: String, target: String, end: Int)? {
    guard let close = next.find(next.bracketParen, after: start + 1),
      let end = next.find(next.paren, after: close + 2), close > start + 1
    else { return nil }
    if targets[close] == nil {
      let target = String(characters[(close + 2)..<end])
      targets[close] = .some(isAllowed(target) ? target : nil)
    }
    guard let target = targets[close] ?? nil else { return nil }
    return (String(characters[(start + 1)..<close]), target, end + 1)
  }

  /// `http:`/`https:` addresses and the page's own places; nothing that runs or reads files.
  static func isAllowed(_ target: String) -> Bool {
    // By scalar: `"` with a combining mark after it is one `Character`, and still a quote.
    if target.contains(where: \.isWhitespace)
      || target.unicodeScalars.contains(where: { $0 == "\"" || $0 == "<" || $0 == ">" })
    {
      return false
    }
    let lower = target.lowercased()
    if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return target.count > 8 }
    let places = ["#step-", "#compare-"]
    guard let place = places.first(where: { lower.hasPrefix($0) }) else { return false }
    let rest = target.dropFirst(place.count)
    return !rest.isEmpty && rest.allSatisfy { $0 == "-" || ($0.isASCII && $0.isNumber) }
  }

  /// HTML text and attribute values: `ControlCharacters.markup(_:for:)`, context `.html`
  /// (`&`, `<`, `>` and both quotes escaped, by Unicode scalar; refused characters as their
  /// pictures).
  static func escape(_ text: String) -> String {
    ControlCharacters.markup(text, for: .html)
  }
}
