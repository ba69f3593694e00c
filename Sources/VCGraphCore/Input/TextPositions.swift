/// The one walk from a place in UTF-8 text to its 1-based line and column as an editor counts
/// them; every position vcgraph reports comes from it (a description's libyaml marks, a
/// storyboard's libxml2 byte offsets, the first refused character of a dump or a file). Lines
/// end at LF, CRLF or a lone CR; columns count Unicode scalars, a byte that starts no
/// well-formed UTF-8 sequence counting as one. Each step is O(1).
struct LineColumnWalk {
  /// The byte offset of the next character.
  private(set) var offset: Int
  /// The 1-based line of the character at `offset`.
  private(set) var line = 1
  /// The 1-based column of the character at `offset`.
  private(set) var column = 1

  /// A walk from `offset`, which is line 1, column 1.
  init(from offset: Int = 0) {
    self.offset = offset
  }

  /// A walk from the start of `bytes`, after a byte-order mark (which takes no column).
  init<Bytes: RandomAccessCollection<UInt8>>(startOf bytes: Bytes) where Bytes.Index == Int {
    let hasBOM =
      bytes.count >= 3 && bytes[bytes.startIndex] == 0xEF
      && bytes[bytes.startIndex + 1] == 0xBB && bytes[bytes.startIndex + 2] == 0xBF
    self.init(from: bytes.startIndex + (hasBOM ? 3 : 0))
  }

  /// Whether the character at `offset` ends its line (LF, a CR not followed by LF).
  static func endsLine<Bytes: RandomAccessCollection<UInt8>>(
    at offset: Int, in bytes: Bytes
  ) -> Bool where Bytes.Index == Int {
    let byte = bytes[offset]
    return byte == 0x0A
      || (byte == 0x0D && (offset + 1 >= bytes.endIndex || bytes[offset + 1] != 0x0A))
  }

  /// Steps over the character at `offset` (which must be inside `bytes`).
  mutating func step<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes)
  where Bytes.Index == Int {
    if Self.endsLine(at: offset, in: bytes) {
      line += 1
      column = 1
    } else {
      column += 1
    }
    offset += Self.width(at: offset, in: bytes)
  }

  /// `step(in:)`, quicker for ASCII: a byte below 0x80 other than CR is one character, and a
  /// line feed ends its line, so it takes `step`'s steps without its width and CRLF checks (a
  /// storyboard's 536 kB went from 26 to about 8 instructions a byte).
  @inline(__always)
  mutating func stepQuickly<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes)
  where Bytes.Index == Int {
    let byte = bytes[offset]
    if byte < 0x80 && byte != 0x0D {
      if byte == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
      offset += 1
    } else {
      step(in: bytes)
    }
  }

  /// Steps over every character that starts before byte `end`.
  mutating func walk<Bytes: RandomAccessCollection<UInt8>>(to end: Int, in bytes: Bytes)
  where Bytes.Index == Int {
    let end = min(end, bytes.endIndex)
    while offset < end { stepQuickly(in: bytes) }
  }

  /// `walk(to:in:)` over contiguous bytes, eight at a time where eight bytes are ASCII with no
  /// line feed or carriage return (eight columns): a storyboard's indentation and attributes
  /// go by in words; anything else takes the same steps as the byte-wise walk.
  mutating func walk(to end: Int, inContiguous bytes: UnsafeBufferPointer<UInt8>) {
    let end = min(end, bytes.count)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    while offset < end {
      while offset + 8 <= end {
        // Byte i of the text is bits 8i..<8i+8 of `word` (the loop over the slice is one load
        // once optimized, as `ScanKeywords.chunk`'s).
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes[offset..<offset &+ 8] {
          word |= UInt64(byte) &<< shift
          shift &+= 8
        }
        // A byte of `word ^ c` is zero where `word` holds `c`; `(x - ones) & ~x & high` marks
        // the lowest zero byte of `x` exactly (borrows only mark bytes above it).
        let lineFeeds = word ^ (ones &* 0x0A)
        let returns = word ^ (ones &* 0x0D)
        let stops =
          (word & high) | ((lineFeeds &- ones) & ~lineFeeds & high)
          | ((returns &- ones) & ~returns & high)
        if stops != 0 {
          // The bytes before the first stop are ASCII, one column each.
          let plain = stops.trailingZeroBitCount / 8
          column += plain
          offset += plain
          break
        }
        column += 8
        offset += 8
      }
      guard offset < end else { return }
      stepQuickly(in: bytes)
    }
  }

  /// The width of the well-formed UTF-8 sequence at `offset`, or 1 for a byte that does not
  /// start one.
  static func width<Bytes: RandomAccessCollection<UInt8>>(
    at offset: Int, in bytes: Bytes
  ) -> Int where Bytes.Index == Int {
    let width: Int
    switch bytes[offset] {
    case 0xC2...0xDF: width = 2
    case 0xE0...0xEF: width = 3
    case 0xF0...0xF4: width = 4
    default: return 1
    }
    guard offset + width <= bytes.endIndex else { return 1 }
    for next in bytes[(offset + 1)..<(offset + width)] where next & 0xC0 != 0x80 { return 1 }
    return width
  }
}

