import CYAML

/// Reads YAML text with libyaml into `YAMLNode`s, enforcing vcgraph's subset while reading
/// events: one document, no anchors, aliases or tags, bounded depth and scalar length.
///
/// This is the only file that imports CYAML. The parser lives privately in the reader and is
/// freed in `deinit`; what leaves it is pure Swift.
final class YAMLReader {
  private let parser: UnsafeMutablePointer<yaml_parser_t>
  private let bytes: [UInt8]
  private let path: String
  private let limits: InputLimits

  /// Prepares a reader over UTF-8 bytes; `path` is used for error locations.
  init(bytes: [UInt8], path: String, limits: InputLimits) {
    self.bytes = bytes
    self.path = path
    self.limits = limits
    parser = .allocate(capacity: 1)
    parser.initialize(to: yaml_parser_t())
  }

  deinit {
    parser.deinitialize(count: 1)
    parser.deallocate()
  }

  /// Parses the single document into a node tree.
  func read() throws(VCGraphError) -> YAMLNode {
    guard yaml_parser_initialize(parser) == 1 else {
      throw VCGraphError(.software, "libyaml could not allocate a parser")
    }
    defer { yaml_parser_delete(parser) }
    return try bytes.withUnsafeBufferPointer { buffer throws(VCGraphError) -> YAMLNode in
      yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
      yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
      return try readEvents()
    }
  }

  // MARK: - Events

  /// A container being built. A class, so appending never copies the collected items.
  private final class Frame {
    let isMapping: Bool
    let mark: Mark
    var items: [YAMLNode] = []
    var pairs: [YAMLPair] = []
    var pendingKey: (String, Mark)?

    init(isMapping: Bool, mark: Mark) {
      self.isMapping = isMapping
      self.mark = mark
    }

    var node: YAMLNode {
      YAMLNode(isMapping ? .mapping(pairs) : .sequence(items), mark: mark)
    }
  }

  private func readEvents() throws(VCGraphError) -> YAMLNode {
    var stack: [Frame] = []
    var root: YAMLNode?
    var documents = 0
    var event = yaml_event_t()
    while true {
      guard yaml_parser_parse(parser, &event) == 1 else { throw parserError() }
      defer { yaml_event_delete(&event) }
      let mark = Mark(
        line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
      switch event.type {
      case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
        continue
      case YAML_STREAM_END_EVENT:
        guard let root else {
          throw VCGraphError.data(
            "the file is empty", at: mark.location(in: path),
            hint: "a description needs a `window`, `windows` or `scenes` key")
        }
        return root
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
          hint: "write the value out in full")
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        try rejectAnchorAndTag(anchor: scalar.anchor, tag: scalar.tag, at: mark)
        let length = Int(scalar.length)
        let text = String(
          decoding: UnsafeBufferPointer(start: scalar.value, count: length), as: UTF8.self)
        if text.unicodeScalars.count > limits.maxScalarLength {
          throw VCGraphError.data(
            "this value is \(text.unicodeScalars.count) characters long, more than the limit"
              + " of \(limits.maxScalarLength)", at: mark.location(in: path),
            hint: "raise it with --max-scalar-length")
        }
        let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
        let node = YAMLNode(.scalar(text, plain: plain), mark: mark)
        if let done = try add(node, to: &stack) { root = done }
      case YAML_SEQUENCE_START_EVENT:
        let start = event.data.sequence_start
        try rejectAnchorAndTag(anchor: start.anchor, tag: start.tag, at: mark)
        try checkDepth(stack.count + 1, at: mark)
        stack.append(Frame(isMapping: false, mark: mark))
      case YAML_MAPPING_START_EVENT:
        let start = event.data.mapping_start
        try rejectAnchorAndTag(anchor: start.anchor, tag: start.tag, at: mark)
        try checkDepth(stack.count + 1, at: mark)
        stack.append(Frame(isMapping: true, mark: mark))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        let node = stack.removeLast().node
        if let done = try add(node, to: &stack) { root = done }
      default:
        continue
      }
    }
  }

