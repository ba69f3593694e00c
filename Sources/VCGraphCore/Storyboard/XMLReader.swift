import CLibXML2

/// One attribute of an element, as written (character and predefined entity references
/// replaced).
struct XMLAttribute: Sendable, Equatable {
  var name: String
  var value: String
}

/// The start of an element: its name, its attributes and where its `<` is.
struct XMLElementStart: Sendable, Equatable {
  var name: String
  var attributes: [XMLAttribute]
  var location: SourceLocation

  /// The value of an attribute, if written.
  subscript(attribute name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }
}

/// Receives the elements of a document in order. Throwing stops the parse; the error is
/// rethrown by `XMLReader.parse`.
protocol XMLEventHandler: AnyObject {
  func startElement(_ element: XMLElementStart, depth: Int) throws(VCGraphError)
  func endElement(_ name: String, depth: Int) throws(VCGraphError)
  /// A comment's text, control characters made spaces (Interface Builder writes each scene's
  /// label as a comment before it).
  func comment(_ text: String)
}

/// A streaming XML reader over libxml2's SAX2 interface: the only file that touches libxml2.
///
/// SAX2 rather than `xmlTextReader`: the text reader parses ahead in chunks, so its line and
/// column (`xmlTextReaderGetParserLineNumber`/`ColumnNumber`) are where the parser happens to
/// be, not where the current element starts, and a node keeps only a line. In a SAX callback
/// the parser stands at the end of the start tag just read; `xmlByteConsumed` gives that byte
/// offset exactly, and the tag's `<` is the last `<` before it (a start tag cannot contain one:
/// attribute values may not hold a literal `<`). Positions are counted in Unicode scalars, as
/// everywhere in vcgraph. No tree is built.
///
/// Safety: no network (`XML_PARSE_NONET`), no entity substitution (no `XML_PARSE_NOENT`), no
/// DTD loading or default attributes (no `XML_PARSE_DTDLOAD`/`DTDATTR`), libxml2's own limits
/// kept (no `XML_PARSE_HUGE`), the document's encoding declaration ignored (the bytes are
/// checked to be UTF-8 first), and any `<!DOCTYPE` rejected before its internal subset is
/// read — storyboards never have one, and without it no entity can be declared, so no entity
/// can expand or reach a file. Errors go to a per-parse handler, never to standard error.
enum XMLReader {
  /// Deepest element nesting libxml2 accepts without `XML_PARSE_HUGE`.
  static let libxml2DepthLimit = 256

  /// Most attributes on one element (Interface Builder writes about 20 at most; libxml2's
  /// duplicate check costs the square of their number, see `XMLAttributeBound`).
  static let maxAttributes = 256

  /// Refuses the first element with more than `maxAttributes` attributes, at its `<`.
  private static func checkAttributeCounts(_ bytes: [UInt8], path: String) throws(VCGraphError) {
    let found = bytes.withUnsafeBufferPointer { buffer in
      XMLAttributeBound.firstTag(over: maxAttributes, in: buffer).map { tag in
        var positions = ByteOffsetPositions()
        return (tag.name, positions.location(ofByte: tag.offset, in: buffer, path: path))
      }
    }
    guard let (nameBytes, location) = found else { return }
    let name = ParseState.withoutControlCharacters(
      String(decoding: nameBytes.prefix(64), as: UTF8.self))
    throw VCGraphError.data(
      "the element <\(name)> has more than \(maxAttributes) attributes", at: location,
      hint: "a storyboard element has a few dozen at most; is the file generated or damaged?")
  }

  /// Parses `bytes` (already checked to be UTF-8 and within the size limit), calling
  /// `handler` for each element; `path` names the document in errors.
  static func parse(
    bytes: [UInt8], path: String, maxDepth: Int, handler: XMLEventHandler
  ) throws(VCGraphError) {
    _ = libxml2Initialized
    guard bytes.count < Int(Int32.max) else {
      throw VCGraphError.data(
        "the file is too large for the XML parser",
        at: SourceLocation(path: path, line: 1, column: 1))
    }
    try checkAttributeCounts(bytes, path: path)
    let state = ParseState(path: path, maxDepth: min(maxDepth, libxml2DepthLimit), handler: handler)
    bytes.withUnsafeBufferPointer { buffer in
      state.bytes = buffer
      state.run()
      state.bytes = UnsafeBufferPointer(start: nil, count: 0)
    }
    if let error = state.error { throw error }
  }
}

