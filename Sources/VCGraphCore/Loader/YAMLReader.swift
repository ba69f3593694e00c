import CYAML

/// Reads YAML text with libyaml into a flat `YAMLDocument`, enforcing vcgraph's subset while
/// reading events: one document, no anchors, aliases, tags or duplicate keys, bounded depth and
/// scalar length.
///
/// This is the only file that imports CYAML. The parser lives privately in the reader and is
/// freed in `deinit`; what leaves it is pure Swift.
///
/// Positions: libyaml counts lines its own way (a lone CR, NEL, U+2028 and U+2029 are line
/// breaks to it), while editors and `DiagnosticPrinter` count `\n`-separated lines. Every
/// position is therefore recomputed from libyaml's character index (or, for encoding errors,
/// its byte offset) by `TextPositions`, so a caret always lands under the right character.
final class YAMLReader {
  private let parser: UnsafeMutablePointer<yaml_parser_t>
  /// The whole input, including a leading byte-order mark if there is one.
  private let bytes: [UInt8]
  /// 3 when the input starts with a UTF-8 byte-order mark, which is not handed to libyaml.
  private let bomLength: Int
  private let path: String
  private let limits: InputLimits
  private var positions: TextPositions

  /// Prepares a reader over UTF-8 bytes; `path` is used for error locations.
  init(bytes: [UInt8], path: String, limits: InputLimits) {
    self.bytes = bytes
    self.path = path
    self.limits = limits
    bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    positions = TextPositions(bytes: bytes, start: bomLength)
    parser = .allocate(capacity: 1)
    parser.initialize(to: yaml_parser_t())
  }

  deinit {
    parser.deinitialize(count: 1)
    parser.deallocate()
  }

  /// Parses the single document; returns its root node.
  func read() throws(VCGraphError) -> YAMLNode {
    guard yaml_parser_initialize(parser) == 1 else {
      throw VCGraphError(.software, "libyaml could not allocate a parser")
    }
    defer { yaml_parser_delete(parser) }
    return try bytes.withUnsafeBufferPointer { buffer throws(VCGraphError) -> YAMLNode in
      // With the encoding set explicitly libyaml does not skip a byte-order mark (and then
      // fails on it), so the mark is left out here and added back to byte offsets.
      yaml_parser_set_input_string(
        parser, buffer.baseAddress.map { $0 + bomLength }, buffer.count - bomLength)
      yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
      return try readEvents()
    }
  }

  // MARK: - Events

  /// A container being built. Its children wait at the end of `pendingPairs` or
  /// `pendingItems` from `start` on, and move into the document together when it ends, so
  /// each container's children lie side by side.
  private struct Frame {
    let isMapping: Bool
    let mark: Mark
    let start: Int
    /// The key read last, waiting for its value: its index in `strings` and where it starts.
    var pendingKey: (Int32, Mark)?
    /// Whether that key is `note`, whose text value may hold line feeds (a step's note).
    var pendingKeyIsNote = false
    /// Whether a key read so far is not ASCII: only then can keys with different indices be
    /// duplicates (canonically equivalent spellings, which YAML tools treat as one key).
    var hasNonASCIIKey = false
    /// Keys seen so far with their lines, to reject duplicates while reading; kept only once a
    /// mapping has many keys (a scan of the pairs is quicker for a handful).
    var keys: [String: Int32]?
  }

  // The document's contents while they are read.
  private var strings: [String] = []
  private var items: [YAMLDocument.Record] = []
  private var pairs: [YAMLDocument.PairRecord] = []
  private var pendingPairs: [YAMLDocument.PairRecord] = []
  private var pendingItems: [YAMLDocument.Record] = []

  /// Mappings with more keys than this look duplicates up in a dictionary rather than
  /// scanning the pairs read so far.
  private static let keyScanLimit = 16

