import Testing

@testable import VCGraphCore

// One policy for the characters that could garble a terminal, forge an output line or make a
// diagram Graphviz rejects: descriptions and dumps that hold them are refused where they are
// (exit 65), and whatever text of unknown origin still reaches an output (file names, option
// values) is written with the characters escaped.

/// The characters refused, listed by hand (an independent truth for `ControlCharacters`):
/// C0 controls, DEL, C1 controls, the line and paragraph separators, U+FFFE and U+FFFF.
private let refused: [Unicode.Scalar] =
  (0x00...0x1F).map { Unicode.Scalar($0)! } + (0x7F...0x9F).map { Unicode.Scalar($0)! }
  + ["\u{2028}", "\u{2029}", "\u{FFFE}", "\u{FFFF}"]

/// How each refused character is written in a double-quoted YAML scalar.
private func yamlEscape(_ scalar: Unicode.Scalar) -> String {
  switch scalar.value {
  case 0x00: #"\0"#
  case 0x07: #"\a"#
  case 0x1B: #"\e"#
  case 0x0A: #"\n"#
  case 0x09: #"\t"#
  case 0x0D: #"\r"#
  case 0x85: #"\N"#
  case 0x2028: #"\L"#
  case 0x2029: #"\P"#
  default:
    scalar.value <= 0xFF
      ? #"\x"# + String(format2(scalar.value)) : #"\u"# + String(scalar.value, radix: 16)
  }
}

private func format2(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return digits.count == 1 ? "0" + digits : digits
}

/// Every place a description holds text, with `@` where the quoted text goes.
private let places: [(name: String, template: String)] = [
  ("id", "window:\n  root: { class: A, id: @ }\n"),
  ("title", "title: @\nwindow: { root: A }\n"),
  ("controller title", "window:\n  root: { class: A, title: @ }\n"),
  ("class", "window:\n  root: { class: @ }\n"),
  ("state", "window:\n  root: { class: A, state: @ }\n"),
  ("key", "window:\n  root: { class: A, @: x }\n"),
  ("view id", "window:\n  root: { class: A, view: { id: @ } }\n"),
  ("view class", "window:\n  root: { class: A, view: { class: @ } }\n"),
  ("window id", "windows:\n  - { id: @, root: A }\n"),
  ("scene id", "scenes:\n  - { id: @, windows: [ { root: A } ] }\n"),
  ("classes entry", "classes: { @: UIViewController }\nwindow: { root: A }\n"),
  ("superclass", "classes: { A: @ }\nwindow: { root: A }\n"),
  ("analyze from", "window: { root: A }\nanalyze: [ { dismiss: { from: @ } } ]\n"),
  ("step id", "window: { root: A }\nsteps: [ { pop: { on: @ } } ]\n"),
  ("ignore", "window: { root: A }\nignore: [ @ ]\n"),
  ("device", "device: @\nwindow: { root: A }\n"),
  ("level", "windows:\n  - { level: @, root: A }\n"),
]

/// The 1-based line and column of `@` in a template.
private func position(in template: String) -> (line: Int, column: Int) {
  var line = 1
  var column = 1
  for scalar in template.unicodeScalars {
    if scalar == "@" { break }
    if scalar == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
  }
  return (line, column)
}

