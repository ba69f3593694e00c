import Testing
import VCGraphCore

// Tests of `steps` (format.md, "Steps"): every operation with UIKit's behavior, and every case
// UIKit refuses, which is an error at the step and stops the simulation there.

/// Loads a description, runs its steps and answers questions about the states by id.
private struct Scenario {
  let simulation: Simulation

  struct Missing: Error, CustomStringConvertible {
    var what: String
    var description: String { what }
  }

  init(_ yaml: String) throws {
    simulation = Simulator.run(try DescriptionLoader().load(text: yaml, path: "s.yaml"))
  }

  var last: Hierarchy { simulation.states[simulation.states.count - 1] }
  var effect: StepEffect { simulation.effects[simulation.effects.count - 1] }

  func effect(_ n: Int) -> StepEffect { simulation.effects[n - 1] }

  /// The state after step `n` (0: as described).
  func state(_ n: Int) -> Hierarchy { simulation.states[n] }

  func top(_ n: Int? = nil) -> String? {
    let h = n.map(state) ?? last
    return Analysis(h).topViewController.map { h.controllers[$0].id }
  }

  func onScreen(_ n: Int? = nil) -> Set<String> {
    let h = n.map(state) ?? last
    let analysis = Analysis(h)
    return Set(h.controllers.indices.filter { analysis.onScreen[$0] }.map { h.controllers[$0].id })
  }

  func index(_ id: String, in h: Hierarchy? = nil) throws -> ControllerIndex {
    let h = h ?? last
    guard let index = h.controller(id: id) else { throw Missing(what: "no controller '\(id)'") }
    return index
  }

  func children(_ id: String) throws -> [String] {
    try last.controllers[index(id)].children.map { last.controllers[$0].id }
  }

  func parent(_ id: String) throws -> String? {
    try last.controllers[index(id)].parent.map { last.controllers[$0].id }
  }

  func presenter(of id: String) throws -> String? {
    try Analysis(last).presentation.presenter[index(id)].map { last.controllers[$0].id }
  }

  func requestedBy(_ id: String) throws -> String? {
    try last.controllers[index(id)].requestedBy.map { last.controllers[$0].id }
  }

  /// The refusal, which must exist.
  func refusal() throws -> VCGraphError {
    guard let refusal = simulation.refusal else { throw Missing(what: "no step was refused") }
    return refusal
  }

  func findings() -> [String] {
    Checker.findings(for: Analysis(last)).map(\.rule.rawValue)
  }
}

/// A tab bar of two navigation stacks, the common start of many tests (lines 1–17).
private let tabs = """
  classes:
    PostViewController: UIViewController
  window:
    root:
      class: UITabBarController
      id: tabs
      viewControllers:
        - class: UINavigationController
          id: feedNav
          viewControllers:
            - { class: UIViewController, id: feed }
            - { class: PostViewController, id: post }
        - class: UINavigationController
          id: searchNav
          viewControllers:
            - { class: UIViewController, id: search }
  steps:

  """

/// A one-level modal stack A presents B presents C (both full screen).
private let modalStack = """
  classes:
    AViewController: UIViewController
    BViewController: UIViewController
    CViewController: UIViewController
  window:
    root:
      class: AViewController
      id: A
      presents:
        class: BViewController
        id: B
        modalPresentationStyle: fullScreen
        presents: { class: CViewController, id: C, modalPresentationStyle: fullScreen }
  steps:

  """

/// The seed-001 switcher with a view tree hosting the shown child.
private let switcher = """
  window:
    root:
      class: UINavigationController
      id: rootNav
      viewControllers:
        - class: UIViewController
          id: switcher
          showing: news
          children:
            - { class: UIViewController, id: news }
            - { class: UIViewController, id: video }
          view:
            id: switcherRoot
            subviews:
              - id: contentArea
                subviews:
                  - { hosts: news }
  steps:

  """

