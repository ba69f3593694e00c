import Testing
import VCGraphCore

/// Dumps as people paste them into Markdown (issue 31), built from the real fixtures: the same
/// lines quoted, fenced on the dump's own first line, with a note typed between them, or cut
/// below the `+` marker. Each reads as the plain fixture does, with a note; a line that cannot
/// be read is refused at that line.
@Suite struct DumpMarkdownPasteTests {
  /// A fixture's header and dump lines.
  static func lines(_ prefix: String) throws -> (header: [String], dump: [String]) {
    let (_, text) = try DumpFixtures.text(prefix)
    let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      .filter { !$0.isEmpty }
    return (all.filter { $0.hasPrefix("#") }, all.filter { !$0.hasPrefix("#") })
  }

  static func answers(_ hierarchy: Hierarchy) throws -> JSON {
    guard case .object(let pairs) = try AnalysisReport(hierarchy).json else { return .null }
    return .object(pairs.filter { !["input", "notes"].contains($0.0) })
  }

  static func plain(_ prefix: String) throws -> Hierarchy {
    let (header, dump) = try lines(prefix)
    return try DumpReader().read(text: (header + dump).joined(separator: "\n"), path: "p.txt")
  }

  @Test("a Markdown blockquote (`>   ` on every line) reads as the dump, with a note")
  func blockquote() throws {
    let (header, dump) = try Self.lines("16")
    let text = (header + dump.map { ">   " + $0 }).joined(separator: "\n") + "\n"
    #expect(DumpReader.looksLikeDump(text))
    let quoted = try DumpReader().read(text: text, path: "q.txt")
    #expect(try Self.answers(quoted) == Self.answers(try Self.plain("16")))
    #expect(quoted.notes.contains { $0.contains("blockquote") })
    // Positions stay the paste's: the root's `<` is at column 5 of line 3.
    let root = quoted.controllers[quoted.windows[0].root]
    #expect((root.location.line, root.location.column) == (3, 5))
  }

  @Test("a fence glued to the first dump line is a fence: the line is read, with a note")
  func fenceOnTheFirstLine() throws {
    let (header, dump) = try Self.lines("16")
    var fenced = dump
    fenced[0] = "```" + fenced[0]
    let text = (header + fenced + ["```"]).joined(separator: "\n") + "\n"
    let hierarchy = try DumpReader().read(text: text, path: "f.txt")
    // Before: the first line was dropped and its two children became two windows' roots.
    #expect(hierarchy.windows.count == 1)
    #expect(try Self.answers(hierarchy) == Self.answers(try Self.plain("16")))
    #expect(hierarchy.notes.contains { $0.contains("fence") && $0.contains("line 3") })
  }

  @Test("a closing fence glued to the last dump line is removed, with a note")
  func fenceOnTheLastLine() throws {
    let (header, dump) = try Self.lines("16")
    var fenced = dump
    fenced[fenced.count - 1] += "```"
    let text = (header + ["```"] + fenced).joined(separator: "\n") + "\n"
    let hierarchy = try DumpReader().read(text: text, path: "f.txt")
    #expect(try Self.answers(hierarchy) == Self.answers(try Self.plain("16")))
    #expect(hierarchy.notes.contains { $0.contains("fence ends line") })
  }

  @Test("a prose note between dump lines is skipped with a note naming its line")
  func proseLineSkipped() throws {
    let (header, dump) = try Self.lines("16")
    let text = (header + [dump[0], "After tapping the first row:"] + dump[1...])
      .joined(separator: "\n")
    let hierarchy = try DumpReader().read(text: text, path: "n.txt")
    #expect(try Self.answers(hierarchy) == Self.answers(try Self.plain("16")))
    #expect(hierarchy.notes.contains { $0.contains("line 4 is prose") })
    // lldb's own prose between two commands' output is skipped the same way.
    let lldb = (header + [dump[0], "Printing description of self:"] + dump[1...])
      .joined(separator: "\n")
    #expect(
      try DumpReader().read(text: lldb, path: "n.txt").notes.contains { $0.contains("prose") })
  }

  @Test("a line that is neither dump nor prose is refused at that line, not at 1:1")
  func unreadableFirstLineAtItsPosition() throws {
    let (header, dump) = try Self.lines("16")
    let text = (header + ["  output follows"] + dump).joined(separator: "\n")
    do {
      _ = try DumpReader().read(text: text, path: "n.txt")
      Issue.record("read")
    } catch {
      #expect(error.message.contains("line 3"))
      #expect((error.location?.line, error.location?.column) == (3, 3))
    }
  }

  @Test("a fragment whose `   + ` was trimmed but says `presented with:` reads as presented")
  func trimmedPresentedMarker() throws {
    // Fixture 26 (iBooks' Look Up screen) without its fence and with the `   + ` cut off.
    let (header, dump) = try Self.lines("26")
    var body = dump.filter { !$0.hasPrefix("```") }
    body[0] = String(body[0].dropFirst(5))
    #expect(body[0].hasPrefix("<BKLookupViewController"))
    let hierarchy = try DumpReader().read(
      text: (header + body).joined(separator: "\n"), path: "t.txt")
    let lookup = try #require(
      hierarchy.controllers.first { $0.className == "BKLookupViewController" })
    #expect(lookup.notes.contains { $0.contains("`   + ` marker was missing") })
    let child = try #require(hierarchy.controllers.first { $0.className.hasPrefix("DDParsec") })
    #expect(child.parent.map { hierarchy.controllers[$0].className } == "BKLookupViewController")
  }

  @Test("analyze shows the importer's guesses, as import writes them")
  func analyzeShowsControllerNotes() throws {
    let hierarchy = try Self.plain("25")
    let guessed = hierarchy.controllers.filter { !$0.notes.isEmpty }
    try #require(!guessed.isEmpty, "fixture 25 has guesses")
    let report = try AnalysisReport(hierarchy)
    #expect(report.notes.contains { $0.hasPrefix("'\(guessed[0].id)': ") })
    #expect(report.text.contains("note: '\(guessed[0].id)': "))
  }
}
