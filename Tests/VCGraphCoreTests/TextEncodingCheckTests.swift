import Testing

@testable import VCGraphCore

/// `TextEncodingCheck`'s chunked scans give what a byte-by-byte reading gives: the first NUL,
/// and the first byte that does not start a well-formed UTF-8 sequence (RFC 3629's table,
/// written out here on its own), at every offset around the chunks' boundaries.
@Suite struct TextEncodingCheckTests {
  /// The first invalid offset, one byte at a time, after RFC 3629 section 4.
  static func referenceInvalid(_ bytes: [UInt8]) -> Int? {
    var offset = 0
    while offset < bytes.count {
      let lead = bytes[offset]
      let ranges: [ClosedRange<UInt8>]
      switch lead {
      case 0x00...0x7F: ranges = []
      case 0xC2...0xDF: ranges = [0x80...0xBF]
      case 0xE0: ranges = [0xA0...0xBF, 0x80...0xBF]
      case 0xE1...0xEC, 0xEE...0xEF: ranges = [0x80...0xBF, 0x80...0xBF]
      case 0xED: ranges = [0x80...0x9F, 0x80...0xBF]
      case 0xF0: ranges = [0x90...0xBF, 0x80...0xBF, 0x80...0xBF]
      case 0xF1...0xF3: ranges = [0x80...0xBF, 0x80...0xBF, 0x80...0xBF]
      case 0xF4: ranges = [0x80...0x8F, 0x80...0xBF, 0x80...0xBF]
      default: return offset
      }
      guard offset + ranges.count < bytes.count || ranges.isEmpty else { return offset }
      for (index, range) in ranges.enumerated() where !range.contains(bytes[offset + 1 + index]) {
        return offset
      }
      offset += 1 + ranges.count
    }
    return nil
  }

  /// ASCII text of `count` bytes with `insert` written at `offset`.
  static func text(_ count: Int, _ insert: [UInt8], at offset: Int) -> [UInt8] {
    var bytes = (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    bytes.replaceSubrange(offset..<min(offset + insert.count, count), with: insert)
    return bytes
  }

  @Test("the first NUL at every offset of texts up to three chunks and a tail")
  func firstNUL() {
    let chunk = TextEncodingCheck.chunk
    for count in [0, 1, chunk - 1, chunk, chunk + 1, 3 * chunk + 5] {
      #expect(TextEncodingCheck.firstNUL(in: Self.text(count, [], at: 0)) == nil)
      for offset in 0..<count {
        let bytes = Self.text(count, [0], at: offset)
        #expect(TextEncodingCheck.firstNUL(in: bytes) == offset, "\(count) \(offset)")
        // A second NUL later changes nothing.
        var twice = bytes
        twice[count - 1] = 0
        #expect(TextEncodingCheck.firstNUL(in: twice) == offset, "\(count) \(offset)")
      }
    }
  }

  @Test("the first invalid byte at every offset, with valid and invalid sequences inserted")
  func firstInvalidUTF8() {
    let chunk = TextEncodingCheck.chunk
    let inserts: [[UInt8]] = [
      [0xC3, 0xA9],  // é
      [0xE2, 0x82, 0xAC],  // €
      [0xF0, 0x9F, 0x98, 0x80],  // 😀
      [0x80],  // a continuation byte alone
      [0xC0, 0xAF],  // overlong
      [0xED, 0xA0, 0x80],  // a surrogate
      [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
      [0xE2, 0x82],  // cut short
      [0xFF],
    ]
    for count in [1, chunk - 1, chunk, chunk + 1, 3 * chunk + 5] {
      #expect(TextEncodingCheck.firstInvalidUTF8(in: Self.text(count, [], at: 0)) == nil)
      for insert in inserts {
        for offset in 0..<count {
          let bytes = Self.text(count, insert, at: offset)
          #expect(
            TextEncodingCheck.firstInvalidUTF8(in: bytes) == Self.referenceInvalid(bytes),
            "\(count) \(insert) \(offset)")
        }
      }
    }
    // Hand-checked: `aé` then a lone continuation byte at offset 3.
    #expect(TextEncodingCheck.firstInvalidUTF8(in: [0x61, 0xC3, 0xA9, 0x80]) == 3)
    #expect(Self.referenceInvalid([0x61, 0xC3, 0xA9, 0x80]) == 3)
  }
}
