import Foundation
import Testing
import VCGraphCore

/// `vcgraph diff` through the built binary: outputs, exit codes, the diagram, and agreement
/// with `vcgraph simulate` on the sample scenarios.
@Suite("diff command")
struct DiffCommandTests {
  private func sample(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Samples/\(name)").path
  }

  private func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("diff X X: no differences, exit 0 even with --exit-code")
  func sameInput() throws {
    for name in ["scenario-000-tabs-modal.yaml", "mail-split-ipad.yaml"] {
      let run = try vcgraph(["diff", sample(name), sample(name), "--exit-code"])
      #expect(run.exitCode == 0, "\(run.stderr)")
      #expect(run.stdout.hasPrefix("\(sample(name)) → \(sample(name)): no differences\n"))
      let json = try vcgraph(["diff", sample(name), sample(name), "--format", "json"])
      #expect(try object(json.stdout)["identical"] as? Bool == true)
    }
    let dump = repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/printHierarchy/07-minsone-chisel-3-stacked-fullscreen.txt"
    ).path
    #expect(try vcgraph(["diff", dump, dump, "--exit-code"]).exitCode == 0)
  }

  @Test("--exit-code: 1 when they differ; without it 0")
  func exitCode() throws {
    let before = sample("000-top-view-controller.yaml")
    let after = sample("tabs-form-sheet.yaml")
    let strict = try vcgraph(["diff", before, after, "--exit-code"])
    #expect(strict.exitCode == 1, "\(strict.stderr)")
    #expect(strict.stdout.contains("top view controller: editor → addressForm\n"))
    let plain = try vcgraph(["diff", before, after])
    #expect(plain.exitCode == 0)
    #expect(plain.stdout == strict.stdout)
  }

  @Test("a UI test's dump against the expected description: differences are listed")
  func dumpAgainstDescription() throws {
    let directory = try TemporaryDirectory("diff")
    let dump = repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/printHierarchy/04-dingtalk-tab-5-navs-chat.txt"
    ).path
    let imported = try vcgraph(["import", dump, "-o", directory.path("expected.yaml")])
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    // The description imported from the dump is what the dump shows.
    let same = try vcgraph(["diff", directory.path("expected.yaml"), dump, "--exit-code"])
    #expect(same.exitCode == 0, "\(same.stdout)\(same.stderr)")
    // The app now shows the conversation list: the chat screen was popped.
    var text = try String(contentsOfFile: directory.path("expected.yaml"), encoding: .utf8)
    text = text.replacingOccurrences(
      of: "          - id: 0x13c830400\n            class: DTMessageOTOViewController\n"
        + "            state: appeared\n", with: "")
    try text.write(toFile: directory.path("expected.yaml"), atomically: true, encoding: .utf8)
    let run = try vcgraph([
      "diff", directory.path("expected.yaml"), dump, "--exit-code", "--format", "json",
    ])
    #expect(run.exitCode == 1, "\(run.stderr)")
    let diff = try object(run.stdout)
    let added = try #require(diff["added"] as? [[String: Any]])
    #expect(added.map { $0["id"] as? String } == ["0x13c830400"])
    #expect(added.first?["parent"] as? String == "0x13c8dda00")
    let top = try #require(diff["topViewController"] as? [String: Any])
    #expect(top["before"] as? String == "0x13c02ee00")
    #expect(top["after"] as? String == "0x13c830400")
    #expect(top["changed"] as? Bool == true)
    let visible = try #require(diff["visible"] as? [String: [String]])
    #expect(visible["lost"] == ["0x13c02ee00"])
  }

  @Test("a storyboard against the description imported from it, and against another app")
  func storyboards() throws {
    let directory = try TemporaryDirectory("diff-storyboard")
    let base = repositoryRoot.appendingPathComponent("Tests/Fixtures/storyboards").path
    let kickstarter = base + "/kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Main.storyboard"
    let unwind =
      base + "/joinpursuit__Pursuit-Core-iOS-UnwindSegueDemo/UnwindSegueDemo/Base.lproj/"
      + "Main.storyboard"
    let imported = try vcgraph(["import", kickstarter, "-o", directory.path("launch.yaml")])
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    let same = try vcgraph(["diff", directory.path("launch.yaml"), kickstarter, "--exit-code"])
    #expect(same.exitCode == 0, "\(same.stdout)\(same.stderr)")
    let other = try vcgraph(["diff", unwind, kickstarter, "--format", "json", "--exit-code"])
    #expect(other.exitCode == 1, "\(other.stderr)")
    let diff = try object(other.stdout)
    // Two different apps: nothing pairs (different root classes), everything is new.
    #expect((diff["paired"] as? [String: Int]) == ["byID": 0, "byPosition": 0])
    #expect((diff["removed"] as? [[String: Any]])?.count == 2)
  }

  @Test("each sample scenario's first and last state: diff says what simulate's summary says")
  func agreesWithSimulate() throws {
    let directory = try TemporaryDirectory("diff-simulate")
    let names = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Samples").path
    ).filter { $0.hasPrefix("scenario-") && $0.hasSuffix(".yaml") }.sorted().map {
      String($0.dropLast(5))
    }
    #expect(names.count >= 3)
    for name in names {
      let path = sample("\(name).yaml")
      // The last state, written as a description.
      let simulation = Simulator.run(
        try DescriptionLoader().load(
          bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path))
      let last = directory.path("\(name)-last.yaml")
      try DescriptionWriter.yaml(for: simulation.states[simulation.states.count - 1])
        .write(toFile: last, atomically: true, encoding: .utf8)
      let summaryRun = try vcgraph([
        "simulate", path, "-o", directory.path(name), "--format", "json",
      ])
      #expect(summaryRun.exitCode == 0, "\(summaryRun.stderr)")
      let summary = try object(summaryRun.stdout)
      let initial = try #require(summary["initial"] as? [String: Any])
      let steps = try #require(summary["steps"] as? [[String: Any]])
      // Fold the steps: added then removed is nothing; removed then added again is back.
      var net: [String: Int] = [:]
      for step in steps {
        for id in step["added"] as? [String] ?? [] { net[id] = net[id] == -1 ? 0 : 1 }
        for id in step["removed"] as? [String] ?? [] { net[id] = net[id] == 1 ? nil : -1 }
      }
      let first = Set(initial["onScreen"] as? [String] ?? [])
      let final = Set(steps.last?["onScreen"] as? [String] ?? [])
      let added = Set(net.filter { $0.value == 1 }.keys)
      let removed = Set(net.filter { $0.value == -1 }.keys)
      let topBefore = initial["topViewController"] as? String
      let topAfter = (steps.last?["topViewController"] as? [String: Any])?["after"] as? String

      let run = try vcgraph(["diff", path, last, "--format", "json", "--exit-code"])
      let diff = try object(run.stdout)
      func ids(_ key: String) -> Set<String> {
        Set((diff[key] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
      }
      #expect(ids("added") == added, "\(name)")
      #expect(ids("removed") == removed, "\(name)")
      let visible = try #require(diff["visible"] as? [String: [String]])
      #expect(Set(visible["gained"] ?? []) == final.subtracting(first).subtracting(added))
      #expect(Set(visible["lost"] ?? []) == first.subtracting(final).subtracting(removed))
      let top = try #require(diff["topViewController"] as? [String: Any])
      #expect(top["before"] as? String == topBefore, "\(name)")
      #expect(top["after"] as? String == topAfter, "\(name)")
      let same = added.isEmpty && removed.isEmpty && first == final && topBefore == topAfter
      #expect(run.exitCode == (same ? 0 : 1), "\(name): \(run.stdout)\(run.stderr)")
    }
  }

  @Test("-o draws AFTER with simulate's marks and the removed controllers in the caption")
  func diagram() throws {
    let directory = try TemporaryDirectory("diff-diagram")
    let before = directory.path("before.yaml")
    let after = directory.path("after.yaml")
    try """
    window:
      root:
        class: UINavigationController
        id: nav
        viewControllers: [ { class: FeedViewController, id: feed }, { class: OldViewController, id: old } ]
    """.write(toFile: before, atomically: true, encoding: .utf8)
    try """
    window:
      root:
        class: UINavigationController
        id: nav
        viewControllers: [ { class: FeedViewController, id: feed }, { class: PostViewController, id: post } ]
    """.write(toFile: after, atomically: true, encoding: .utf8)
    let run = try vcgraph(["diff", before, after, "-o", directory.path("after.svg")])
    #expect(run.exitCode == 0, "\(run.stderr)")
    let svg = try String(contentsOfFile: directory.path("after.svg"), encoding: .utf8)
    // Node groups follow each other; post's ends where the next element group starts.
    let post = try #require(svg.range(of: "<g id=\"vc&#45;post\" class=\"node\">"))
    let rest = svg[post.upperBound...]
    let postNode = rest[..<(rest.range(of: "class=\"node\"")?.lowerBound ?? rest.endIndex)]
    #expect(postNode.contains("✚ added"))
    #expect(!svg.contains("vc&#45;old"))
    // The removed controller is drawn dashed with ✕, apart from every AFTER controller.
    let ghost = try #require(DrawnSVG.nodes(svg, prefix: "removed-")["removed-old"])
    #expect(svg.contains("✕ removed"))
    for (id, node) in DrawnSVG.nodes(svg) {
      let apart =
        ghost.maxX <= node.minX || node.maxX <= ghost.minX || ghost.maxY <= node.minY
        || node.maxY <= ghost.minY
      #expect(apart, "\(id) overlaps the ghost")
    }
    #expect(svg.contains(">removed: old</text>"))
    // The input is named by its file name, as `render` names it (no path in an output).
    #expect(svg.contains("Compared with before.yaml · 1 added, 1 removed"))
    #expect(
      !svg.contains(directory.url.lastPathComponent.replacingOccurrences(of: "-", with: "&#45;")))
    #expect(svg.contains("<title id=\"vcgraph-title\">"))
    let mermaid = try vcgraph(["diff", before, after, "-o", directory.path("after.mmd")])
    #expect(mermaid.exitCode == 0, "\(mermaid.stderr)")
    #expect(try String(contentsOfFile: directory.path("after.mmd"), encoding: .utf8).contains("✚"))
  }

  @Test("-o with --focus ID: AFTER's path to ID and its neighbours, ghosts only beside them")
  func focusedDiagram() throws {
    let directory = try TemporaryDirectory("diff-focus")
    let before = directory.path("before.yaml")
    let after = directory.path("after.yaml")
    try """
    window:
      root:
        class: UITabBarController
        id: tabs
        viewControllers:
          - { class: UINavigationController, id: feedNav, viewControllers: [ { class: FeedViewController, id: feed }, { class: OldViewController, id: old } ] }
          - { class: UINavigationController, id: settingsNav, viewControllers: [ { class: SettingsViewController, id: settings }, { class: GoneViewController, id: gone } ] }
    """.write(toFile: before, atomically: true, encoding: .utf8)
    try """
    window:
      root:
        class: UITabBarController
        id: tabs
        viewControllers:
          - { class: UINavigationController, id: feedNav, viewControllers: [ { class: FeedViewController, id: feed }, { class: PostViewController, id: post } ] }
          - { class: UINavigationController, id: settingsNav, viewControllers: [ { class: SettingsViewController, id: settings } ] }
    """.write(toFile: after, atomically: true, encoding: .utf8)
    let run = try vcgraph(
      ["diff", before, after, "-o", directory.path("after.svg"), "--focus", "post"])
    #expect(run.exitCode == 0, "\(run.stderr)")
    let svg = try String(contentsOfFile: directory.path("after.svg"), encoding: .utf8)
    // Hand-checked: post's path from the window's root is tabs → feedNav → post; old, removed
    // from feedNav, is ghosted beside it; gone (removed from settingsNav) is not drawn.
    #expect(Set(DrawnSVG.nodes(svg).keys) == ["vc-tabs", "vc-feedNav", "vc-post"], "\(svg)")
    #expect(DrawnSVG.nodes(svg, prefix: "removed-")["removed-old"] != nil)
    #expect(DrawnSVG.nodes(svg, prefix: "removed-")["removed-gone"] == nil)
    #expect(svg.contains("focus on post") && svg.contains("✚ added"))
    // The whole drawing has both ghosts and every controller.
    let whole = try vcgraph(["diff", before, after, "-o", directory.path("whole.svg")])
    #expect(whole.exitCode == 0)
    let all = try String(contentsOfFile: directory.path("whole.svg"), encoding: .utf8)
    #expect(DrawnSVG.nodes(all, prefix: "removed-").count == 2)
    #expect(DrawnSVG.nodes(all).count == 6)
    // An id AFTER does not have: 65, the input named, a did-you-mean.
    let unknown = try vcgraph(
      ["diff", before, after, "-o", directory.path("x.svg"), "--focus", "pots"])
    #expect(unknown.exitCode == 65)
    #expect(unknown.stderr.contains("after.yaml: --focus: no controller has the id 'pots'"))
    #expect(unknown.stderr.contains("post"), "\(unknown.stderr)")
    // Without -o there is nothing to focus: 64.
    #expect(try vcgraph(["diff", before, after, "--focus", "post"]).exitCode == 64)
  }

  @Test("usage and input errors: exit 64, 65, 66")
  func errors() throws {
    let one = sample("000-top-view-controller.yaml")
    #expect(try vcgraph(["diff", one]).exitCode == 64)
    #expect(try vcgraph(["diff", one, one, one]).exitCode == 64)
    #expect(try vcgraph(["diff", "-", "-"]).exitCode == 64)
    let folder = try vcgraph(["diff", repositoryRoot.appendingPathComponent("Samples").path, one])
    #expect(folder.exitCode == 64)
    #expect(folder.stderr.contains("not a directory"))
    #expect(try vcgraph(["diff", one, one, "-o", "-"]).exitCode == 64)
    #expect(try vcgraph(["diff", one, one, "-o", "x.json"]).exitCode == 64)
    #expect(try vcgraph(["diff", one, "/nonexistent/x.yaml"]).exitCode == 66)
    let bad = try vcgraph(["diff", one, "-"], stdin: "window: [")
    #expect(bad.exitCode == 65)
    #expect(bad.stderr.contains("error:"))
    let help = try vcgraph(["--help"])
    #expect(
      help.stdout.range(
        of: #"\n  diff +what changed between two hierarchies"#, options: .regularExpression) != nil)
    let own = try vcgraph(["diff", "--help"])
    #expect(own.stdout.contains("--exit-code"))
  }
}