@Suite("Steps: present (S1 presenter)")
struct SimulatorPresentTests {
  @Test("present from a pushed controller: S1 resolves the tab bar as presenter")
  func sheetGoesToContextRoot() throws {
    let s = try Scenario(
      tabs
        + "  - present: { from: post, controller: { class: UIViewController, id: compose, modalPresentationStyle: pageSheet } }\n"
    )
    #expect(s.simulation.refusal == nil)
    #expect(try s.presenter(of: "compose") == "tabs")
    #expect(try s.requestedBy("compose") == "post")
    #expect(s.effect.description == "post presents compose (pageSheet); presenter: tabs")
    #expect(s.effect.added == ["compose"])
    #expect(s.effect.topBefore == "post")
    #expect(s.effect.topAfter == "compose")
    // A sheet leaves the presenter on screen (S2).
    #expect(s.onScreen().isSuperset(of: ["tabs", "feedNav", "post", "compose"]))
    #expect(s.effect.newlyOnScreen.isEmpty)
    #expect(s.effect.leftScreen.isEmpty)
  }

  @Test("present currentContext: the navigation controller defines the context")
  func contextStyle() throws {
    let s = try Scenario(
      tabs
        + "  - present: { from: post, controller: { class: UIViewController, id: sheet, modalPresentationStyle: currentContext } }\n"
    )
    #expect(try s.presenter(of: "sheet") == "feedNav")
    #expect(s.effect.description.hasSuffix("presenter: feedNav"))
  }

  @Test("present fullScreen removes the covered views (S2)")
  func fullScreenCovers() throws {
    let s = try Scenario(
      tabs
        + "  - present: { from: tabs, controller: { class: UIViewController, id: login, modalPresentationStyle: fullScreen } }\n"
    )
    #expect(s.effect.description == "tabs presents login (fullScreen)")
    #expect(s.onScreen() == ["login"])
    #expect(s.effect.leftScreen == ["tabs", "feedNav", "post"])
  }

  @Test("present with nested controllers adds the whole fragment")
  func nestedFragment() throws {
    let s = try Scenario(
      tabs + """
          - present:
              from: feed
              controller:
                class: UINavigationController
                id: composeNav
                viewControllers: [ { class: UIViewController, id: compose } ]

        """)
    #expect(s.effect.added == ["composeNav", "compose"])
    #expect(try s.parent("compose") == "composeNav")
    #expect(s.top() == "compose")
    #expect(
      s.effect.description == "feed presents composeNav (automatic → pageSheet); presenter: tabs")
  }

  @Test("refused: the resolved presenter is already presenting")
  func alreadyPresenting() throws {
    let s = try Scenario(
      tabs + """
          - present: { from: post, controller: { class: UIViewController, id: one } }
          - present: { from: search, controller: { class: UIViewController, id: two } }
          - pop: { on: feedNav }

        """)
    let error = try s.refusal()
    #expect(error.kind == .dataError)
    #expect(error.location?.line == 19)
    #expect(error.message.contains("'tabs'"))
    #expect(error.message.contains("already presenting 'one'"))
    // Nothing from the refused step on is applied.
    #expect(s.simulation.states.count == 2)
    #expect(s.simulation.effects.count == 1)
    #expect(s.last.controller(id: "two") == nil)
  }

  @Test("refused: presenting from a controller in no window")
  func presenterInNoWindow() throws {
    let s = try Scenario(
      """
      window:
        root: { class: UIViewController, id: root }
      detached:
        - { class: UIViewController, id: loose }
      steps:
        - present: { from: loose, controller: { class: UIViewController, id: modal } }
      """)
    let error = try s.refusal()
    #expect(error.message.contains("in no window"))
    #expect(error.location?.line == 6)
  }

  @Test("refused: an explicit id already in the hierarchy, at the id")
  func duplicateID() throws {
    let s = try Scenario(
      tabs
        + "  - present: { from: post, controller: { class: UINavigationController, id: feed } }\n")
    let error = try s.refusal()
    #expect(error.message == "the id 'feed' is already used by a controller in the hierarchy")
    #expect(error.location?.line == 18)
    #expect(error.location?.column == 77)
  }

  @Test("a generated id that clashes is renumbered")
  func generatedIDRenumbered() throws {
    let s = try Scenario(
      tabs + """
          - push: { on: feedNav, controller: PostViewController }
          - push: { on: feedNav, controller: PostViewController }

        """)
    #expect(s.simulation.refusal == nil)
    #expect(s.effect(1).added == ["PostViewController"])
    #expect(s.effect(2).added == ["PostViewController-2"])
    #expect(
      try s.children("feedNav") == ["feed", "post", "PostViewController", "PostViewController-2"])
  }

  @Test("refused: presenting an existing controller that has a parent")
  func presentChild() throws {
    let s = try Scenario(
      tabs + "  - present: { from: search, controller: { class: UIViewController, id: feed } }\n")
    let error = try s.refusal()
    #expect(error.message.contains("'feed' is a child of 'feedNav'"))
  }

  @Test("refused: an unknown id, with a suggestion")
  func unknownID() throws {
    let s = try Scenario(tabs + "  - present: { from: psot, controller: UIViewController }\n")
    let error = try s.refusal()
    #expect(error.message == "no controller has the id 'psot'")
    #expect(error.hint == "did you mean 'post'?")
    #expect(error.location?.column == 22)
  }

  @Test("an id removed by an earlier step names that step")
  func removedID() throws {
    let s = try Scenario(
      tabs + """
          - pop: { on: feedNav }
          - present: { from: post, controller: UIViewController }

        """)
    let error = try s.refusal()
    #expect(error.message == "no controller has the id 'post' at this step")
    #expect(error.hint == "step 1 removed it")
  }
}

