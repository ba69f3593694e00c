import CLibXML2

/// The start of an element as libxml2 hands it over: its name, its attributes and where its
/// `<` is, each read only when asked.
///
/// It refers to libxml2's buffers, which live only while `XMLEventHandler.startElement` runs,
/// so it cannot outlive that call, by construction: it is noncopyable and the handler only
/// borrows it, so it can be neither stored, returned nor captured by an escaping closure.
/// Everything it answers (`String`s, `SourceLocation`s, `Bool`s) is a copy.
struct XMLElementStart: ~Copyable {
  /// The parse it belongs to, which outlives every callback (no reference counting per
  /// element; the view cannot outlive the callback, see above).
  fileprivate unowned(unsafe) let state: ParseState
  fileprivate let localName: UnsafePointer<xmlChar>
  /// libxml2's attribute array: five pointers per attribute (local name, prefix, URI, value
  /// start, value end).
  fileprivate let attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  fileprivate let count: Int

  /// The element's local name.
  var name: String { String(cString: localName) }

  /// Whether the element's local name is `name`, without making a `String`.
  func isNamed(_ name: StaticString) -> Bool {
    ParseState.equals(localName, name)
  }

  /// Where the element's `<` is.
  var location: SourceLocation { state.currentElementLocation() }

  /// The value of the first attribute with this local name, if written: character references
  /// and `&lt;`, `&gt;`, `&quot;`, `&apos;` replaced, control characters made spaces. (libxml2's
  /// SAX2 interface without entity substitution hands `&amp;` and `&#38;` over as `&#38;`;
  /// XMLReaderTests pins that.)
  subscript(attribute name: StaticString) -> String? {
    guard let index = index(ofAttribute: name), let attributes else { return nil }
    return ParseState.value(start: attributes[index + 3]!, end: attributes[index + 4]!)
  }

  /// Whether the attribute is written and its value (as the subscript gives it) is `value`;
  /// compared without making a `String` unless the value holds control characters or `&`.
  func attribute(_ name: StaticString, is value: StaticString) -> Bool {
    guard let index = index(ofAttribute: name), let attributes else { return false }
    let start = attributes[index + 3]!
    let length = attributes[index + 4]! - start
    let raw = UnsafeBufferPointer(start: start, count: length)
    if ParseState.hasControlCharacters(raw) || raw.contains(UInt8(ascii: "&")) {
      return ParseState.value(start: start, end: start + length) == value.description
    }
    guard length == value.utf8CodeUnitCount else { return false }
    return raw.elementsEqual(UnsafeBufferPointer(start: value.utf8Start, count: length))
  }

  /// The index in `attributes` of the first attribute named `name` whose value libxml2 gave.
  private func index(ofAttribute name: StaticString) -> Int? {
    guard let attributes else { return nil }
    var base = 0
    let end = count * 5
    while base < end {
      if let attributeName = attributes[base], attributes[base + 3] != nil,
        attributes[base + 4] != nil, ParseState.equals(attributeName, name)
      {
        return base
      }
      base += 5
    }
    return nil
  }
}

/// Receives the elements of a document in order. Throwing stops the parse; the error is
/// rethrown by `XMLReader.parse`.
protocol XMLEventHandler: AnyObject {
  /// An element starts; `element` can be read only during this call.
  func startElement(_ element: borrowing XMLElementStart, depth: Int) throws(VCGraphError)
  /// The element that started last at `depth` ends (XML nests: it has the same name).
  func endElement(depth: Int) throws(VCGraphError)
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
  var error: VCGraphError? {
    didSet { failed = error != nil }
  }
  /// Whether `error` is set: the callbacks test this flag, not the optional error (testing
  /// that copied the error value in and out for every element).
  private(set) var failed = false
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
    sax.endElementNs = { context, _, _, _ in
      ParseState.from(context)?.endElement()
    }
    sax.comment = { context, text in
      guard let state = ParseState.from(context), let text, !state.failed else { return }
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
      } while start < chars.count && !failed
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
    if !failed { error = failure }
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

  /// The `<` of the element being started, found when first asked (nil between elements).
  private var elementLocation: SourceLocation?
  private var inStartElement = false

  func startElement(
    _ localName: UnsafePointer<xmlChar>, count: Int,
    attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard !failed else { return }
    depth += 1
    inStartElement = true
    defer {
      inStartElement = false
      elementLocation = nil
    }
    let element = XMLElementStart(
      state: self, localName: localName, attributes: attributes, count: max(0, count))
    if depth > maxDepth {
      fail(
        VCGraphError.data(
          "elements nest more than \(maxDepth) deep (here <\(element.name)>)",
          at: element.location,
          hint: "a storyboard is not this deep; is the file generated or damaged?"))
      return
    }
    do {
      try handler.startElement(element, depth: depth)
    } catch {
      fail(error)
    }
  }

  /// The location of the `<` of the element being started: the parser stands at the `>` (or
  /// `/>`) that ends its start tag, and the `<` is the last one before.
  func currentElementLocation() -> SourceLocation {
    precondition(inStartElement, "an XMLElementStart read outside its startElement call")
    if let elementLocation { return elementLocation }
    var start = min(offset, bytes.count) - 1
    while start > 0 && bytes[start] != UInt8(ascii: "<") { start -= 1 }
    let found = location(ofByte: max(start, 0))
    elementLocation = found
    return found
  }

  /// Whether the NUL-terminated `text` is exactly `name`.
  static func equals(_ text: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
    let length = name.utf8CodeUnitCount
    let expected = name.utf8Start
    var index = 0
    while index < length {
      // A NUL in `text` differs from every byte of the names asked for (none holds a NUL),
      // so the loop stops at its end.
      if text[index] != expected[index] { return false }
      index += 1
    }
    return text[length] == 0
  }

  /// An attribute value from libxml2's bounds, `&` restored and control characters made
  /// spaces.
  static func value(start: UnsafePointer<xmlChar>, end: UnsafePointer<xmlChar>) -> String {
    let raw = UnsafeBufferPointer(start: start, count: end - start)
    let value =
      raw.contains(UInt8(ascii: "&"))
      ? String(decoding: withAmpersands(raw), as: UTF8.self)
      : String(decoding: raw, as: UTF8.self)
    return hasControlCharacters(raw) ? withoutControlCharacters(value) : value
  }

  private static let escapedAmpersand = Array("&#38;".utf8)

  /// `raw` with each `&#38;` made `&`. Without entity substitution (`XML_PARSE_NOENT`, which
  /// would substitute external entities too) libxml2 replaces every other reference in an
  /// attribute value but hands `&amp;` and `&#38;` over as the text `&#38;`: the only `&` a
  /// value can hold, since a bare one is not well-formed (`a&amp;#38;b` gives `a&#38;#38;b`,
  /// read as `a&#38;b`).
  static func withAmpersands(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(raw.count)
    var index = 0
    while index < raw.count {
      if raw[index] == UInt8(ascii: "&"), index + 5 <= raw.count,
        raw[index..<index + 5].elementsEqual(escapedAmpersand)
      {
        result.append(UInt8(ascii: "&"))
        index += 5
      } else {
        result.append(raw[index])
        index += 1
      }
    }
    return result
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

  func endElement() {
    guard !failed else { return }
    do {
      try handler.endElement(depth: depth)
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
    guard failure.level.rawValue >= XML_ERR_ERROR.rawValue, !failed else { return }
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