/// libxml2's global initialization, done once before the first parse (`xmlInitParser` is not
/// safe to run from two threads at once; a global's initializer runs exactly once).
private let libxml2Initialized: Bool = {
  xmlInitParser()
  return true
}()

/// The state one parse shares with libxml2's callbacks, reached through the parser context's
/// `_private` pointer.
private final class ParseState {
  let path: String
  let maxDepth: Int
  let handler: XMLEventHandler
  var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  var context: xmlParserCtxtPtr?
  var depth = 0
  /// The first error: ours (a handler's, a DOCTYPE, too deep) or libxml2's.
  var error: VCGraphError?
  var positions = ByteOffsetPositions()
  static let chunkSize = 1 << 16

  init(path: String, maxDepth: Int, handler: XMLEventHandler) {
    self.path = path
    self.maxDepth = maxDepth
    self.handler = handler
  }

  func run() {
    var sax = xmlSAXHandler()
    sax.initialized = UInt32(XML_SAX2_MAGIC)
    sax.startElementNs = { context, localName, _, _, _, _, count, _, attributes in
      guard let state = ParseState.from(context), let localName else { return }
      state.startElement(localName, count: Int(count), attributes: attributes)
    }
    sax.endElementNs = { context, localName, _, _ in
      guard let state = ParseState.from(context), let localName else { return }
      state.endElement(localName)
    }
    sax.comment = { context, text in
      guard let state = ParseState.from(context), let text, state.error == nil else { return }
      state.handler.comment(ParseState.withoutControlCharacters(String(cString: text)))
    }
    sax.internalSubset = { context, _, _, _ in
      ParseState.from(context)?.rejectDoctype()
    }
    sax.serror = { _, error in
      guard let error, let context = error.pointee.ctxt else { return }
      let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
      guard let state = ParseState.from(UnsafeMutableRawPointer(parser)) else { return }
      state.record(error.pointee, parser: parser)
    }
    // Everything else stays nil: no entity lookups, no external subset, no text collected.
    guard let context = xmlCreatePushParserCtxt(&sax, nil, nil, 0, path) else {
      error = VCGraphError(.software, "libxml2 could not create a parser for \(path)")
      return
    }
    self.context = context
    defer {
      xmlFreeParserCtxt(context)
      self.context = nil
    }
    context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
    // Errors raised outside the parser context (none are expected) are captured too, so that
    // nothing reaches standard error; the handler is per thread.
    xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque()) { state, error in
      guard let state, let error else { return }
      let parse = Unmanaged<ParseState>.fromOpaque(state).takeUnretainedValue()
      parse.record(error.pointee, parser: nil)
    }
    defer { xmlSetStructuredErrorFunc(nil, nil) }
    let options = XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue
    _ = xmlCtxtUseOptions(context, Int32(options))
    // In chunks: the push parser refuses to look ahead over more than 10 MB of unparsed input
    // ("Huge input lookup") unless XML_PARSE_HUGE lifts libxml2's limits.
    bytes.withMemoryRebound(to: CChar.self) { chars in
      var start = 0
      repeat {
        let count = min(Self.chunkSize, chars.count - start)
        let last = start + count == chars.count
        _ = xmlParseChunk(context, chars.baseAddress.map { $0 + start }, Int32(count), last ? 1 : 0)
        start += count
      } while start < chars.count && error == nil
    }
    // Every error comes through the handler; this only guards against one that does not.
    if error == nil && context.pointee.wellFormed == 0 {
      error = VCGraphError.data("malformed XML", at: location(ofByte: offset))
    }
  }

  static func from(_ context: UnsafeMutableRawPointer?) -> ParseState? {
    // With no user data, libxml2 passes the parser context to every callback.
    guard let context else { return nil }
    let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let state = parser.pointee._private else { return nil }
    return Unmanaged<ParseState>.fromOpaque(state).takeUnretainedValue()
  }

  /// Stops the parse with `error` unless an earlier error stopped it already.
  func fail(_ failure: VCGraphError) {
    if error == nil { error = failure }
    if let context { xmlStopParser(context) }
  }

  /// The byte offset libxml2 has reached.
  var offset: Int {
    guard let context else { return 0 }
    let consumed = Int(xmlByteConsumed(context))
    return max(0, min(consumed, bytes.count))
  }

  func location(ofByte offset: Int) -> SourceLocation {
    positions.location(ofByte: offset, in: bytes, path: path)
  }

  func startElement(
    _ localName: UnsafePointer<xmlChar>, count: Int,
    attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard error == nil else { return }
    // The parser stands at the `>` (or `/>`) that ends the start tag; its `<` is the last one
    // before.
    var start = min(offset, bytes.count) - 1
    while start > 0 && bytes[start] != UInt8(ascii: "<") { start -= 1 }
    let location = location(ofByte: max(start, 0))
    depth += 1
    let name = String(cString: localName)
    if depth > maxDepth {
      fail(
        VCGraphError.data(
          "elements nest more than \(maxDepth) deep (here <\(name)>)", at: location,
          hint: "a storyboard is not this deep; is the file generated or damaged?"))
      return
    }
    var list: [XMLAttribute] = []
    if let attributes, count > 0 {
      list.reserveCapacity(count)
      // Five pointers per attribute: local name, prefix, URI, value start, value end.
      for index in 0..<count {
        let base = index * 5
        guard let attributeName = attributes[base], let valueStart = attributes[base + 3],
          let valueEnd = attributes[base + 4]
        else { continue }
        let raw = UnsafeBufferPointer(start: valueStart, count: valueEnd - valueStart)
        var value = String(decoding: raw, as: UTF8.self)
        if Self.hasControlCharacters(raw) { value = Self.withoutControlCharacters(value) }
        list.append(XMLAttribute(name: String(cString: attributeName), value: value))
      }
    }
    do {
      try handler.startElement(
        XMLElementStart(name: name, attributes: list, location: location), depth: depth)
    } catch {
      fail(error)
    }
  }

  /// Whether UTF-8 text may hold a character `ControlCharacters` refuses (character
  /// references can put tabs, line breaks, C1 controls and line separators in attribute
  /// values).
  static func hasControlCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.contains(where: ControlCharacters.mayStartRefused)
  }

  /// The text with every character `ControlCharacters` refuses made a space: names and
  /// titles end up in terminal messages and diagram labels. (Xcode writes storyboards, and a
  /// title may hold a line break, so these are not refused as in descriptions and dumps.)
  static func withoutControlCharacters(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { ControlCharacters.isRefused($0) ? " " : $0 }))
  }

  func endElement(_ localName: UnsafePointer<xmlChar>) {
    guard error == nil else { return }
    do {
      try handler.endElement(String(cString: localName), depth: depth)
    } catch {
      fail(error)
    }
    depth -= 1
  }

  func rejectDoctype() {
    // Called once the name and external id are read, before the internal subset.
    let keyword = Array("<!DOCTYPE".utf8)
    var start = min(offset, bytes.count - keyword.count)
    while start > 0 && !bytes[start..<(start + keyword.count)].elementsEqual(keyword) {
      start -= 1
    }
    fail(
      VCGraphError.data(
        "a document type declaration (<!DOCTYPE>) is not allowed in a storyboard",
        at: location(ofByte: max(start, 0)),
        hint: "storyboards have none; vcgraph reads no DTD and expands no entity"))
  }

  /// Keeps libxml2's first error or fatal error (warnings are ignored).
  func record(_ failure: xmlError, parser: xmlParserCtxtPtr?) {
    guard failure.level.rawValue >= XML_ERR_ERROR.rawValue, error == nil else { return }
    var message = failure.message.map { String(cString: $0) } ?? "malformed XML"
    message = Self.withoutControlCharacters(message).trimmingSpaces()
    let location: SourceLocation
    if parser != nil {
      location = self.location(ofByte: offset)
    } else if failure.line > 0 {
      location = SourceLocation(
        path: path, line: Int(failure.line), column: max(1, Int(failure.int2)))
    } else {
      location = SourceLocation(path: path, line: 1, column: 1)
    }
    fail(VCGraphError.data("malformed XML: \(message)", at: location))
  }
}

extension String {
  /// The text without leading and trailing spaces.
  fileprivate func trimmingSpaces() -> String {
    var scalars = Substring(self).unicodeScalars
    while scalars.first == " " { scalars.removeFirst() }
    while scalars.last == " " { scalars.removeLast() }
    return String(scalars)
  }
}