@Suite("Steps: dismiss (S4)")
struct SimulatorDismissTests {
  @Test("plain dismiss from the top: its presenter dismisses it")
  func plain() throws {
    let s = try Scenario(modalStack + "  - dismiss: { from: C }\n")
    #expect(s.effect.description == "dismiss(from: C): B dismisses C")
    #expect(s.effect.removed == ["C"])
    #expect(s.effect.newlyOnScreen == ["B"])
    #expect(s.top() == "B")
    #expect(s.last.controllers[try s.index("B")].presents == nil)
  }

  @Test("dismiss levels: 2 from C goes back to A; only C animates")
  func levels() throws {
    let s = try Scenario(modalStack + "  - dismiss: { from: C, levels: 2 }\n")
    #expect(
      s.effect.description == "dismiss(from: C, levels: 2): A dismisses B, C; only C animates")
    #expect(s.effect.removed == ["B", "C"])
    #expect(s.effect.notes.contains("receiver: A; animated: C"))
    #expect(s.top() == "A")
    #expect(s.last.controllers.map(\.id) == ["A"])
  }

  @Test("dismiss toClass goes back to the nearest AViewController")
  func toClass() throws {
    let s = try Scenario(modalStack + "  - dismiss: { from: C, toClass: AViewController }\n")
    #expect(s.effect.removed == ["B", "C"])
    #expect(s.top() == "A")
  }

  @Test("refused: more levels than exist, at `levels`")
  func tooManyLevels() throws {
    let s = try Scenario(modalStack + "  - dismiss: { from: C, levels: 3 }\n")
    let error = try s.refusal()
    #expect(error.message.contains("only 2 presentation levels exist"))
    #expect(error.location?.line == 15)
    #expect(error.location?.column == 33)
  }

  @Test("refused: no controller of the class presents below, at `toClass`")
  func noSuchClass() throws {
    let s = try Scenario(modalStack + "  - dismiss: { from: C, toClass: UINavigationController }\n")
    let error = try s.refusal()
    #expect(error.message.contains("no controller of class UINavigationController"))
    #expect(error.location?.column == 34)
  }

  @Test("refused: nothing to dismiss")
  func nothingToDismiss() throws {
    let s = try Scenario(tabs + "  - dismiss: { from: post }\n")
    let error = try s.refusal()
    #expect(error.message.contains("does nothing"))
    #expect(error.location?.line == 18)
  }

  @Test("a presentation UIKit refused stays refused when its presenter is freed")
  func refusedStaysRefused() throws {
    let s = try Scenario(
      """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - class: UIViewController
              id: one
              presents: { class: UIViewController, id: first }
            - class: UIViewController
              id: two
              presents: { class: UIViewController, id: second }
      steps:
        - dismiss: { from: first }
      """)
    #expect(s.simulation.refusal == nil)
    #expect(try s.presenter(of: "second") == nil)
    #expect(s.top() == "one")
  }
}

