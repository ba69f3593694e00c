import Testing
import VCGraphCore

/// Steps and UIKit's console (issue 18): a refused step carries the line UIKit prints, and
/// `focus` picks the scene whose key window answers.
@Suite struct SimulatorUIKitTests {
  static func run(_ yaml: String) throws -> Simulation {
    Simulator.run(try DescriptionLoader().load(text: yaml, path: "s.yaml"))
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    var yaml: String
    var line: Int
    var uikitMessage: String?
    /// The exception UIKit raises, if any: the console shows the message as its reason.
    var exception: String? = nil
    var testDescription: String { name }

    var consoleLine: String? {
      guard let uikitMessage, let exception else { return uikitMessage }
      return "*** Terminating app due to uncaught exception '\(exception)', reason:"
        + " '\(uikitMessage)'"
    }
  }

  static let refusals: [Refusal] = [
    Refusal(
      name: "present on a presenter already presenting (Siren #348's log)",
      yaml: """
        window:
          root:
            class: UINavigationController
            id: nav
            viewControllers: [ { class: ListViewController, id: list } ]
            presents: { class: UIViewController, id: sheet }
        steps:
          - present: { from: list, controller: { class: UIAlertController, id: alert } }
        """,
      line: 8,
      uikitMessage: "Attempt to present <UIAlertController: 0x…> on <UINavigationController:"
        + " 0x…> (from <ListViewController: 0x…>) which is already presenting <UIViewController:"
        + " 0x…>."),
    Refusal(
      name: "push an instance already on the stack (pushViewController's documented exception)",
      yaml: """
        window:
          root:
            class: UINavigationController
            id: nav
            viewControllers: [ { class: Feed, id: feed }, { class: Post, id: post } ]
        steps:
          - push: { on: nav, controller: { class: Feed, id: feed } }
        """,
      line: 7,
      uikitMessage: "<UINavigationController: 0x…> is pushing the same view controller instance"
        + " (<Feed: 0x…>) more than once which is not supported and is most likely an error in"
        + " the application : <bundle identifier>",
      exception: "NSInvalidArgumentException"),
    Refusal(
      name: "popTo a controller not on the stack (helpscout/beacon-ios-sdk #132)",
      yaml: """
        window:
          root:
            class: UINavigationController
            id: nav
            viewControllers: [ { class: Feed, id: feed } ]
        detached: [ { class: Other, id: other } ]
        steps:
          - popTo: { on: nav, controller: other }
        """,
      line: 8, uikitMessage: "Tried to pop to a view controller that doesn't exist.",
      exception: "NSInternalInconsistencyException"),
    Refusal(
      name: "an action sheet on iPad without an anchor (sberrevoets/SDCAlertView #306)",
      yaml: """
        device: iPad
        window: { root: { class: PhotoViewController, id: photo } }
        steps:
          - present: { from: photo, controller: { class: UIAlertController, preferredStyle: actionSheet } }
        """,
      line: 4,
      uikitMessage: "Your application has presented a UIAlertController (<UIAlertController:"
        + " 0x…>) of style UIAlertControllerStyleActionSheet from PhotoViewController"
        + " (<PhotoViewController: 0x…>). The modalPresentationStyle of a UIAlertController with"
        + " this style is UIModalPresentationPopover. You must provide location information for"
        + " this popover through the alert controller's popoverPresentationController. You must"
        + " provide either a sourceView and sourceRect or a barButtonItem.  If this information"
        + " is not known when you present the alert controller, you may provide it in the"
        + " UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation.",
      exception: "NSGenericException"),
    Refusal(
      name: "present a window's root (awslabs/aws-sdk-ios-samples #203)",
      yaml: """
        windows:
          - { id: main, key: true, root: { class: Home, id: home } }
          - { id: side, root: { class: UINavigationController, id: sideNav } }
        steps:
          - present: { from: home, controller: { class: UINavigationController, id: sideNav } }
        """,
      line: 5,
      uikitMessage: "Application tried to present modally an active controller"
        + " <UINavigationController: 0x…>.",
      exception: "NSInvalidArgumentException"),
    Refusal(
      name: "pop the root: UIKit returns nil and prints nothing",
      yaml: """
        window: { root: { class: UINavigationController, id: nav, viewControllers: [ Feed ] } }
        steps:
          - pop: { on: nav }
        """,
      line: 3, uikitMessage: nil),
  ]

  @Test(arguments: refusals)
  func refusedStepCarriesUIKitsMessage(_ refusal: Refusal) throws {
    let simulation = try Self.run(refusal.yaml)
    let error = try #require(simulation.refusal)
    #expect(error.location?.line == refusal.line)
    #expect(error.uikitMessage == refusal.consoleLine)
  }

  static let scenes = """
    device: iPad
    scenes:
      - id: mail
        windows: [ { id: mailWindow, key: true, root: { class: Inbox, id: inbox } } ]
      - id: compose
        windows:
          - { id: composeWindow, key: true, root: { class: Composer, id: composer } }
          - { id: picker, root: { class: Picker, id: pickerVC } }
      - id: old
        foreground: false
        windows: [ { id: oldWindow, root: { class: Old, id: oldVC } } ]
    """

  @Test("focus: the top view controller follows the focused scene's key window")
  func focus() throws {
    let simulation = try Self.run(
      Self.scenes + "\nsteps:\n  - focus: { scene: compose }\n  - focus: { scene: compose }\n")
    #expect(simulation.refusal == nil)
    #expect(simulation.effects.map(\.topBefore) == ["inbox", "composer"])
    #expect(simulation.effects.map(\.topAfter) == ["composer", "composer"])
    #expect(
      simulation.effects.map(\.description) == [
        "scene compose becomes focused (was mail)", "scene compose is already focused",
      ])
  }

  @Test("focus: a background scene, an unknown one, a description without scenes are refused")
  func focusRefusals() throws {
    let background = try #require(
      try Self.run(Self.scenes + "\nsteps:\n  - focus: { scene: old }\n").refusal)
    #expect(background.message.contains("background"))
    #expect((background.location?.line, background.location?.column) == (13, 21))
    let unknown = try #require(
      try Self.run(Self.scenes + "\nsteps:\n  - focus: { scene: compse }\n").refusal)
    #expect(unknown.hint == "did you mean 'compose'?")
    let none = try #require(
      try Self.run("window: { root: A }\nsteps:\n  - focus: { scene: main }\n").refusal)
    #expect(none.message.contains("no scenes"))
  }

  @Test("presenting from a detached controller whose view is shown works, with UIKit's warning")
  func detachedPresenterNote() throws {
    let simulation = try Self.run(
      """
      window: { root: { class: Screen, id: screen, view: { subviews: [ { hosts: player } ] } } }
      detached: [ { class: PlayerViewController, id: player } ]
      steps:
        - present: { from: player, controller: { class: UIAlertController, id: alert } }
      """)
    #expect(simulation.refusal == nil)
    let note = try #require(simulation.effects.first?.notes.first)
    #expect(
      note.hasSuffix(
        "Presenting view controller <UIAlertController: 0x…> from detached view controller"
          + " <PlayerViewController: 0x…> is not supported, and may result in incorrect safe"
          + " area insets and a corrupt root presentation. Make sure <PlayerViewController:"
          + " 0x…> is in the view controller hierarchy before presenting from it. Will become a"
          + " hard exception in a future release."))
  }
}
