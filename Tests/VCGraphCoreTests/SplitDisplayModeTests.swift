import Testing
import VCGraphCore

/// A split view's `displayMode` (issue 35: descriptions of split views lacked it), from
/// Apple's `UISplitViewController.DisplayMode`: "Display modes apply to a split view controller
/// in an expanded arrangement. When the split view interface is collapsed … the display mode
/// has no impact on the appearance of the split view controller interface."
@Suite("split view display modes")
struct SplitDisplayModeTests {
  private static func probe(
    _ mode: String, columns: Int = 2, device: String = "iPad"
  ) throws -> SemanticsProbe {
    let all = [
      "{ class: Primary, id: primary }", "{ class: Supplementary, id: supplementary }",
      "{ class: Secondary, id: secondary }",
    ]
    let written = columns == 3 ? all : [all[0], all[2]]
    return try SemanticsProbe(
      """
      device: \(device)
      window:
        root:
          class: UISplitViewController
          id: split
          displayMode: \(mode)
          viewControllers: [\(written.joined(separator: ", "))]
      """)
  }

  /// "Only the secondary view controller is shown onscreen. The primary and supplementary view
  /// controllers are offscreen." (`secondaryOnly`)
  @Test("secondaryOnly: only the secondary is on screen", arguments: [2, 3])
  func secondaryOnly(columns: Int) throws {
    let probe = try Self.probe("secondaryOnly", columns: columns)
    #expect(probe.onScreen == ["split", "secondary"])
    #expect(probe.top == "secondary")
  }

  /// "The sidebar shown is the primary column for doubleColumn interfaces and the
  /// supplementary column for tripleColumn interfaces." (`oneBesideSecondary`,
  /// `oneOverSecondary`)
  @Test(
    "one sidebar: the primary of two columns, the supplementary of three",
    arguments: ["oneBesideSecondary", "oneOverSecondary"])
  func oneSidebar(mode: String) throws {
    #expect(try Self.probe(mode, columns: 2).onScreen == ["split", "primary", "secondary"])
    #expect(
      try Self.probe(mode, columns: 3).onScreen == ["split", "supplementary", "secondary"])
  }

  /// "This display mode shows both sidebars tiled next to the secondary view controller."
  @Test(
    "two sidebars and automatic: every column",
    arguments: ["twoBesideSecondary", "twoOverSecondary", "twoDisplaceSecondary", "automatic"])
  func everyColumn(mode: String) throws {
    #expect(
      try Self.probe(mode, columns: 3).onScreen
        == ["split", "primary", "supplementary", "secondary"])
  }

  /// Collapsed (iPhone), the display mode has no impact: the primary column is shown.
  @Test("collapsed, the display mode has no impact")
  func collapsedIgnoresTheMode() throws {
    let probe = try Self.probe("secondaryOnly", device: "iPhone")
    #expect(probe.analysis.isCollapsed(try probe.index("split")))
    #expect(probe.onScreen == ["split", "primary"])
  }

  @Test("an unknown display mode is an error at its position, with a suggestion")
  func unknownMode() throws {
    let error = #expect(throws: VCGraphError.self) { try Self.probe("secondaryOnli") }
    #expect(error?.location?.line == 6, "\(String(describing: error))")
    #expect(error?.location?.column == 18, "\(String(describing: error))")
    #expect(error?.message == "unknown display mode 'secondaryOnli'")
    #expect(error?.hint?.contains("secondaryOnly") == true, "\(String(describing: error))")
  }
}
