import Foundation

/// What the documentation tests need of GitHub-flavoured Markdown: fenced blocks, link
/// targets outside code, and the anchors GitHub gives headings.
enum Markdown {
  /// A line of text with whether it is inside a fenced code block, and the info string of the
  /// block it is in.
  struct Line {
    var text: String
    /// The info string (`yaml`) of the fenced block the line is in; nil outside blocks.
    var block: String?
    /// Whether the line opens or closes a fence.
    var isFence: Bool
  }

  static func lines(_ text: String) -> [Line] {
    var lines: [Line] = []
    var fence: String?
    var info = ""
    for line in text.components(separatedBy: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let open = fence {
        if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) {
          fence = nil
          lines.append(Line(text: line, block: info, isFence: true))
        } else {
          lines.append(Line(text: line, block: info, isFence: false))
        }
      } else if let marker = fenceMarker(trimmed) {
        fence = marker
        info = trimmed.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
        lines.append(Line(text: line, block: info, isFence: true))
      } else {
        lines.append(Line(text: line, block: nil, isFence: false))
      }
    }
    return lines
  }

  /// The backticks or tildes that open a fence on this line, if it opens one.
  static func fenceMarker(_ line: String) -> String? {
    for character in ["`", "~"] {
      let run = line.prefix { String($0) == character }
      if run.count >= 3 { return String(run) }
    }
    return nil
  }

  /// The lines outside fenced blocks, with inline code removed.
  static func prose(_ text: String) -> [String] {
    lines(text).filter { $0.block == nil }.map { withoutInlineCode($0.text) }
  }

  static func withoutInlineCode(_ line: String) -> String {
    var out = ""
    var rest = Substring(line)
    while let open = rest.firstIndex(of: "`") {
      out += rest[..<open]
      let ticks = rest[open...].prefix { $0 == "`" }
      let after = rest[ticks.endIndex...]
      guard let close = after.range(of: String(ticks)) else { return out + rest[open...] }
      rest = after[close.upperBound...]
    }
    return out + rest
  }

  /// The contents of the fenced blocks whose info string is `info`, each ending in a newline.
  static func fencedBlocks(in text: String, info: String) -> [String] {
    var blocks: [String] = []
    var current: [String]?
    for line in lines(text) {
      if line.isFence {
        if let lines = current {
          blocks.append(lines.joined(separator: "\n") + "\n")
          current = nil
        } else if line.block == info {
          current = []
        }
      } else if line.block == info {
        current?.append(line.text)
      }
    }
    return blocks
  }

  /// The targets of inline links and images (`[text](target)`, `![alt](target "title")`)
  /// outside code.
  static func linkTargets(in text: String) -> [String] {
    let pattern = try! NSRegularExpression(pattern: #"\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)"#)
    var targets: [String] = []
    for line in prose(text) {
      let ns = line as NSString
      for match in pattern.matches(in: line, range: NSRange(0..<ns.length)) {
        targets.append(ns.substring(with: match.range(at: 1)))
      }
    }
    return targets
  }

  /// A link target's path (percent-decoded; empty for the page itself) and its anchor.
  static func split(_ target: String) -> (path: String, anchor: String?) {
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
    return (path, parts.count == 2 ? String(parts[1]) : nil)
  }

  /// The anchors GitHub makes for the page's headings, in order: the heading's text
  /// lowercased, without link and emphasis syntax, every character but letters, marks,
  /// numbers, `_`, `-` and spaces dropped, spaces made `-`; a repeated anchor gets `-1`, `-2`.
  static func anchors(in text: String) -> [String] {
    var anchors: [String] = []
    var seen: [String: Int] = [:]
    for line in lines(text) where line.block == nil {
      let hashes = line.text.prefix { $0 == "#" }
      guard (1...6).contains(hashes.count), line.text.dropFirst(hashes.count).first == " " else {
        continue
      }
      var heading = line.text.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces)
      while heading.hasSuffix("#") { heading.removeLast() }
      // `[text](target)` reads as its text.
      heading = heading.replacingOccurrences(
        of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
      var slug = ""
      for scalar in heading.trimmingCharacters(in: .whitespaces).lowercased().unicodeScalars {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
          .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber,
          .otherNumber, .connectorPunctuation:
          slug.unicodeScalars.append(scalar)
        default:
          if scalar == "-" { slug += "-" } else if scalar == " " { slug += "-" }
        }
      }
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      anchors.append(count == 0 ? slug : "\(slug)-\(count)")
    }
    return anchors
  }
}
