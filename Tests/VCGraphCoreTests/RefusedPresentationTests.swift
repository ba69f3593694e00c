import Foundation
import Testing
import VCGraphCore

/// Two presentations that go to one presenter: `feed` and `post` sit in one navigation
/// stack and both present full screen, so both requests go to the root of the presentation
/// context, `nav` (Semantics S1; Apple: "a full-screen presentation must be made by a view
/// controller that itself covers the entire screen"). UIKit shows the first and refuses the
/// second with its "already presenting" line; `analyze` says which is which, and why.
@Suite struct RefusedPresentationTests: LoadsDescriptions {
  static let twoRequests = """
    window:
      root:
        class: UINavigationController
        id: nav
        viewControllers:
          - class: FeedViewController
            id: feed
            presents: { class: ComposeViewController, id: compose, modalPresentationStyle: fullScreen }
          - class: PostViewController
            id: post
            presents: { class: ShareViewController, id: share, modalPresentationStyle: fullScreen }
    """

  static let expectedText =
    "presentation refused: post presents share, but nav is already presenting compose"
    + " (requested first in the file, by feed): UIKit shows compose and refuses share\n"
    + "  UIKit prints: Attempt to present <ShareViewController: 0x…> on"
    + " <UINavigationController: 0x…> (from <PostViewController: 0x…>) which is already"
    + " presenting <ComposeViewController: 0x…>.\n"

  @Test func analyzeSaysWhichIsShownAndWhichRefused() throws {
    let report = try AnalysisReport(try load(Self.twoRequests))
    #expect(report.text.contains(Self.expectedText), "\(report.text)")
    #expect(
      report.analysis.topViewController.map { report.analysis.hierarchy.controllers[$0].id }
        == "compose")
  }

  /// With the rule silenced there is no finding, but the decision is still said.
  @Test func itIsSaidEvenWhenTheRuleIsIgnored() throws {
    let report = try AnalysisReport(
      try load(Self.twoRequests + "\nignore: [already-presenting]\n"))
    #expect(report.findings.isEmpty)
    #expect(report.text.contains(Self.expectedText), "\(report.text)")
  }

  @Test func theJSONNamesEveryoneInvolved() throws {
    let report = try AnalysisReport(try load(Self.twoRequests))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(report.json.formatted().utf8))
        as? [String: Any])
    let refused = try #require(object["refusedPresentations"] as? [[String: String]])
    #expect(
      refused == [
        [
          "presented": "share", "requestedBy": "post", "presenter": "nav", "shown": "compose",
          "shownRequestedBy": "feed",
          "uikitMessage": "Attempt to present <ShareViewController: 0x…> on"
            + " <UINavigationController: 0x…> (from <PostViewController: 0x…>) which is"
            + " already presenting <ComposeViewController: 0x…>.",
        ]
      ])
    let alone = try AnalysisReport(try load("window: { root: { class: A, id: a } }\n"))
    #expect(alone.json.formatted().contains("\"refusedPresentations\": []"))
  }
}
