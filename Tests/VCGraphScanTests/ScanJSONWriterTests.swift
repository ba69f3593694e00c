import VCGraphCore
import XCTest

@testable import VCGraphScan

/// `ScanJSONWriter` writes the bytes `ScanResult.json.formatted()` and a line feed make (the
/// formatter is the truth: it is what `vcgraph-swift scan` printed before the writer, and what
/// every other JSON output of vcgraph goes through).
final class ScanJSONWriterTests: XCTestCase {
  func formatted(_ result: ScanResult) -> [UInt8] {
    Array((result.json.formatted() + "\n").utf8)
  }

  func testFixtureAppsAsTheFormatterWritesThem() throws {
    for app in ["TrustWallet__trust-wallet-ios", "Dimillian__ACHNBrowserUI", "tinode__ios"] {
      let result = try FixtureScans.result(app)
      XCTAssertFalse(result.edges.isEmpty, app)
      let written = ScanJSONWriter.bytes(result)
      XCTAssertEqual(written.count, formatted(result).count, app)
      XCTAssertTrue(written == formatted(result), app)
    }
  }

  func testEmptyResult() {
    let empty = ScanResult()
    XCTAssertEqual(ScanJSONWriter.bytes(empty), formatted(empty))
    XCTAssertEqual(
      String(decoding: ScanJSONWriter.bytes(empty), as: UTF8.self),
      "{\n  \"version\": 1,\n  \"controllers\": [],\n  \"edges\": [],\n  \"entryPoints\": []\n}\n")
  }

  /// Quotes, backslashes, control characters, a line separator, a bidirectional control,
  /// non-ASCII letters and DEL, in every string field, with every optional field set and unset.
  func testEscapesAndOptionalFields() {
    let texts = [
      "plain", "say \"hi\"", "back\\slash", "tab\there", "line\nfeed", "cr\rhere", "nul\u{0}",
      "bell\u{7}", "del\u{7F}", "esc\u{1B}[31m", "sep\u{2028}", "bidi\u{202E}txt", "café",
      "日本語", "emoji 🚀", "",
    ]
    var result = ScanResult()
    for (index, text) in texts.enumerated() {
      result.controllers.append(
        ScanController(
          name: text, kind: index % 2 == 0 ? .uikit : .swiftui,
          superclass: index % 3 == 0 ? nil : text, file: "Dir/\(text).swift", line: index))
      let set = index % 2 == 0
      result.edges.append(
        ScanEdge(
          from: text, fromKind: .object, on: set ? text : nil, to: set ? nil : text,
          operation: .present, style: set ? text : nil, animated: [true, false, nil][index % 3],
          file: text, line: index * 1000, column: -index,
          via: set ? .helper : .storyboard, confidence: set ? .labels : .type,
          reason: set ? nil : text, identifier: set ? text : nil,
          transition: set ? text : nil, anchor: set ? nil : text,
          definesPresentationContext: [true, false, nil][(index + 1) % 3],
          helper: set ? text : nil))
      result.entryPoints.append(ScanEntryPoint(type: text, how: "how \(text)"))
    }
    XCTAssertEqual(ScanJSONWriter.bytes(result), formatted(result))
    // The escapes themselves, spelled out: the writer did not copy these strings as they are.
    let text = String(decoding: ScanJSONWriter.bytes(result), as: UTF8.self)
    for escaped in [
      #""say \"hi\"""#, #""back\\slash""#, #""tab\there""#, #""nul\u0000""#, #""del\u007f""#,
      #""esc\u001b[31m""#, #""sep\u2028""#, #""bidi\u202etxt""#, #""café""#,
    ] {
      XCTAssertTrue(text.contains(escaped), escaped)
    }
  }
}
