import Foundation
import Testing
import VCGraphCore
import VCGraphDiagram

/// What a full-screen presentation covers, and what a refused presentation says, on the
/// format-neutral diagram.
@Suite struct CoveredAndRefusedTests {
  func diagram(_ yaml: String) throws -> Diagram {
    let hierarchy = try DescriptionLoader().load(text: yaml, path: "t.yaml")
    return DiagramBuilder(report: try AnalysisReport(hierarchy)).diagram()
  }

  func controller(_ id: String, in diagram: Diagram) throws -> Diagram.ControllerNode {
    for node in diagram.allNodes {
      if case .controller(let controller) = node.content, controller.controller.id == id {
        return controller
      }
    }
    throw VCGraphError(.software, "no node \(id)")
  }

  /// `home` presents `settings` as a form sheet, which presents `player` full screen. S2 keeps
  /// `home` on screen (the full-screen presentation removes its presenter's views, `settings`;
  /// the sheet keeps `home`'s), but `player` fills the window: `home` is drawn covered.
  static let overASheet = """
    window:
      root:
        class: HomeViewController
        id: home
        view: { class: UITableView, id: table }
        presents:
          class: SettingsViewController
          id: settings
          modalPresentationStyle: formSheet
          presents: { class: PlayerViewController, id: player, modalPresentationStyle: fullScreen }
    """

  @Test func whatAFullScreenPresentationCoversIsDrawnCovered() throws {
    let diagram = try diagram(Self.overASheet)
    let home = try controller("home", in: diagram)
    #expect(!home.isOnScreen)
    #expect(home.coveredBy?.id == "player")
    #expect(try controller("settings", in: diagram).isOnScreen == false)
    #expect(try controller("settings", in: diagram).coveredBy == nil)  // removed, not covered
    let player = try controller("player", in: diagram)
    #expect(player.isOnScreen && player.isTop && player.coveredBy == nil)
    let views = diagram.allNodes.compactMap { node -> Diagram.ViewNode? in
      if case .view(let view) = node.content { return view }
      return nil
    }
    #expect(views.map(\.isOnScreen) == [false])
    #expect(diagram.legend?.hasOffScreen == true)
    // The answers stay S2's: home is on screen, behind the player.
    #expect(diagram.summary.onScreenCount == 2)
  }

  /// `overFullScreen` shows what is under it, and a sheet leaves an edge: nothing covered.
  @Test func otherStylesCoverNothing() throws {
    for style in ["overFullScreen", "pageSheet", "formSheet"] {
      let yaml = Self.overASheet.replacingOccurrences(
        of: "id: player, modalPresentationStyle: fullScreen",
        with: "id: player, modalPresentationStyle: \(style)")
      let home = try controller("home", in: try diagram(yaml))
      #expect(home.isOnScreen && home.coveredBy == nil, "\(style)")
    }
  }

  /// `feed` and `post` both present full screen; both go to `nav` (S1), which shows the first
  /// in the file and refuses the second.
  @Test func aRefusedPresentationSaysWhatIsShownInstead() throws {
    let diagram = try diagram(
      """
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
      """)
    let refused = diagram.edges.filter {
      if case .refusedPresentation = $0.kind { return true }
      return false
    }
    #expect(refused.count == 1)
    #expect(
      refused.first?.kind.labelLines == [
        "refused: nav", "is already presenting", "compose", "(requested first)",
      ])
  }
}