  /// Text compared and hashed byte for byte, unlike `String`, which treats canonically
  /// equivalent spellings as equal: a key keeps its own spelling in messages.
  private struct ExactText: Hashable {
    let text: String

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
      lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
      var text = text
      text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  /// Keys are stored once per spelling: a million controllers would otherwise hold a million
  /// copies of `class` and `id`. Equal indices mean byte-equal keys.
  private var sharedKeys: [ExactText: Int32] = [:]
  /// The keys stored last: a handful of keys make up most of a large file, and comparing short
  /// strings is cheaper than hashing them.
  private var recentKeys: [(text: String, index: Int32)] = []
  /// Long values that repeat (class names, mostly) share one copy, the first spelling stored.
  /// Short strings are stored inline and need no sharing.
  private var sharedValues: [String: Int32] = [:]

  private func storeKey(_ text: String) throws(VCGraphError) -> Int32 {
    if let recent = recentKeys.first(where: { $0.text.utf8.elementsEqual(text.utf8) }) {
      return recent.index
    }
    let index: Int32
    if let shared = sharedKeys[ExactText(text: text)] {
      index = shared
    } else {
      index = try int32(strings.count, at: nil)
      strings.append(text)
      sharedKeys[ExactText(text: text)] = index
    }
    if recentKeys.count == 8 { recentKeys.removeFirst() }
    recentKeys.append((text, index))
    return index
  }

  private func storeValue(_ text: String) throws(VCGraphError) -> Int32 {
    let length = text.utf8.count
    let share = length > 15 && length <= 64
    if share, let index = sharedValues[text] { return index }
    let index = try int32(strings.count, at: nil)
    strings.append(text)
    if share && sharedValues.count < 4_096 { sharedValues[text] = index }
    return index
  }

  /// A position in the document's arrays as stored in a record; a document too large for
  /// that (billions of values) is refused rather than misread.
  private func int32(_ value: Int, at mark: Mark?) throws(VCGraphError) -> Int32 {
    guard let narrow = Int32(exactly: value) else {
      throw VCGraphError.data(
        "the file holds more values than vcgraph can read",
        at: (mark ?? Mark(line: 1, column: 1)).location(in: path))
    }
    return narrow
  }

  private func mark(_ libyamlMark: yaml_mark_t) -> Mark {
    // Without the line breaks libyaml counts differently from editors, its own line and
    // column are right and cost nothing; otherwise they are recomputed from its index.
    if positions.libyamlLinesAgree {
      return Mark(line: Int(libyamlMark.line) + 1, column: Int(libyamlMark.column) + 1)
    }
    return positions.mark(forCharacterIndex: Int(libyamlMark.index))
  }

