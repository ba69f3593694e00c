import Testing
import VCGraphCore

/// The compact storage behind the model: what is packed must read back exactly as written.
@Suite struct ModelStorageTests {
  func at(_ line: Int, _ column: Int, _ path: String = "d.yaml") -> VCGraphCore.SourceLocation {
    VCGraphCore.SourceLocation(path: path, line: line, column: column)
  }

  @Test func keyLocationsReadBackInRecordingOrder() {
    var locations = KeyLocations()
    #expect(locations.isEmpty)
    locations["class"] = at(3, 5)
    locations["id"] = at(4, 7)
    #expect(locations["class"] == at(3, 5))
    #expect(locations["id"] == at(4, 7))
    #expect(locations["title"] == nil)
    #expect(locations["nonsense"] == nil)
    #expect(locations.keys == ["class", "id"])
    locations["class"] = at(9, 1)
    #expect(locations.keys == ["class", "id"])
    #expect(locations["class"] == at(9, 1))
    #expect(!locations.isEmpty)
  }

  @Test func keyLocationsSpillAndComeBack() {
    var locations = KeyLocations()
    let keys = ["class", "id", "title", "viewControllers", "presents"]
    for (number, key) in keys.enumerated() { locations[key] = at(number + 1, number + 2) }
    #expect(locations.keys == keys)
    for (number, key) in keys.enumerated() { #expect(locations[key] == at(number + 1, number + 2)) }
    locations["title"] = nil
    locations["presents"] = nil
    #expect(locations.keys == ["class", "id", "viewControllers"])
    var direct = KeyLocations()
    direct["class"] = at(1, 2)
    direct["id"] = at(2, 3)
    direct["viewControllers"] = at(4, 5)
    #expect(locations == direct)
  }

  @Test func keyLocationsKeepUnknownKeysAndExtremePositions() {
    var locations = KeyLocations()
    locations["class"] = at(1, 1)
    locations["custom key"] = at(2, 3)
    locations["id"] = at(Int(Int32.max), 1 << 25)
    #expect(locations.keys == ["class", "custom key", "id"])
    #expect(locations["custom key"] == at(2, 3))
    #expect(locations["id"] == at(Int(Int32.max), 1 << 25))
    locations["custom key"] = nil
    #expect(locations.keys == ["class", "id"])
    var clamped = KeyLocations()
    clamped["state"] = at(Int.max, -4, "other.txt")
    #expect(clamped["state"] == at(Int(Int32.max), -4, "other.txt"))
    clamped["state"] = nil
    #expect(clamped.isEmpty)
    #expect(clamped.keys.isEmpty)
  }
}

/// The flat YAML document the loader reads into: every value still reaches the model, and
/// duplicate keys are found however many keys a mapping has.
@Suite struct FlatDocumentTests: LoadsDescriptions {
  @Test func nestedContainersKeepTheirOwnChildren() throws {
    let long = "AVeryLongCustomViewControllerName"
    let hierarchy = try load(
      """
      classes: { \(long): UIViewController, Nav: UINavigationController }
      window:
        root:
          class: UITabBarController
          viewControllers:
            - class: Nav
              id: first
              viewControllers: [ \(long), { class: \(long), title: "quoted: text" } ]
            - { class: Nav, viewControllers: [ { class: UIViewController, id: last } ] }
      """)
    #expect(
      hierarchy.controllers.map(\.id) == [
        "UITabBarController", "first", "\(long)-1", "\(long)-2", "Nav-2", "last",
      ])
    #expect(hierarchy.controllers[3].title == "quoted: text")
    #expect(hierarchy.controllers[0].children == [1, 4])
    #expect(hierarchy.controllers[1].children == [2, 3])
    #expect(hierarchy.controllers[4].children == [5])
    #expect(hierarchy.controllers[3].location(of: "title").column == 114)
  }

  @Test func duplicateKeysAreFoundInLargeMappings() {
    let keys = (1...40).map { "  Class\($0): UIViewController\n" }.joined()
    let found = error("classes:\n\(keys)  Class7: UIViewController\nwindow: { root: A }\n")
    #expect(found?.message == "duplicate key 'Class7' (first at line 8)")
    #expect(found?.location == SourceLocation(path: "d.yaml", line: 42, column: 3))
    #expect(found?.hint == "each key appears once in a mapping")
    let small = error("classes:\n  A1: UIViewController\n  A1: UIViewController\n")
    #expect(small?.message == "duplicate key 'A1' (first at line 2)")
  }

  @Test func keysKeepTheirSpellingAndEquivalentSpellingsAreDuplicates() {
    // "Café" precomposed and decomposed: one key to YAML tools, two spellings in the file.
    let composed = "Caf\u{E9}"
    let decomposed = "Cafe\u{301}"
    let unknown = error(
      "classes: { \(composed): UIViewController }\nwindow: { root: A, \(decomposed): 1 }\n")
    #expect(
      unknown.map { Array($0.message.utf8) }
        == Array("unknown key '\(decomposed)' in a window".utf8))
    let duplicate = error(
      "classes: { \(composed): UIViewController, \(decomposed): UIViewController }\n")
    #expect(
      duplicate.map { Array($0.message.utf8) }
        == Array("duplicate key '\(decomposed)' (first at line 1)".utf8))
    let keys = (1...20).map { "  Class\($0): UIViewController\n" }.joined()
    let late = error(
      "classes:\n  \(composed): UIViewController\n\(keys)  \(decomposed): UIViewController\n")
    #expect(late?.message == "duplicate key '\(decomposed)' (first at line 2)")
    #expect(late?.location?.line == 23)
  }

  @Test func aKeyMustBeAScalar() {
    let found = error("window:\n  ? [a]\n  : b\n")
    #expect(found?.message == "a mapping key must be a plain name, not a list")
    #expect(found?.location == SourceLocation(path: "d.yaml", line: 2, column: 5))
  }
}
