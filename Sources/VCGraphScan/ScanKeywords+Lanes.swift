// `ScanKeywords.index` reads a file eight bytes at a time: a chunk is a UInt64 whose lanes
// (bytes) are the file's, the first in the lowest, and each question about the bytes is asked
// of all eight lanes at once, the answer in each lane's top bit (SWAR). No lane's arithmetic
// carries into the next: every sum below is of two numbers below 0x80, so below 0x100.

extension ScanKeywords {
  /// `0x01` in every lane (`lanes &* byte` repeats `byte`).
  static let lanes: UInt64 = 0x0101_0101_0101_0101
  /// Every lane's top bit.
  static let tops: UInt64 = 0x8080_8080_8080_8080
  /// Every lane's low seven bits.
  static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

  /// The eight bytes at `offset` (`0 <= offset <= bytes.count - 8`), the first in the lowest
  /// lane. Iterating the slice checks its bounds once, and the optimizer makes the loop one
  /// load: as cheap as `loadUnaligned` through an unsafe buffer, measured (the scan's
  /// instructions the same to 0.02%), where indexing each byte cost 15 M more.
  @inline(__always)
  static func chunk(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    precondition(offset >= 0 && offset <= bytes.count - 8, "a chunk past the bytes")
    var value: UInt64 = 0
    var shift: UInt64 = 0
    for byte in bytes[offset..<offset &+ 8] {
      value |= UInt64(byte) &<< shift
      shift &+= 8
    }
    return value
  }

  /// The fewer than eight bytes from `offset` to the end as a chunk, the lanes past the end
  /// spaces (neither a word's nor a line's end).
  static func tail(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    var value: UInt64 = lanes &* 0x20
    for lane in 0..<(bytes.count - offset) {
      value &= ~(0xFF << UInt64(lane * 8))
      value |= UInt64(bytes[offset + lane]) << UInt64(lane * 8)
    }
    return value
  }

  /// The top bit of each lane of `value` whose byte `isWordByte`: non-ASCII (its own top
  /// bit), a letter (with bit 5 set, as `folded` has it, one from `a` to `z`), a digit or `_`.
  @inline(__always)
  static func wordLanes(_ value: UInt64) -> UInt64 {
    let ascii = value & lows
    let folded = ascii | (lanes &* 0x20)
    // `x + (0x80 - low)` has its top bit set when x >= low, `x + (0x7F - high)` when x > high.
    let letters = (folded &+ lanes &* 0x1F) & ~(folded &+ lanes &* 0x05)
    let digits = (ascii &+ lanes &* 0x50) & ~(ascii &+ lanes &* 0x46)
    // `x + 0x7F` has its top bit set unless x is 0 (a non-ASCII lane is a word's anyway).
    let underscores = ~((ascii ^ (lanes &* 0x5F)) &+ lows)
    return (value | letters | digits | underscores) & tops
  }

  /// The top bit of each lane of `value` whose byte is below 0x0E: LF, CR (and tabs and
  /// other controls, which `index` passes over).
  @inline(__always)
  static func controlLanes(_ value: UInt64) -> UInt64 {
    ~(((value & lows) &+ lanes &* 0x72) | value) & tops
  }
}
