import Testing

@testable import VCGraphCore

/// The one line/column walk (`LineColumnWalk`) and the three readers of it: libyaml's marks
/// (`TextPositions`), libxml2's byte offsets (`ByteOffsetPositions`) and the first refused
/// character of a text. Hand-counted positions, as an editor shows them.
@Suite struct LineColumnWalkTests {
  // "é" is 2 bytes, "🙂" 4; line 2 ends with CRLF, line 3 with a lone CR; 0xFF is no UTF-8.
  static let bytes: [UInt8] = Array("aé\n🙂b\r\nc\rd".utf8) + [0xFF, 0x78]

  /// Byte offset → (line, column), counted by hand.
  static let expected: [(offset: Int, line: Int, column: Int)] = [
    (0, 1, 1), (1, 1, 2), (3, 1, 3),  // a, é, LF
    (4, 2, 1), (8, 2, 2), (9, 2, 3), (10, 2, 4),  // 🙂, b, CR, LF
    (11, 3, 1), (12, 3, 2),  // c, lone CR
    (13, 4, 1), (14, 4, 2), (15, 4, 3),  // d, 0xFF (one column), x
  ]

  @Test func everyReaderCountsLikeAnEditor() {
    var positions = ByteOffsetPositions()
    Self.bytes.withUnsafeBufferPointer { buffer in
      for (offset, line, column) in Self.expected {
        let mark = TextPositions.mark(forByteOffset: offset, in: Self.bytes)
        #expect((Int(mark.line), Int(mark.column)) == (line, column), "byte \(offset)")
        let location = positions.location(ofByte: offset, in: buffer, path: "x")
        #expect((location.line, location.column) == (line, column), "byte \(offset)")
      }
    }
    // Characters as libyaml counts them: one per scalar (or undecodable byte).
    var marks = TextPositions(bytes: Self.bytes)
    for (index, (_, line, column)) in Self.expected.enumerated() {
      let mark = marks.mark(forCharacterIndex: index)
      #expect((Int(mark.line), Int(mark.column)) == (line, column), "character \(index)")
      #expect(marks.byteOffset(of: mark) == Self.expected[index].offset)
    }
  }

  @Test func aByteOrderMarkTakesNoColumn() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ab\nc".utf8)
    let mark = TextPositions.mark(forByteOffset: 4, in: bytes)
    #expect((mark.line, mark.column) == (1, 2))
    var positions = ByteOffsetPositions()
    let location = bytes.withUnsafeBufferPointer {
      positions.location(ofByte: 6, in: $0, path: "x")
    }
    #expect((location.line, location.column) == (2, 1))
  }

  @Test func theFirstRefusedCharacterIsWhereTheWalkSays() throws {
    let found = try #require(ControlCharacters.firstRefusedInLines(of: "a\r\nbé\rc\u{1B}"))
    #expect((found.line, found.column, found.scalar) == (3, 2, "\u{1B}"))
  }
  @Test func theWordWiseWalkCountsLongLinesByHand() {
    // 20 x, CRLF; é and 17 x, a lone CR; y.
    let bytes =
      Array((String(repeating: "x", count: 20) + "\r\né").utf8)
      + Array((String(repeating: "x", count: 17) + "\ry").utf8)
    let expected = [
      (0, 1, 1), (8, 1, 9), (19, 1, 20), (20, 1, 21), (22, 2, 1), (24, 2, 2),
      (40, 2, 18), (41, 2, 19), (42, 3, 1), (43, 3, 2),
    ]
    bytes.withUnsafeBufferPointer { buffer in
      for (offset, line, column) in expected {
        var walk = LineColumnWalk(startOf: buffer)
        walk.walk(to: offset, inContiguous: buffer)
        #expect((walk.offset, walk.line, walk.column) == (offset, line, column), "\(offset)")
      }
    }
  }

  @Test func theWordWiseWalkTakesTheByteWiseSteps() {
    // Runs of ASCII long enough for words, broken by every kind of stop at every place.
    let pieces: [[UInt8]] = [
      Array("abcdefgh".utf8), Array("  ".utf8), [0x0A], [0x0D], [0x0D, 0x0A], Array("é".utf8),
      Array("🙂".utf8), [0xFF], [0xE2, 0x80, 0xA8], [0xC2], Array("<a b=\"c\"/>".utf8),
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let bytes = (0..<Int.random(in: 0..<24, using: &generator)).flatMap { _ in
        pieces.randomElement(using: &generator)!
      }
      bytes.withUnsafeBufferPointer { buffer in
        var incremental = LineColumnWalk(startOf: buffer)
        for target in 0...(bytes.count + 1) {
          var bytewise = LineColumnWalk(startOf: buffer)
          bytewise.walk(to: target, in: buffer)
          var wordwise = LineColumnWalk(startOf: buffer)
          wordwise.walk(to: target, inContiguous: buffer)
          if target >= incremental.offset { incremental.walk(to: target, inContiguous: buffer) }
          #expect(
            (wordwise.offset, wordwise.line, wordwise.column)
              == (bytewise.offset, bytewise.line, bytewise.column), "\(bytes) \(target)")
          if target >= incremental.offset {
            #expect(
              (incremental.offset, incremental.line, incremental.column)
                == (bytewise.offset, bytewise.line, bytewise.column), "\(bytes) \(target)")
          }
        }
      }
    }
  }
}
