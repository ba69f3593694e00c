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
