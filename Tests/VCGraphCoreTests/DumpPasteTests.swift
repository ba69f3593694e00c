import Testing
import VCGraphCore

/// What pastes add around a dump (issue 18): Swift's `po` of an optional and a stray closing
/// quote or backtick. Each is read, and the reader says so in a note.
@Suite struct DumpPasteTests {
  /// Fixture 07's dump lines (minsOne's Chisel post, a real `_printHierarchy`).
  static func dump07() throws -> [String] {
    let (_, text) = try DumpFixtures.text("07")
    return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
  }

  /// The same dump wrapped the way lldb prints an optional, as the same post shows for
  /// `po self.view`: `▿ Optional<UIView>` then `  - some : <UIView: 0x…; …>`. No public paste
  /// of `po …value(forKey: "_printHierarchy")` with the wrapper was found, so the wrapper is
  /// put around a real dump here.
  static func wrapped(_ marker: String = "- some : ") throws -> String {
    var lines = try dump07()
    lines[0] = "  " + marker + lines[0]
    return
      ([
        "(lldb) po UIApplication.shared.keyWindow?.rootViewController?.value(forKey: "
          + "\"_printHierarchy\")", "▿ Optional<Any>",
      ] + lines).joined(separator: "\n") + "\n"
  }

  func answers(_ hierarchy: Hierarchy) throws -> JSON {
    guard case .object(let pairs) = try AnalysisReport(hierarchy).json else { return .null }
    return .object(pairs.filter { !["input", "notes"].contains($0.0) })
  }

  @Test("po of an optional: the dump inside `▿ Optional<Any>` / `- some :` reads as the dump")
  func optionalWrapper() throws {
    let text = try Self.wrapped()
    #expect(DumpReader.looksLikeDump(text))
    let wrapped = try DumpReader().read(text: text, path: "po.txt")
    let plain = try DumpReader().read(text: try Self.dump07().joined(separator: "\n"), path: "p")
    #expect(try answers(wrapped) == answers(plain))
    #expect(wrapped.notes.count == 1)
    #expect(wrapped.notes.first?.contains("▿ Optional<Any>") == true)
    // Positions stay those of the paste: the root's `<` follows `  - some : ` on line 3.
    let root = wrapped.controllers[wrapped.windows[0].root]
    #expect((root.location.line, root.location.column) == (3, 12))
    #expect(plain.notes.isEmpty)
  }

  @Test("`▿ some :` (a value lldb expands) reads too")
  func expandedSome() throws {
    let hierarchy = try DumpReader().read(text: try Self.wrapped("▿ some : "), path: "po.txt")
    #expect(hierarchy.controllers.count == 4)
    #expect(hierarchy.notes.count == 1)
  }

  @Test("a `String?` prints the text quoted with \\n escapes, which reads like cycript's")
  func quotedSome() throws {
    let lines = try Self.dump07()
    let escaped = lines.joined(separator: "\\n").replacingOccurrences(of: "\"", with: "\\\"")
    let text = "▿ Optional<String>\n  - some : \"" + escaped + "\"\n"
    let hierarchy = try DumpReader().read(text: text, path: "po.txt")
    #expect(hierarchy.controllers.count == 4)
    #expect(
      Analysis(hierarchy).topViewController.map { hierarchy.controllers[$0].id }
        == "0x7f8527501000")
  }

  @Test("`▿ Optional<Any>` followed by something other than `- some :` is not a dump")
  func optionalWithoutSome() throws {
    let text = "▿ Optional<Any>\n  ▿ some : 2 elements\n    - 0 : 1\n"
    #expect(!DumpReader.looksLikeDump(text))
    #expect(throws: VCGraphError.self) { try DumpReader().read(text: text, path: "x.txt") }
  }

  @Test("26: a stray closing backtick at the end of a real paste is ignored, with a note")
  func strayBacktick() throws {
    let hierarchy = try DumpFixtures.read("26")
    #expect(hierarchy.controllers.map(\.id) == ["0x102a05800", "0x102a1f800"])
    #expect(
      hierarchy.notes == [
        "a stray closing backtick (`) at the end of the paste (line 5, column 121) was ignored"
      ])
    let yaml = DescriptionWriter.yaml(for: hierarchy, source: "26.txt")
    #expect(yaml.contains("# a stray closing backtick (`) at the end of the paste"))
  }

  @Test("a stray closing quote is ignored as well; a quote inside a line is not touched")
  func strayQuote() throws {
    let dump = """
      <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <ListViewController 0x3>, state: appeared, view: <UIView 0x4>"
      """
    let hierarchy = try DumpReader().read(text: dump, path: "q.txt")
    #expect(hierarchy.controllers.count == 2)
    #expect(hierarchy.notes.first?.hasPrefix("a stray closing quote (\")") == true)
    let clean = try DumpReader().read(text: String(dump.dropLast()), path: "q.txt")
    #expect(clean.notes.isEmpty)
  }
}
