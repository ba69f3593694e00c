/// Finds a start tag with too many attributes before libxml2 reads the document. libxml2
/// checks each attribute of a start tag against every earlier one of the same tag (for
/// duplicates), so one element with n attributes costs n²: 200,000 attributes took 8–17 s.
/// Interface Builder writes at most about 20 on an element; `XMLReader.maxAttributes` bounds
/// them, and this scan, one pass over the bytes, finds the first element over it.
///
/// The scan knows as much XML as it needs to count: comments, CDATA sections, processing
/// instructions, end tags and declarations are skipped whole; in a start tag each `=` outside
/// a quoted value is one attribute (names cannot hold `=`), and the tag ends at the first `>`
/// outside quotes. Text cannot hold a literal `<`, so every `<` outside those starts markup.
enum XMLAttributeBound {
  /// The byte offset of the `<` of the first start tag with more than `limit` attributes, and
  /// the tag's name (as bytes), or nil.
  static func firstTag(
    over limit: Int, in bytes: UnsafeBufferPointer<UInt8>
  ) -> (offset: Int, name: ArraySlice<UInt8>)? {
    let count = bytes.count
    let lessThan = UInt8(ascii: "<")
    let greaterThan = UInt8(ascii: ">")
    var index = 0
    func starts(_ text: StaticString, at position: Int) -> Bool {
      let length = text.utf8CodeUnitCount
      guard position + length <= count else { return false }
      var offset = 0
      while offset < length {
        if bytes[position + offset] != text.utf8Start[offset] { return false }
        offset += 1
      }
      return true
    }
    /// The index just past the first `terminator` at or after `position` (the end if none).
    func skip(past terminator: StaticString, from position: Int) -> Int {
      var position = position
      while position < count && !starts(terminator, at: position) { position += 1 }
      return min(count, position + terminator.utf8CodeUnitCount)
    }
    while index < count {
      guard bytes[index] == lessThan else {
        index += 1
        continue
      }
      let start = index
      index += 1
      if starts("!--", at: index) {
        index = skip(past: "-->", from: index + 3)
      } else if starts("![CDATA[", at: index) {
        index = skip(past: "]]>", from: index + 8)
      } else if starts("?", at: index) {
        index = skip(past: "?>", from: index + 1)
      } else if starts("!", at: index) || starts("/", at: index) {
        index = skip(past: ">", from: index)
      } else {
        var nameEnd = index
        while nameEnd < count && !isNameEnd(bytes[nameEnd]) { nameEnd += 1 }
        var attributes = 0
        var quote: UInt8?
        index = nameEnd
        while index < count {
          let byte = bytes[index]
          index += 1
          if let open = quote {
            if byte == open { quote = nil }
          } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            quote = byte
          } else if byte == UInt8(ascii: "=") {
            attributes += 1
            if attributes > limit { return (start, Array(bytes[(start + 1)..<nameEnd])[...]) }
          } else if byte == greaterThan {
            break
          }
        }
      }
    }
    return nil
  }

  private static func isNameEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
  }
}
