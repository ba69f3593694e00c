import Foundation
import Testing
import VCGraphCore

// `vcgraph diff`'s comparison (HierarchyDiff) and its pairing of controllers
// (ControllerMatching). Expected lists are worked out by hand from UIKit's rules (S1–S3) and
// the pairing rule on ControllerMatching.

private func description(_ yaml: String, path: String = "d.yaml") throws -> Hierarchy {
  try DescriptionLoader().load(text: yaml, path: path)
}

private func dump(_ text: String, path: String = "d.txt") throws -> Hierarchy {
  try InputFormats.read(bytes: Array(text.utf8), path: path)
}

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

private func file(_ relative: String) throws -> Hierarchy {
  let url = repository.appendingPathComponent(relative)
  return try InputFormats.read(bytes: [UInt8](try Data(contentsOf: url)), path: relative)
}

private func ids(_ entries: [HierarchyDiff.Entry]) -> [String] { entries.map(\.id) }

@Suite("diff: pairing controllers")
struct ControllerMatchingTests {
  @Test("a generated id (the class name, or the class name and -N) is not a given id")
  func givenIDs() {
    #expect(!ControllerMatching.isGiven("FeedViewController", className: "FeedViewController"))
    #expect(!ControllerMatching.isGiven("FeedViewController-2", className: "FeedViewController"))
    #expect(ControllerMatching.isGiven("feed", className: "FeedViewController"))
    #expect(ControllerMatching.isGiven("0x7f8527501000", className: "FeedViewController"))
    #expect(ControllerMatching.isGiven("FeedViewController-main", className: "FeedViewController"))
    #expect(ControllerMatching.isGiven("FeedViewController-", className: "FeedViewController"))
  }

  @Test("a dump and the same dump without addresses pair every controller by position")
  func addressesStripped() throws {
    let path = "Tests/Fixtures/printHierarchy/04-dingtalk-tab-5-navs-chat.txt"
    let withAddresses = try file(path)
    let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    let stripped = try dump(
      text.replacingOccurrences(of: #" 0x[0-9a-f]+"#, with: "", options: .regularExpression))
    let diff = HierarchyDiff(before: stripped, after: withAddresses)
    #expect(diff.isEmpty)
    #expect(diff.matching.pairedByID == 0)
    #expect(diff.matching.pairedByPosition == 12)
    // Pairs hold the same place: each controller with the one printed on the same line.
    for (b, a) in diff.matching.afterOf.enumerated() {
      #expect(
        a.map { withAddresses.controllers[$0].location.line }
          == stripped.controllers[b].location.line)
    }
  }

  @Test("an inserted tab and a popped controller leave the other tabs paired")
  func insertedTab() throws {
    let before = try dump(
      """
      <UITabBarController 0x1001>, state: appeared, view: <UILayoutContainerView 0x2001>
         | <UINavigationController 0x1002>, state: appeared, view: <UILayoutContainerView 0x2002>
         |    | <ChatListViewController 0x1003>, state: disappeared, view: <UIView 0x2003> not in the window
         |    | <ChatViewController 0x1004>, state: appeared, view: <UIView 0x2004>
         | <UINavigationController 0x1005>, state: disappeared, view: <UILayoutContainerView 0x2005> not in the window
         |    | <SettingsViewController 0x1006>, state: disappeared, view: (view not loaded)
      """)
    let after = try description(
      """
      window:
        root:
          class: UITabBarController
          viewControllers:
            - { class: UINavigationController, viewControllers: [ NewsViewController ] }
            - { class: UINavigationController, viewControllers: [ ChatListViewController ] }
            - { class: UINavigationController, viewControllers: [ SettingsViewController ] }
      """)
    let diff = HierarchyDiff(before: before, after: after)
    // The new first tab is the news stack; the chat list's stack (same root controller) and
    // the settings stack keep their controllers.
    #expect(diff.matching.pairedByPosition == 5)
    #expect(ids(diff.added) == ["UINavigationController-1", "NewsViewController"])
    #expect(diff.added[0].place == HierarchyDiff.Place(parent: "UITabBarController"))
    #expect(ids(diff.removed) == ["0x1004"])
    #expect(diff.removed[0].place == HierarchyDiff.Place(parent: "0x1002"))
    #expect(diff.moved.isEmpty)
    // The first tab is selected: the chat list's stack leaves the screen.
    #expect(diff.lost == ["UINavigationController-2"])
    #expect(diff.gained.isEmpty)
    #expect(diff.topBefore == "0x1004")
    #expect(diff.topAfter == "NewsViewController")
    #expect(diff.topChanged)
  }

  @Test("a given id pairs across places; the same id with another class does not")
  func givenIDsPairAnywhere() throws {
    let before = try description(
      """
      window:
        root:
          class: HomeViewController
          id: home
          children: [ { class: AViewController, id: a }, { class: BViewController, id: b } ]
      """)
    let after = try description(
      """
      window:
        root:
          class: HomeViewController
          id: home
          children: [ { class: OtherViewController, id: b } ]
          presents: { class: AViewController, id: a, modalPresentationStyle: fullScreen }
      """)
    let diff = HierarchyDiff(before: before, after: after)
    #expect(diff.matching.pairedByID == 2)
    #expect(
      diff.moved == [
        .init(
          id: "a", from: HierarchyDiff.Place(parent: "home"),
          to: HierarchyDiff.Place(presenter: "home"))
      ])
    #expect(ids(diff.removed) == ["b"])
    #expect(ids(diff.added) == ["b"])
    #expect(diff.added[0].className == "OtherViewController")
  }
}

