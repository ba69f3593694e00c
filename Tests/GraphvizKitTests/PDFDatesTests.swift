import Foundation
import TestSupport
import Testing

@testable import GraphvizKit

/// PDF dates made reproducible: the date text against hand-computed calendar dates, and the
/// rewrite on PDFs cairo wrote (Graphviz's own `dot -Tpdf` in a chosen time zone, so the
/// date has either of the lengths cairo 1.16 writes).
@Suite("PDF dates")
struct PDFDatesTests {
  @Test("epoch seconds as PDF dates, checked by hand")
  func dates() {
    #expect(PDFDates.pdfDate(epoch: 0) == "D:19700101000000Z")
    // 1,700,000,000 s = 19,675 days + 80,000 s: 2023-11-14 22:13:20 UTC.
    #expect(PDFDates.pdfDate(epoch: 1_700_000_000) == "D:20231114221320Z")
    // 951,782,400 s = 11,016 days: 2000-02-29, a leap day of a year divisible by 400.
    #expect(PDFDates.pdfDate(epoch: 951_782_400) == "D:20000229000000Z")
    // One second earlier is the last second of 28 February.
    #expect(PDFDates.pdfDate(epoch: 951_782_399) == "D:20000228235959Z")
    #expect(PDFDates.pdfDate(epoch: 253_402_300_799) == "D:99991231235959Z")
  }

  @Test("SOURCE_DATE_EPOCH is a whole number of seconds or is refused")
  func sourceDateEpoch() {
    #expect(PDFDates.sourceDateEpoch(nil) == .unset)
    #expect(PDFDates.sourceDateEpoch("") == .unset)
    #expect(PDFDates.sourceDateEpoch("1700000000") == .seconds(1_700_000_000))
    for bad in ["-1", " 1", "1.5", "1e9", "253402300800", "99999999999999999999", "０"] {
      #expect(PDFDates.sourceDateEpoch(bad) == .malformed(bad), "\(bad)")
      #expect(PDFDates.sourceDateEpoch(bad).epoch == 0)
    }
  }

  @Test("a rendered PDF carries the fixed date and renders are byte-identical")
  func renderedPDFIsReproducible() throws {
    let graph = Fixtures.clustered()
    let first = try Graphviz.render(graph, format: .pdf).data
    Thread.sleep(forTimeInterval: 1.1)
    let second = try Graphviz.render(graph, format: .pdf).data
    #expect(first == second)
    let expected = PDFDates.pdfDate(
      epoch: PDFDates.sourceDateEpoch(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
        .epoch)
    #expect(String(decoding: first, as: UTF8.self).contains("/CreationDate (\(expected))"))
  }

  /// cairo 1.16 writes the local time: `D:YYYYMMDDHHmmSSZ` in UTC, `D:YYYYMMDDHHmmSS+05'30`
  /// in India, so the rewrite moves what follows the dictionary there.
  @Test("dot -Tpdf in UTC and in India: one file after the rewrite, and a valid one")
  func rewriteIsIndependentOfTheTimeZone() throws {
    guard let dot = DotCommand.url else {
      Issue.record("no dot on PATH")
      return
    }
    let utc = try runPDF(dot, timeZone: "UTC")
    let india = try runPDF(dot, timeZone: "Asia/Kolkata")
    #expect(contains(utc, "/CreationDate (D:"))
    #expect(contains(india, "+05'30"))
    #expect(utc.count == india.count - 5)
    let fixedUTC = PDFDates.fixed(utc, date: "D:20231114221320Z")
    let fixedIndia = PDFDates.fixed(india, date: "D:20231114221320Z")
    #expect(fixedUTC.count == utc.count)
    #expect(fixedUTC == fixedIndia)
    #expect(contains(fixedUTC, "/CreationDate (D:20231114221320Z)\n"))
    // In UTC only the date's digits change; every offset stays.
    let changed = zip(utc, fixedUTC).enumerated().filter { $0.element.0 != $0.element.1 }
    let key = Array("/CreationDate (".utf8)
    let dateStart = try #require(utc.indices.first { utc[$0...].starts(with: key) })
    #expect(changed.allSatisfy { $0.offset > dateStart && $0.offset < dateStart + 33 })
    // The moved objects are where the table says: qpdf reads the file without repairing it.
    for pdf in [fixedUTC, fixedIndia] {
      guard let qpdf = ExecutableSearch.first("qpdf") else {
        if ProcessInfo.processInfo.environment["CI"] == "true" {
          Issue.record("qpdf is missing: scripts/setup-deps --test installs it")
        } else {
          print("skipped: qpdf --check (qpdf is not installed)")
        }
        return
      }
      let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "pdfdates-\(UUID().uuidString).pdf")
      defer { try? FileManager.default.removeItem(at: path) }
      try Data(pdf).write(to: path)
      let check = try run(qpdf, ["--check", path.path])
      // qpdf exits 0 for a valid file, 3 for warnings (a cross-reference table it repaired).
      #expect(check.status == 0, "\(check.output)")
      #expect(check.output.contains("No syntax or stream encoding errors"))
    }
    // A wrong table is something qpdf notices: the same rewrite without moving the entries.
    var broken = india
    let indiaKey = try #require(india.indices.first { india[$0...].starts(with: key) })
    broken.replaceSubrange(
      (indiaKey + key.count - 1)..<(indiaKey + key.count + 23),
      with: Array("(D:20231114221320Z)".utf8))
    if let qpdf = ExecutableSearch.first("qpdf") {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "pdfdates-broken-\(UUID().uuidString).pdf")
      defer { try? FileManager.default.removeItem(at: path) }
      try Data(broken).write(to: path)
      #expect(try run(qpdf, ["--check", path.path]).status != 0)
    }
  }

  private func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    return bytes.indices.contains { bytes[$0...].starts(with: needle) }
  }

  @Test("text like a date outside the information dictionary is left alone")
  func onlyTheInfoDictionary() throws {
    // A link's URI is a literal string in the page's annotation, before the dictionary.
    var graph = Graph(name: "g", directed: true)
    graph.nodes.append(
      Node("a", attributes: Attributes([("URL", .text("https://example.com/ModDate"))])))
    let pdf = PDFDates.fixed(try Graphviz.render(graph, format: .pdf).data, date: "D:1Z")
    #expect(String(decoding: pdf, as: UTF8.self).contains("https://example.com/ModDate"))
    // Without a readable trailer nothing changes.
    let bare = Array("%PDF-1.5\n<< /CreationDate (D:20200101000000Z) >>\n".utf8)
    #expect(PDFDates.fixed(bare, date: "D:19700101000000Z") == bare)
  }

  private func runPDF(_ dot: URL, timeZone: String) throws -> [UInt8] {
    let result = try run(dot, ["-Tpdf"], input: "digraph { a -> b }", environment: ["TZ": timeZone])
    #expect(result.status == 0)
    return result.bytes
  }

  private func run(
    _ executable: URL, _ arguments: [String], input: String = "",
    environment: [String: String] = [:]
  ) throws -> (status: Int32, bytes: [UInt8], output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["SOURCE_DATE_EPOCH"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let inPipe = Pipe()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pdfdates-out-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: scratch.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = try FileHandle(forWritingTo: scratch)
    process.standardInput = inPipe
    process.standardOutput = out
    process.standardError = out
    try process.run()
    inPipe.fileHandleForWriting.write(Data(input.utf8))
    try inPipe.fileHandleForWriting.close()
    process.waitUntilExit()
    try out.close()
    let bytes = [UInt8](try Data(contentsOf: scratch))
    return (process.terminationStatus, bytes, String(decoding: bytes, as: UTF8.self))
  }
}