private func hex(_ scalar: Unicode.Scalar) -> String {
  let digits = String(scalar.value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

@Suite struct ControlCharacterTests: LoadsDescriptions {
  @Test func theRefusedSetIsExactlyTheListedCharacters() {
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(
        ControlCharacters.isRefused(scalar) == refused.contains(scalar), "\(hex(scalar))")
    }
  }

  @Test(arguments: places)
  func everyPlaceRefusesEveryCharacterAtItsPosition(
    _ place: (name: String, template: String)
  ) {
    let (line, column) = position(in: place.template)
    for scalar in refused {
      let yaml = place.template.replacingOccurrences(
        of: "@", with: "\"a\(yamlEscape(scalar))b\"")
      guard let found = error(yaml) else {
        Issue.record("\(place.name): \(hex(scalar)) loaded")
        continue
      }
      #expect(found.kind == .dataError)
      #expect(
        found.location == SourceLocation(path: "d.yaml", line: line, column: column),
        "\(place.name) \(hex(scalar)): \(found)")
      #expect(found.message.contains(hex(scalar)), "\(place.name): \(found.message)")
      #expect(!found.message.unicodeScalars.contains { refused.contains($0) })
    }
  }

  @Test func aBlockScalarsLineBreakIsRefusedToo() {
    let found = error("title: |\n  two\n  lines\nwindow: { root: A }\n")
    #expect(found?.location?.line == 1)
    #expect(found?.message.contains("U+000A") == true)
  }

  @Test func emptyTextIsRefusedWhereItWouldBeDrawn() {
    for (yaml, line, column) in [
      ("title: \"\"\nwindow: { root: A }\n", 1, 8),
      ("window:\n  root: { class: A, state: '' }\n", 2, 28),
      ("window:\n  root: { class: A, title: \"\" }\n", 2, 28),
      ("window:\n  root: { class: A, view: { class: '' } }\n", 2, 36),
      ("windows:\n  - { id: '', root: A }\n", 2, 11),
      ("scenes:\n  - { id: '', windows: [ { root: A } ] }\n", 2, 11),
    ] {
      let found = error(yaml)
      #expect(
        found?.location == SourceLocation(path: "d.yaml", line: line, column: column),
        "\(yaml): \(String(describing: found))")
      #expect(found?.message.contains("must not be empty") == true, "\(String(describing: found))")
    }
  }

  @Test func dumpsWithRefusedCharactersAreRefusedWhereTheyAre() throws {
    for scalar in refused where scalar != "\n" && scalar != "\r" && scalar != "\t" {
      let text =
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
        + "   | <Feed\(Character(scalar))x 0x3>, state: appeared, view: <UIView 0x4>\n"
      do {
        _ = try DumpReader().read(text: text, path: "d.txt")
        Issue.record("\(hex(scalar)) in a dump was read")
      } catch {
        #expect(error.location == SourceLocation(path: "d.txt", line: 2, column: 11), "\(error)")
        #expect(error.message.contains(hex(scalar)), "\(error.message)")
      }
    }
  }

  @Test func storyboardTextHasRefusedCharactersMadeSpaces() throws {
    // Xcode writes storyboards and a title may hold a line break, so their text is made safe
    // rather than refused; character references reach every refused character XML allows.
    let storyboard = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
      initialViewController="vc1">
        <scenes>
          <scene sceneID="s1">
            <objects>
              <viewController id="vc1" customClass="Feed&#x9B;2J&#x2028;X&#xFFFD;&#x85;" \
      title="a&#10;fake.yaml:1:1: error: forged&#x2029;" sceneMemberID="viewController"/>
            </objects>
          </scene>
        </scenes>
      </document>
      """
    let hierarchy = try StoryboardHierarchyReader.read(
      bytes: Array(storyboard.utf8), path: "s.storyboard", options: .default)
    let texts = hierarchy.controllers.flatMap { [$0.id, $0.className, $0.title ?? ""] }
    #expect(texts.contains("Feed 2J X\u{FFFD} "), "\(texts)")
    for text in texts {
      #expect(ControlCharacters.firstRefused(in: text) == nil, "\(text.debugDescription)")
    }
  }

  @Test func escapedTextShowsEveryRefusedCharacterAndKeepsTheRest() {
    #expect(ControlCharacters.escaped("a\u{1B}[2Jb") == #"a\u{1B}[2Jb"#)
    #expect(
      ControlCharacters.escaped("nav\nfake.yaml:1:1: error: x")
        == #"nav\u{A}fake.yaml:1:1: error: x"#)
    #expect(ControlCharacters.escaped("\u{9B}\u{2028}\u{FFFE}") == #"\u{9B}\u{2028}\u{FFFE}"#)
    #expect(ControlCharacters.escaped("café \\ שלום ✚") == "café \\ שלום ✚")
  }

  @Test func diagnosticsEscapeThePathTheMessageTheHintAndTheQuotedLine() {
    let path = "nav\nfake.yaml:1:1: error: forged finding.yaml"
    let printer = DiagnosticPrinter(sources: [path: "title: a\u{1B}[2J\u{9B}b\n"])
    let text = printer.format(
      VCGraphError.data(
        "bad \u{1B}]0;x\u{7}", at: SourceLocation(path: path, line: 1, column: 8),
        hint: "try \u{2028}this"))
    #expect(!text.unicodeScalars.contains { $0 != "\n" && refused.contains($0) }, "\(text)")
    #expect(!text.split(separator: "\n").contains { $0.hasPrefix("fake.yaml") })
    #expect(text.hasPrefix(#"nav\u{A}fake.yaml:1:1: error: forged finding.yaml:1:8: error: bad"#))
  }

  @Test func jsonEscapesEveryRefusedCharacter() {
    for scalar in refused {
      let quoted = JSON.quote("a\(Character(scalar))b")
      #expect(!quoted.unicodeScalars.contains { refused.contains($0) }, "\(hex(scalar))")
    }
    #expect(JSON.quote("\u{9B}\u{FFFE}") == #""\u009b\ufffe""#)
  }
}