@Suite("diff: what changed")
struct HierarchyDiffTests {
  static let before = """
    window:
      root:
        class: UITabBarController
        id: tabs
        viewControllers:
          - class: UINavigationController
            id: feedNav
            viewControllers:
              - { class: FeedViewController, id: feed }
              - class: PostViewController
                id: post
                presents:
                  { class: ComposeViewController, id: compose, modalPresentationStyle: pageSheet }
          - class: UINavigationController
            id: profileNav
            viewControllers:
              - class: ProfileViewController
                id: profile
                children: [ { class: UIAlertController, id: oldAlert } ]
    """

  static let after = """
    window:
      root:
        class: UITabBarController
        id: tabs
        viewControllers:
          - class: UINavigationController
            id: feedNav
            viewControllers:
              - class: FeedViewController
                id: feed
                presents:
                  { class: ComposeViewController, id: compose, modalPresentationStyle: formSheet }
          - class: UINavigationController
            id: profileNav
            viewControllers: [ { class: ProfileViewController, id: profile } ]
          - { class: SettingsViewController, id: settings }
    detached:
      - { class: UIAlertController, id: alert }
    """

  @Test("added, removed, style, on screen, top and findings, worked out by hand")
  func everyList() throws {
    let diff = HierarchyDiff(
      before: try description(Self.before, path: "before.yaml"),
      after: try description(Self.after, path: "after.yaml"))
    #expect(diff.matching.pairedByID == 6)
    #expect(diff.matching.pairedByPosition == 0)
    #expect(ids(diff.added) == ["settings", "alert"])
    #expect(diff.added[0].place == HierarchyDiff.Place(parent: "tabs"))
    #expect(diff.added[1].place == HierarchyDiff.Place())
    #expect(ids(diff.removed) == ["post", "oldAlert"])
    // S1: a sheet is presented by the root of the presentation context, the tab bar
    // controller, whoever asks: compose keeps its presenter, so it did not move.
    #expect(diff.moved.isEmpty)
    #expect(diff.styleChanged == [.init(id: "compose", before: .pageSheet, after: .formSheet)])
    // The sheet stays on top; the stack's top is feed again, on screen behind the sheet
    // (a sheet leaves its presenter's controllers on screen).
    #expect(!diff.topChanged)
    #expect(diff.topBefore == "compose" && diff.topAfter == "compose")
    #expect(diff.gained == ["feed"])
    #expect(diff.lost.isEmpty)
    // The alert embedded as a child is gone (fixed); the one in no window is new: they hold
    // different places, so they are not paired.
    #expect(diff.fixedFindings.map(\.rule.rawValue) == ["alert-not-presented"])
    #expect(diff.fixedFindings[0].location.path == "before.yaml")
    #expect(diff.newFindings.map(\.rule.rawValue) == ["alert-not-presented"])
    #expect(diff.newFindings[0].location.path == "after.yaml")
    #expect(!diff.isEmpty)
    #expect(
      diff.headline
        == "2 added, 2 removed, 1 style changed, 1 newly on screen, 1 new finding, 1 fixed finding")
  }

  @Test("the JSON names every list, with places on each side")
  func json() throws {
    let diff = HierarchyDiff(
      before: try description(Self.before, path: "before.yaml"),
      after: try description(Self.after, path: "after.yaml"))
    let text = diff.json.formatted()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "before", "after", "identical", "paired", "added", "removed", "moved", "styleChanged",
        "topViewController", "visible", "findings", "version",
      ])
    #expect(object["version"] as? Int == 1)
    #expect(object["identical"] as? Bool == false)
    let removed = try #require(object["removed"] as? [[String: Any]])
    #expect(removed.first?["id"] as? String == "post")
    #expect(removed.first?["parent"] as? String == "feedNav")
    let top = try #require(object["topViewController"] as? [String: Any])
    #expect(top["changed"] as? Bool == false)
    let visible = try #require(object["visible"] as? [String: [String]])
    #expect(visible["gained"] == ["feed"])
    let findings = try #require(object["findings"] as? [String: [[String: Any]]])
    #expect(findings["new"]?.first?["rule"] as? String == "alert-not-presented")
  }

  @Test("every sample, real dump and real storyboard compared with itself: no differences")
  func identity() throws {
    var paths: [String] = []
    for folder in ["Samples", "Tests/Fixtures/printHierarchy"] {
      let names = try FileManager.default.contentsOfDirectory(
        atPath: repository.appendingPathComponent(folder).path)
      paths += names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".txt") }.sorted().map {
        "\(folder)/\($0)"
      }
    }
    #expect(paths.count >= 17)
    for path in paths {
      let hierarchy = try file(path)
      let diff = HierarchyDiff(before: hierarchy, after: hierarchy)
      #expect(diff.isEmpty, "\(path): \(diff.text)")
      #expect(diff.matching.afterOf.allSatisfy { $0 != nil }, "\(path)")
    }
    let storyboard = repository.appendingPathComponent(
      "Tests/Fixtures/storyboards/kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Main.storyboard")
    let hierarchy = try StoryboardHierarchyReader.read(
      bytes: [UInt8](try Data(contentsOf: storyboard)), path: storyboard.path,
      options: .default)
    #expect(HierarchyDiff(before: hierarchy, after: hierarchy).isEmpty)
  }
}

