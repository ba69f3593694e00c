import Testing
import VCGraphCore

/// Popovers and their anchor (issue 31). UIKit raises when a presentation that becomes a popover
/// in a regular width has no anchor: "UIPopoverPresentationController (…) should have a non-nil
/// sourceView or barButtonItem set before the presentation occurs" (Provenance-Emu/Provenance
/// #1833). Apple, UIActivityViewController: "On iPad, you must present the view controller in a
/// popover. On iPhone and iPod touch, you must present it modally." On compact width (iPhone) a
/// popover adapts to a sheet and needs no anchor.
@Suite struct PopoverAnchorTests {
  static func anchorFindings(_ yaml: String) throws -> [Finding] {
    let hierarchy = try DescriptionLoader().load(text: yaml, path: "p.yaml")
    return Checker.findings(for: Analysis(hierarchy)).filter {
      $0.rule == .actionSheetWithoutAnchor
    }
  }

  static let popoverMessage =
    "*** Terminating app due to uncaught exception 'NSGenericException', reason:"
    + " 'UIPopoverPresentationController (<UIPopoverPresentationController: 0x…>) should have a"
    + " non-nil sourceView or barButtonItem set before the presentation occurs.'"

  @Test("a .popover presentation on iPad without an anchor is reported where UIKit raises")
  func popoverStyleOnIPad() throws {
    let findings = try Self.anchorFindings(
      """
      device: iPad
      window:
        root:
          class: MapViewController
          presents: { class: FiltersViewController, modalPresentationStyle: popover }
      """)
    #expect(findings.count == 1)
    let finding = try #require(findings.first)
    #expect((finding.location.line, finding.location.column) == (5, 71))
    #expect(finding.message.contains("'FiltersViewController'"))
    #expect(finding.uikitMessage == Self.popoverMessage)
  }

  @Test(
    "a UIActivityViewController on iPad is a popover (Apple: \"you must present … in a popover\")")
  func activityControllerOnIPad() throws {
    let yaml = """
      device: iPad
      window:
        root:
          class: PhotoViewController
          presents: { class: UIActivityViewController, id: share }
      """
    let findings = try Self.anchorFindings(yaml)
    #expect(findings.count == 1)
    #expect(findings.first?.uikitMessage == Self.popoverMessage)
    let hierarchy = try DescriptionLoader().load(text: yaml, path: "p.yaml")
    let share = try #require(hierarchy.controller(id: "share"))
    #expect(hierarchy.presentationStyleText(of: share) == "automatic → popover")
  }

  @Test("on iPhone (compact width) a popover and an activity controller adapt: no anchor needed")
  func compactWidthNeedsNoAnchor() throws {
    for presented in [
      "{ class: FiltersViewController, modalPresentationStyle: popover }",
      "{ class: UIActivityViewController }",
    ] {
      let findings = try Self.anchorFindings(
        """
        window:
          root: { class: MapViewController, presents: \(presented) }
        """)
      #expect(findings.isEmpty, "\(presented): \(findings)")
    }
    let hierarchy = try DescriptionLoader().load(
      text: "window: { root: { class: A, presents: { class: UIActivityViewController } } }",
      path: "p.yaml")
    #expect(hierarchy.presentationStyleText(of: 1) == "automatic → pageSheet")
  }

  @Test("`popoverAnchor` is accepted on any presented controller, and it silences the finding")
  func anchorAcceptedEverywhere() throws {
    for presented in [
      "{ class: FiltersViewController, modalPresentationStyle: popover, popoverAnchor: filterButton }",
      "{ class: UIActivityViewController, popoverAnchor: barButtonItem }",
    ] {
      let findings = try Self.anchorFindings(
        """
        device: iPad
        window:
          root: { class: MapViewController, presents: \(presented) }
        """)
      #expect(findings.isEmpty, "\(presented): \(findings)")
    }
  }

  @Test("a present step of an unanchored popover on iPad is refused with the popover exception")
  func presentStepRaises() throws {
    let hierarchy = try DescriptionLoader().load(
      text: """
        device: iPad
        window:
          root: { class: MapViewController, id: map }
        steps:
          - present: { from: map, controller: { class: UIActivityViewController, id: share } }
        """, path: "p.yaml")
    let simulation = Simulator.run(hierarchy)
    let refusal = try #require(simulation.refusal)
    #expect(refusal.message.contains("popover"))
    #expect(refusal.uikitMessage == Self.popoverMessage)
    #expect(refusal.hint?.contains("UIAlertController") != true)
  }
}
