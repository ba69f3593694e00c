import SwiftParser
import SwiftSyntax
import XCTest

@testable import VCGraphScan

/// `SourceLines` against SwiftSyntax's `SourceLocationConverter` (what the scan used before,
/// and what `vcgraph lint` still uses): the same line and column for the start of every token,
/// after and before its trivia, and for the end of the file.
final class SourceLinesTests: XCTestCase {
  func assertSame(_ source: [UInt8], _ name: String, file: StaticString = #filePath,
                  line: UInt = #line) {
    let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let converter = SourceLocationConverter(fileName: name, tree: tree)
    let lines = SourceLines(source)
    var offsets = [tree.endPosition.utf8Offset]
    for token in tree.tokens(viewMode: .sourceAccurate) {
      offsets.append(token.position.utf8Offset)
      offsets.append(token.positionAfterSkippingLeadingTrivia.utf8Offset)
      offsets.append(token.endPositionBeforeTrailingTrivia.utf8Offset)
    }
    for offset in offsets {
      let expected = converter.location(for: AbsolutePosition(utf8Offset: offset))
      let found = lines.location(offset)
      guard found.line == expected.line, found.column == expected.column else {
        return XCTFail(
          "\(name) at byte \(offset): \(found) instead of \(expected.line):\(expected.column)",
          file: file, line: line)
      }
    }
    XCTAssertEqual(lines.lineCount(tree), converter.location(for: tree.endPosition).line,
                   name, file: file, line: line)
  }

  func testEveryTokenOfTheFixtureApps() throws {
    let manager = FileManager.default
    var files = 0
    for app in ["TrustWallet__trust-wallet-ios", "Dimillian__ACHNBrowserUI", "tinode__ios"] {
      let folder = swiftFixtures.appendingPathComponent(app).path
      let walker = try XCTUnwrap(manager.enumerator(atPath: folder))
      while let item = walker.nextObject() as? String {
        guard item.hasSuffix(".swift") else { continue }
        let bytes = try XCTUnwrap(manager.contents(atPath: folder + "/" + item))
        assertSame(Array(bytes), item)
        files += 1
      }
    }
    XCTAssertEqual(files, 671)
  }

  /// Line ends of the three kinds, mixed, inside comments and string literals, a byte-order
  /// mark, multi-byte characters before a token, and no line end at the end.
  func testLineEndsAndColumns() {
    let cases = [
      "let a = 1\nlet b = 2\n",
      "let a = 1\r\nlet b = 2\r\n\r\nlet c = 3",
      "let a = 1\rlet b = 2\r\r\nlet c = 3\n\r",
      "/* one\r\ntwo\rthree\n */ let x = \"\"\"\r\n  text\r  more\n  \"\"\"\nlet y = 0",
      "\u{FEFF}let café = \"é\"; let 日本 = 1 // ü\r\nlet z = 1",
      "let s = \"a\\r\\n\" ; f(x:\n\n\n  1)",
      "",
      "\n",
      "\r",
    ]
    for (index, text) in cases.enumerated() {
      assertSame(Array(text.utf8), "case \(index)")
    }
  }

  /// Columns are UTF-8 bytes, 1-based: the hand-counted place of `z` after `é` (2 bytes).
  func testColumnsCountBytes() {
    let lines = SourceLines(Array("a\r\nlet é = z".utf8))
    // "let é = " is 9 bytes on line 2, so `z` (byte 3 + 9 = 12) is at column 10.
    XCTAssertTrue(lines.location(12) == (2, 10))
    XCTAssertTrue(lines.location(0) == (1, 1))
    XCTAssertTrue(lines.location(2) == (1, 3))
    XCTAssertTrue(lines.location(3) == (2, 1))
  }
}