  private func readEvents() throws(VCGraphError) -> YAMLNode {
    var stack: [Frame] = []
    var root: YAMLDocument.Record?
    var documents = 0
    var event = yaml_event_t()
    while true {
      guard yaml_parser_parse(parser, &event) == 1 else { throw parserError() }
      defer { yaml_event_delete(&event) }
      let mark = mark(event.start_mark)
      switch event.type {
      case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
        continue
      case YAML_STREAM_END_EVENT:
        guard let root else {
          throw VCGraphError.data(
            "the file is empty", at: mark.location(in: path),
            hint: "a description needs a `window`, `windows` or `scenes` key")
        }
        let document = YAMLDocument(strings: strings, items: items, pairs: pairs)
        return YAMLNode(document: document, record: root)
      case YAML_DOCUMENT_START_EVENT:
        documents += 1
        if documents > 1 {
          throw VCGraphError.data(
            "a second YAML document starts here", at: mark.location(in: path),
            hint: "a description is one document; remove the `---` or split the file")
        }
        continue
      case YAML_ALIAS_EVENT:
        throw VCGraphError.data(
          "YAML aliases (`*name`) are not supported", at: mark.location(in: path),
          hint: "write the value out in full, or refer to a controller by its `id`")
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        try rejectAnchorAndTag(anchor: scalar.anchor, tag: scalar.tag, at: mark)
        let length = Int(scalar.length)
        if length > limits.maxScalarLength * 4 {
          // Even at four bytes a character this is over the limit: no need to decode it.
          throw scalarTooLong("more than \(limits.maxScalarLength)", at: mark)
        }
        let text = String(
          decoding: UnsafeBufferPointer(start: scalar.value, count: length), as: UTF8.self)
        // Bytes bound characters from above: count characters only when it can matter.
        if length > limits.maxScalarLength {
          let count = text.unicodeScalars.count
          if count > limits.maxScalarLength { throw scalarTooLong("\(count)", at: mark) }
        }
        // A note's paragraphs (shown on the review page, never on a terminal) need line feeds.
        let note = stack.last.map { $0.pendingKey != nil && $0.pendingKeyIsNote } == true
        if let refused = ControlCharacters.firstRefused(in: text, allowingLineFeeds: note) {
          throw ControlCharacters.refusal(
            refused.scalar, in: "this text", at: mark.location(in: path))
        }
        let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
        try addScalar(text, plain: plain, at: mark, to: &stack, root: &root)
      case YAML_SEQUENCE_START_EVENT:
        let start = event.data.sequence_start
        try rejectAnchorAndTag(anchor: start.anchor, tag: start.tag, at: mark)
        try checkDepth(stack.count + 1, at: mark)
        stack.append(Frame(isMapping: false, mark: mark, start: pendingItems.count))
      case YAML_MAPPING_START_EVENT:
        let start = event.data.mapping_start
        try rejectAnchorAndTag(anchor: start.anchor, tag: start.tag, at: mark)
        try checkDepth(stack.count + 1, at: mark)
        stack.append(Frame(isMapping: true, mark: mark, start: pendingPairs.count))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let frame = stack.popLast() else { continue }
        let record = try finish(frame)
        if let done = try add(record, to: &stack) { root = done }
      default:
        continue
      }
    }
  }

  private func scalarTooLong(_ count: String, at mark: Mark) -> VCGraphError {
    VCGraphError.data(
      "this value is \(count) characters long, more than the limit of"
        + " \(limits.maxScalarLength)", at: mark.location(in: path),
      hint: "raise it with --max-scalar-length")
  }

  /// Moves a finished container's children into the document; returns its record.
  private func finish(_ frame: Frame) throws(VCGraphError) -> YAMLDocument.Record {
    if frame.isMapping {
      let start = try int32(pairs.count, at: frame.mark)
      let count = try int32(pendingPairs.count - frame.start, at: frame.mark)
      pairs.append(contentsOf: pendingPairs[frame.start...])
      pendingPairs.removeSubrange(frame.start...)
      return YAMLDocument.Record(mark: frame.mark, payload: start, count: count, kind: .mapping)
    }
    let start = try int32(items.count, at: frame.mark)
    let count = try int32(pendingItems.count - frame.start, at: frame.mark)
    items.append(contentsOf: pendingItems[frame.start...])
    pendingItems.removeSubrange(frame.start...)
    return YAMLDocument.Record(mark: frame.mark, payload: start, count: count, kind: .sequence)
  }

  /// Adds a scalar to the innermost container, as a key where one is due.
  private func addScalar(
    _ text: String, plain: Bool, at mark: Mark, to stack: inout [Frame],
    root: inout YAMLDocument.Record?
  ) throws(VCGraphError) {
    let top = stack.count - 1
    guard top >= 0, stack[top].isMapping, stack[top].pendingKey == nil else {
      let record = YAMLDocument.Record(
        mark: mark, payload: try storeValue(text), count: 0,
        kind: plain ? .plainScalar : .quotedScalar)
      if let done = try add(record, to: &stack) { root = done }
      return
    }
    if plain && text == "<<" {
      throw VCGraphError.data(
        "YAML merge keys (`<<`) are not supported", at: mark.location(in: path),
        hint: "write the keys out in full")
    }
    let key = try storeKey(text)
    if let first = firstLine(of: key, text: text, in: &stack[top], line: mark.line) {
      throw VCGraphError.data(
        "duplicate key '\(text)' (first at line \(first))", at: mark.location(in: path),
        hint: "each key appears once in a mapping")
    }
    stack[top].pendingKey = (key, mark)
    stack[top].pendingKeyIsNote = text == "note"
  }