@Suite("Steps: push, pop, popTo, popToRoot")
struct SimulatorNavigationTests {
  @Test("push adds on top of the stack; the previous top leaves the screen")
  func push() throws {
    let s = try Scenario(
      tabs + "  - push: { on: feedNav, controller: { class: UIViewController, id: comments } }\n")
    #expect(s.effect.description == "push comments on feedNav")
    #expect(try s.children("feedNav") == ["feed", "post", "comments"])
    #expect(s.effect.added == ["comments"])
    #expect(s.effect.leftScreen == ["post"])
    #expect(s.effect.topBefore == "post")
    #expect(s.effect.topAfter == "comments")
  }

  @Test("refused: pushing a navigation controller, at `controller`")
  func pushNavigation() throws {
    let s = try Scenario(
      tabs + "  - push: { on: feedNav, controller: { class: UINavigationController, id: inner } }\n"
    )
    let error = try s.refusal()
    #expect(error.message.contains("Pushing a navigation controller is not supported"))
    #expect(error.location?.column == 38)
  }

  @Test("refused: push on a controller that is not a navigation controller")
  func pushOnPlain() throws {
    let s = try Scenario(tabs + "  - push: { on: post, controller: UIViewController }\n")
    let error = try s.refusal()
    #expect(error.message.contains("not a navigation controller"))
    #expect(error.hint == "did you mean its navigation controller 'feedNav'?")
  }

  @Test("refused: pushing a controller already in the stack")
  func pushTwice() throws {
    let s = try Scenario(
      tabs + "  - push: { on: feedNav, controller: { class: UIViewController, id: feed } }\n")
    let error = try s.refusal()
    #expect(error.message.contains("already in the stack of 'feedNav'"))
  }

  @Test("push of an existing controller moves it from its container")
  func pushMoves() throws {
    let s = try Scenario(
      """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers:
            - class: UIViewController
              id: home
              children: [ { class: UIViewController, id: card } ]
      steps:
        - push: { on: nav, controller: { class: UIViewController, id: card } }
      """)
    #expect(s.simulation.refusal == nil)
    #expect(s.effect.moved == ["card"])
    #expect(s.effect.added.isEmpty)
    #expect(try s.parent("card") == "nav")
    #expect(try s.children("home").isEmpty)
    #expect(s.top() == "card")
  }

  @Test("pop removes the top; the controller below shows")
  func pop() throws {
    let s = try Scenario(tabs + "  - pop: { on: feedNav }\n")
    #expect(s.effect.description == "pop feedNav: post leaves the stack")
    #expect(s.effect.removed == ["post"])
    #expect(s.effect.newlyOnScreen == ["feed"])
    #expect(s.top() == "feed")
  }

  @Test("refused: popping the root (UIKit's popViewController returns nil)")
  func popRoot() throws {
    let s = try Scenario(tabs + "  - pop: { on: searchNav }\n")
    let error = try s.refusal()
    #expect(error.message.contains("cannot pop 'search', the root of 'searchNav'"))
    #expect(error.location?.line == 18)
  }

  @Test("refused: popping an empty stack")
  func popEmpty() throws {
    let s = try Scenario(
      """
      window:
        root: { class: UINavigationController, id: nav }
      steps:
        - pop: { on: nav }
      """)
    #expect(try s.refusal().message.contains("empty"))
  }

  @Test("refused: pop on a controller that is not a navigation controller")
  func popOnTabBar() throws {
    let s = try Scenario(tabs + "  - pop: { on: tabs }\n")
    let error = try s.refusal()
    #expect(error.message.contains("'tabs' is a UITabBarController, not a navigation controller"))
    #expect(error.location?.column == 16)
  }

