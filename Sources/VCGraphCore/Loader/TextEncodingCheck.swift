/// Checks that an input is UTF-8 text before anything parses it, so that a binary file, a
/// UTF-16 file or a stray invalid byte ends in one positioned error instead of garbled names.
public enum TextEncodingCheck {
  /// Rejects UTF-16/UTF-32 text and NUL bytes. `what` names the kind of input in the hint
  /// ("descriptions", "dumps").
  public static func rejectNonUTF8Text(
    _ bytes: [UInt8], path: String, what: String
  ) throws(VCGraphError) {
    let start = SourceLocation(path: path, line: 1, column: 1)
    if let encoding = wideEncoding(of: bytes) {
      throw VCGraphError.data(
        "the file is \(encoding) text, not UTF-8", at: start,
        hint: "save it as UTF-8 (\(what) are UTF-8 text)")
    }
    if let nul = firstNUL(in: bytes) {
      throw VCGraphError.data(
        "the file contains a NUL byte",
        at: TextPositions.mark(forByteOffset: nul, in: bytes).location(in: path),
        hint: "\(what) are UTF-8 text; is this a binary file?")
    }
  }

  /// Rejects everything `rejectNonUTF8Text` does, and any byte sequence that is not UTF-8.
  public static func requireUTF8Text(
    _ bytes: [UInt8], path: String, what: String
  ) throws(VCGraphError) {
    try rejectNonUTF8Text(bytes, path: path, what: what)
    if let bad = firstInvalidUTF8(in: bytes) {
      let byte = String(bytes[bad], radix: 16, uppercase: true)
      throw VCGraphError.data(
        "the file is not valid UTF-8 text (byte 0x\(byte) here does not start a character)",
        at: TextPositions.mark(forByteOffset: bad, in: bytes).location(in: path),
        hint: "save the file as UTF-8")
    }
  }

  /// "UTF-16" or "UTF-32" when the bytes carry such a byte-order mark, or look like UTF-16
  /// (every other byte NUL at the start).
  static func wideEncoding(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
      return "UTF-32"
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
    let prefix = bytes.prefix(64)
    if prefix.count >= 4 {
      let evens = stride(from: 0, to: prefix.count, by: 2).map { prefix[prefix.startIndex + $0] }
      let odds = stride(from: 1, to: prefix.count, by: 2).map { prefix[prefix.startIndex + $0] }
      let zeroEvens = evens.filter { $0 == 0 }.count
      let zeroOdds = odds.filter { $0 == 0 }.count
      let asciiEvens = evens.allSatisfy { $0 != 0 && $0 < 0x80 }
      let asciiOdds = odds.allSatisfy { $0 != 0 && $0 < 0x80 }
      if (zeroOdds == odds.count && asciiEvens) || (zeroEvens == evens.count && asciiOdds) {
        return "UTF-16"
      }
    }
    return nil
  }

  /// The offset of the first byte that does not begin a well-formed UTF-8 sequence
  /// (overlong forms, surrogates and values past U+10FFFF included).
  public static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    var offset = 0
    let count = bytes.count
    while offset < count {
      let byte = bytes[offset]
      if byte < 0x80 {
        offset += 1
        // Runs of ASCII a chunk at a time (most inputs are ASCII): the OR of a chunk's bytes,
        // which the optimizer vectorizes, has its top bit set only if one byte has.
        while offset + chunk <= count {
          var any: UInt8 = 0
          for index in offset..<(offset + chunk) { any |= bytes[index] }
          if any & 0x80 != 0 { break }
          offset += chunk
        }
        continue
      }
      let width: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch byte {
      case 0xC2...0xDF: width = 2
      case 0xE0:
        width = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: width = 3
      case 0xED:
        width = 3
        high = 0x9F
      case 0xF0:
        width = 4
        low = 0x90
      case 0xF1...0xF3: width = 4
      case 0xF4:
        width = 4
        high = 0x8F
      default: return offset
      }
      guard offset + width <= count else { return offset }
      let second = bytes[offset + 1]
      guard second >= low && second <= high else { return offset }
      for index in (offset + 2)..<(offset + width) where bytes[index] & 0xC0 != 0x80 {
        return offset
      }
      offset += width
    }
    return nil
  }

  /// The bytes `firstNUL` and `firstInvalidUTF8` step over at once when none is what they look
  /// for.
  static let chunk = 32

  /// The offset of the first NUL byte: `bytes.firstIndex(of: 0)`, a chunk at a time (the
  /// smallest byte of a chunk, a vectorized reduction, is 0 only if one is).
  static func firstNUL(in bytes: [UInt8]) -> Int? {
    var offset = 0
    let count = bytes.count
    while offset + chunk <= count {
      var smallest: UInt8 = 0xFF
      for index in offset..<(offset + chunk) { smallest = min(smallest, bytes[index]) }
      if smallest == 0 { break }
      offset += chunk
    }
    return bytes[offset...].firstIndex(of: 0)
  }
}
