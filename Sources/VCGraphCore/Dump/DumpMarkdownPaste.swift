/// What Markdown adds around a dump pasted into an issue, a chat or a blog post: a blockquote
/// prefix (`> ` on every line), a code fence glued to the first or last dump line (````
/// ```<UIWindow … ````), and a line of prose between the dump's lines. Each is undone with a note,
/// so an answer read from such a paste says what was guessed (issue 31).
extension DumpText {
  /// Whether a line starts a dump line: a controller (`<`), a marker (`|`, `+`, `*`) or
  /// Chisel's comment (`/`).
  static func startsDumpText(_ scalar: Unicode.Scalar) -> Bool {
    ["<", "|", "+", "*", "/"].contains(scalar)
  }

  /// Removes `>` (and the space after it) from every line when every non-blank line starts
  /// with it: a Markdown blockquote. Dump lines never start with `>`.
  static func removeBlockquote(_ physical: inout [DumpTextLine]) -> String? {
    // The fixtures' `#` header may sit outside the quote.
    let quoted = physical.filter { !$0.isBlank && !$0.hasPrefix("#", at: $0.firstNonBlank) }
    guard !quoted.isEmpty, quoted.allSatisfy({ $0.scalars[$0.firstNonBlank] == ">" }) else {
      return nil
    }
    for index in physical.indices
    where !physical[index].isBlank && physical[index].scalars[physical[index].firstNonBlank] == ">"
    {
      var start = physical[index].firstNonBlank + 1
      if start < physical[index].scalars.count, physical[index].scalars[start] == " " {
        start += 1
      }
      physical[index] = physical[index].suffix(from: start)
    }
    return "the paste is a Markdown blockquote (`>` on every line); the `>` was removed"
  }

  /// A code fence followed on the same line by dump text (```` ```<UIWindow … ````): the fence is
  /// removed and the rest of the line read, where before the whole line was skipped as a fence.
  static func openFencesOnDumpLines(_ physical: inout [DumpTextLine]) -> [String] {
    var notes: [String] = []
    for index in physical.indices {
      let line = physical[index]
      let start = line.firstNonBlank
      guard start < line.scalars.count, line.scalars[start] == "`" || line.scalars[start] == "~"
      else { continue }
      let fence = line.scalars[start]
      var end = start
      while end < line.scalars.count, line.scalars[end] == fence { end += 1 }
      guard end - start >= 3 else { continue }
      let rest = line.suffix(from: end)
      guard rest.firstNonBlank < rest.scalars.count,
        startsDumpText(rest.scalars[rest.firstNonBlank])
      else { continue }
      physical[index] = rest
      notes.append(
        "a Markdown fence (\(String(repeating: String(fence), count: end - start))) starts line"
          + " \(line.line), before the dump's text; the fence was removed and the line read")
    }
    return notes
  }

  /// A closing fence glued to the end of the last dump line (`…>```  `).
  static func removeClosingFence(_ lines: inout [DumpTextLine]) -> String? {
    guard let lastIndex = lines.indices.last else { return nil }
    var last = lines[lastIndex]
    guard let end = last.scalars.lastIndex(where: { $0 != " " && $0 != "\t" }),
      last.scalars[end] == "`" || last.scalars[end] == "~"
    else { return nil }
    let fence = last.scalars[end]
    var start = end
    while start > 0, last.scalars[start - 1] == fence { start -= 1 }
    guard end - start + 1 >= 3 else { return nil }
    let column = last.column(at: start)
    for index in stride(from: end, through: start, by: -1) { last.remove(at: index) }
    lines[lastIndex] = last
    return "a Markdown fence ends line \(last.line) (column \(column)), after the dump's text;"
      + " it was removed"
  }

  /// Removes lines that are plainly prose, not dump text: starting with a letter, with no `<`,
  /// `>`, `|` or address, of three words or more, and ending like a sentence (`.`, `:`, `!`,
  /// `?`), such as a note typed between two pastes ("After tapping Share:") or lldb's
  /// "Printing description of self:". Each is named in a note.
  static func removeProse(_ lines: inout [DumpTextLine]) -> [String] {
    var notes: [String] = []
    lines.removeAll { line in
      let start = line.firstNonBlank
      guard start < line.scalars.count, line.scalars[start].properties.isAlphabetic,
        let end = line.scalars.lastIndex(where: { $0 != " " && $0 != "\t" }),
        [".", ":", "!", "?"].contains(line.scalars[end]),
        line.text(start..<end).split(separator: " ").count >= 3,
        !line.scalars.contains(where: { ["<", ">", "|"].contains($0) }),
        !DumpText.string(line.scalars[...]).contains("0x")
      else { return false }
      notes.append(
        "line \(line.line) is prose, not part of the dump (\"\(line.text(start..<(end + 1)))\");"
          + " it was skipped")
      return true
    }
    return notes
  }
}