/// Line and column of byte offsets asked for mostly in increasing order (libxml2's positions
/// in a storyboard): a `LineColumnWalk` goes on from the previous answer, and restarts from
/// the top for an earlier offset.
struct ByteOffsetPositions {
  private var walk: LineColumnWalk?

  mutating func location(
    ofByte target: Int, in bytes: UnsafeBufferPointer<UInt8>, path: String
  ) -> SourceLocation {
    var current = walk ?? LineColumnWalk(startOf: bytes)
    if target < current.offset { current = LineColumnWalk(startOf: bytes) }
    current.walk(to: target, inContiguous: bytes)
    walk = current
    return SourceLocation(path: path, line: current.line, column: current.column)
  }
}

/// Converts libyaml's character indexes and byte offsets into 1-based lines and columns as an
/// editor counts them (`LineColumnWalk`).
struct TextPositions {
  private let bytes: [UInt8]
  private let start: Int
  // A cursor: marks are asked for mostly in increasing order, so each is found by walking on
  // from the previous one.
  private var index = 0
  private var walk: LineColumnWalk
  /// Columns counted past the end of the text (libyaml's end-of-stream mark).
  private var pastEnd = 0

  /// Whether libyaml's own line and column match an editor's: true unless the text holds a
  /// CR, NEL, U+2028 or U+2029, which libyaml counts as line breaks.
  let libyamlLinesAgree: Bool

  /// Positions in `bytes`, whose characters (as libyaml counts them) begin at `start`.
  init(bytes: [UInt8], start: Int = 0) {
    self.bytes = bytes
    self.start = start
    walk = LineColumnWalk(from: start)
    var agree = true
    bytes.withUnsafeBufferPointer { buffer in
      for (index, byte) in buffer.enumerated() where byte == 0x0D || byte == 0xC2 || byte == 0xE2 {
        if byte == 0x0D
          || (byte == 0xC2 && index + 1 < buffer.count && buffer[index + 1] == 0x85)
          || (byte == 0xE2 && index + 2 < buffer.count && buffer[index + 1] == 0x80
            && (buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9))
        {
          agree = false
          break
        }
      }
    }
    libyamlLinesAgree = agree
  }

  /// The mark of the character with libyaml's `index` (characters counted from `start`).
  mutating func mark(forCharacterIndex target: Int) -> Mark {
    if target < index {
      index = 0
      walk = LineColumnWalk(from: start)
      pastEnd = 0
    }
    while index < target, walk.offset < bytes.count {
      walk.step(in: bytes)
      index += 1
    }
    // Past the end (libyaml's end-of-stream mark), keep counting columns.
    if index < target { pastEnd += target - index }
    return Mark(line: walk.line, column: walk.column + pastEnd)
  }

  /// The byte offset of a mark, when it lies inside the text.
  func byteOffset(of mark: Mark) -> Int? {
    let line = Int(mark.line)
    var walk = LineColumnWalk(from: start)
    while walk.offset < bytes.count {
      if walk.line == line && walk.column == Int(mark.column) { return walk.offset }
      if walk.line == line && LineColumnWalk.endsLine(at: walk.offset, in: bytes) {
        return nil
      }
      walk.step(in: bytes)
    }
    return nil
  }

  /// Where the first NEL, U+2028 or U+2029 is, if any: libyaml reads them as line breaks.
  func firstUnicodeLineSeparator() -> Mark? {
    var offset = start
    while offset + 1 < bytes.count {
      let isNEL = bytes[offset] == 0xC2 && bytes[offset + 1] == 0x85
      let isLSPS =
        offset + 2 < bytes.count && bytes[offset] == 0xE2 && bytes[offset + 1] == 0x80
        && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
      if isNEL || isLSPS { return Self.mark(forByteOffset: offset, in: bytes) }
      offset += 1
    }
    return nil
  }

  /// The 1-based line and column of a byte offset (a byte-order mark at the start takes no
  /// column).
  static func mark(forByteOffset target: Int, in bytes: [UInt8]) -> Mark {
    var walk = LineColumnWalk(startOf: bytes)
    walk.walk(to: target, in: bytes)
    return Mark(line: walk.line, column: walk.column)
  }
}
