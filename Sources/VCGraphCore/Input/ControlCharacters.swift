/// The characters vcgraph never accepts in input text and never writes raw to a terminal or a
/// log: C0 controls (including tab and line breaks), DEL, C1 controls, the line and paragraph
/// separators U+2028 and U+2029, and the noncharacters U+FFFE and U+FFFF.
///
/// One policy: a description or dump that holds one (a YAML escape such as `"\e"`, `"\n"` or
/// `"\uFFFE"`, or a raw character in a dump) is refused where it is, with exit 65; such text
/// could set a terminal's title, clear the screen, print a line that CI takes for a finding in
/// another file, or make a diagram Graphviz rejects. Text whose origin vcgraph does not
/// control and cannot refuse (an option value echoed in a message, an output path) is written
/// with the characters shown as `\u{1B}` (`escaped(_:)`).
public enum ControlCharacters {
  /// Whether vcgraph refuses `scalar` in input text.
  public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  /// Whether a UTF-8 byte can begin a refused character (a cheap test before decoding).
  static func mayStartRefused(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF
  }

  /// The first refused character of `text` and its offset in Unicode scalars, if any; with
  /// `allowingLineFeeds`, U+000A is not one (a step's `note:`).
  public static func firstRefused(
    in text: String, allowingLineFeeds: Bool = false
  ) -> (offset: Int, scalar: Unicode.Scalar)? {
    guard text.utf8.contains(where: mayStartRefused) else { return nil }
    for (offset, scalar) in text.unicodeScalars.enumerated()
    where isRefused(scalar) && !(allowingLineFeeds && scalar == "\n") {
      return (offset, scalar)
    }
    return nil
  }

  /// `text` with every refused character written as `\u{1B}`; everything else unchanged.
  /// With `keepingLayout`, line feeds and tabs stay as they are (the layout of printed text).
  public static func escaped(_ text: String, keepingLayout: Bool = false) -> String {
    let escapes = { (scalar: Unicode.Scalar) in
      isRefused(scalar) && !(keepingLayout && (scalar == "\n" || scalar == "\t"))
    }
    guard firstRefused(in: text) != nil, text.unicodeScalars.contains(where: escapes) else {
      return text
    }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if escapes(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `U+001B (escape)`: the code point and, where it has one, a name people recognise.
  public static func name(of scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    let names: [UInt32: String] = [
      0x00: "NUL", 0x07: "bell", 0x08: "backspace", 0x09: "tab", 0x0A: "line feed",
      0x0D: "carriage return", 0x1B: "escape", 0x7F: "delete", 0x85: "next line",
      0x9B: "control sequence introducer", 0x2028: "line separator",
      0x2029: "paragraph separator", 0xFFFE: "noncharacter", 0xFFFF: "noncharacter",
    ]
    return names[scalar.value].map { "\(code) (\($0))" } ?? code
  }

  /// The error for a refused character found in input text at `location`.
  public static func refusal(
    _ scalar: Unicode.Scalar, in what: String, at location: SourceLocation
  ) -> VCGraphError {
    let lineBreak =
      scalar == "\n" || scalar == "\r" || scalar.value == 0x85
      || scalar.value == 0x2028 || scalar.value == 0x2029
    return VCGraphError.data(
      "\(what) holds the character \(name(of: scalar)), which vcgraph does not accept",
      at: location,
      hint: lineBreak
        ? "text is one line; remove the line break"
        : "control characters could garble a terminal or forge output lines; remove it")
  }

  /// The first refused character of `text` other than tab, CR and LF (the layout of a text
  /// file), with its 1-based line and column; lines end at LF, CRLF or a lone CR.
  public static func firstRefusedInLines(
    of text: String
  ) -> (line: Int, column: Int, scalar: Unicode.Scalar)? {
    guard text.utf8.contains(where: { mayStartRefused($0) && $0 != 0x09 && $0 != 0x0A }) else {
      return nil
    }
    var line = 1
    var column = 1
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "\n":
        if !previousWasCR { line += 1 }
        column = 1
      case "\r":
        line += 1
        column = 1
      case "\t":
        column += 1
      default:
        if isRefused(scalar) { return (line, column, scalar) }
        column += 1
      }
    }
    return nil
  }
}