@Suite("diff agrees with simulate")
struct DiffSimulationTests {
  /// Every sample scenario (`Samples/scenario-*.yaml`).
  static var scenarios: [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: repository.appendingPathComponent("Samples").path)) ?? []
    return names.filter { $0.hasPrefix("scenario-") && $0.hasSuffix(".yaml") }.sorted().map {
      "Samples/\($0)"
    }
  }

  @Test("the sample scenarios are found")
  func found() { #expect(Self.scenarios.count >= 3) }

  @Test("each step of each sample scenario: the diff of the states around it is its effect")
  func everyStep() throws {
    for path in Self.scenarios {
      let simulation = Simulator.run(try file(path))
      #expect(simulation.refusal == nil)
      for (offset, effect) in simulation.effects.enumerated() {
        let diff = HierarchyDiff(
          before: simulation.states[offset], after: simulation.states[offset + 1])
        let step = "\(path) step \(offset + 1)"
        #expect(ids(diff.added) == effect.added, "\(step)")
        #expect(ids(diff.removed) == effect.removed, "\(step)")
        #expect(diff.moved.map(\.id) == effect.moved, "\(step)")
        #expect(diff.gained == effect.newlyOnScreen, "\(step)")
        #expect(diff.lost == effect.leftScreen, "\(step)")
        #expect(diff.topBefore == effect.topBefore && diff.topAfter == effect.topAfter, "\(step)")
        #expect(diff.topChanged == (effect.topBefore != effect.topAfter), "\(step)")
      }
    }
  }

  @Test("each sample scenario's first and last state: the diff is what its steps add up to")
  func firstAndLast() throws {
    for path in Self.scenarios {
      let simulation = Simulator.run(try file(path))
      let report = SimulationReport(simulation, input: path)
      let last = simulation.states.count - 1
      let diff = HierarchyDiff(before: simulation.states[0], after: simulation.states[last])
      // Fold the steps' effects: added then removed is nothing; removed then added is back.
      var net: [String: Int] = [:]
      var everMoved = Set<String>()
      for effect in simulation.effects {
        for id in effect.added { net[id] = net[id] == -1 ? 0 : 1 }
        for id in effect.removed { net[id] = net[id] == 1 ? nil : -1 }
        everMoved.formUnion(effect.moved)
        everMoved.formUnion(effect.added.filter { net[$0] == 0 })
      }
      let added = Set(net.filter { $0.value == 1 }.keys)
      let removed = Set(net.filter { $0.value == -1 }.keys)
      #expect(Set(ids(diff.added)) == added, "\(path)")
      #expect(Set(ids(diff.removed)) == removed, "\(path)")
      #expect(Set(diff.moved.map(\.id)).isSubset(of: everMoved), "\(path)")
      let first = Set(report.onScreen(0))
      let final = Set(report.onScreen(last))
      #expect(Set(diff.gained) == final.subtracting(first).subtracting(added), "\(path)")
      #expect(Set(diff.lost) == first.subtracting(final).subtracting(removed), "\(path)")
      #expect(diff.topBefore == report.top(0), "\(path)")
      #expect(diff.topAfter == simulation.effects.last?.topAfter, "\(path)")
      // Scenario 002 goes A → B → C and back to A twice: its first and last states are equal.
      let same =
        added.isEmpty && removed.isEmpty && final == first && report.top(0) == diff.topAfter
      #expect(diff.isEmpty == same, "\(path)")
      #expect(diff.isEmpty == (path == "Samples/scenario-002-dismiss-back.yaml"), "\(path)")
    }
  }
}
