/// Breaks DOT source so that `dot` can read it back: Graphviz's DOT lexer holds at most about
/// 16,381 bytes in one token, and a quoted string's text between backslashes and quotes, or an
/// HTML string's text between `<`, `>` and line breaks, is one token. Escaping makes text
/// longer (`&` is `&amp;`), so one long value could make DOT that `dot` refuses ("syntax error
/// ... longer than 16384?") although the same graph renders in process.
///
/// A long run is broken where the break means nothing: in a quoted string by a backslash and
/// a line break (the DOT continuation, which the lexer removes); in an HTML string's text,
/// outside tags and character references, by a line break (Graphviz's HTML reader drops
/// characters below space from a label's text). Text inside a tag (an attribute value) is
/// left as it is. The value `dot` reads is the one written, and so is its drawing.
enum LongRuns {
  /// Runs are broken well below the lexer's limit.
  static let maxRun = 4_096

  /// `source` (DOT as agwrite writes it) with every run longer than `maxRun` bytes broken.
  static func broken(_ source: [UInt8]) -> [UInt8] {
    guard source.count > maxRun else { return source }
    var out: [UInt8] = []
    out.reserveCapacity(source.count + source.count / maxRun * 2 + 16)
    var state = State.outside
    var run = 0
    var index = 0
    while index < source.count {
      let byte = source[index]
      // A break never falls inside one character's UTF-8 bytes.
      let startsCharacter = byte & 0xC0 != 0x80
      switch state {
      case .outside:
        if byte == UInt8(ascii: "\"") {
          state = .quoted
        } else if byte == UInt8(ascii: "<") {
          state = .html(nesting: 1, inTag: false, inReference: false)
        }
        run = 0
      case .quoted:
        if byte == UInt8(ascii: "\\") {
          // An escape and the byte it escapes stay together.
          out.append(byte)
          if index + 1 < source.count { out.append(source[index + 1]) }
          index += 2
          run = 0
          continue
        }
        if byte == UInt8(ascii: "\"") {
          state = .outside
        } else if run >= maxRun && startsCharacter {
          out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\n")])
          run = 0
        }
        run += 1
      case .html(var nesting, var inTag, var inReference):
        if byte == UInt8(ascii: "<") {
          nesting += 1
          inTag = true
          run = 0
        } else if byte == UInt8(ascii: ">") {
          nesting -= 1
          inTag = false
          run = 0
        } else if byte == UInt8(ascii: "\n") {
          run = 0
        } else {
          if run >= maxRun && startsCharacter && !inTag && !inReference {
            out.append(UInt8(ascii: "\n"))
            run = 0
          }
          if !inTag && byte == UInt8(ascii: "&") { inReference = true }
          if byte == UInt8(ascii: ";") { inReference = false }
          run += 1
        }
        state =
          nesting == 0 ? .outside : .html(nesting: nesting, inTag: inTag, inReference: inReference)
      }
      out.append(byte)
      index += 1
    }
    return out
  }

  private enum State {
    case outside
    case quoted
    case html(nesting: Int, inTag: Bool, inReference: Bool)
  }
}
