import Testing
import VCGraphCore

/// Scenes and windows (issue 18): every foreground scene's windows answer with their own top
/// view controller, and the focused scene gives the top-level answer. Apple: a
/// `foregroundActive` scene "is running in the foreground and is currently receiving events";
/// a `background` scene "is running in the background and is not onscreen"
/// (UIScene.ActivationState). On iPad two foreground scenes are on screen side by side; the
/// one whose key window is the app's key window is the focused one.
@Suite struct SceneTests: LoadsDescriptions {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var yaml: String
    /// The focused scene's id, nil without scenes.
    var focused: String?
    /// The top-level top view controller.
    var top: String?
    /// Each window's top, by window id (nil: nothing on screen).
    var windowTops: [String: String?]
    var testDescription: String { name }
  }

  static let twoScenes = """
    device: iPad
    scenes:
      - id: mail
        windows:
          - id: mailWindow
            key: true
            root: { class: UINavigationController, id: mailNav, viewControllers: [ { class: Inbox, id: inbox } ] }
          - id: banner
            level: alert
            root: { class: BannerViewController, id: bannerVC }
      - id: compose
        FOCUS
        windows:
          - id: composeWindow
            key: true
            root: { class: ComposeViewController, id: composer }
      - id: settings
        foreground: false
        windows:
          - { id: settingsWindow, key: true, root: { class: SettingsViewController, id: settingsVC } }
    """

  static let cases: [Case] = [
    Case(
      name: "two foreground scenes: the first with a key window is focused by default",
      yaml: twoScenes.replacingOccurrences(of: "    FOCUS\n", with: ""), focused: "mail",
      top: "inbox",
      windowTops: [
        "mailWindow": "inbox", "banner": "bannerVC", "composeWindow": "composer",
        "settingsWindow": nil,
      ]),
    Case(
      name: "`focused: true` on the second scene makes its key window answer",
      yaml: twoScenes.replacingOccurrences(of: "FOCUS", with: "focused: true"), focused: "compose",
      top: "composer",
      windowTops: [
        "mailWindow": "inbox", "banner": "bannerVC", "composeWindow": "composer",
        "settingsWindow": nil,
      ]),
    Case(
      name: "a background scene is never focused by default, even when it comes first",
      yaml: """
        scenes:
          - { id: old, foreground: false, windows: [ { id: w1, key: true, root: { class: A, id: a } } ] }
          - { id: live, windows: [ { id: w2, root: { class: B, id: b } } ] }
        """,
      focused: "live", top: "b", windowTops: ["w1": nil, "w2": "b"]),
    Case(
      name: "windows without scenes: one implicit scene; the key window answers",
      yaml: """
        windows:
          - { id: main, key: true, root: { class: Home, id: home, presents: { class: Sheet, id: sheet } } }
          - { id: toast, level: statusBar, root: { class: Toast, id: toastVC } }
        """,
      focused: nil, top: "sheet", windowTops: ["main": "sheet", "toast": "toastVC"]),
  ]

  @Test(arguments: cases)
  func eachSceneAndWindowAnswers(_ testCase: Case) throws {
    let hierarchy = try load(testCase.yaml)
    let analysis = Analysis(hierarchy)
    #expect(analysis.focusedScene.map { hierarchy.scenes[$0].id } == testCase.focused)
    #expect(analysis.topViewController.map { hierarchy.controllers[$0].id } == testCase.top)
    var tops: [String: String?] = [:]
    for (index, window) in hierarchy.windows.enumerated() {
      tops.updateValue(
        analysis.windowWalks[index].top.map { hierarchy.controllers[$0].id }, forKey: window.id)
    }
    #expect(tops == testCase.windowTops)
  }

  @Test("JSON: scenes[].windows[] with key, level, top, path and leaves; focused flags")
  func json() throws {
    let hierarchy = try load(
      Self.twoScenes.replacingOccurrences(of: "FOCUS", with: "focused: true"))
    let json = try AnalysisReport(hierarchy).json.formatted()
    #expect(json.contains("\"topViewController\": {\n    \"id\": \"composer\""))
    let scenes = try #require(json.components(separatedBy: "\"scenes\": [").last)
    #expect(
      scenes.contains("\"id\": \"mail\",\n      \"focused\": false,\n      \"foreground\": true"))
    #expect(
      scenes.contains("\"id\": \"compose\",\n      \"focused\": true,\n      \"foreground\": true"))
    #expect(
      scenes.contains(
        "\"id\": \"settings\",\n      \"focused\": false,\n      \"foreground\": false"))
    #expect(
      scenes.contains(
        "\"id\": \"banner\",\n          \"key\": false,\n          \"level\": \"alert\",\n"
          + "          \"topViewController\": {\n            \"id\": \"bannerVC\""))
    #expect(
      scenes.contains(
        "\"id\": \"settingsWindow\",\n          \"key\": true,\n          \"level\": \"normal\",\n"
          + "          \"topViewController\": null,\n          \"visiblePath\": [],\n"
          + "          \"visibleLeaves\": []"))
  }

  @Test("JSON: without scenes, one scene with a null id holds the windows")
  func implicitScene() throws {
    let json = try AnalysisReport(try load("window: { root: { class: Home, id: home } }")).json
      .formatted()
    #expect(json.contains("\"scenes\": [\n    {\n      \"id\": null,\n      \"focused\": true,"))
  }

  @Test("text: a scenes section with each window's top and path")
  func text() throws {
    let hierarchy = try load(
      Self.twoScenes.replacingOccurrences(of: "FOCUS", with: "focused: true"))
    let text = try AnalysisReport(hierarchy).text
    #expect(
      text.contains(
        """
        scenes:
          mail (foreground)
            window mailWindow (key, level normal): top inbox (Inbox)
              path: root mailNav → top inbox
            window banner (level alert): top bannerVC (BannerViewController)
              path: root bannerVC
          compose (foreground, focused)
            window composeWindow (key, level normal): top composer (ComposeViewController)
              path: root composer
          settings (background)
            window settingsWindow (key, level normal): nothing on screen

        """))
  }

  @Test("loading: a background scene cannot be focused, and only one scene can be")
  func focusErrors() throws {
    let background = error(
      """
      scenes:
        - { id: a, windows: [ { root: A } ] }
        - { id: b, foreground: false, focused: true, windows: [ { root: B } ] }
      """)
    #expect(background?.location?.line == 3)
    #expect(background?.location?.column == 42)
    #expect(background?.message.contains("background") == true)
    let two = error(
      """
      scenes:
        - { id: a, focused: true, windows: [ { root: A } ] }
        - { id: b, focused: true, windows: [ { root: B } ] }
      """)
    #expect(two?.location?.line == 3)
    #expect(two?.message == "two scenes are marked `focused: true`")
  }

  @Test("S5: the chain goes through the window's named scene, then UIApplication")
  func responderChainThroughTheScene() throws {
    let hierarchy = try load(Self.twoScenes.replacingOccurrences(of: "    FOCUS\n", with: ""))
    let analysis = Analysis(hierarchy)
    let chain = try analysis.responderChain(from: "bannerVC").responders.map(analysis.name)
    #expect(chain == ["bannerVC", "banner", "mail", "UIApplication", "AppDelegate"])
  }

  @Test(
    "S5: \"The next responder is the app delegate, but only if the app delegate is an instance of UIResponder\""
  )
  func appDelegate() throws {
    let plain = try load(
      """
      delegate: { class: LegacyAppDelegate, responder: false }
      window: { root: { class: Home, id: home } }
      """)
    let analysis = Analysis(plain)
    #expect(
      try analysis.responderChain(from: "home").responders.map(analysis.name)
        == ["home", "window", "UIWindowScene", "UIApplication"])
    let named = try load("delegate: MyAppDelegate\nwindow: { root: { class: Home, id: home } }")
    let namedAnalysis = Analysis(named)
    #expect(
      try namedAnalysis.responderChain(from: "home").responders.map(namedAnalysis.name).last
        == "MyAppDelegate")
  }

  @Test("the new keys survive import's writer: focused, delegate, preferredStyle, popoverAnchor")
  func writerRoundTrip() throws {
    let yaml = """
      device: iPad
      delegate: { class: Legacy, responder: false }
      scenes:
        - id: one
          windows: [ { id: w1, key: true, root: { class: A, id: a } } ]
        - id: two
          focused: true
          windows:
            - id: w2
              key: true
              root:
                class: B
                id: b
                presents: { class: UIAlertController, id: sheet, preferredStyle: actionSheet, popoverAnchor: shareButton }
      steps:
        - focus: { scene: one }
      """
    let original = try load(yaml)
    let written = DescriptionWriter.yaml(for: original)
    let loaded = try load(written)
    #expect(loaded.scenes.map(\.isFocused) == [false, true])
    #expect(loaded.appDelegate.className == "Legacy" && !loaded.appDelegate.isResponder)
    let sheet = try #require(loaded.controller(id: "sheet"))
    #expect(loaded.controllers[sheet].preferredStyle == .actionSheet)
    #expect(loaded.controllers[sheet].popoverAnchor == "shareButton")
    #expect(loaded.steps.map(\.operation) == [.focus(scene: "one")])
  }
}