  /// The line where a mapping already has `key` (or a canonically equivalent spelling of it),
  /// if it does; otherwise records it.
  private func firstLine(
    of key: Int32, text: String, in frame: inout Frame, line: Int32
  ) -> Int32? {
    if frame.keys == nil {
      let read = pendingPairs[frame.start...]
      if read.count < Self.keyScanLimit {
        let compareText = frame.hasNonASCIIKey || !text.utf8.allSatisfy { $0 < 0x80 }
        if compareText { frame.hasNonASCIIKey = true }
        return read.first { $0.key == key || (compareText && strings[Int($0.key)] == text) }?
          .keyMark.line
      }
      var keys: [String: Int32] = [:]
      for pair in read where keys[strings[Int(pair.key)]] == nil {
        keys[strings[Int(pair.key)]] = pair.keyMark.line
      }
      frame.keys = keys
    }
    if let first = frame.keys![text] { return first }
    frame.keys![text] = line
    return nil
  }

  /// Adds a finished value to the innermost container; returns it when it is the root.
  private func add(
    _ record: YAMLDocument.Record, to stack: inout [Frame]
  ) throws(VCGraphError) -> YAMLDocument.Record? {
    let top = stack.count - 1
    guard top >= 0 else { return record }
    if !stack[top].isMapping {
      pendingItems.append(record)
    } else if let (key, keyMark) = stack[top].pendingKey {
      pendingPairs.append(YAMLDocument.PairRecord(key: key, keyMark: keyMark, value: record))
      stack[top].pendingKey = nil
    } else {
      // Scalar keys are handled by `addScalar`; anything else cannot be a key.
      throw VCGraphError.data(
        "a mapping key must be a plain name, not \(record.kindDescription)",
        at: record.mark.location(in: path))
    }
    return nil
  }

  private func checkDepth(_ depth: Int, at mark: Mark) throws(VCGraphError) {
    if depth > limits.maxDepth {
      throw VCGraphError.data(
        "nesting is deeper than the limit of \(limits.maxDepth) levels",
        at: mark.location(in: path), hint: "raise it with --max-depth")
    }
    if depth > LargeStack.supportedDepth {
      throw VCGraphError.data(
        "nesting is deeper than \(LargeStack.supportedDepth) levels, the most vcgraph reads",
        at: mark.location(in: path))
    }
  }

  private func rejectAnchorAndTag(
    anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?,
    at mark: Mark
  ) throws(VCGraphError) {
    if let anchor {
      let name = String(cString: anchor)
      throw VCGraphError.data(
        "YAML anchors (`&\(name)`) are not supported", at: mark.location(in: path),
        hint: "give the controller an `id` and refer to it by id")
    }
    if let tag {
      let name = String(cString: tag)
      throw VCGraphError.data(
        "YAML tags (`\(name)`) are not supported", at: mark.location(in: path),
        hint: "values are plain text; remove the tag")
    }
  }

  // MARK: - Errors

