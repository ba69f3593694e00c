import Testing

@testable import VCGraphCore

/// Everything a description states about a hierarchy, by id, without source positions.
private func structure(_ h: Hierarchy) -> [String: String] {
  func id(_ index: ControllerIndex?) -> String { index.map { h.controllers[$0].id } ?? "-" }
  func view(_ index: ViewIndex?) -> String {
    guard let index else { return "-" }
    let v = h.views[index]
    return "(\(v.id ?? "-") \(v.className) hosts=\(id(v.hosts)) owner=\(id(v.treeOwner))"
      + " [\(v.subviews.map(view).joined(separator: " "))])"
  }
  var result: [String: String] = [:]
  for c in h.controllers {
    result[c.id] = [
      "class=\(c.className)", "kind=\(c.kind)", "parent=\(id(c.parent))",
      "children=\(c.children.map { id($0) })", "presents=\(id(c.presents))",
      "requestedBy=\(id(c.requestedBy))",
      "style=\(c.modalPresentationStyle.map(\.rawValue) ?? "-")",
      "selected=\(c.selectedIndex.map(String.init) ?? "-")",
      "collapsed=\(c.collapsed.map { "\($0)" } ?? "-")", "showing=\(id(c.showing))",
      "state=\(c.state ?? "-")", "title=\(c.title ?? "-")", "view=\(view(c.view))",
      "defines=\(c.definesPresentationContext.map { "\($0)" } ?? "-")",
    ].joined(separator: " ")
  }
  result["#windows"] = h.windows.map {
    "\($0.id) key=\($0.isKey) level=\($0.level) root=\(id($0.root)) scene=\($0.scene ?? -1)"
  }.joined(separator: "; ")
  result["#scenes"] = h.scenes.map { "\($0.id) \($0.isForeground) \($0.windows)" }
    .joined(separator: "; ")
  result["#detached"] = h.detachedRoots.map { id($0) }.joined(separator: " ")
  result["#device"] = h.device.rawValue
  result["#title"] = h.title ?? "-"
  return result
}

/// Writes a hierarchy and loads the text back.
private func roundTrip(
  _ hierarchy: Hierarchy, source: String? = nil
) throws -> (text: String, loaded: Hierarchy) {
  let text = DescriptionWriter.yaml(for: hierarchy, source: source)
  let loaded = try DescriptionLoader().load(text: text, path: "written.yaml")
  return (text, loaded)
}

private func readDump(_ text: String) throws -> Hierarchy {
  try DumpReader().read(text: text, path: "dump.txt")
}