  @Test("popping a controller that requested a sheet: the tab bar keeps presenting it")
  func popKeepsPresentation() throws {
    let s = try Scenario(
      tabs + """
          - present: { from: post, controller: { class: UIViewController, id: sheet } }
          - pop: { on: feedNav }

        """)
    #expect(s.simulation.refusal == nil)
    #expect(try s.presenter(of: "sheet") == "tabs")
    #expect(s.effect.removed == ["post"])
    #expect(s.top() == "sheet")
    #expect(s.effect.notes.contains { $0.contains("tabs keeps presenting sheet") })
  }

  @Test("popTo pops everything above the controller")
  func popTo() throws {
    let s = try Scenario(
      tabs + """
          - push: { on: feedNav, controller: { class: UIViewController, id: comments } }
          - popTo: { on: feedNav, controller: feed }

        """)
    #expect(s.effect.description == "popTo feed on feedNav: pops post, comments")
    #expect(s.effect.removed == ["post", "comments"])
    #expect(s.top() == "feed")
  }

  @Test("popTo the top pops nothing")
  func popToTop() throws {
    let s = try Scenario(tabs + "  - popTo: { on: feedNav, controller: post }\n")
    #expect(s.effect.description == "popTo post on feedNav: nothing to pop, post is on top")
    #expect(s.effect.removed.isEmpty)
  }

  @Test("refused: popTo a controller that is not in the stack, at `controller`")
  func popToMissing() throws {
    let s = try Scenario(tabs + "  - popTo: { on: feedNav, controller: search }\n")
    let error = try s.refusal()
    #expect(error.message.contains("'search' is not in the stack of 'feedNav'"))
    #expect(error.hint == "the stack is: feed, post")
    #expect(error.location?.column == 39)
  }

  @Test("popToRoot pops all but the root")
  func popToRoot() throws {
    let s = try Scenario(tabs + "  - popToRoot: { on: feedNav }\n")
    #expect(s.effect.description == "popToRoot on feedNav: pops post")
    #expect(try s.children("feedNav") == ["feed"])
  }

  @Test("popToRoot with only the root pops nothing")
  func popToRootAlone() throws {
    let s = try Scenario(tabs + "  - popToRoot: { on: searchNav }\n")
    #expect(s.simulation.refusal == nil)
    #expect(s.effect.description.contains("nothing to pop"))
  }

  @Test("refused: popToRoot on a plain controller")
  func popToRootOnPlain() throws {
    let s = try Scenario(tabs + "  - popToRoot: { on: feed }\n")
    #expect(try s.refusal().message.contains("not a navigation controller"))
  }
}

@Suite("Steps: select")
struct SimulatorSelectTests {
  @Test("select by index changes the tab on screen")
  func byIndex() throws {
    let s = try Scenario(tabs + "  - select: { on: tabs, index: 1 }\n")
    #expect(s.effect.description == "select tab 1 (searchNav) on tabs")
    #expect(s.effect.newlyOnScreen == ["searchNav", "search"])
    #expect(s.effect.leftScreen == ["feedNav", "post"])
    #expect(s.top() == "search")
  }

  @Test("select by controller")
  func byController() throws {
    let s = try Scenario(tabs + "  - select: { on: tabs, controller: searchNav }\n")
    #expect(s.last.controllers[try s.index("tabs")].selectedIndex == 1)
  }

  @Test("select under a full-screen modal changes the tab but not the top")
  func underModal() throws {
    let s = try Scenario(
      tabs + """
          - present: { from: tabs, controller: { class: UIViewController, id: modal, modalPresentationStyle: fullScreen } }
          - select: { on: tabs, index: 1 }

        """)
    #expect(s.top() == "modal")
    #expect(s.effect.newlyOnScreen.isEmpty)
    #expect(s.effect.topBefore == "modal")
  }

