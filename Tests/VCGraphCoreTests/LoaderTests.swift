import Testing
import VCGraphCore

/// The description loader: the model it builds and the positioned errors it gives.
@Suite struct LoaderTests: LoadsDescriptions {
  @Test func buildsTheModelInDocumentOrder() throws {
    let hierarchy = try load(
      """
      title: App
      classes: { FeedNav: UINavigationController, Feed: UITableViewController }
      window:
        root:
          class: UITabBarController
          selectedIndex: 1
          viewControllers:
            - { class: FeedNav, viewControllers: [ Feed ] }
            - { class: UIViewController, id: me, title: Me }
      """)
    #expect(hierarchy.title == "App")
    #expect(hierarchy.controllers.map(\.id) == ["UITabBarController", "FeedNav", "Feed", "me"])
    #expect(hierarchy.controllers.map(\.kind) == [.tabBar, .navigation, .plain, .plain])
    #expect(hierarchy.controllers[0].children == [1, 3])
    #expect(hierarchy.controllers[2].parent == 1)
    #expect(hierarchy.controllers[0].selectedIndex == 1)
    #expect(hierarchy.windows.count == 1 && hierarchy.windows[0].isKey)
    #expect(hierarchy.controllers[3].location == SourceLocation(path: "d.yaml", line: 9, column: 9))
  }

  @Test func repeatedClassesGetNumberedIds() throws {
    let hierarchy = try load(
      "window: { root: { class: UITabBarController, viewControllers: [ Tab, Tab, Other ] } }")
    #expect(hierarchy.controllers.map(\.id) == ["UITabBarController", "Tab-1", "Tab-2", "Other"])
  }

  @Test func scalarsStayTextAsWritten() throws {
    let hierarchy = try load(
      "window: { root: { class: UIViewController, id: '0755', title: NO } }")
    #expect(hierarchy.controllers[0].id == "0755")
    #expect(hierarchy.controllers[0].title == "NO")
  }

  @Test func yamlSyntaxErrorIsAtItsLineAndColumn() {
    let found = error(
      """
      window:
        root:
          class: UIViewController
          title: "unterminated
      """)
    #expect(found?.kind == .dataError)
    #expect(found?.location?.line == 4)
    #expect(found?.message.contains("never closed") == true)
  }

  @Test func unknownKeySuggestsTheNearestOne() {
    let found = error(
      """
      window:
        root:
          class: UINavigationController
          viewControlers: [ A ]
      """)
    #expect(found?.message == "unknown key 'viewControlers' in a UINavigationController")
    #expect(found?.location == SourceLocation(path: "d.yaml", line: 4, column: 5))
    #expect(found?.hint == "did you mean 'viewControllers'?")
  }

  @Test func keyThatDoesNotFitTheKindIsRefused() {
    let found = error(
      "window: { root: { class: UINavigationController, selectedIndex: 0 } }")
    #expect(found?.message == "`selectedIndex` is not allowed in a UINavigationController")
    #expect(found?.location?.column == 50)
  }

  @Test func yaml11BooleansGetAHint() {
    let found = error(
      "window: { root: { class: UISplitViewController, collapsed: yes } }")
    #expect(found?.message == "`collapsed` must be true or false, found 'yes'")
    #expect(found?.hint?.contains("write true") == true)
  }

  @Test func integersAreDecimalOnly() {
    let found = error(
      "window: { root: { class: UITabBarController, selectedIndex: 0x1 } }")
    #expect(found?.message.contains("decimal whole number") == true)
  }

  @Test func unknownIdIsPositionedWithASuggestion() {
    let found = error(
      """
      window:
        root: { class: UIViewController, id: compose }
      analyze:
        - dismiss: { from: compse }
      """)
    #expect(found?.location == SourceLocation(path: "d.yaml", line: 4, column: 22))
    #expect(found?.hint == "did you mean 'compose'?")
  }

  @Test func exactlyOneOfWindowWindowsScenes() {
    #expect(error("title: x")?.message.contains("needs one of") == true)
    let both = error(
      "window: { root: A }\nwindows: [ { root: B } ]")
    #expect(both?.location?.line == 2)
  }

  @Test func twoKeyWindowsAreRefused() {
    let found = error(
      """
      windows:
        - { id: a, key: true, root: A }
        - { id: b, key: true, root: B }
      """)
    #expect(found?.message == "two key windows in one scene")
    #expect(found?.location?.line == 3)
  }

  @Test func detachedControllersAreInNoWindow() throws {
    let hierarchy = try load("detached: [ { class: UITabBarController, viewControllers: [ A ] } ]")
    #expect(hierarchy.windows.isEmpty)
    #expect(hierarchy.detachedRoots == [0])
    #expect(Analysis(hierarchy).topViewController == nil)
  }

  @Test func showingMustNameAChild() {
    let found = error(
      """
      window:
        root:
          class: UIViewController
          showing: stranger
          children: [ { class: UIViewController, id: kid } ]
      detached: [ { class: UIViewController, id: stranger } ]
      """)
    #expect(found?.message == "'stranger' is not one of the children of 'UIViewController-1'")
    #expect(found?.location == SourceLocation(path: "d.yaml", line: 4, column: 14))
  }

  @Test func hostCyclesAreRefused() {
    let found = error(
      """
      window:
        root:
          class: UIViewController
          id: a
          children:
            - { class: UIViewController, id: b, view: { subviews: [ { hosts: a } ] } }
          view: { subviews: [ { hosts: b } ] }
      """)
    #expect(found?.message.contains("cycle") == true)
  }

  @Test func stepsAreParsedWithTheirPositions() throws {
    let hierarchy = try load(
      """
      window: { root: { class: UINavigationController, id: nav, viewControllers: [ A ] } }
      steps:
        - push: { on: nav, controller: { class: B, id: b } }
        - pop: { on: nav }
      """)
    #expect(hierarchy.steps.count == 2)
    #expect(hierarchy.steps[1].location.line == 4)
    guard case .push(let on, let controller) = hierarchy.steps[0].operation else {
      Issue.record("not a push")
      return
    }
    #expect(on == "nav")
    #expect(controller.fragment.controllers[controller.root].id == "b")
  }
}