  /// Turns libyaml's error state into a positioned error with a hint.
  private func parserError() -> VCGraphError {
    let state = parser.pointee
    let problem = state.problem.map { String(cString: $0) } ?? "unreadable YAML"
    let context = state.context.map { String(cString: $0) }
    if state.error == YAML_READER_ERROR { return readerError(problem, state: state) }
    if state.error == YAML_MEMORY_ERROR {
      return VCGraphError(.software, "libyaml ran out of memory reading \(path)")
    }
    let problemMark = mark(state.problem_mark)
    let contextMark = mark(state.context_mark)
    var at = problemMark
    var message = context.map { "\($0): \(problem)" } ?? problem
    var hint: String?
    if problem.contains("tab")
      || (problem.contains("cannot start any token") && byte(at: problemMark) == 0x09)
    {
      message = "a tab is used for indentation"
      hint = "YAML indents with spaces"
    } else if context?.contains("quoted scalar") == true {
      if problem.contains("end of stream") || problem.contains("document indicator") {
        at = contextMark
        message = "this quoted text is never closed"
        hint = "add the closing quote"
      } else if problem.contains("escape") {
        message = "\(problem) in double-quoted text"
        hint = "write `\\\\` for a backslash, or use single quotes, where `\\` is literal"
      }
    } else if let context, context.contains("flow sequence") || context.contains("flow mapping") {
      let bracket = context.contains("sequence") ? "[" : "{"
      let closer = context.contains("sequence") ? "]" : "}"
      at = contextMark
      message =
        "the `\(bracket)` opened here is not closed properly: \(problem) at line"
        + " \(problemMark.line), column \(problemMark.column)"
      hint = "check that every `\(bracket)` has its `\(closer)` and items are separated by commas"
    } else if problem.contains("could not find expected ':'") {
      at = contextMark
      message = "expected `:` after this key"
      hint = "write `key: value`; text that spans lines must be quoted"
    } else if problem.contains("mapping values are not allowed") {
      message = "a `:` followed by a space is not allowed here"
      hint = "put text that contains `: ` in quotes, or check the indentation of this line"
    } else if problem.contains("did not find expected key")
      || problem.contains("did not find expected '-' indicator")
    {
      message = "\(problem) (\(context ?? "here"), which starts at line \(contextMark.line))"
      hint = "the keys of one mapping, and the `- ` items of one list, line up in one column"
    }
    if let separator = positions.firstUnicodeLineSeparator(),
      hint == nil || (separator.line, separator.column) <= (at.line, at.column)
    {
      hint =
        "line \(separator.line), column \(separator.column) holds a Unicode line separator,"
        + " which YAML reads as a line break; put that text in quotes"
    }
    return VCGraphError.data(message, at: at.location(in: path), hint: hint)
  }

  /// An encoding problem: libyaml reports a byte offset rather than a mark.
  private func readerError(_ problem: String, state: yaml_parser_t) -> VCGraphError {
    var offset = Int(state.problem_offset) + bomLength
    if problem.contains("trailing") {
      // libyaml points at the bad continuation byte; the character starts at its lead byte.
      var lead = offset - 1
      while lead > bomLength, lead > offset - 4, lead < bytes.count, bytes[lead] & 0xC0 == 0x80 {
        lead -= 1
      }
      if lead >= bomLength, lead < bytes.count, bytes[lead] >= 0xC0 { offset = lead }
    }
    let at = TextPositions.mark(forByteOffset: offset, in: bytes).location(in: path)
    if problem.contains("control characters") {
      let value = Int(state.problem_value)
      return VCGraphError.data(
        value == 0
          ? "the file contains a NUL byte"
          : "the file contains the control character U+\(hex(value))",
        at: at, hint: "descriptions are UTF-8 text; is this a binary file?")
    }
    if problem.contains("UTF-8") || problem.contains("Unicode") {
      return VCGraphError.data(
        "the file is not valid UTF-8 text (\(problem))", at: at, hint: "save the file as UTF-8")
    }
    return VCGraphError.data(problem, at: at)
  }

  private func hex(_ value: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The byte at a mark whose line is plain ASCII up to the column (used for tab detection).
  private func byte(at mark: Mark) -> UInt8? {
    positions.byteOffset(of: mark).flatMap { $0 < bytes.count ? bytes[$0] : nil }
  }
}