  @Test("refused: an index out of range, at `index`")
  func outOfRange() throws {
    let s = try Scenario(tabs + "  - select: { on: tabs, index: 2 }\n")
    let error = try s.refusal()
    #expect(error.message == "selectedIndex 2 is out of range for 'tabs': it has 2 tabs (0–1)")
    #expect(error.location?.column == 32)
  }

  @Test("refused: a controller that is not a tab")
  func notATab() throws {
    let s = try Scenario(tabs + "  - select: { on: tabs, controller: post }\n")
    let error = try s.refusal()
    #expect(error.message == "'post' is not a tab of 'tabs'")
    #expect(error.hint == "its tabs are: feedNav, searchNav")
  }

  @Test("refused: select on a controller that is not a tab bar controller")
  func notATabBar() throws {
    let s = try Scenario(tabs + "  - select: { on: feedNav, index: 0 }\n")
    #expect(try s.refusal().message.contains("not a tab bar controller"))
  }
}

@Suite("Steps: addChild, removeFromParent, show (seed 001)")
struct SimulatorContainmentTests {
  @Test("addChild with attach into a view tree: a host view is added, the child is on screen")
  func addAttachedWithViewTree() throws {
    let s = try Scenario(
      switcher
        + "  - addChild: { parent: switcher, controller: { class: UIViewController, id: extra } }\n"
    )
    #expect(s.effect.description == "addChild extra to switcher (view attached)")
    #expect(try s.children("switcher") == ["news", "video", "extra"])
    #expect(s.onScreen().contains("extra"))
    let host = try #require(s.last.views.firstIndex { $0.hosts == (try? s.index("extra")) })
    // Beside the other hosted child, in the content area.
    #expect(s.last.views[s.last.views[host].superview!].id == "contentArea")
    // Two attached views in a one-child switcher is the seed-001 warning.
    #expect(s.findings().contains("stacked-children"))
  }

  @Test("addChild without attach into a view tree: added, not on screen")
  func addDetachedWithViewTree() throws {
    let s = try Scenario(
      switcher
        + "  - addChild: { parent: switcher, controller: { class: UIViewController, id: extra }, attach: false }\n"
    )
    #expect(s.effect.description == "addChild extra to switcher (view not attached)")
    #expect(!s.onScreen().contains("extra"))
    #expect(s.effect.added == ["extra"])
    #expect(s.findings().isEmpty)
  }

  @Test("addChild without attach to a container with showing: showing stays")
  func addDetachedWithShowing() throws {
    let s = try Scenario(
      """
      window:
        root:
          class: UIViewController
          id: box
          showing: a
          children: [ { class: UIViewController, id: a } ]
      steps:
        - addChild: { parent: box, controller: { class: UIViewController, id: b }, attach: false }
      """)
    #expect(s.onScreen() == ["box", "a"])
    #expect(s.last.controllers[try s.index("box")].view == nil)
  }

  @Test("addChild without attach to a container that attaches all: vcgraph creates a view tree")
  func addDetachedCreatesViewTree() throws {
    let s = try Scenario(
      """
      window:
        root:
          class: UIViewController
          id: box
          children: [ { class: UIViewController, id: a }, { class: UIViewController, id: b } ]
      steps:
        - addChild: { parent: box, controller: { class: UIViewController, id: c }, attach: false }
      """)
    #expect(s.onScreen() == ["box", "a", "b"])
    let root = try #require(s.last.controllers[try s.index("box")].view)
    #expect(s.last.views[root].id == "box.view")
    #expect(s.last.views[root].subviews.count == 2)
    #expect(s.effect.notes.contains { $0.contains("vcgraph gives it a root view hosting a, b") })
  }

  @Test("addChild with attach to a container that attaches all: on screen, no view tree")
  func addAttachedToAll() throws {
    let s = try Scenario(
      """
      window:
        root:
          class: UIViewController
          id: box
          children: [ { class: UIViewController, id: a } ]
      steps:
        - addChild: { parent: box, controller: { class: UIViewController, id: b } }
      """)
    #expect(s.onScreen() == ["box", "a", "b"])
    #expect(s.last.views.isEmpty)
  }

