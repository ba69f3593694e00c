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
///
/// Two more kinds of text are accepted in input but never written raw to a terminal or a log
/// (`escaped(_:)` shows them too): the bidirectional controls (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069), which reorder what a terminal shows (`tabs\u{202E}gnp.exe`
/// reads as `tabsexe.png`), and a line that starts, after spaces and tabs, with a CI workflow
/// command (`::error …` for GitHub Actions, `##[error]` or `##vso[` for Azure Pipelines), whose
/// first character is shown escaped (`\u{3A}:error …`) so no id or title forges an annotation.
///
/// This is the one text-safety policy; each output context applies it its own way:
/// - a terminal or a log (standard output and error, GitHub annotations): `escaped(_:)`,
///   refused characters and bidirectional controls as `\u{1B}`, workflow commands defused;
/// - a quoted source line under an error: `printableQuote(_:)`, `?` so columns stay put;
/// - a diagram, a document or a report file (Markdown, Mermaid, SVG metadata, the XML
///   reporters, the review page): `pictured(_:)`, a refused character as its `picture(of:)`
///   (␛, ␊, ␡, or U+FFFD), bidirectional controls kept (right-to-left titles need their marks
///   there, and a terminal that shows such a file escapes them through `escaped(_:)`); in
///   HTML and XML with the markup characters escaped too, `markup(_:for:)` (one function for
///   the review page, the XML reports and the SVG's title and description);
/// - a description vcgraph writes (`import`): YAML escapes (`DescriptionWriter`).
/// Graphviz's own text (GraphvizKit, which depends on nothing of vcgraph's) replaces what XML
/// cannot hold with U+FFFD before it reaches the C library.
public enum ControlCharacters {
  /// Whether vcgraph refuses `scalar` in input text.
  public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  /// Whether `scalar` is a bidirectional control: accepted in input (right-to-left text needs
  /// the marks), never written raw to a terminal or a log.
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Whether `escaped(_:)` shows `scalar` escaped: a refused character or a bidirectional
  /// control.
  public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    isRefused(scalar) || isBidiControl(scalar)
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

  /// Whether a UTF-8 byte can begin a character `escaped(_:)` shows escaped.
  static func mayStartEscaped(_ byte: UInt8) -> Bool {
    mayStartRefused(byte) || byte == 0xD8
  }

  /// The CI workflow commands a log line must not start with (after spaces and tabs):
  /// GitHub Actions' `::`, Azure Pipelines' `##[` and `##vso[`.
  static let workflowCommandPrefixes: [[UInt8]] = ["::", "##[", "##vso["].map { Array($0.utf8) }

  /// The UTF-8 offsets in `bytes` where a line's content (after its spaces and tabs) starts a
  /// CI workflow command; a line starts after LF or CR, and at 0 when `atLineStart`.
  static func workflowCommandStarts(
    in bytes: some Collection<UInt8>, atLineStart: Bool = true
  ) -> Set<Int> {
    var starts = Set<Int>()
    var lineStart = atLineStart
    var offset = 0
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      if lineStart && byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "#") {
          let rest = bytes[index...]
          if workflowCommandPrefixes.contains(where: { rest.starts(with: $0) }) {
            starts.insert(offset)
          }
        }
        lineStart = false
      }
      if byte == 0x0A || byte == 0x0D { lineStart = true }
      offset += 1
      index = bytes.index(after: index)
    }
    return starts
  }

  /// Whether `line` (one line, without its line break) starts a CI workflow command after
  /// its spaces and tabs.
  public static func startsWorkflowCommand(_ line: some StringProtocol) -> Bool {
    !workflowCommandStarts(in: line.utf8).isEmpty
  }

  /// `text` with every refused character and bidirectional control written as `\u{1B}`, and
  /// the first character of a line that starts a CI workflow command (after spaces and
  /// tabs) written so (`\u{3A}:error`); everything else unchanged. With `keepingLayout`, line
  /// feeds and tabs stay as they are (the layout of printed text). `atLineStart` says whether
  /// `text` starts a line (false for text printed after other text on its line).
  public static func escaped(
    _ text: String, keepingLayout: Bool = false, atLineStart: Bool = true
  ) -> String {
    let escapes = { (scalar: Unicode.Scalar) in
      isEscaped(scalar) && !(keepingLayout && (scalar == "\n" || scalar == "\t"))
    }
    let forged = workflowCommandStarts(in: text.utf8, atLineStart: atLineStart)
    guard !forged.isEmpty || text.utf8.contains(where: mayStartEscaped) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    var offset = 0
    var changed = false
    for scalar in text.unicodeScalars {
      if escapes(scalar) || forged.contains(offset) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        changed = true
      } else {
        out.unicodeScalars.append(scalar)
      }
      offset += UTF8.width(scalar)
    }
    return changed ? out : text
  }

  /// A quoted source line (under an error) made printable with its columns kept: each
  /// refused character but tab, each bidirectional control, and the first character of a
  /// workflow command at the line's start become `?`.
  public static func printableQuote(_ line: String) -> String {
    let forged = workflowCommandStarts(in: line.utf8)
    guard !forged.isEmpty || line.utf8.contains(where: mayStartEscaped) else { return line }
    var out = String.UnicodeScalarView()
    var offset = 0
    for scalar in line.unicodeScalars {
      let hidden = (isEscaped(scalar) && scalar != "\t") || forged.contains(offset)
      out.append(hidden ? "?" : scalar)
      offset += UTF8.width(scalar)
    }
    return String(out)
  }

  /// How a diagram, a document or a report file shows a refused character: a C0 control or
  /// DEL as its Unicode control picture (␊ for a line feed, ␉ for a tab, ␡), any other (C1
  /// controls, U+2028, U+2029, U+FFFE, U+FFFF) as U+FFFD; nil for a character it shows as it is.
  public static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)
    case 0x7F: Unicode.Scalar(0x2421)
    default: isRefused(scalar) ? "\u{FFFD}" : nil
    }
  }

  /// `text` with every refused character as its `picture(of:)`: nothing in an id or a title
  /// can break a line, a table row, a label or an XML document. O(n).
  public static func pictured(_ text: String) -> String {
    guard text.utf8.contains(where: mayStartRefused),
      text.unicodeScalars.contains(where: isRefused)
    else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { out.append(picture(of: scalar) ?? scalar) }
    return String(out)
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
  /// file), with its 1-based line and column (`LineColumnWalk`: lines end at LF, CRLF or a
  /// lone CR).
  public static func firstRefusedInLines(
    of text: String
  ) -> (line: Int, column: Int, scalar: Unicode.Scalar)? {
    guard text.utf8.contains(where: { mayStartRefused($0) && $0 != 0x09 && $0 != 0x0A }) else {
      return nil
    }
    let bytes = Array(text.utf8)
    var walk = LineColumnWalk()
    for scalar in text.unicodeScalars {
      if isRefused(scalar) && scalar != "\t" && scalar != "\n" && scalar != "\r" {
        return (walk.line, walk.column, scalar)
      }
      walk.step(in: bytes)
    }
    return nil
  }

}
