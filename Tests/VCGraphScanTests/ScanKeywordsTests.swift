import Foundation
import VCGraphCore
import XCTest

@testable import VCGraphScan

/// `ScanKeywords.index` against a plain reading of the same bytes (written out below, one
/// question at a time, with no table): marks, callees and their keys, `return`s and line
/// starts, at every Swift file of the fixtures and at hand-made texts with every byte class.
final class ScanKeywordsTests: XCTestCase {
  /// A byte of a word, by ranges (not the index's table).
  static func isWord(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
  }

  /// What the index should find, found slowly: every word is cut out and looked up in the
  /// names as a String.
  static func plain(
    _ bytes: [UInt8], extra: Set<UInt32> = [], names: Set<String> = ScanKeywords.names
  ) -> ScanKeywords.Index {
    var index = ScanKeywords.Index()
    var position = 0
    while position < bytes.count {
      let byte = bytes[position]
      if byte == 0x0A {
        position += 1
        index.lineStarts.append(position)
        continue
      }
      if byte == 0x0D {
        position += bytes.count > position + 1 && bytes[position + 1] == 0x0A ? 2 : 1
        index.lineStarts.append(position)
        continue
      }
      guard isWord(byte) else {
        position += 1
        continue
      }
      let start = position
      while position < bytes.count && isWord(bytes[position]) { position += 1 }
      let word = Array(bytes[start..<position])
      if names.contains(String(decoding: word, as: UTF8.self)) {
        index.marks.append(start)
      } else if word == Array("return".utf8) {
        index.returns.append(start)
      }
      var next = position
      while next < bytes.count && [0x20, 0x09].contains(bytes[next]) { next += 1 }
      guard next < bytes.count else { continue }
      let named = ScanKeywords.hash(word)
      var key = named
      if bytes[next] == UInt8(ascii: "(") {
        if let label = label(bytes, next + 1) {
          key = ScanKeywords.hash([UInt8(ascii: "(")] + label, from: named)
        }
      } else if !"</`".utf8.contains(bytes[next]) {
        continue
      }
      index.callees.append((start, key))
      if extra.contains(key) && index.marks.last != start { index.marks.append(start) }
    }
    return index
  }

  /// The first argument's label after a `(`: nil for a comment or a backquote, `_` when no
  /// word and `:` follow.
  static func label(_ bytes: [UInt8], _ position: Int) -> [UInt8]? {
    var start = position
    while start < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    if start == bytes.count || bytes[start] == UInt8(ascii: "/")
      || bytes[start] == UInt8(ascii: "`")
    {
      return nil
    }
    var end = start
    while end < bytes.count && isWord(bytes[end]) { end += 1 }
    var colon = end
    while colon < bytes.count && [0x20, 0x09].contains(bytes[colon]) { colon += 1 }
    if end > start && colon < bytes.count && bytes[colon] == UInt8(ascii: ":") {
      return Array(bytes[start..<end])
    }
    return [UInt8(ascii: "_")]
  }

  /// The differences between the index and the plain reading of `bytes` (nil: none).
  static func difference(_ bytes: [UInt8], extra: Set<UInt32> = []) -> String? {
    let found = ScanKeywords.index(bytes, extra: extra)
    let expected = plain(bytes, extra: extra)
    var problems: [String] = []
    if found.marks != expected.marks { problems.append("marks \(found.marks) \(expected.marks)") }
    if found.returns != expected.returns {
      problems.append("returns \(found.returns) \(expected.returns)")
    }
    if found.lineStarts != expected.lineStarts { problems.append("line starts differ") }
    if !found.callees.elementsEqual(expected.callees, by: { $0 == $1 }) {
      problems.append("callees \(found.callees.count) \(expected.callees.count)")
    }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }

  /// Every Swift file of the fixtures reads the same both ways, with no extra keys and with
  /// every fifth callee's key as an extra mark.
  func testTheIndexIsThePlainReadingOfEveryFixture() throws {
    let sources = try ScanSources.collect([swiftFixtures.path])
    XCTAssertGreaterThan(sources.swiftFiles.count, 600)
    for path in sources.swiftFiles {
      let bytes = try InputFileReading.read(path, limit: 8 << 20)
      if let problem = Self.difference(bytes) { XCTFail("\(path): \(problem)") }
      let callees = ScanKeywords.index(bytes).callees
      let extra = Set(stride(from: 0, to: callees.count, by: 5).map { callees[$0].key })
      if let problem = Self.difference(bytes, extra: extra) { XCTFail("\(path): \(problem)") }
    }
  }