@Suite("Writing descriptions")
struct DescriptionWriterTests {
  @Test("every fixture written as YAML loads back as the same hierarchy")
  func fixturesRoundTrip() throws {
    for name in try DumpFixtures.names() {
      let (_, dump) = try DumpFixtures.text(name)
      let original = try DumpReader().read(text: dump, path: name)
      let (text, loaded) = try roundTrip(original, source: name)
      #expect(structure(loaded) == structure(original), "\(name)\n\(text)")
      #expect(loaded.superclasses == original.superclasses, "\(name)")
      #expect(text.hasPrefix("# \(name) as a vcgraph description"))
      for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        #expect(line.count <= 100 || !line.contains("#"), "\(name): \(line)")
      }
    }
  }

  @Test("04: classes section for the custom tab bar and navigation controllers")
  func classesSection() throws {
    let (text, loaded) = try roundTrip(try DumpFixtures.read("04"))
    #expect(
      text.contains(
        "classes:\n  DTNavigationController: UINavigationController\n"
          + "  DTTabBarController: UITabBarController\n"))
    #expect(text.contains("window:\n  root:\n    id: 0x13bd4cb00\n    class: DTTabBarController\n"))
    #expect(text.contains("    selectedIndex: 0\n    viewControllers:\n      - id: 0x13c8dda00\n"))
    #expect(loaded.controllers[loaded.windows[0].root].kind == .tabBar)
  }

  @Test("07: the presentation chain with its styles")
  func presentationChain() throws {
    let (text, _) = try roundTrip(try DumpFixtures.read("07"))
    #expect(
      text.contains(
        "    presents:\n      id: 0x7f8527609180\n      class: UIViewController\n"
          + "      state: disappeared\n      modalPresentationStyle: fullScreen\n"))
  }

  @Test("notes are comments on the lines before their controller")
  func notesAsComments() throws {
    let (text, _) = try roundTrip(try DumpFixtures.read("19"))
    let lines = text.split(separator: "\n").map(String.init)
    let root = try #require(lines.firstIndex(of: "  root:"))
    var comment: [String] = []
    var index = root - 1
    while index >= 0, lines[index].hasPrefix("  # ") {
      comment.insert(String(lines[index].dropFirst(4)), at: 0)
      index -= 1
    }
    let joined = comment.joined(separator: " ")
    #expect(joined.contains("kind navigation inferred from the view class UILayoutContainerView"))
    #expect(joined.contains("--class CSNavJViewController=tabBar"))
    #expect(lines.allSatisfy { $0.count <= 100 })
    #expect(text.contains("classes:\n  CSNavJViewController: UINavigationController\n"))
  }

  @Test("22: controllers in no window are written under `detached:` without a window")
  func detached() throws {
    let (text, loaded) = try roundTrip(try DumpFixtures.read("22"))
    #expect(text.contains("\ndetached:\n  # selected tab not stated; assumed the first\n"))
    #expect(text.contains("  - id: UITabBarController-1\n    class: UITabBarController\n"))
    #expect(!text.contains("window:"))
    #expect(!text.contains("windows:"))
    #expect(loaded.windows.isEmpty)
    #expect(loaded.detachedRoots.map { loaded.controllers[$0].id } == ["UITabBarController-1"])
  }

  @Test("several windows are written as `windows:` with id, key, level and root")
  func severalWindows() throws {
    let h = try readDump(
      """
      <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <AViewController 0x3>, state: appeared, view: <UIView 0x4>
      <UIInputWindowController 0x5>, state: appeared, view: <UIInputSetHostView 0x6>
      """)
    let (text, loaded) = try roundTrip(h)
    #expect(
      text.contains(
        "windows:\n  - id: window-1\n    key: true\n    level: normal\n    root:\n"
          + "      id: 0x1\n"))
    #expect(text.contains("  - id: window-2\n    key: false\n    level: normal\n    root:\n"))
    #expect(structure(loaded) == structure(h))
  }

  @Test("custom containers, split views, alerts and Swift names survive the round trip")
  func variantsRoundTrip() throws {
    let h = try readDump(
      """
      <MyApp.RootSplit 0x1>, state: appeared, view: <_UISplitViewControllerPanelImplView 0x2>
         | <UINavigationController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
         |    | <PagerViewController 0x5>, state: appeared, view: <UIScrollView 0x6>
         |    |    | <PageOne 0x7>, state: appeared, view: <UIView 0x8>
         |    |    | <PageTwo 0x9>, state: appeared, view: <UITableView 0xa>
         |    |    | <PageThree 0xb>, state: disappeared, view: <UIView 0xc> not in the window
         |    | <SwitcherViewController 0xd>, state: appeared, view: <UIView 0xe>
         |    |    | <OneViewController 0xf>, state: disappeared, view:  (view not loaded)
         |    |    | <TwoViewController 0x10>, state: appeared, view: <UIView 0x11>
         | <_TtC5MyApp14FeedController 0x12>, state: disappeared, view: <UIView 0x13> not in the window
         + <UIAlertController 0x14>, state: appeared, view: <_UIAlertControllerView 0x15>, presented with: <_UIAlertControllerAlertPresentationController 0x16>
      """)
    let (text, loaded) = try roundTrip(h)
    #expect(structure(loaded) == structure(h), "\(text)")
    #expect(text.contains("  MyApp.RootSplit: UISplitViewController\n"))
    #expect(text.contains("collapsed: true"))
    #expect(text.contains("showing: 0x10"))
    #expect(
      text.contains(
        "            view:\n              class: UIScrollView\n              subviews:\n"
          + "                - hosts: 0x7\n                - hosts: 0x9\n"
          + "                  class: UITableView\n            children:\n"))
    #expect(text.contains("class: MyApp.FeedController"))
  }

  @Test("scalars are quoted when YAML would not read them back as plain text")
  func quoting() {
    #expect(DescriptionWriter.scalar("0x7fcb1ac65030") == "0x7fcb1ac65030")
    #expect(DescriptionWriter.scalar("MyApp.FeedController") == "MyApp.FeedController")
    #expect(DescriptionWriter.scalar("UITabBarController-1") == "UITabBarController-1")
    #expect(DescriptionWriter.scalar("Feed: new") == #""Feed: new""#)
    #expect(DescriptionWriter.scalar("a #1") == #""a #1""#)
    #expect(DescriptionWriter.scalar("") == #""""#)
    #expect(DescriptionWriter.scalar("- item") == #""- item""#)
    #expect(DescriptionWriter.scalar("*ref") == #""*ref""#)
    #expect(DescriptionWriter.scalar("yes") == #""yes""#)
    #expect(DescriptionWriter.scalar(" padded") == #"" padded""#)
    #expect(DescriptionWriter.scalar("two\nlines\t\"q\"\\") == #""two\nlines\t\"q\"\\""#)
    #expect(DescriptionWriter.scalar("bell\u{7}") == #""bell\x07""#)
  }

  @Test("odd titles and class names load back unchanged")
  func oddScalarsRoundTrip() throws {
    let source = """
      title: "Feed: new #1 — \\"draft\\""
      classes:
        "Generic<A,B>": UINavigationController
      windows:
        - id: "main: window"
          key: true
          root:
            class: "Generic<A,B>"
            id: "[nav]"
            title: "- dash"
            viewControllers:
              - { class: "@Item", id: "{item}", state: "yes" }
        - id: banner
          level: alert
          root: { class: BannerViewController, id: "#banner" }
      """
    let original = try DescriptionLoader().load(text: source, path: "odd.yaml")
    let (text, loaded) = try roundTrip(original)
    #expect(structure(loaded) == structure(original), "\(text)")
    #expect(loaded.superclasses == original.superclasses)
    #expect(text.contains(#"title: "Feed: new #1 — \"draft\"""#))
    #expect(text.contains("level: alert"))
  }

  @Test("scenes, device, analyze, ignore and steps of a loaded description are written too")
  func fullDescription() throws {
    let source = """
      title: Two scenes
      device: iPad
      scenes:
        - id: left
          windows:
            - root:
                class: UISplitViewController
                id: split
                collapsed: false
                viewControllers: [ { class: UINavigationController, id: nav }, Detail ]
        - id: right
          foreground: false
          windows:
            - id: other
              root: { class: UIViewController, id: lone, definesPresentationContext: true }
      analyze:
        - dismiss: { from: lone, levels: 1 }
        - responderChain: { from: nav }
      ignore: [tab-bar-not-root]
      steps:
        - push: { on: nav, controller: { class: PostViewController, id: post } }
        - present:
            from: post
            controller: { class: Compose, id: compose, modalPresentationStyle: formSheet }
        - select: { on: nav, index: 0 }
        - dismiss: { from: compose }
      """
    let original = try DescriptionLoader().load(text: source, path: "full.yaml")
    let (text, loaded) = try roundTrip(original)
    #expect(structure(loaded) == structure(original), "\(text)")
    #expect(loaded.ignoredRules == ["tab-bar-not-root"])
    #expect(loaded.requests.count == 2)
    #expect(loaded.steps.count == 4)
    if case .present(let from, let controller) = loaded.steps[1].operation {
      #expect(from == "post")
      #expect(controller.fragment.controllers[controller.root].modalPresentationStyle == .formSheet)
    } else {
      Issue.record("the second step is not a present: \(text)")
    }
    if case .dismiss(let from, let levels, _) = loaded.steps[3].operation {
      #expect(from == "compose" && levels == nil)
    } else {
      Issue.record("the fourth step is not a dismiss: \(text)")
    }
  }

  @Test("an empty hierarchy still writes a description that loads")
  func empty() throws {
    let (text, loaded) = try roundTrip(Hierarchy(path: "empty"))
    #expect(text.contains("detached: []"))
    #expect(loaded.controllers.isEmpty)
  }
}
