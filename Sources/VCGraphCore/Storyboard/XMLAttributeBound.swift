import Foundation

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
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    /// The index of the first `byte` at or after `position`, or `count` (libc's `memchr`
    /// jumps through text and quoted values several bytes at a time).
    func find(_ byte: UInt8, from position: Int) -> Int {
      guard position < count else { return count }
      guard let found = memchr(base + position, Int32(byte), count - position) else {
        return count
      }
      return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
    func starts(_ text: StaticString, at position: Int) -> Bool {
      let length = text.utf8CodeUnitCount
      guard position + length <= count else { return false }
      return memcmp(base + position, text.utf8Start, length) == 0
    }
    /// The index just past the first `terminator` at or after `position` (the end if none).
    func skip(past terminator: StaticString, from position: Int) -> Int {
      let first = terminator.utf8Start[0]
      var position = find(first, from: position)
      while position < count && !starts(terminator, at: position) {
        position = find(first, from: position + 1)
      }
      return min(count, position + terminator.utf8CodeUnitCount)
    }
    var index = find(UInt8(ascii: "<"), from: 0)
    while index < count {
      let start = index
      index += 1
      if index < count && bytes[index] == UInt8(ascii: "!") {
        if starts("!--", at: index) {
          index = skip(past: "-->", from: index + 3)
        } else if starts("![CDATA[", at: index) {
          index = skip(past: "]]>", from: index + 8)
        } else {
          index = skip(past: ">", from: index)
        }
      } else if index < count && bytes[index] == UInt8(ascii: "?") {
        index = skip(past: "?>", from: index + 1)
      } else if index < count && bytes[index] == UInt8(ascii: "/") {
        index = skip(past: ">", from: index)
      } else {
        var nameEnd = index
        while nameEnd < count && !isNameEnd(bytes[nameEnd]) { nameEnd += 1 }
        var attributes = 0
        index = nameEnd
        // Names, `=` and spaces byte by byte; a quoted value in one jump to its closing quote.
        while index < count {
          let byte = bytes[index]
          index += 1
          if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            index = min(count, find(byte, from: index) + 1)
          } else if byte == UInt8(ascii: "=") {
            attributes += 1
            if attributes > limit { return (start, Array(bytes[(start + 1)..<nameEnd])[...]) }
          } else if byte == UInt8(ascii: ">") {
            break
          }
        }
      }
      index = find(UInt8(ascii: "<"), from: index)
    }
    return nil
  }

  private static func isNameEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
  }
}