  /// Hand-made texts: every ASCII byte and some non-ASCII ones before, inside and after a
  /// name, a `return` and a callee, and each line ending, ending the text or not.
  func testTheIndexIsThePlainReadingOfEveryByteClass() {
    let words = ["present", "return", "f", "show", "returns", "rootViewController", "x_1"]
    var texts: [[UInt8]] = []
    for byte in 0...255 {
      for word in words {
        let w = Array(word.utf8)
        let b = UInt8(byte)
        texts.append([b] + w + [b])
        texts.append(w + [b] + Array("(a: 1)".utf8))
        texts.append(w + Array("( ".utf8) + [b] + Array("b : 2)".utf8))
        texts.append(w + [b])
        texts.append([b] + w)
      }
    }
    for ending in ["\n", "\r", "\r\n", "\n\r", "\r\r\n", "\n\n"] {
      texts.append(Array("a\(ending)present(\(ending)to: x)\(ending)return\(ending)".utf8))
      texts.append(Array("\(ending)f\(ending)".utf8))
    }
    texts.append([])
    // Words of every length up to 17 at every offset of a chunk, and across chunks' edges.
    for shift in 0..<9 {
      let spaces = String(repeating: " ", count: shift)
      let words = (1...17).map { String(repeating: "a", count: $0 - 1) + "b" }
      texts.append(Array((spaces + words.joined(separator: " ")).utf8))
      texts.append(Array((spaces + words.joined(separator: "(x: 1)\r\n") + "(").utf8))
      texts.append(Array((spaces + "present" + words.joined(separator: "\n\t")).utf8))
    }
    for text in texts {
      if let problem = Self.difference(text) { XCTFail("\(text): \(problem)") }
    }
  }

  /// `wordLanes` and `controlLanes` ask of eight bytes what `isWord` and `< 0x0E` ask of
  /// one: every byte in every lane, the other lanes each byte around the classes' edges (a
  /// carry from lane to lane would show); `chunk` and `tail` put the first byte lowest.
  func testTheLanesAreTheBytesClasses() {
    let others: [UInt8] = [
      0x00, 0x09, 0x0A, 0x0D, 0x0E, 0x20, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B, 0x5E,
      0x5F, 0x60, 0x61, 0x7A, 0x7B, 0x7F, 0x80, 0xDF, 0xFF,
    ]
    var wrong = 0
    for byte in 0...255 {
      for lane in 0..<8 {
        for other in others {
          var bytes = [UInt8](repeating: other, count: 8)
          bytes[lane] = UInt8(byte)
          let value = ScanKeywords.chunk(bytes, at: 0)
          var words: UInt64 = 0
          var controls: UInt64 = 0
          for (index, each) in bytes.enumerated() {
            if Self.isWord(each) { words |= 0x80 << UInt64(index * 8) }
            if each < 0x0E { controls |= 0x80 << UInt64(index * 8) }
          }
          if ScanKeywords.wordLanes(value) != words || ScanKeywords.controlLanes(value) != controls
          {
            wrong += 1
          }
        }
      }
    }
    XCTAssertEqual(wrong, 0, "of \(256 * 8 * others.count) chunks")
    let bytes = Array("abcdefghijkl".utf8)
    XCTAssertEqual(ScanKeywords.chunk(bytes, at: 1), 0x6968_6766_6564_6362)
    XCTAssertEqual(ScanKeywords.tail(bytes, at: 9), 0x2020_2020_206C_6B6A)
    XCTAssertEqual(ScanKeywords.tail(bytes, at: 12), 0x2020_2020_2020_2020)
  }

  /// Offsets checked by hand, so that the plain reading is not the only judge: a mark, a
  /// `return`, callees with a label, none and the name alone, and each line ending.
  func testHandCheckedOffsets() {
    // 0         1         2         3         4
    // 0123456789012345678901234567890123456789012345
    // "present(x)\r\nreturn f(to: y)\rshow <T>\n\nfoo"
    let text = "present(x)\r\nreturn f(to: y)\rshow <T>\n\nfoo"
    let index = ScanKeywords.index(Array(text.utf8))
    XCTAssertEqual(index.marks, [0, 28])
    XCTAssertEqual(index.returns, [12])
    XCTAssertEqual(index.lineStarts, [0, 12, 28, 37, 38])
    XCTAssertEqual(index.callees.map(\.offset), [0, 19, 28])
    XCTAssertEqual(
      index.callees.map(\.key),
      [
        ScanKeywords.key("present", label: "_"), ScanKeywords.key("f", label: "to"),
        ScanKeywords.key("show"),
      ])
    let extra = ScanKeywords.index(Array(text.utf8), extra: [ScanKeywords.key("f", label: "to")])
    XCTAssertEqual(extra.marks, [0, 19, 28])
  }
}
