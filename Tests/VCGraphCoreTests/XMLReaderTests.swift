import Testing

@testable import VCGraphCore

/// `XMLElementStart`'s lazy lookups straight from libxml2's attribute array, against values
/// worked out by hand from the XML text: names, values, entity and character references,
/// duplicate local names, empty values and locations asked for only some elements.
@Suite struct XMLReaderTests {
  /// What a handler read of one element while it could.
  struct Seen: Equatable {
    var name: String
    var depth: Int
    var values: [String?]
    var location: (line: Int, column: Int)?
    var matches: [Bool]

    static func == (lhs: Seen, rhs: Seen) -> Bool {
      lhs.name == rhs.name && lhs.depth == rhs.depth && lhs.values == rhs.values
        && lhs.location?.line == rhs.location?.line
        && lhs.location?.column == rhs.location?.column && lhs.matches == rhs.matches
    }
  }

  /// Reads `id`, `title`, `key` and `empty` of every element, its location only for elements
  /// named `scene` (so the walk skips the others), and compares `key` with "a<b".
  final class Recorder: XMLEventHandler {
    var seen: [Seen] = []
    var ends: [Int] = []
    var locationsDiffered = false

    func startElement(_ element: borrowing XMLElementStart, depth: Int) throws(VCGraphError) {
      let location = element.isNamed("scene") ? element.location : nil
      if let location, element.location != location { locationsDiffered = true }
      seen.append(
        Seen(
          name: element.name, depth: depth,
          values: [
            element[attribute: "id"], element[attribute: "title"], element[attribute: "key"],
            element[attribute: "empty"],
          ],
          location: location.map { ($0.line, $0.column) },
          matches: [
            element.attribute("key", is: "a<b"), element.attribute("title", is: "x y"),
            element.attribute("id", is: "i"), element.isNamed("scen"),
          ]))
    }

    func endElement(depth: Int) throws(VCGraphError) { ends.append(depth) }
    func comment(_ text: String) {}
  }

  static func read(_ text: String) throws -> Recorder {
    let recorder = Recorder()
    try XMLReader.parse(
      bytes: Array(text.utf8), path: "t.xml", maxDepth: 200, handler: recorder)
    return recorder
  }

  @Test func attributesAreLookedUpByLocalNameWithReferencesReplaced() throws {
    let text = """
      <root xmlns:p="urn:p" xmlns:q="urn:q">
        <a p:id="first" q:id="second" id="third" key="a&lt;b" title="x&#10;y"/>
        <b idx="no" i="no" title="" key="a&#60;b" empty=""/>
        <scene  id='i' title="x&#x2028;y" key="a&amp;c"></scene>
          <c title="&lt;&gt;&quot;&apos;"/><scene id="&#233;t&#xE9;"/>
      </root>
      """
    let recorder = try Self.read(text)
    #expect(
      recorder.seen == [
        Seen(
          name: "root", depth: 1, values: [nil, nil, nil, nil], location: nil,
          matches: [false, false, false, false]),
        // Three attributes with the local name `id`: the first written wins.
        Seen(
          name: "a", depth: 2, values: ["first", "x y", "a<b", nil], location: nil,
          matches: [true, true, false, false]),
        // `idx` and `i` are not `id`; an empty value is "", not missing.
        Seen(
          name: "b", depth: 2, values: [nil, "", "a<b", ""], location: nil,
          matches: [true, false, false, false]),
        // Line 4, column 3; U+2028 becomes a space, so the title equals "x y". libxml2's SAX2
        // interface without entity substitution hands `&amp;` over as `&#38;`, made `&`
        // again (a title "A &amp; B" was drawn "A &#38; B").
        Seen(
          name: "scene", depth: 2, values: ["i", "x y", "a&c", nil], location: (4, 3),
          matches: [false, true, true, false]),
        Seen(
          name: "c", depth: 2, values: [nil, "<>\"'", nil, nil], location: nil,
          matches: [false, false, false, false]),
        // Line 5, column 38: after 4 spaces and the 33 characters of `<c .../>`.
        Seen(
          name: "scene", depth: 2, values: ["été", nil, nil, nil], location: (5, 38),
          matches: [false, false, false, false]),
      ])
    #expect(recorder.ends == [2, 2, 2, 2, 2, 1])
    #expect(!recorder.locationsDiffered)
  }

  /// `&amp;` and `&#38;` are `&` (libxml2 hands both over as the text `&#38;`), an escaped
  /// `&#38;` stays that text, and a value holding `&` compares as read.
  @Test func ampersandsAreRestored() throws {
    let text = """
      <r><a id="x&#38;" title="&amp;" key="a&amp;b&#38;c&amp;#38;d&amp;amp;e" empty="&lt;&amp;"/>
      <b key="a&lt;b" title="x&#38;#10;y"/></r>
      """
    let recorder = try Self.read(text)
    #expect(recorder.seen.count == 3)
    #expect(recorder.seen[1].values == ["x&", "&", "a&b&c&#38;d&amp;e", "<&"])
    #expect(recorder.seen[2].values == [nil, "x&#10;y", "a<b", nil])
    #expect(recorder.seen[2].matches == [true, false, false, false])
  }

  @Test func aLocationAskedTwiceIsTheSameAndErrorsAfterSkippedElementsArePlaced() throws {
    // Locations walk on from the last one asked for; errors after unasked elements are still
    // where the text says.
    let text = "<r>\n  <x/><scene/>é<scene/>\n<y>\n</r>"
    let error = #expect(throws: VCGraphError.self) { try Self.read(text) }
    #expect(error?.location?.line == 4)
    #expect(error?.message.contains("mismatch") == true)
    let good = try Self.read("<r>\n  <x/><scene/>é<scene/>\n</r>")
    #expect(good.seen.compactMap { $0.location?.line } == [2, 2])
    #expect(good.seen.compactMap { $0.location?.column } == [7, 16])
  }
}
