/// One controller line of a dump, as written (before the structure is built).
struct DumpLine: Sendable {
  /// How the line is attached to the lines above it.
  enum Marker: Sendable, Equatable {
    /// `   | <...>`: a child of the line one level up (or a root without any marker).
    case child
    /// `   + <...>`: presented by the line one level up.
    case presented
    /// Chisel's `  *M <...>`: presented by the line one level up.
    case chiselModal
  }

  /// How the controller was presented, from `presented with:`.
  enum Presentation: Sendable, Equatable {
    /// `presented with: (null)`: not presented at all (a controller in no window).
    case null
    /// `presented with: <Class 0x...>`.
    case controller(String)
  }

  /// The number of markers (`|`, `+`, `*M`) before the description.
  var nominalDepth: Int
  var marker: Marker
  /// The index of each marker in the line's scalars.
  var markerIndexes: [Int]
  /// The index of the description's `<`.
  var openIndex: Int
  /// The class name as printed (possibly mangled).
  var rawClassName: String
  var address: String?
  var state: String?
  var stateIndex: Int?
  /// Whether the controller's view is loaded; nil when the line does not say.
  var viewLoaded: Bool?
  /// Whether the controller's view is in a window; nil when the line does not say.
  var inWindow: Bool?
  var viewClass: String?
  var presentation: Presentation?
  var presentationIndex: Int?
  /// Chisel's fallback format (`<Class: 0x...; view = ...>`).
  var isChisel = false
}

/// Parses one dump line (`cli.md`, "Dumps"); errors name the exact column of the character that
/// does not fit the grammar.
struct DumpLineParser {
  static let states = ["appeared", "appearing", "disappeared", "disappearing"]
  static let fields = ["state", "view", "presented with"]

  let line: DumpTextLine
  let path: String
  private var i: Int

  init(line: DumpTextLine, path: String, start: Int) {
    self.line = line
    self.path = path
    i = start
  }

  private var scalars: [Unicode.Scalar] { line.scalars }
  private var current: Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

  private func peek(_ offset: Int) -> Unicode.Scalar? {
    i + offset < scalars.count ? scalars[i + offset] : nil
  }

  func location(_ index: Int) -> SourceLocation {
    SourceLocation(path: path, line: line.line, column: line.column(at: index))
  }

  private func error(_ message: String, at index: Int, hint: String? = nil) -> VCGraphError {
    VCGraphError.data(message, at: location(index), hint: hint)
  }

  /// A short quote of the text at `index`, for messages.
  private func found(at index: Int) -> String {
    guard index < scalars.count else { return "the end of the line" }
    var text = ""
    for scalar in scalars[index..<min(scalars.count, index + 12)] {
      text.unicodeScalars.append(scalar.value < 0x20 ? "?" : scalar)
    }
    return "'\(text)'"
  }