  @Test("addChild of an existing child of another container moves it")
  func addChildMoves() throws {
    let s = try Scenario(
      """
      window:
        root:
          class: UIViewController
          id: root
          children:
            - class: UIViewController
              id: left
              children: [ { class: UIViewController, id: card } ]
            - { class: UIViewController, id: right }
      steps:
        - addChild: { parent: right, controller: { class: UIViewController, id: card } }
      """)
    #expect(s.effect.moved == ["card"])
    #expect(try s.parent("card") == "right")
    #expect(try s.children("left").isEmpty)
  }

  @Test("refused: addChild on a navigation controller or a tab bar controller")
  func addChildToSystemContainer() throws {
    let nav = try Scenario(
      tabs + "  - addChild: { parent: feedNav, controller: UIViewController }\n")
    #expect(try nav.refusal().hint == "use push")
    let tab = try Scenario(tabs + "  - addChild: { parent: tabs, controller: UIViewController }\n")
    #expect(try tab.refusal().message.contains("through viewControllers"))
  }

  @Test("refused: addChild that would put a controller inside itself")
  func addChildCycle() throws {
    let s = try Scenario(
      """
      window:
        root:
          class: UIViewController
          id: root
          children:
            - class: UIViewController
              id: outer
              children: [ { class: UIViewController, id: inner } ]
      steps:
        - addChild: { parent: inner, controller: { class: UIViewController, id: outer } }
      """)
    #expect(try s.refusal().message.contains("cannot be added inside itself"))
  }

  @Test("removeFromParent removes the child, its subtree and its hosted view")
  func removeFromParent() throws {
    let s = try Scenario(switcher + "  - removeFromParent: { controller: news }\n")
    #expect(s.effect.description == "news removed from switcher")
    #expect(s.effect.removed == ["news"])
    #expect(try s.children("switcher") == ["video"])
    #expect(!s.last.views.contains { $0.hosts != nil })
    #expect(s.top() == "switcher")
    #expect(s.findings().isEmpty)
  }

  @Test("removeFromParent of the shown child of a switcher without view tree shows none")
  func removeShowingChild() throws {
    let s = try Scenario(
      """
      window:
        root:
          class: UIViewController
          id: box
          showing: a
          children: [ { class: UIViewController, id: a }, { class: UIViewController, id: b } ]
      steps:
        - removeFromParent: { controller: a }
      """)
    #expect(s.onScreen() == ["box"])
  }

  @Test("removeFromParent of the selected tab selects the next one")
  func removeSelectedTab() throws {
    let s = try Scenario(
      tabs + """
          - select: { on: tabs, index: 1 }
          - removeFromParent: { controller: searchNav }

        """)
    #expect(s.last.controllers[try s.index("tabs")].selectedIndex == 0)
    #expect(s.top() == "post")
  }

  @Test("refused: removeFromParent on a controller with no parent")
  func removeWithoutParent() throws {
    let s = try Scenario(modalStack + "  - removeFromParent: { controller: B }\n")
    let error = try s.refusal()
    #expect(error.message == "'B' has no parent: removeFromParent does nothing")
    #expect(error.hint == "it is presented by 'A'; use dismiss")
  }

  @Test("show swaps the hosted view in place")
  func show() throws {
    let s = try Scenario(switcher + "  - show: { container: switcher, child: video }\n")
    #expect(s.effect.description == "switcher shows video (was news)")
    #expect(s.effect.newlyOnScreen == ["video"])
    #expect(s.effect.leftScreen == ["news"])
    #expect(s.top() == "video")
    let hosts = s.last.views.filter { $0.hosts != nil }
    #expect(hosts.count == 1)
    #expect(s.last.views[hosts[0].superview!].id == "contentArea")
    #expect(s.last.controllers[try s.index("switcher")].showing == (try s.index("video")))
    #expect(s.findings().isEmpty)
  }

