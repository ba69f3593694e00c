import Foundation
import Testing
import VCGraphCore

/// Real debugger dumps analyzed directly: the analysis agrees with what UIKit printed, and an
/// imported description gives the same answers as the dump.
@Suite struct DumpAnalysisTests {
  static let fixtures = DumpFixtures.directory

  /// Each fixture with the top view controller its `# context:` line describes.
  static let expectedTop: [(String, String?)] = [
    // "chat screen DTMessageOTOViewController pushed on top and is the visible VC"
    ("04-dingtalk-tab-5-navs-chat.txt", "0x13c830400"),
    // "Only the top one (0x7f8527501000) is appeared"
    ("07-minsone-chisel-3-stacked-fullscreen.txt", "0x7f8527501000"),
    // "DetailViewController pushed on ViewController; DetailViewController visible"
    ("16-qiita-nav-master-detail.txt", "0x7fc94b637db0"),
    // "visible VC = FireflyTestLoginViewController"
    ("19-firefly-nav-login.txt", "0x144f37c30"),
    // "never put in a window": nothing is on screen
    ("22-pointfree-tab-offscreen-presented-null.txt", nil),
    // "a single Swift root VC ... which is visible"
    ("24-rustymagnet-chisel-pvc-nav.txt", "0x7fa47861dcc0"),
    // No state is printed; the first tab is assumed selected, its navigation top is shown.
    ("25-chisel-fallback-format-tab-paging-children.txt", "0x16029c00"),
    // "with DDParsecRemoteCollectionViewController on top; both appeared"
    ("26-everettjf-ibooks-lookup-stray-backtick.txt", "0x102a1f800"),
  ]

  func read(_ name: String) throws -> Hierarchy {
    let url = Self.fixtures.appendingPathComponent(name)
    let text = try String(contentsOf: url, encoding: .utf8)
    return try DumpReader().read(text: text, path: name)
  }

  @Test(arguments: expectedTop.map(\.0))
  func visibleControllersAreThosePrintedAsAppeared(fixture: String) throws {
    let hierarchy = try read(fixture)
    let analysis = Analysis(hierarchy)
    let stated = hierarchy.controllers.indices.filter { hierarchy.controllers[$0].state != nil }
    let printedVisible = stated.filter {
      ["appeared", "appearing"].contains(hierarchy.controllers[$0].state)
    }
    let analyzedVisible = stated.filter { analysis.onScreen[$0] }
    #expect(
      analyzedVisible.map { hierarchy.controllers[$0].id }
        == printedVisible.map { hierarchy.controllers[$0].id })
  }

  @Test(arguments: expectedTop.map(\.0))
  func topViewControllerIsTheOneTheContextDescribes(fixture: String) throws {
    let expected = Self.expectedTop.first { $0.0 == fixture }!.1
    let hierarchy = try read(fixture)
    let top = Analysis(hierarchy).topViewController.map { hierarchy.controllers[$0].id }
    #expect(top == expected)
  }

  @Test(arguments: expectedTop.map(\.0))
  func importedDescriptionAnalyzesLikeTheDump(fixture: String) throws {
    let dump = try read(fixture)
    let yaml = DescriptionWriter.yaml(for: dump, source: fixture)
    let imported = try DescriptionLoader().load(text: yaml, path: fixture)
    let direct = try AnalysisReport(dump).json
    let viaYAML = try AnalysisReport(imported).json
    // Findings carry source positions, which differ between the dump and the YAML; notes
    // about the paste become comments in the YAML.
    func answers(_ json: JSON) -> JSON {
      guard case .object(let pairs) = json else { return json }
      return .object(pairs.filter { $0.0 != "findings" && $0.0 != "notes" })
    }
    #expect(answers(direct) == answers(viaYAML))
    let directRules = try AnalysisReport(dump).findings.map(\.rule)
    let importedRules = try AnalysisReport(imported).findings.map(\.rule)
    #expect(directRules == importedRules)
  }
}