  /// Adds a finished node to the innermost container; returns it when it is the root.
  private func add(_ node: YAMLNode, to stack: inout [Frame]) throws(VCGraphError) -> YAMLNode? {
    guard let top = stack.last else { return node }
    if !top.isMapping {
      top.items.append(node)
    } else if let (key, keyMark) = top.pendingKey {
      top.pairs.append(YAMLPair(key: key, keyMark: keyMark, value: node))
      top.pendingKey = nil
    } else {
      guard let key = node.scalar else {
        throw VCGraphError.data(
          "a mapping key must be a plain name, not \(node.kindDescription)",
          at: node.mark.location(in: path))
      }
      if key == "<<", case .scalar(_, plain: true) = node.value {
        throw VCGraphError.data(
          "YAML merge keys (`<<`) are not supported", at: node.mark.location(in: path),
          hint: "write the keys out in full")
      }
      top.pendingKey = (key, node.mark)
    }
    return nil
  }

  private func checkDepth(_ depth: Int, at mark: Mark) throws(VCGraphError) {
    if depth > limits.maxDepth {
      throw VCGraphError.data(
        "nesting is deeper than the limit of \(limits.maxDepth) levels",
        at: mark.location(in: path), hint: "raise it with --max-depth")
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
    var mark: Mark
    switch state.error {
    case YAML_READER_ERROR:
      // Reader errors (bad UTF-8, control characters) carry a byte offset, not a mark.
      mark = Self.mark(forByteOffset: Int(state.problem_offset), in: bytes)
    default:
      mark = Mark(
        line: Int(state.problem_mark.line) + 1, column: Int(state.problem_mark.column) + 1)
    }
    var message = problem
    var hint: String?
    if state.error == YAML_READER_ERROR {
      if problem.contains("invalid") || problem.contains("incomplete") {
        message = "the file is not valid UTF-8 text (\(problem))"
        hint = "save the file as UTF-8"
      } else if problem.contains("control characters") {
        let value = Int(state.problem_value)
        message =
          value == 0
          ? "the file contains a NUL byte" : "the file contains a control character"
        hint = "descriptions are UTF-8 text; is this a binary file?"
      }
    } else {
      if let context { message = "\(context): \(problem)" }
      if problem.contains("cannot start any token"), Self.byte(at: mark, in: bytes) == 0x09 {
        message = "a tab is used for indentation"
        hint = "YAML indents with spaces"
      } else if context?.contains("quoted scalar") == true {
        message = "this quoted text is never closed (\(problem))"
        hint = "add the closing quote"
      } else if context?.contains("flow") == true {
        hint = "check that every `[` and `{` is closed"
        mark = Mark(
          line: Int(state.context_mark.line) + 1, column: Int(state.context_mark.column) + 1)
        message = "\(context!) here: \(problem) at line \(state.problem_mark.line + 1)"
      }
    }
    return VCGraphError.data(message, at: mark.location(in: path), hint: hint)
  }

  /// The 1-based line and column (in Unicode scalars, counting each undecodable byte as one)
  /// of a byte offset.
  static func mark(forByteOffset offset: Int, in bytes: [UInt8]) -> Mark {
    var line = 1
    var column = 1
    var index = 0
    let end = min(offset, bytes.count)
    while index < end {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        column = 1
        index += 1
        continue
      }
      // Skip a well-formed multi-byte sequence as one column.
      let width: Int
      switch byte {
      case 0xC2...0xDF: width = 2
      case 0xE0...0xEF: width = 3
      case 0xF0...0xF4: width = 4
      default: width = 1
      }
      var valid = index + width <= end
      if valid && width > 1 {
        for next in bytes[(index + 1)..<(index + width)] where next & 0xC0 != 0x80 {
          valid = false
        }
      }
      index += valid ? width : 1
      column += 1
    }
    return Mark(line: line, column: column)
  }

  /// The byte at a mark's line and column, treating columns as bytes (used only for ASCII).
  private static func byte(at mark: Mark, in bytes: [UInt8]) -> UInt8? {
    var line: Int32 = 1
    var index = 0
    while line < mark.line, index < bytes.count {
      if bytes[index] == 0x0A { line += 1 }
      index += 1
    }
    let target = index + Int(mark.column) - 1
    return target < bytes.count ? bytes[target] : nil
  }
}