  @Test("show each child in turn, without a view tree")
  func showWithoutViewTree() throws {
    let s = try Scenario(
      """
      window:
        root:
          class: UIViewController
          id: box
          showing: a
          children: [ { class: UIViewController, id: a }, { class: UIViewController, id: b } ]
      steps:
        - show: { container: box, child: b }
        - show: { container: box, child: a }
        - show: { container: box, child: a }
      """)
    #expect(s.top(1) == "b")
    #expect(s.top(2) == "a")
    #expect(s.effect(3).description == "box shows a: already showing it")
  }

  @Test("refused: show a controller that is not a child")
  func showNotAChild() throws {
    let s = try Scenario(switcher + "  - show: { container: switcher, child: rootNav }\n")
    let error = try s.refusal()
    #expect(error.message == "'rootNav' is not a child of 'switcher'")
    #expect(error.hint == "its children are: news, video")
  }

  @Test("refused: show on a tab bar controller")
  func showOnTabBar() throws {
    let s = try Scenario(tabs + "  - show: { container: tabs, child: searchNav }\n")
    #expect(try s.refusal().hint == "use select")
  }
}

@Suite("Steps: makeKey")
struct SimulatorMakeKeyTests {
  private let windows = """
    windows:
      - { id: main, key: true, root: { class: UIViewController, id: home } }
      - { id: banner, level: alert, root: { class: UIViewController, id: toast } }
    steps:

    """

  @Test("makeKey moves the key window; the top view controller follows it")
  func makeKey() throws {
    let s = try Scenario(windows + "  - makeKey: { window: banner }\n")
    #expect(s.effect.description == "window banner becomes key (was main)")
    #expect(s.last.windows.map(\.isKey) == [false, true])
    #expect(s.effect.topBefore == "home")
    #expect(s.effect.topAfter == "toast")
  }

  @Test("refused: a window that does not exist")
  func unknownWindow() throws {
    let s = try Scenario(windows + "  - makeKey: { window: baner }\n")
    let error = try s.refusal()
    #expect(error.message == "no window has the id 'baner'")
    #expect(error.hint == "did you mean 'banner'?")
  }
}

@Suite("Simulation")
struct SimulatorRunTests {
  @Test("each state is kept; the arena stays compact after removals")
  func states() throws {
    let s = try Scenario(
      tabs + """
          - push: { on: feedNav, controller: { class: UIViewController, id: comments } }
          - popToRoot: { on: feedNav }
          - push: { on: feedNav, controller: { class: UIViewController, id: comments } }

        """)
    #expect(s.simulation.states.count == 4)
    #expect(s.state(0).controllers.count == 6)
    #expect(s.state(2).controllers.map(\.id) == ["tabs", "feedNav", "feed", "searchNav", "search"])
    for state in s.simulation.states {
      for (index, controller) in state.controllers.enumerated() {
        #expect(state.controller(id: controller.id) == index)
        for child in controller.children { #expect(state.controllers[child].parent == index) }
      }
    }
    #expect(s.top() == "comments")
  }

  @Test("apply leaves the input hierarchy unchanged and reports the effect")
  func applyIsPure() throws {
    let hierarchy = try DescriptionLoader().load(
      text: tabs + "  - pop: { on: feedNav }\n", path: "s.yaml")
    let (after, effect) = try Simulator.apply(hierarchy.steps[0], to: hierarchy)
    #expect(hierarchy.controller(id: "post") != nil)
    #expect(after.controller(id: "post") == nil)
    #expect(effect.operation == "pop")
    #expect(effect.location.line == 18)
  }

  @Test("the report: one line per state, and JSON with every step")
  func report() throws {
    let s = try Scenario(modalStack + "  - dismiss: { from: C, levels: 2 }\n")
    let report = SimulationReport(s.simulation, input: "s.yaml")
    #expect(
      report.text == """
        step 0: initial state; top: C
        step 1 (line 15): dismiss(from: C, levels: 2): A dismisses B, C; only C animates; \
        removed B, C; on screen +A; top: C → A

        """)
    let json = report.json.formatted()
    #expect(json.contains("\"removed\": [\"B\", \"C\"]"))
    #expect(json.contains("\"diagram\": \"step-1.svg\""))
  }
}
