/// What a paste can add around a dump that the debugger did not print: Swift's `po` of an
/// optional, and a stray closing quote or backtick left by a tool or a chat message.
///
/// `po UIApplication.shared.keyWindow?.rootViewController?.value(forKey: "_printHierarchy")`
/// prints the `Any?` it returns the way lldb prints every optional: a `▿ Optional<Any>` line,
/// then `  - some : ` before the value's description, whose later lines follow unchanged (the
/// shape of `po self.view` → `▿ Optional<UIView>` / `  - some : <UIView: 0x…; …>` in the
/// minsOne Chisel post the fixture `07` comes from; the Swift 5 command is quoted in the
/// Stack Overflow answer "Is there a recursiveDescription method for the view controller
/// hierarchy?"). A value lldb shows with children prints `▿ some : ` instead; a `String?`
/// prints the text quoted, with `\n` escapes, which the cycript reader already reads.
extension DumpText {
  static let optionalNote =
    "the paste is wrapped in Swift's `po` of an optional (`▿ Optional<Any>` and `- some :`);"
    + " the dump inside it was read"

  /// `▿ Optional<...>` (or `Optional<...>`) alone on its line.
  static func isOptionalHeader(_ line: DumpTextLine) -> Bool {
    let start = line.firstNonBlank
    let end = line.scalars.lastIndex { $0 != " " && $0 != "\t" } ?? start
    guard end < line.scalars.count, line.scalars[end] == ">" else { return false }
    return line.hasPrefix("▿ Optional<", at: start) || line.hasPrefix("Optional<", at: start)
  }

  /// Where the value starts on a `- some : ` or `▿ some : ` line, else nil.
  static func optionalPayloadStart(_ line: DumpTextLine) -> Int? {
    let start = line.firstNonBlank
    for prefix in ["- some : ", "▿ some : "] where line.hasPrefix(prefix, at: start) {
      return start + prefix.unicodeScalars.count
    }
    return nil
  }

  /// For a paste that starts with `▿ Optional<...>`: the line of `- some : ` and where the
  /// dump starts on it.
  static func optionalWrapper(
    _ physical: [DumpTextLine], at first: Int
  ) -> (line: Int, start: Int)? {
    guard isOptionalHeader(physical[first]),
      let next = physical[(first + 1)...].firstIndex(where: { !isIgnorable($0) }),
      let start = optionalPayloadStart(physical[next])
    else { return nil }
    return (next, start)
  }

  /// Removes a closing backtick or quote that ends the last line when nothing opened it (no
  /// dump line ends with one); returns a note saying so.
  static func removeStrayClosingQuote(_ lines: inout [DumpTextLine]) -> String? {
    guard let lastIndex = lines.indices.last,
      let end = lines[lastIndex].scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return nil }
    let scalar = lines[lastIndex].scalars[end]
    guard scalar == "`" || scalar == "\"" || scalar == "'" else { return nil }
    let line = lines[lastIndex].line
    let column = lines[lastIndex].column(at: end)
    lines[lastIndex].remove(at: end)
    if lines[lastIndex].isBlank { lines.removeLast() }
    let name = scalar == "`" ? "backtick" : "quote"
    return "a stray closing \(name) (\(scalar)) at the end of the paste (line \(line), column"
      + " \(column)) was ignored"
  }
}
