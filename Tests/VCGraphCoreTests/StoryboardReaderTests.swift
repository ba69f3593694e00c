import Foundation
import Testing
import VCGraphCore

/// Reading storyboard XML: positions, positioned errors for bad input, and no entity, DTD,
/// file or network access ever.
@Suite struct StoryboardReaderTests {
  typealias F = StoryboardFixtures

  static let minimal = F.document(
    initial: "a", [F.controller("viewController", id: "a", attributes: "customClass=\"A\"")])

  /// 1-based line and column (in Unicode scalars) of the first `needle` in `text`.
  static func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
    guard let range = text.range(of: needle) else { return nil }
    let before = text[..<range.lowerBound]
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    return (
      before.filter { $0 == "\n" }.count + 1,
      text[lineStart..<range.lowerBound].unicodeScalars.count + 1
    )
  }

  // MARK: - Positions

  @Test func elementPositionsCountUnicodeScalars() throws {
    // Two-, three- and four-byte characters before the element on the same line.
    let text = Self.minimal.replacingOccurrences(
      of: "<viewController", with: "<!-- é€😀 --><viewController")
    let storyboard = try StoryboardReader().read(text: text, path: "t.storyboard")
    let expected = try #require(Self.position(of: "<viewController", in: text))
    #expect(storyboard.scenes[0].location.line == expected.line)
    #expect(storyboard.scenes[0].location.column == expected.column)
    #expect(storyboard.scenes[0].className == "A")
  }

  @Test func positionsSurviveAByteOrderMarkAndCRLF() throws {
    let text = Self.minimal.replacingOccurrences(of: "\n", with: "\r\n")
    let storyboard = try StoryboardReader().read(
      bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), path: "t.storyboard")
    let expected = try #require(Self.position(of: "<viewController", in: Self.minimal))
    #expect(storyboard.scenes[0].location.line == expected.line)
    #expect(storyboard.scenes[0].location.column == expected.column)
    #expect(storyboard.documentLocation.line == 2 && storyboard.documentLocation.column == 1)
  }

  @Test func controlCharactersFromCharacterReferencesBecomeSpaces() throws {
    // XML allows tab, line feed, carriage return and C1 controls (U+009B is a terminal's CSI)
    // as character references; none reaches a message or a label.
    let text = Self.minimal.replacingOccurrences(
      of: "customClass=\"A\"", with: "customClass=\"A\" title=\"a&#10;b&#x9B;[31mc&#9;\"")
    let storyboard = try StoryboardReader().read(text: text, path: "t.storyboard")
    #expect(storyboard.scenes[0].title == "a b [31mc ")
  }

  @Test func anAmpersandInATitleIsAnAmpersand() throws {
    // Interface Builder writes "Tom & Jerry" as `Tom &amp; Jerry`; it was read (and drawn)
    // as "Tom &#38; Jerry", libxml2's text for it without entity substitution.
    let text = Self.minimal.replacingOccurrences(
      of: "customClass=\"A\"", with: "customClass=\"A\" title=\"Tom &amp; Jerry &#38; &lt;3\"")
    let storyboard = try StoryboardReader().read(text: text, path: "t.storyboard")
    #expect(storyboard.scenes[0].title == "Tom & Jerry & <3")
  }

  // MARK: - Bad XML

  @Test func malformedXMLIsAPositionedDataError() throws {
    let text = Self.minimal.replacingOccurrences(of: "</objects>", with: "</object>")
    let error = try #require(F.error(text))
    #expect(error.kind == .dataError)
    #expect(error.message.contains("malformed XML"))
    #expect(error.message.contains("mismatch"))
    let expected = try #require(Self.position(of: "</object>", in: text))
    #expect(error.location?.line == expected.line)
    #expect(error.location?.path == "t.storyboard")
  }

  @Test func truncatedXMLFailsAtTheEnd() throws {
    let text = String(Self.minimal.prefix(Self.minimal.count - 40))
    let error = try #require(F.error(text))
    #expect(error.kind == .dataError)
    #expect(error.location?.line == text.filter { $0 == "\n" }.count + 1)
  }

  @Test func nonUTF8IsAPositionedError() throws {
    // "é" in Latin-1, inside a title on line 3.
    var bytes = Array(Self.minimal.utf8)
    let title = Array("customClass=\"A".utf8)
    let at = try #require(
      bytes.indices.first { bytes[$0...].starts(with: title) }.map { $0 + title.count })
    bytes.insert(0xE9, at: at)
    let error = try #require(F.error(bytes: bytes))
    #expect(error.kind == .dataError)
    #expect(error.message.contains("not valid UTF-8"))
    let expected = try #require(Self.position(of: "customClass=\"A", in: Self.minimal))
    #expect(error.location?.line == expected.line)
    #expect(error.location?.column == expected.column + title.count)
    let utf16 = F.error(
      bytes: [0xFF, 0xFE]
        + Array(Self.minimal.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    #expect(utf16?.message.contains("UTF-16") == true)
  }

  @Test func deepNestingStopsAtTheDepthLimit() throws {
    let depth = 1_000
    let nested =
      String(repeating: "<view>", count: depth) + String(repeating: "</view>", count: depth)
    let text = Self.minimal.replacingOccurrences(of: "<exit", with: nested + "<exit")
    let error = try #require(F.error(text))
    #expect(error.kind == .dataError)
    #expect(error.message.contains("nest more than \(StoryboardReader.defaultMaxElementDepth)"))
    // The first element past the limit: document, scenes, scene, objects, then the views.
    let views = StoryboardReader.defaultMaxElementDepth + 1 - 4
    let line = try #require(Self.position(of: "<view><view>", in: text)).line
    #expect(error.location?.line == line)
    #expect(
      error.location?.column == (Self.position(of: "<view>", in: text)!.column) + 6 * (views - 1))
  }

  @Test func hugeFileFailsAtTheSizeLimitWithoutBeingRead() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("vcgraph-huge-\(getpid()).storyboard").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // 100 MB: a real storyboard start, then padding (sparse, so the test writes little).
    _ = FileManager.default.createFile(atPath: path, contents: Data(Self.minimal.utf8))
    let file = open(path, O_WRONLY)
    try #require(file >= 0)
    #expect(ftruncate(file, 100 * 1024 * 1024) == 0)
    close(file)
    do {
      _ = try StoryboardLoader().load(paths: [path])
      Issue.record("a 100 MB storyboard must be refused")
    } catch {
      #expect(error.kind == .dataError)
      #expect(error.message.contains("\(100 * 1024 * 1024) bytes, more than the limit"))
      #expect(error.location == SourceLocation(path: path, line: 1, column: 1))
    }
    // Bytes already in memory are refused before parsing too.
    var limits = InputLimits()
    limits.maxInputBytes = 1_000
    let bytes = Array(Self.minimal.utf8) + [UInt8](repeating: 0x20, count: 2_000)
    #expect(throws: VCGraphError.self) {
      try StoryboardReader(limits: limits).read(bytes: bytes, path: "t.storyboard")
    }
  }

  @Test func missingFilesAndFoldersAreNoInput() throws {
    for path in ["/nonexistent/Main.storyboard", FileManager.default.temporaryDirectory.path] {
      #expect(throws: VCGraphError.self) { try StoryboardLoader().load(paths: [path]) }
      do {
        _ = try StoryboardLoader().load(paths: [path])
      } catch {
        #expect(error.kind == .noInput)
      }
    }
  }

  @Test func aStoryboardOverTenMegabytesReads() throws {
    // libxml2's push parser refuses to look ahead over more than 10 MB at once; the reader
    // feeds it in chunks, so a large (but allowed) storyboard reads.
    let label = "<label text=\"" + String(repeating: "x", count: 1_000) + "\"/>"
    let text = Self.minimal.replacingOccurrences(
      of: "<exit", with: String(repeating: label, count: 12_000) + "<exit")
    #expect(text.utf8.count > 12_000_000)
    let storyboard = try StoryboardReader().read(text: text, path: "t.storyboard")
    #expect(storyboard.scenes.map(\.className) == ["A"])
  }

  // MARK: - No entities, no DTDs, no file or network access

  @Test func entityExpansionBombIsRefusedAtItsDoctype() throws {
    var entities = "<!ENTITY lol0 \"lol\">\n"
    for level in 1...9 {
      entities +=
        "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
    }
    let text = Self.minimal.replacingOccurrences(
      of: "<document", with: "<!DOCTYPE document [\n\(entities)]>\n<document"
    )
    .replacingOccurrences(of: "customClass=\"A\"", with: "customClass=\"&lol9;\"")
    let error = try #require(F.error(text))
    #expect(error.kind == .dataError)
    #expect(error.message.contains("<!DOCTYPE>"))
    let expected = try #require(Self.position(of: "<!DOCTYPE", in: text))
    #expect(error.location?.line == expected.line && error.location?.column == expected.column)
  }

  @Test func externalEntitiesAreNeverRead() throws {
    // A file whose marker would show up in the class name or an error if it were read.
    let marker = "MARKER-\(UUID().uuidString)"
    let directory = FileManager.default.temporaryDirectory
    let secret = directory.appendingPathComponent("vcgraph-secret-\(getpid()).txt")
    let dtd = directory.appendingPathComponent("vcgraph-secret-\(getpid()).dtd")
    try marker.write(to: secret, atomically: true, encoding: .utf8)
    try "<!ENTITY leak SYSTEM \"\(secret.absoluteString)\">".write(
      to: dtd, atomically: true, encoding: .utf8)
    defer {
      try? FileManager.default.removeItem(at: secret)
      try? FileManager.default.removeItem(at: dtd)
    }
    let variants = [
      // An external entity in the internal subset, used in text.
      Self.minimal.replacingOccurrences(
        of: "<document",
        with: "<!DOCTYPE document [<!ENTITY leak SYSTEM \"\(secret.absoluteString)\">]>\n<document"
      ).replacingOccurrences(of: "</scenes>", with: "&leak;</scenes>"),
      // /etc/passwd, as in the classic attack.
      Self.minimal.replacingOccurrences(
        of: "<document",
        with: "<!DOCTYPE document [<!ENTITY leak SYSTEM \"file:///etc/passwd\">]>\n<document"
      ).replacingOccurrences(of: "</scenes>", with: "&leak;</scenes>"),
      // An external DTD that would declare the entity.
      Self.minimal.replacingOccurrences(
        of: "<document", with: "<!DOCTYPE document SYSTEM \"\(dtd.absoluteString)\">\n<document"
      ).replacingOccurrences(of: "customClass=\"A\"", with: "customClass=\"&leak;\""),
      // A parameter entity pulling the DTD in.
      Self.minimal.replacingOccurrences(
        of: "<document",
        with: "<!DOCTYPE document [<!ENTITY % ext SYSTEM \"\(dtd.absoluteString)\"> %ext;]>\n"
          + "<document"),
    ]
    for text in variants {
      let error = try #require(F.error(text))
      #expect(error.kind == .dataError)
      #expect(error.message.contains("<!DOCTYPE>"))
      #expect(!error.description.contains(marker))
      #expect(!error.description.contains("root:"))
      #expect(error.location?.line == Self.position(of: "<!DOCTYPE", in: text)?.line)
    }
    // Without a DOCTYPE no entity is declared: a reference is an error, not a lookup.
    let undeclared = Self.minimal.replacingOccurrences(of: "</scenes>", with: "&leak;</scenes>")
    let error = try #require(F.error(undeclared))
    #expect(error.message.contains("leak"))
    #expect(error.location?.line == Self.position(of: "&leak;", in: undeclared)?.line)
  }

  @Test func libxml2PrintsNothingToStandardError() throws {
    let bad = [
      Self.minimal.replacingOccurrences(of: "</objects>", with: "</object>"),
      Self.minimal.replacingOccurrences(of: "</scenes>", with: "&undeclared;</scenes>"),
      String(Self.minimal.prefix(100)),
      "<?xml version=\"1.0\"?><document attr=\"1\" attr=\"2\"/>",
    ]
    let captured = FileManager.default.temporaryDirectory
      .appendingPathComponent("vcgraph-stderr-\(getpid()).txt").path
    defer { try? FileManager.default.removeItem(atPath: captured) }
    let file = open(captured, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(file >= 0)
    let saved = dup(2)
    dup2(file, 2)
    var errors: [VCGraphError?] = []
    for text in bad { errors.append(F.error(text)) }
    fflush(nil)
    dup2(saved, 2)
    close(saved)
    close(file)
    #expect(errors.allSatisfy { $0?.kind == .dataError })
    // libxml2's own printer writes "t.storyboard:6: parser error : ..." and the line; other
    // tests running meanwhile may write to standard error too, so look for libxml2's words.
    let written = try String(contentsOfFile: captured, encoding: .utf8)
    #expect(!written.contains("parser error"), "\(written)")
    #expect(!written.contains("t.storyboard"), "\(written)")
  }

  @Test func parsesRunConcurrently() async throws {
    // Good and bad inputs on several threads at once: each parse keeps its own errors.
    let good = Self.minimal
    let bad = Self.minimal.replacingOccurrences(of: "</objects>", with: "</object>")
    let results = await withTaskGroup(of: (Bool, Bool).self) { group in
      for index in 0..<16 {
        group.addTask {
          let text = index.isMultiple(of: 2) ? good : bad
          let failed = F.error(text) != nil
          return (index.isMultiple(of: 2), failed)
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 16)
    #expect(results.allSatisfy { isGood, failed in isGood != failed })
  }

  // MARK: - Not a storyboard, or a broken one

  @Test func otherDocumentsAreRefused() throws {
    #expect(
      F.error("<?xml version=\"1.0\"?><plist/>")?.message.contains("root element is <plist>")
        == true)
    let xib = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"/>"
    #expect(F.error(xib)?.hint?.contains(".xib") == true)
    let mac = "<document type=\"com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB\"/>"
    #expect(F.error(mac)?.message.contains("macOS") == true)
    // The document element of ACHNBrowserUI's tvOS launch screen (Tests/Fixtures/swift): a tvOS
    // storyboard is named as one, not taken for a .xib.
    let tv = "<document type=\"com.apple.InterfaceBuilder.AppleTV.Storyboard\" version=\"3.0\""
      + " targetRuntime=\"AppleTV\"/>"
    #expect(F.error(tv)?.message == "a tvOS (Apple TV) storyboard; vcgraph reads iOS storyboards")
    #expect(F.error(tv)?.hint == nil)
    #expect(F.error("  \n")?.message == "the file is empty")
  }

  @Test func brokenStoryboardsArePositionedErrors() throws {
    let unknownKind = F.document(
      initial: "a", [F.controller("viewController", id: "a", segues: [F.segue("shw", to: "a")])])
    let kindError = try #require(F.error(unknownKind))
    #expect(kindError.message == "unknown segue kind 'shw'")
    #expect(kindError.hint == "did you mean 'show'?")
    #expect(kindError.location?.line == Self.position(of: "<segue", in: unknownKind)?.line)

    let dangling = F.document(
      initial: "a", [F.controller("viewController", id: "a", segues: [F.segue("show", to: "zzz")])])
    #expect(F.error(dangling)?.message.contains("destination 'zzz'") == true)

    let noInitial = F.document(initial: "nope", [F.controller("viewController", id: "a")])
    #expect(
      F.error(noInitial)?.location?.line == Self.position(of: "<document", in: noInitial)?.line)

    let twice = F.document(
      initial: "a",
      [F.controller("viewController", id: "a"), F.controller("tableViewController", id: "a")])
    #expect(F.error(twice)?.message.contains("already used") == true)

    let relationship = F.document(
      initial: "a",
      [
        F.controller(
          "navigationController", id: "a",
          segues: [F.segue("relationship", to: "a", "relationship=\"rootView\"")])
      ])
    #expect(F.error(relationship)?.message == "unknown relationship 'rootView'")
  }

  // MARK: - References

  @Test func referencesResolveInBaseLprojAndSearchFolders() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("vcgraph-refs-\(getpid())")
    defer { try? FileManager.default.removeItem(at: root) }
    let base = root.appendingPathComponent("App/Base.lproj")
    let shared = root.appendingPathComponent("Shared")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    let main = F.document(
      initial: "tabs",
      [
        F.controller(
          "tabBarController", id: "tabs",
          segues: ["p1", "p2", "p3"].map {
            F.segue("relationship", to: $0, "relationship=\"viewControllers\"")
          }),
        F.controller("viewControllerPlaceholder", id: "p1", attributes: "storyboardName=\"Other\""),
        F.controller(
          "viewControllerPlaceholder", id: "p2",
          attributes: "storyboardName=\"Far\" referencedIdentifier=\"far\""),
        F.controller("viewControllerPlaceholder", id: "p3", attributes: "storyboardName=\"Gone\""),
      ])
    try main.write(
      to: root.appendingPathComponent("App/Main.storyboard"), atomically: true, encoding: .utf8)
    try F.document(
      initial: "o", [F.controller("viewController", id: "o", attributes: "customClass=\"Other\"")]
    )
    .write(to: base.appendingPathComponent("Other.storyboard"), atomically: true, encoding: .utf8)
    try F.document(
      initial: nil,
      [
        F.controller(
          "viewController", id: "f", attributes: "customClass=\"Far\" storyboardIdentifier=\"far\"")
      ]
    )
    .write(to: shared.appendingPathComponent("Far.storyboard"), atomically: true, encoding: .utf8)

    let loader = StoryboardLoader(searchFolders: [shared.path])
    let map = try loader.load(paths: [root.appendingPathComponent("App/Main.storyboard").path])
    let state = try map.initialState()
    let tabs = state.hierarchy.controllers[0].children.map { state.hierarchy.controllers[$0] }
    #expect(tabs.map(\.className) == ["Other", "Far", "UIViewController"])
    #expect(tabs.map(\.id) == ["o", "far", "p3"])
    #expect(tabs[2].title == "Gone.storyboard")
    #expect(tabs[2].notes.contains { $0.contains("Gone.storyboard was not found") })
    // Without the search folder, Far stays a placeholder too.
    let alone = try StoryboardLoader().load(paths: [
      root.appendingPathComponent("App/Main.storyboard").path
    ])
    #expect(alone.unresolvedReferences.count == 2)
  }
}
