import Foundation
import Testing

/// Issue 18 through the command line: the two-scene iPad sample answers per scene and per
/// window in text, JSON and the diagram (each scene's top marked), and findings and refused
/// steps print the line UIKit prints.
@Suite struct UIKitCommandTests {
  static let sample = repositoryRoot.appendingPathComponent("Samples/ipad-two-scenes-focus.yaml")
    .path

  @Test("text: the focused scene answers on top; every scene and window below")
  func text() {
    let result = runInProcess(["analyze", Self.sample])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.contains("top view controller: compose (ComposeViewController)\n"))
    #expect(result.stdout.contains("  mailScene (foreground)\n"))
    #expect(
      result.stdout.contains(
        "    window mailWindow (key, level normal): top moveSheet (UIAlertController)\n"
          + "      path: root split → presented moveSheet\n"))
    #expect(
      result.stdout.contains(
        "    window toastWindow (level alert): top toast (ToastViewController)\n"))
    #expect(result.stdout.contains("  composeScene (foreground, focused)\n"))
    #expect(
      result.stdout.contains(
        "responder chain from sendButton: sendButton → composeRoot → compose → composeNav →"
          + " composeWindow → composeScene → UIApplication → MailAppDelegate\n"))
  }

  @Test("JSON: scenes[].windows[] each with its own top view controller")
  func json() throws {
    let result = runInProcess(["analyze", Self.sample, "--format", "json"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect((json["topViewController"] as? [String: String])?["id"] == "compose")
    let scenes = try #require(json["scenes"] as? [[String: Any]])
    #expect(scenes.map { $0["id"] as? String } == ["mailScene", "composeScene"])
    #expect(scenes.map { $0["focused"] as? Bool } == [false, true])
    var tops: [String: String] = [:]
    for scene in scenes {
      for window in try #require(scene["windows"] as? [[String: Any]]) {
        let top = try #require(window["topViewController"] as? [String: String])
        tops[try #require(window["id"] as? String)] = top["id"]
      }
    }
    #expect(
      tops == ["mailWindow": "moveSheet", "toastWindow": "toast", "composeWindow": "compose"])
  }

  @Test("diagram: ★ on the focused scene's top, ☆ on the other scene's, the alert window's top")
  func diagram() throws {
    let result = try vcgraph(
      ["render", "Samples/ipad-two-scenes-focus.yaml", "-f", "dot", "-o", "-"],
      cwd: repositoryRoot)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let dot = result.stdout
    /// The statement of the node whose SVG id is `vc-<id>`: from the line with its name and
    /// `[` to its `];`.
    func node(_ id: String) -> String {
      guard let idRange = dot.range(of: "id=\"vc-\(id)\""),
        let open = dot[..<idRange.lowerBound].range(of: "\t[", options: .backwards),
        let line = dot[..<open.lowerBound].range(of: "\n", options: .backwards),
        let end = dot[idRange.upperBound...].range(of: "];")
      else { return "" }
      return String(dot[line.upperBound..<end.upperBound])
    }
    #expect(node("compose").contains("★ top view controller"))
    #expect(node("moveSheet").contains("☆ top of scene mailScene"))
    #expect(node("moveSheet").contains("fillcolor=\"#ddf4ff\""))
    #expect(!node("toast").contains("top of scene"))
    #expect(dot.contains("window toastWindow · level alert · top toast"))
    #expect(dot.contains("top of scene mailScene: moveSheet"))
  }

  @Test("check: a finding is followed by the line UIKit prints")
  func checkPrintsUIKitsLine() throws {
    let directory = try TemporaryDirectory("uikit-check")
    let input = try directory.write(
      "nav.yaml",
      """
      window:
        root:
          class: UINavigationController
          viewControllers:
            - { class: FeedViewController, id: feed }
            - { class: FeedViewController, id: feed }
      """)
    let result = try vcgraph(["check", input, "--quiet"])
    #expect(result.exitCode == 1)
    let expected: String = [
      "[pushed-twice]\n      - { class: FeedViewController, id: feed }\n        ^\n",
      "note: UIKit prints: *** Terminating app due to uncaught exception",
      " 'NSInvalidArgumentException', reason: '<UINavigationController: 0x…> is pushing the",
      " same view controller instance (<FeedViewController: 0x…>) more than once which is",
      " not supported and is most likely an error in the application : <bundle identifier>'\n",
    ].joined()
    #expect(result.stdout.hasSuffix(expected))
  }

  @Test(
    "simulate without --strict follows UIKit: warning frames go on, a raising step ends the run")
  func simulateFollowsUIKit() throws {
    let directory = try TemporaryDirectory("uikit-simulate-lenient")
    // Each step from a documented UIKit behaviour: "already presenting" is a log and nothing
    // is shown (Siren #348); a dismiss on a controller that neither presents nor was presented
    // does nothing; pushing an instance twice raises (pushViewController(_:animated:): "If the
    // view controller is already on the navigation stack, this method throws an exception").
    let input = try directory.write(
      "flow.yaml",
      """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers: [ { class: Feed, id: feed } ]
      steps:
        - dismiss: { from: feed }
        - present: { from: feed, controller: { class: Sheet, id: sheet } }
        - present: { from: feed, controller: { class: Other, id: other } }
        - push: { on: nav, controller: { class: Post, id: post } }
        - push: { on: nav, controller: { class: Feed, id: feed } }
        - push: { on: nav, controller: { class: Never, id: never } }
      """)
    let result = try vcgraph(["simulate", input, "-o", directory.path("out"), "--format", "json"])
    #expect(result.exitCode == 1, "\(result.stderr)")
    #expect(result.stderr.contains("error: 'nav' is already in the stack") == false)
    #expect(result.stderr.contains("UIKit raises at step 5"), "\(result.stderr)")
    let names = directory.names(in: "out")
    #expect(names.contains("step-5.svg") && !names.contains("step-6.svg"), "\(names)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let steps = try #require(summary["steps"] as? [[String: Any]])
    let descriptions = steps.compactMap { $0["description"] as? String }
    #expect(descriptions.count == 5)
    #expect(descriptions[0] == "dismiss(from: feed) does nothing")
    #expect(descriptions[2].hasPrefix("UIKit ignores it: "))
    #expect(descriptions[4].hasPrefix("UIKit raises: "))
    let notes = (steps[0]["notes"] as? [String]) ?? []
    #expect(notes.contains { $0.contains("UIKit does nothing") })
    // --strict keeps the refusal: exit 65, nothing written.
    let strict = try vcgraph(["simulate", input, "-o", directory.path("strict"), "--strict"])
    #expect(strict.exitCode == 65)
    #expect(directory.names(in: "strict").isEmpty)
  }

  @Test("simulate: a refused step prints UIKit's line, and its JSON on --format json")
  func simulateRefusal() throws {
    let directory = try TemporaryDirectory("uikit-simulate")
    let input = try directory.write(
      "push.yaml",
      """
      window:
        root: { class: UINavigationController, id: nav, viewControllers: [ { class: Feed, id: feed } ] }
      steps:
        - push: { on: nav, controller: { class: Feed, id: feed } }
      """)
    let result = try vcgraph(
      ["simulate", input, "-o", directory.path("out"), "--format", "json", "--strict"])
    #expect(result.exitCode == 65)
    #expect(
      result.stderr.contains(
        "note: UIKit prints: *** Terminating app due to uncaught exception"
          + " 'NSInvalidArgumentException', reason: '<UINavigationController: 0x…> is pushing the"
          + " same view controller instance (<Feed: 0x…>)"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(json["appliedSteps"] as? Int == 0)
    let refusal = try #require(json["refusal"] as? [String: Any])
    #expect(refusal["step"] as? Int == 1)
    #expect(refusal["line"] as? Int == 4)
    #expect(
      (refusal["uikitMessage"] as? String)?.hasPrefix(
        "*** Terminating app due to uncaught exception") == true)
    #expect(directory.names(in: "out").isEmpty)
  }
}
