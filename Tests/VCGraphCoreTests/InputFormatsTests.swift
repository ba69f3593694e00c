import Testing
import VCGraphCore

/// Which reader an input goes to (CommandLine.md, "Inputs": descriptions are `.yaml` and `.yml`,
/// debugger dumps `.txt` or detected by content), and that the options reach every reader.
@Suite struct InputFormatsTests {
  static let dump = Array("<UINavigationController 0x1>, state: appeared, view: <V 0x2>\n".utf8)
  static let yaml = Array("window:\n  root: UIViewController\n".utf8)

  func reader(_ path: String, _ bytes: [UInt8]) -> String {
    "\(InputFormats.reader(forPath: path, bytes: bytes))"
  }

  @Test func theExtensionDecidesWhateverTheContent() {
    #expect(reader("a.yaml", Self.dump) == "DescriptionLoader")
    #expect(reader("a.YML", Self.dump) == "DescriptionLoader")
    #expect(reader("a.txt", Self.yaml) == "DumpReader")
  }

  @Test func withoutAKnownExtensionTheContentDecides() {
    #expect(reader("-", Self.dump) == "DumpReader")
    #expect(reader("paste.log", Self.dump) == "DumpReader")
    // A byte-order mark and CR line ends do not hide a dump.
    #expect(reader("-", [0xEF, 0xBB, 0xBF] + Array("\r\n".utf8) + Self.dump) == "DumpReader")
    // Nothing recognises YAML by content: the description loader reads what is left.
    #expect(reader("-", Self.yaml) == "DescriptionLoader")
    #expect(reader("notes", Array("hello".utf8)) == "DescriptionLoader")
  }

  @Test func directoriesYieldEveryRegisteredExtension() {
    #expect(InputFormats.extensions == ["yaml", "yml", "txt", "storyboard"])
  }

  @Test func storyboardsAreReadByExtensionOrTheirDocumentType() {
    let storyboard = Array(
      "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">"
        .utf8)
    #expect(reader("Main.storyboard", Self.yaml) == "StoryboardHierarchyReader")
    #expect(reader("-", storyboard) == "StoryboardHierarchyReader")
    #expect(reader("Main.xml", storyboard) == "StoryboardHierarchyReader")
  }

  @Test func declaredKindsAndLimitsReachBothReaders() throws {
    let kinds = ReadOptions(declaredKinds: ["Custom": .tabBar])
    let dump = Array("<Custom 0x1>\n   | <UIViewController 0x2>\n".utf8)
    let fromDump = try InputFormats.read(bytes: dump, path: "d.txt", options: kinds)
    #expect(fromDump.controllers[0].kind == .tabBar)
    let yaml = Array("window:\n  root: { class: Custom, viewControllers: [ A ] }\n".utf8)
    let fromYAML = try InputFormats.read(bytes: yaml, path: "d.yaml", options: kinds)
    #expect(fromYAML.controllers[0].kind == .tabBar)

    var small = ReadOptions()
    small.limits.maxControllers = 1
    for (bytes, path) in [(dump, "d.txt"), (yaml, "d.yaml")] {
      #expect(throws: VCGraphError.self) {
        try InputFormats.read(bytes: bytes, path: path, options: small)
      }
    }
  }
}
