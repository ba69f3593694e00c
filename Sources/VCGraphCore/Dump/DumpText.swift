/// One line of dump text after unwrapping (fences, backticks, cycript quotes), with the position
/// in the input of every scalar so that errors point at the character the user pasted.
struct DumpTextLine: Sendable {
  /// The line's scalars, without the line break.
  var scalars: [Unicode.Scalar]
  /// The 1-based column in the input of each scalar; nil when the columns are 1, 2, 3, ...
  private var columns: [Int]?
  /// The 1-based line in the input.
  var line: Int
  /// The column just past the last scalar.
  var endColumn: Int

  init(scalars: [Unicode.Scalar], line: Int) {
    self.scalars = scalars
    self.line = line
    endColumn = scalars.count + 1
  }

  init(scalars: [Unicode.Scalar], columns: [Int], line: Int, endColumn: Int) {
    self.scalars = scalars
    self.columns = columns
    self.line = line
    self.endColumn = endColumn
  }

  /// The column of the scalar at `index`, or the end column past the last one.
  func column(at index: Int) -> Int {
    guard index >= 0 && index < scalars.count else { return endColumn }
    guard let columns else { return index + 1 }
    return index < columns.count ? columns[index] : endColumn
  }

  /// Whether the line is empty or only spaces and tabs.
  var isBlank: Bool { scalars.allSatisfy { $0 == " " || $0 == "\t" } }

  /// Index of the first scalar that is not a space or a tab, or `scalars.count`.
  var firstNonBlank: Int {
    scalars.firstIndex { $0 != " " && $0 != "\t" } ?? scalars.count
  }

  /// Whether the scalars from `index` on start with `prefix`.
  func hasPrefix(_ prefix: String, at index: Int) -> Bool {
    var position = index
    for scalar in prefix.unicodeScalars {
      guard position < scalars.count, scalars[position] == scalar else { return false }
      position += 1
    }
    return true
  }

  /// Removes the scalar at `index`, keeping the others' columns.
  mutating func remove(at index: Int) {
    guard index >= 0 && index < scalars.count else { return }
    var explicit = columns ?? (0..<scalars.count).map { $0 + 1 }
    scalars.remove(at: index)
    explicit.remove(at: index)
    columns = explicit
  }

  /// The text of a range of scalars.
  func text(_ range: Range<Int>) -> String { DumpText.string(scalars[range]) }

  /// The line from the scalar at `index` on, each scalar keeping its input column.
  func suffix(from index: Int) -> DumpTextLine {
    let kept = index..<max(index, scalars.count)
    return DumpTextLine(
      scalars: Array(scalars[kept]), columns: kept.map(column(at:)), line: line,
      endColumn: endColumn)
  }
}

/// Splits text into lines and removes what wraps a pasted dump: a leading header of `#`
/// comments and debugger prompts, Markdown fences, single backticks around the dump, and
/// the double quotes with literal `\n` separators that cycript prints.
enum DumpText {
  /// The text's physical lines (a `\r` before the line break is dropped).
  static func physicalLines(_ text: String) -> [DumpTextLine] {
    var lines: [DumpTextLine] = []
    var current: [Unicode.Scalar] = []
    var number = 1
    for scalar in text.unicodeScalars {
      if scalar == "\n" {
        if current.last == "\r" { current.removeLast() }
        lines.append(DumpTextLine(scalars: current, line: number))
        current.removeAll(keepingCapacity: true)
        number += 1
      } else {
        current.append(scalar)
      }
    }
    if current.last == "\r" { current.removeLast() }
    lines.append(DumpTextLine(scalars: current, line: number))
    return lines
  }

  /// A line outside the dump that is skipped: blank, a `#` comment (the fixtures' header), a
  /// debugger prompt (`(lldb)`, `cy#`; `lldb)` as often pasted) or a Markdown fence
  /// (```` ``` ```` or `~~~`).
  static func isIgnorable(_ line: DumpTextLine) -> Bool {
    let start = line.firstNonBlank
    guard start < line.scalars.count else { return true }
    return ["#", "(lldb)", "lldb)", "cy#", "```", "~~~"].contains { line.hasPrefix($0, at: start) }
  }

  /// A string from scalars, fast for ASCII.
  static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    if scalars.allSatisfy({ $0.isASCII }) {
      return String(unsafeUninitializedCapacity: scalars.count) { buffer in
        for (offset, scalar) in scalars.enumerated() { buffer[offset] = UInt8(scalar.value) }
        return scalars.count
      }
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }

  /// The dump's content lines, in order, with blank and ignorable lines removed and the
  /// wrapping undone, and a note for each wrapping that only a paste adds (Swift's `po` of an
  /// optional, a stray closing quote). Throws only for text after a closing cycript quote.
  static func contentLines(
    _ text: String, path: String
  ) throws(VCGraphError) -> (lines: [DumpTextLine], notes: [String]) {
    var physical = physicalLines(text)
    var notes: [String] = []
    if let note = removeBlockquote(&physical) { notes.append(note) }
    notes += openFencesOnDumpLines(&physical)
    guard var first = physical.firstIndex(where: { !isIgnorable($0) }) else { return ([], notes) }
    if let inner = optionalWrapper(physical, at: first) {
      notes.append(Self.optionalNote)
      first = inner.line
      physical[first] = physical[first].suffix(from: inner.start)
    }
    let start = physical[first].firstNonBlank
    let scalars = physical[first].scalars
    let quoteAt: Int?
    if scalars[start] == "\"" {
      quoteAt = start
    } else if scalars[start] == "@", start + 1 < scalars.count, scalars[start + 1] == "\"" {
      quoteAt = start + 1
    } else {
      quoteAt = nil
    }
    if let quoteAt {
      return (try unquote(physical, from: first, quoteAt: quoteAt, path: path), notes)
    }
    var lines = Array(physical[first...].filter { !isIgnorable($0) })
    // `...` around the whole dump (inline code in Markdown or a chat message).
    if lines[0].scalars[lines[0].firstNonBlank] == "`" {
      lines[0].remove(at: lines[0].firstNonBlank)
      if let lastIndex = lines.indices.last {
        var last = lines[lastIndex]
        if let end = last.scalars.lastIndex(where: { $0 != " " && $0 != "\t" }),
          last.scalars[end] == "`"
        {
          last.remove(at: end)
          lines[lastIndex] = last
        }
      }
      lines.removeAll { $0.isBlank }
    } else if let note = removeClosingFence(&lines) {
      notes.append(note)
    } else if let note = removeStrayClosingQuote(&lines) {
      notes.append(note)
    }
    notes += removeProse(&lines)
    return (lines, notes)
  }

  /// Reads the string cycript prints (`@"<A 0x1>, ...\n   | <B 0x2>, ..."`): `\n` separates
  /// lines, `\"`, `\\`, `\t` and `\uXXXX` are unescaped; each scalar keeps its input column.
  private static func unquote(
    _ physical: [DumpTextLine], from first: Int, quoteAt: Int, path: String
  ) throws(VCGraphError) -> [DumpTextLine] {
    var result: [DumpTextLine] = []
    var scalars: [Unicode.Scalar] = []
    var columns: [Int] = []
    var closed: (line: Int, index: Int)?
    func flush(line: Int, endColumn: Int) {
      let logical = DumpTextLine(
        scalars: scalars, columns: columns, line: line, endColumn: endColumn)
      if !logical.isBlank { result.append(logical) }
      scalars.removeAll()
      columns.removeAll()
    }
    var lineIndex = first
    var index = quoteAt + 1
    scan: while lineIndex < physical.count {
      let current = physical[lineIndex]
      while index < current.scalars.count {
        let scalar = current.scalars[index]
        let column = current.column(at: index)
        if scalar == "\"" {
          closed = (lineIndex, index)
          flush(line: current.line, endColumn: column)
          break scan
        }
        if scalar == "\\", index + 1 < current.scalars.count {
          let next = current.scalars[index + 1]
          switch next {
          case "n":
            flush(line: current.line, endColumn: column)
            index += 2
            continue
          case "r":
            index += 2
            continue
          case "t", "\"", "\\", "'":
            scalars.append(next == "t" ? "\t" : next)
            columns.append(column)
            index += 2
            continue
          case "u":
            let hex = current.scalars[(index + 2)..<min(index + 6, current.scalars.count)]
            let digits = string(hex)
            if hex.count == 4, let value = UInt32(digits, radix: 16),
              let decoded = Unicode.Scalar(value)
            {
              scalars.append(decoded)
              columns.append(column)
              index += 6
              continue
            }
          default: break
          }
        }
        scalars.append(scalar)
        columns.append(column)
        index += 1
      }
      flush(line: current.line, endColumn: current.endColumn)
      lineIndex += 1
      index = 0
    }
    // After the closing quote only blank or ignorable text may follow.
    if let closed {
      let line = physical[closed.line]
      var rest = line.scalars[(closed.index + 1)...].drop { $0 == " " || $0 == "\t" }
      if rest.first == ";" { rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" } }
      if !rest.isEmpty {
        throw VCGraphError.data(
          "unexpected text after the closing quote of the dump",
          at: SourceLocation(
            path: path, line: line.line, column: line.column(at: rest.startIndex)),
          hint: "a quoted dump ends with its closing `\"`")
      }
      for later in physical[(closed.line + 1)...] where !isIgnorable(later) {
        throw VCGraphError.data(
          "unexpected text after the quoted dump",
          at: SourceLocation(
            path: path, line: later.line, column: later.column(at: later.firstNonBlank)),
          hint: "a quoted dump ends with its closing `\"`")
      }
    }
    return result
  }
}