  /// A letter (ASCII checked first: the Unicode properties are slow).
  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }
    return scalar.properties.isAlphabetic
  }

  /// A character that may start a class name: a letter, `_` or `$`.
  static func startsIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    isLetter(scalar) || scalar == "_" || scalar == "$"
  }

  @discardableResult
  private mutating func skipSpaces() -> Int {
    var count = 0
    while current == " " {
      i += 1
      count += 1
    }
    return count
  }

  private mutating func consume(_ literal: String) -> Bool {
    var index = i
    for scalar in literal.unicodeScalars {
      guard index < scalars.count, scalars[index] == scalar else { return false }
      index += 1
    }
    i = index
    return true
  }

  private var atEndIgnoringSpaces: Bool {
    scalars[min(i, scalars.count)...].allSatisfy { $0 == " " || $0 == "\t" }
  }

  static let lineHint =
    "a dump line looks like `   | <ClassName 0x7f...>, state: appeared, view: <UIView 0x7f...>`"

  // MARK: - Prefix

  /// Reads the indentation markers up to the `<` of the description.
  mutating func parsePrefix() throws(VCGraphError) -> (DumpLine.Marker, [Int]) {
    var markers: [Int] = []
    var marker = DumpLine.Marker.child
    while true {
      let spacesStart = i
      let spaces = skipSpaces()
      guard let scalar = current else {
        throw error(
          "expected a controller `<ClassName 0x...>` after the indentation", at: i,
          hint: Self.lineHint)
      }
      switch scalar {
      case "<":
        if markers.isEmpty && spaces > 0 {
          throw error(
            "this line is indented more than the first line of the dump", at: spacesStart,
            hint: "a child line starts with `   | ` for each level")
        }
        if spaces > 2 {
          throw error(
            "unexpected indentation between the `\(markerText(marker))` and the controller",
            at: spacesStart + 1, hint: Self.lineHint)
        }
        return (marker, markers)
      case "|", "+", "*":
        if marker != .child {
          throw error(
            "nothing but the controller may follow the `\(markerText(marker))` marker", at: i,
            hint: "a presented controller's line ends its indentation with `   + `")
        }
        if scalar == "*" && peek(1) != "M" {
          throw error("expected `*M` (Chisel's modal marker)", at: i, hint: Self.lineHint)
        }
        // The first marker may lose its spaces when a pasted dump's margin was trimmed.
        if (spaces == 0 && !markers.isEmpty) || spaces > 4 {
          throw error(
            "unexpected indentation before `\(scalar == "*" ? "*M" : String(scalar))`",
            at: spaces == 0 ? i : spacesStart,
            hint: "each level of a dump is `   | ` (Chisel: `   |`)")
        }
        markers.append(i)
        if scalar == "+" { marker = .presented }
        if scalar == "*" {
          marker = .chiselModal
          i += 1
        }
        i += 1
      case "[" where consume("[Error getting description.]"):
        throw error(
          "Chisel could not describe this controller", at: spacesStart + spaces,
          hint: "run `pvc` again, or replace the line with the controller's description")
      default:
        if markers.isEmpty {
          throw error(
            "expected a controller line, found \(found(at: i))", at: i, hint: Self.lineHint)
        }
        throw error(
          "expected `|`, `+` or the controller's `<`, found \(found(at: i))", at: i,
          hint: Self.lineHint)
      }
    }
  }

  private func markerText(_ marker: DumpLine.Marker) -> String {
    switch marker {
    case .child: "|"
    case .presented: "+"
    case .chiselModal: "*M"
    }
  }

  /// The nesting of a line from its markers alone, or nil when the prefix is not valid; used to
  /// look ahead one line.
  static func nominalDepth(of line: DumpTextLine, start: Int) -> Int? {
    var parser = DumpLineParser(line: line, path: "", start: start)
    guard let (_, markers) = try? parser.parsePrefix() else { return nil }
    return markers.count
  }

  // MARK: - Line

  /// Parses the whole line.
  mutating func parse() throws(VCGraphError) -> DumpLine {
    let (marker, markers) = try parsePrefix()
    let openIndex = i
    i += 1
    let name = try className(what: "a controller class name")
    var result = DumpLine(
      nominalDepth: markers.count, marker: marker, markerIndexes: markers, openIndex: openIndex,
      rawClassName: name)
    if consume(">") {
      // Address stripped (`<UITabBarController>`).
    } else if current == " " {
      i += 1
      result.address = try address(after: "the class name")
      try expect(">", after: "the address")
    } else if current == ":" {
      i += 1
      skipSpaces()
      result.address = try address(after: "`\(name):`")
      if current == ";" {
        result.isChisel = true
        try parseChiselRest(into: &result)
        return result
      }
      try expect(">", after: "the address")
    } else {
      throw error(
        "expected ` 0x...>` after the class name '\(name)', found \(found(at: i))", at: i,
        hint: Self.lineHint)
    }
    try parseFields(into: &result)
    return result
  }

  private mutating func expect(_ literal: String, after what: String) throws(VCGraphError) {
    guard consume(literal) else {
      throw error(
        "expected `\(literal)` after \(what), found \(found(at: i))", at: i, hint: Self.lineHint)
    }
  }

  /// A class name: up to a space, `>`, `:`, `;` or `,`, with balanced `<...>` for generics
  /// (`UIHostingController<AnyView>`); never with spaces, which descriptions do not allow.
  private mutating func className(what: String) throws(VCGraphError) -> String {
    let start = i
    var depth = 0
    while let scalar = current {
      if scalar == "<" {
        depth += 1
      } else if scalar == ">" {
        if depth == 0 { break }
        depth -= 1
      } else if scalar.value <= 0x20 || (!scalar.isASCII && scalar.properties.isWhitespace) {
        break
      } else if depth == 0 && (scalar == ":" || scalar == ";" || scalar == ",") {
        break
      }
      i += 1
    }
    guard i > start, Self.startsIdentifier(scalars[start]) else {
      throw error("expected \(what), found \(found(at: start))", at: start, hint: Self.lineHint)
    }
    return line.text(start..<i)
  }

  /// `0x` and hexadecimal digits.
  private mutating func address(after what: String) throws(VCGraphError) -> String {
    let start = i
    guard consume("0x") || consume("0X") else {
      throw error(
        "expected an address like `0x7f8527501000` after \(what), found \(found(at: i))", at: i,
        hint: Self.lineHint)
    }
    let digitsStart = i
    while let scalar = current,
      (scalar >= "0" && scalar <= "9") || (scalar >= "a" && scalar <= "f")
        || (scalar >= "A" && scalar <= "F")
    {
      i += 1
    }
    guard i > digitsStart else {
      throw error("expected hexadecimal digits after `0x`", at: i, hint: Self.lineHint)
    }
    return line.text(start..<i)
  }

  /// A view or presentation controller description: `<Class 0xADDR>`, `<Class: 0xADDR>`,
  /// `<Class; 0xADDR>` (Chisel), `<Class>` (address stripped), or a full UIView description
  /// `<Class: 0xADDR; frame = ...>` whose details are skipped. Returns the class name.
  private mutating func objectDescription(what: String) throws(VCGraphError) -> String {
    guard consume("<") else {
      throw error(
        "expected `<` starting \(what), found \(found(at: i))", at: i, hint: Self.lineHint)
    }
    let name = try className(what: "the class of \(what)")
    if consume(">") { return name }
    if current == ":" || current == ";" || current == " " {
      i += 1
      skipSpaces()
      if current == "0" { _ = try address(after: "the class of \(what)") }
    }
    if current == ";" {
      // The rest of a full description (`; frame = (...); layer = <CALayer: 0x...>`).
      var depth = 0
      while let scalar = current {
        if scalar == "<" { depth += 1 }
        if scalar == ">" {
          if depth == 0 { break }
          depth -= 1
        }
        i += 1
      }
    }
    try expect(">", after: "the description of \(what)")
    return name
  }

  // MARK: - _printHierarchy fields

  private mutating func parseFields(into result: inout DumpLine) throws(VCGraphError) {
    var seen: Set<String> = []
    while !atEndIgnoringSpaces {
      skipSpaces()
      guard consume(",") else {
        throw error(
          "expected `, state: ...`, `, view: ...`, `, presented with: ...` or the end of the"
            + " line, found \(found(at: i))", at: i, hint: Self.lineHint)
      }
      skipSpaces()
      let keyIndex = i
      var keyEnd = i
      while let scalar = current, Self.isLetter(scalar) || scalar == " " {
        i += 1
        if scalar != " " { keyEnd = i }
      }
      let key = line.text(keyIndex..<keyEnd)
      guard Self.fields.contains(key), consume(":") else {
        let shown = key.isEmpty ? found(at: keyIndex) : "'\(key)'"
        throw error(
          "unknown field \(shown); a dump line has `state:`, `view:` and `presented with:`",
          at: keyIndex, hint: suggestion(for: key, among: Self.fields) ?? Self.lineHint)
      }
      if !seen.insert(key).inserted {
        throw error("`\(key):` appears twice on this line", at: keyIndex)
      }
      switch key {
      case "state":
        skipSpaces()
        let wordIndex = i
        while let scalar = current, Self.isLetter(scalar) { i += 1 }
        let word = line.text(wordIndex..<i)
        guard Self.states.contains(word) else {
          throw error(
            "unknown state \(word.isEmpty ? found(at: wordIndex) : "'\(word)'")", at: wordIndex,
            hint: "the states are " + Self.states.joined(separator: ", "))
        }
        result.state = word
        result.stateIndex = wordIndex
      case "view":
        skipSpaces()
        if consume("(view not loaded)") {
          result.viewLoaded = false
          result.inWindow = false
        } else if current == "<" {
          result.viewClass = try objectDescription(what: "the view")
          result.viewLoaded = true
          result.inWindow = true
          let before = i
          skipSpaces()
          if consume("not in the window") {
            result.inWindow = false
          } else {
            i = before
          }
        } else {
          throw error(
            "expected `<ViewClass 0x...>` or `(view not loaded)` after `view:`, found"
              + " \(found(at: i))", at: i, hint: Self.lineHint)
        }
      default:
        skipSpaces()
        let index = i
        if consume("(null)") {
          result.presentation = .null
        } else if current == "<" {
          result.presentation = .controller(
            try objectDescription(what: "the presentation controller"))
        } else {
          throw error(
            "expected `<PresentationControllerClass 0x...>` or `(null)` after"
              + " `presented with:`, found \(found(at: i))", at: i, hint: Self.lineHint)
        }
        result.presentationIndex = index
      }
    }
  }

  // MARK: - Chisel's fallback format

  /// `; view = <ViewClass; 0xADDR>; frame = (x, y; w, h)>` or `; view not loaded>`.
  private mutating func parseChiselRest(into result: inout DumpLine) throws(VCGraphError) {
    i += 1  // ";"
    skipSpaces()
    if consume("view not loaded") {
      result.viewLoaded = false
    } else if consume("view") {
      skipSpaces()
      try expect("=", after: "`view`")
      skipSpaces()
      result.viewClass = try objectDescription(what: "the view")
      result.viewLoaded = true
      if consume(";") {
        skipSpaces()
        guard consume("frame") else {
          throw error(
            "expected `frame = (...)` after the view, found \(found(at: i))", at: i,
            hint: "Chisel prints `<Class: 0x...; view = <View; 0x...>; frame = (x, y; w, h)>`")
        }
        skipSpaces()
        try expect("=", after: "`frame`")
        skipSpaces()
        try expect("(", after: "`frame =`")
        while let scalar = current, scalar != ")" { i += 1 }
        try expect(")", after: "the frame")
      }
    } else {
      throw error(
        "expected `view = <...>` or `view not loaded`, found \(found(at: i))", at: i,
        hint: "Chisel prints `<Class: 0x...; view = <View; 0x...>; frame = (x, y; w, h)>`")
    }
    try expect(">", after: "the controller's description")
    skipSpaces()
    guard atEndIgnoringSpaces else {
      throw error(
        "unexpected text after the controller's description: \(found(at: i))", at: i,
        hint: "Chisel prints one controller per line")
    }
  }
}
