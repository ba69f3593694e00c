import Testing

@testable import VCGraphCore

/// `XMLAttributeBound.firstTag`, which jumps through text and quoted values with `memchr`:
/// hand-counted tags, and the same answers as a byte-at-a-time reading of the same rules on
/// every prefix of tricky markup and on random markup.
@Suite struct XMLAttributeBoundTests {
  static func first(_ text: String, over limit: Int) -> (offset: Int, name: String)? {
    Array(text.utf8).withUnsafeBufferPointer { buffer in
      XMLAttributeBound.firstTag(over: limit, in: buffer).map {
        ($0.offset, String(decoding: $0.name, as: UTF8.self))
      }
    }
  }

  @Test func handCountedTags() {
    // Three attributes on <b>; the `=` and `>` in quotes, comments, CDATA, processing
    // instructions, declarations and end tags count for nothing.
    let text = """
      <?xml a="1" b="2" c="3"?><!-- <x a=1 b=2 c=3> --><![CDATA[<y a=1 b=2 c=3>]]>\
      <!X a=1 b=2 c=3></z a=1 b=2 c=3><a k="=>=" j='"=>'/><b p="1" q='2' r="3">
      """
    #expect(Self.first(text, over: 3) == nil)
    let found = Self.first(text, over: 2)
    #expect(found?.name == "b")
    #expect(found?.offset == text.utf8.count - 21)  // `<b p="1" q='2' r="3">` is 21 bytes
    #expect(Self.first(text, over: 1)?.name == "a")
    #expect(Self.first("<a\tx=1 y=2>", over: 1)?.offset == 0)
    #expect(Self.first("<a x='1>", over: 0)?.name == "a")  // unterminated value: still one
    #expect(Self.first("<!-- <a x=1 y=2>", over: 1) == nil)  // unterminated comment
    #expect(Self.first("", over: 0) == nil)
    #expect(Self.first("<", over: 0) == nil)
  }

  @Test func theSameAsAByteAtATimeReading() {
    let tricky = """
      <?p x="?>"?><!--a-b--c-->-<![CDATA[]]]]>]]><!DOCTYPE d><r a="1" b='2'><e/>\
      <s x="'" y='"' z=">">t</s></r><u v="=" w=""/><!-- x --><q a=1 b=2 c='3
      """
    let bytes = Array(tricky.utf8)
    for end in 0...bytes.count {
      for limit in 0...3 {
        let prefix = Array(bytes[..<end])
        #expect(Self.answer(prefix, limit) == Self.reference(prefix, limit), "\(end) \(limit)")
      }
    }
    var generator = SystemRandomNumberGenerator()
    let pieces = Array("<<<!-[]?/>>\"\"''===a b\n".utf8)
    for _ in 0..<2_000 {
      let length = Int.random(in: 0..<60, using: &generator)
      let random = (0..<length).map { _ in pieces.randomElement(using: &generator)! }
      for limit in 0...2 {
        #expect(Self.answer(random, limit) == Self.reference(random, limit), "\(random)")
      }
    }
  }

  static func answer(_ bytes: [UInt8], _ limit: Int) -> [Int] {
    bytes.withUnsafeBufferPointer { buffer in
      XMLAttributeBound.firstTag(over: limit, in: buffer).map {
        [$0.offset] + $0.name.map(Int.init)
      } ?? []
    }
  }

  /// The same rules read one byte at a time (the scan as it was before `memchr`).
  static func reference(_ bytes: [UInt8], _ limit: Int) -> [Int] {
    func starts(_ text: String, at position: Int) -> Bool {
      bytes[min(position, bytes.count)...].starts(with: Array(text.utf8))
    }
    func skip(past terminator: String, from position: Int) -> Int {
      var position = position
      while position < bytes.count && !starts(terminator, at: position) { position += 1 }
      return min(bytes.count, position + terminator.utf8.count)
    }
    let nameEnds = Array(" \t\n\r/>".utf8)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
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
        while nameEnd < bytes.count && !nameEnds.contains(bytes[nameEnd]) { nameEnd += 1 }
        var attributes = 0
        var quote: UInt8?
        index = nameEnd
        while index < bytes.count {
          let byte = bytes[index]
          index += 1
          if let open = quote {
            if byte == open { quote = nil }
          } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            quote = byte
          } else if byte == UInt8(ascii: "=") {
            attributes += 1
            if attributes > limit { return [start] + bytes[(start + 1)..<nameEnd].map(Int.init) }
          } else if byte == UInt8(ascii: ">") {
            break
          }
        }
      }
    }
    return []
  }
}
