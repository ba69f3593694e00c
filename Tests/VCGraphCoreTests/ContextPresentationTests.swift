import Testing
import VCGraphCore

/// A context presentation from a full-screen modal when no controller defines a context (issue
/// 31). Apple, UIPresentationController.presentingViewController: "The object in this property
/// could be the root view controller of the window, a parent view controller that is marked as
/// defining the current context, or the last view controller that was presented onscreen."
/// With no context-defining controller, the presentation goes to the presented controller the
/// request came from (the last one presented onscreen), not to the window's root that is
/// already presenting it.
@Suite struct ContextPresentationTests {
  static let player = """
    window:
      root:
        class: HomeViewController
        id: home
        presents:
          class: PlayerViewController
          id: player
          modalPresentationStyle: fullScreen
          presents: { class: ControlsViewController, id: controls, modalPresentationStyle: overCurrentContext }
    """

  @Test("overCurrentContext from a full-screen modal is presented by that modal")
  func presentedByTheModal() throws {
    let analysis = Analysis(try DescriptionLoader().load(text: Self.player, path: "p.yaml"))
    let h = analysis.hierarchy
    let controls = try #require(h.controller(id: "controls"))
    #expect(analysis.presentation.presenter[controls] == h.controller(id: "player"))
    #expect(analysis.presentation.refused.isEmpty)
    #expect(analysis.topViewController == controls)
    let findings = Checker.findings(for: analysis)
    #expect(!findings.contains { $0.rule == .alreadyPresenting }, "\(findings)")
  }

  @Test("the same as a step goes ahead, and no hint names the controller that was asked")
  func stepGoesAhead() throws {
    let hierarchy = try DescriptionLoader().load(
      text: """
        window:
          root:
            class: HomeViewController
            id: home
            presents: { class: PlayerViewController, id: player, modalPresentationStyle: fullScreen }
        steps:
          - present: { from: player, controller: { class: Controls, id: controls, modalPresentationStyle: overCurrentContext } }
        """, path: "p.yaml")
    let simulation = Simulator.run(hierarchy)
    #expect(simulation.refusal == nil, "\(String(describing: simulation.refusal?.hint))")
    #expect(
      simulation.effects.first?.description == "player presents controls (overCurrentContext)")
  }

  @Test("a context-defining controller below still wins (definesPresentationContext)")
  func definerBelowStillWins() throws {
    let yaml = """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers: [ Home ]
          presents:
            class: PlayerViewController
            id: player
            modalPresentationStyle: fullScreen
            presents: { class: Controls, id: controls, modalPresentationStyle: overCurrentContext }
      """
    let analysis = Analysis(try DescriptionLoader().load(text: yaml, path: "p.yaml"))
    #expect(analysis.presentation.refused.count == 1)
    let finding = try #require(
      Checker.findings(for: analysis).first { $0.rule == .alreadyPresenting })
    #expect(!finding.message.contains("present from 'player'"), "\(finding.message)")
  }
}

/// `dismiss` where nothing is presented (issue 31): UIKit does nothing; the messages say so
/// instead of listing nothing.
@Suite struct NothingPresentedTests {
  @Test("toClass with nothing presented: no empty list in the hint")
  func toClassHintIsNotEmpty() throws {
    let hierarchy = try DescriptionLoader().load(
      text: "window: { root: { class: Home, id: home } }", path: "d.yaml")
    let analysis = Analysis(hierarchy)
    do {
      _ = try analysis.dismiss(from: 0, toClass: "Home")
      Issue.record("answered")
    } catch {
      #expect(error.hint?.hasSuffix(": ") == false, "\(String(describing: error.hint))")
      #expect(error.hint?.contains("it is not presented") == true)
    }
  }

  @Test("a non-strict dismiss step on a controller that neither presents nor was presented")
  func dismissDoesNothing() throws {
    let hierarchy = try DescriptionLoader().load(
      text: """
        window: { root: { class: Home, id: home } }
        steps:
          - dismiss: { from: home }
        """, path: "d.yaml")
    let strict = Simulator.run(hierarchy)
    #expect(strict.refusal != nil)
    let lenient = Simulator.run(hierarchy, strict: false)
    #expect(lenient.refusal == nil)
    #expect(lenient.states.count == 2 && lenient.states[1] == lenient.states[0])
    #expect(lenient.effects.first?.notes.contains { $0.contains("UIKit does nothing") } == true)
  }
}
