import Testing
import VCGraphCapture
import VCGraphCore

/// What the writer makes of states a description cannot reach by a round trip: scenes without
/// a key window, hidden windows, custom and popover presentations, titles, partly attached
/// children. Expected texts are written by hand from `format.md` and Apple's documentation.
@MainActor
struct CaptureWriterTests {
  func controller(_ className: String, _ kind: CapturedKind = .plain) -> ModelController {
    ModelController(className: className, kind: kind, address: "0x1")
  }

  func window(_ root: ModelController, key: Bool = false, level: Double = 0) -> ModelWindow {
    let window = ModelWindow()
    window.capturedRoot = root
    window.isSceneKey = key
    window.level = level
    return window
  }

  func app(_ scenes: [[ModelWindow]], foreground: [Bool]? = nil) -> ModelApplication {
    let app = ModelApplication()
    app.capturedScenes = scenes.enumerated().map { index, windows in
      let scene = ModelScene()
      scene.capturedWindows = windows
      scene.isForeground = foreground?[index] ?? true
      return scene
    }
    return app
  }

  func load(_ text: String) throws -> Hierarchy {
    try DescriptionLoader().load(text: text, path: "capture.yaml")
  }

  @Test("scenes: focused from the app's key window, background ones, hidden windows left out")
  func scenes() throws {
    let main = window(controller("Home"), key: true)
    main.isApplicationKey = true
    let hidden = window(controller("Hidden"))
    hidden.isHidden = true
    let other = window(controller("Other"), key: true)
    let shelved = window(controller("Shelved"), key: true)
    let text = VCGraphCapture.describe(
      app(
        [[other], [main, hidden, window(controller("Banner"), level: 2001)], [shelved]],
        foreground: [true, true, false]))
    #expect(
      text == """
        # vcgraph description captured from a running app by VCGraphCapture
        delegate: AppDelegate
        scenes:
          - id: scene-1
            windows:
              - key: true
                root:
                  class: Other
                  id: Other
                  state: appeared
          - id: scene-2
            focused: true
            # left out: a hidden UIWindow (the format has no hidden windows)
            windows:
              - key: true
                root:
                  class: Home
                  id: Home
                  state: appeared
              - key: false
                level: 2001
                root:
                  class: Banner
                  id: Banner
                  state: appeared
          - id: scene-3
            foreground: false
            windows:
              - key: true
                root:
                  class: Shelved
                  id: Shelved
                  state: appeared

        """)
    let loaded = try load(text)
    let analysis = Analysis(loaded)
    #expect(analysis.focusedScene == 1)
    #expect(analysis.topViewController.map { loaded.controllers[$0].id } == "Home")
  }

  @Test("a foreground scene without a key window: the first normal window is written key")
  func noKeyWindow() throws {
    let text = VCGraphCapture.describe(
      app([[window(controller("Banner"), level: 2000), window(controller("Main"))]]))
    #expect(text.contains("# UIKit reports no key window in this scene"))
    let loaded = try load(text)
    #expect(loaded.windows.map(\.isKey) == [false, true])
    #expect(loaded.windows.map(\.level) == [.alert, .normal])
  }

  @Test("custom styles by shouldRemovePresentersView; popover anchors; transition styles")
  func presentationStyles() throws {
    let root = controller("Root")
    let covering = controller("Covering")
    covering.presentationStyle = "custom"
    covering.removesPresentersView = true
    covering.transitionStyle = "flipHorizontal"
    root.capturedPresented = covering
    let keeping = controller("Keeping")
    keeping.presentationStyle = "custom"
    covering.capturedPresented = keeping
    let popover = controller("Filters")
    popover.presentationStyle = "popover"
    popover.popoverAnchor = CapturedPopoverAnchor.none
    keeping.capturedPresented = popover
    let sheet = controller("UIAlertController", .alert)
    sheet.presentationStyle = "popover"
    sheet.alertStyle = "actionSheet"
    sheet.popoverAnchor = .barButtonItem
    popover.capturedPresented = sheet
    let text = VCGraphCapture.describe(app([[window(root, key: true)]]))
    for line in [
      "# modalPresentationStyle: custom", "# modalTransitionStyle: flipHorizontal",
      "modalPresentationStyle: fullScreen", "modalPresentationStyle: overFullScreen",
      "# a popover without an anchor", "preferredStyle: actionSheet",
      "popoverAnchor: barButtonItem",
    ] {
      #expect(text.contains(line), "\(line)\n\(text)")
    }
    let loaded = try load(text)
    let styles = loaded.controllers.map { $0.modalPresentationStyle?.rawValue ?? "-" }
    #expect(styles == ["-", "fullScreen", "overFullScreen", "popover", "popover"])
    #expect(loaded.controllers[4].popoverAnchor == "barButtonItem")
    #expect(loaded.controllers[4].preferredStyle == .actionSheet)
    // Any controller's anchor is a key (issue 31), not only an alert's.
    popover.popoverAnchor = .sourceView
    let anchored = try load(VCGraphCapture.describe(app([[window(root, key: true)]])))
    #expect(anchored.controllers[3].popoverAnchor == "sourceView")
  }

  @Test("titles only when asked, without control characters; odd class names quoted")
  func titles() throws {
    let root = controller("_TtC5MyApp4Feed")
    root.title = "Inbox \"2\"\n#1: new"
    let child = controller("MyApp.Compose")
    child.title = "Compose"
    root.capturedChildren = [child]
    let plain = VCGraphCapture.describe(app([[window(root, key: true)]]))
    #expect(!plain.contains("title:"))
    let text = VCGraphCapture.describe(
      app([[window(root, key: true)]]), options: CaptureOptions(includeTitles: true))
    #expect(text.contains(#"title: "Inbox \"2\" #1: new""#), "\(text)")
    let loaded = try load(text)
    #expect(loaded.controllers.map(\.title) == [#"Inbox "2" #1: new"#, "Compose"])
    #expect(loaded.controllers.map(\.className) == ["_TtC5MyApp4Feed", "MyApp.Compose"])
  }

  /// The loader's policy (`ControlCharacters.isRefused`) is the truth: a title holding any
  /// character it refuses still makes a capture it loads. U+2028 reaches titles from text
  /// pasted out of documents; before, the capture kept it and the loader refused the file.
  @Test("a title with any character the loader refuses still loads")
  func titlesWithRefusedCharacters() throws {
    let refused = (0...0xFFFF).compactMap(Unicode.Scalar.init).filter(ControlCharacters.isRefused)
    #expect(refused.count == 32 + 1 + 32 + 4)
    let root = controller("Feed")
    var title = String.UnicodeScalarView()
    for scalar in refused { title.append(contentsOf: "a".unicodeScalars); title.append(scalar) }
    root.title = String(title) + "\u{202E}end"
    let text = VCGraphCapture.describe(
      app([[window(root, key: true)]]), options: CaptureOptions(includeTitles: true))
    let loaded = try load(text)
    let loadedTitle = try #require(loaded.controllers.first?.title)
    #expect(ControlCharacters.firstRefused(in: loadedTitle) == nil)
    // Line breaks, tabs and separators read as spaces; a bidirectional control stays.
    // By hand: U+0000–U+0008 dropped, tab, LF, CR, NEL, U+2028, U+2029 spaces, the rest gone.
    let expected =
      String(repeating: "a", count: 9) + "a a aa" + "a " + String(repeating: "a", count: 18)
      + "a" + "aaaaa" + "a " + String(repeating: "a", count: 26) + "a a aa" + "\u{202E}end"
    #expect(loadedTitle == expected, "\(loadedTitle.debugDescription)")
  }

  @Test("a custom container with some children's views attached: showing, or a view tree")
  func attachedChildren() throws {
    func container(attaching count: Int, of total: Int) throws -> (String, Hierarchy) {
      let root = controller("Switcher")
      let children = (0..<total).map { controller("Child\($0)") }
      root.capturedChildren = children
      let view = ModelView()
      let wrapper = ModelView()
      wrapper.className = "UIStackView"
      wrapper.capturedSubviews = children.prefix(count).map { child in
        let hosted = ModelView()
        hosted.hostedController = child
        return hosted
      }
      view.capturedSubviews = [wrapper]
      root.capturedView = view
      let text = VCGraphCapture.describe(app([[window(root, key: true)]]))
      return (text, try load(text))
    }
    let (all, allLoaded) = try container(attaching: 3, of: 3)
    #expect(!all.contains("view:") && !all.contains("showing:"))
    #expect(Analysis(allLoaded).shownChildren(of: 0).count == 3)
    let (some, someLoaded) = try container(attaching: 2, of: 3)
    #expect(some.contains("- class: UIStackView") && some.contains("- hosts: Child1"), "\(some)")
    #expect(Analysis(someLoaded).shownChildren(of: 0) == [1, 2])
    // One of two, nested in a stack view: the view tree says where.
    let (one, oneLoaded) = try container(attaching: 1, of: 2)
    #expect(Analysis(oneLoaded).shownChildren(of: 0) == [1], "\(one)")
  }

  @Test("levels as the format writes them")
  func levels() {
    let cases: [(Double, String)] = [
      (1000, "statusBar"), (2000, "alert"), (2001, "2001"), (-2.5, "-2.5"),
      (10_000_000, "10000000"), (0.125, "0.125"), (5e12, "1000000000"),
    ]
    for (value, text) in cases {
      let found = VCGraphCapture.describe(
        app([[window(controller("A"), key: true), window(controller("B"), level: value)]]))
      #expect(found.contains("level: \(text)\n"), "\(value)\n\(found)")
      #expect((try? load(found)) != nil, "\(found)")
    }
  }
}
