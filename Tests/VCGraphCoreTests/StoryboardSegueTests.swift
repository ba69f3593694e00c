import Testing
import VCGraphCore

/// Each kind of segue's UIKit effect and the storyboard rules, on storyboards written for the
/// cases the real fixtures do not have. Apple's sentences are quoted where a rule comes from.
@Suite struct StoryboardSegueTests {
  typealias F = StoryboardFixtures

  /// A map, its analysis, and lookups by element id.
  struct Subject {
    let map: StoryboardMap
    let analysis: SegueAnalysis

    init(initial: String?, _ scenes: [String]) throws {
      map = try F.map(F.document(initial: initial, scenes))
      analysis = SegueAnalysis(map)
    }

    func scene(_ id: String) -> SceneRef {
      SceneRef(storyboard: 0, scene: map.storyboards[0].scene(elementID: id)!)
    }

    /// The segue with this `id` attribute.
    func segue(_ id: String) -> SegueRef {
      SegueRef(storyboard: 0, segue: map.storyboards[0].segues.firstIndex { $0.id == id }!)
    }

    func effect(_ id: String) -> SegueEffect? { analysis.effect(of: segue(id))?.effect }

    var findings: [Finding] { Checker.findings(for: analysis) }
  }

  static func nav(_ id: String, root: String, attributes: String = "") -> String {
    F.controller(
      "navigationController", id: id, attributes: attributes,
      segues: [F.segue("relationship", to: root, "relationship=\"rootViewController\"")])
  }

  static func plain(_ id: String, _ segues: [String] = [], attributes: String = "") -> String {
    F.controller(
      "viewController", id: id, attributes: "customClass=\"\(id.uppercased())VC\" \(attributes)",
      body: segues.isEmpty ? "" : F.button("\(id)-button", segues: segues))
  }

  // MARK: - show

  @Test func showInsideANavigationControllerPushesAndSoDoesTheNextOne() throws {
    // "a navigation controller overrides this method and uses it to push vc onto its
    // navigation stack" (show(_:sender:)): B is pushed, so its own show pushes too.
    let subject = try Subject(
      initial: "n",
      [
        Self.nav("n", root: "a"), Self.plain("a", [F.segue("show", to: "b", "id=\"ab\"")]),
        Self.plain("b", [F.segue("show", to: "c", "id=\"bc\"")]), Self.plain("c"),
      ])
    #expect(subject.effect("ab") == .push(navigation: subject.scene("n")))
    #expect(subject.effect("bc") == .push(navigation: subject.scene("n")))
    #expect(
      subject.analysis.effect(of: subject.segue("bc"))?.path
        == ["b", "a", "n"].map(subject.scene))
    #expect(subject.findings.isEmpty)
  }

  @Test func showOutsideANavigationControllerPresentsModally() throws {
    // "If the targetViewController(forAction:sender:) method returns nil, this method uses
    // the window's root view controller to present vc modally."
    let subject = try Subject(
      initial: "a",
      [
        Self.plain(
          "a", [F.segue("show", to: "b", "id=\"ab\""), F.segue("show", to: "c", "id=\"ac\"")]),
        Self.plain("b"), Self.plain("c", attributes: "modalPresentationStyle=\"fullScreen\""),
      ])
    #expect(
      subject.effect("ab")
        == .present(style: .automatic, presenter: subject.scene("a"), fallback: .show))
    // The destination's own style is used.
    #expect(
      subject.effect("ac")
        == .present(style: .fullScreen, presenter: subject.scene("a"), fallback: .show))
    #expect(
      subject.analysis.effect(of: subject.segue("ab")).map(subject.map.describe)
        == "present pageSheet by 'a' (show fell back)")
    let findings = subject.findings
    #expect(findings.map(\.rule) == [.showPresentsModally, .showPresentsModally])
    #expect(findings[0].severity == .warning)
    #expect(findings[0].location == subject.map[subject.segue("ab")].location)
    #expect(findings[0].message.contains("modally (pageSheet)"))
    #expect(findings[0].message.contains("on button a-button in 'a' (AVC)"))
  }

  @Test func showFromAPresentedControllerPresentsFromIt() throws {
    let subject = try Subject(
      initial: "n",
      [
        Self.nav("n", root: "a"), Self.plain("a", [F.segue("presentation", to: "p", "id=\"ap\"")]),
        Self.plain("p", [F.segue("show", to: "q", "id=\"pq\"")]), Self.plain("q"),
      ])
    #expect(
      subject.effect("ap")
        == .present(style: .automatic, presenter: subject.scene("n"), fallback: nil))
    // P is presented and in no navigation controller: it presents Q itself (S1: the root of
    // its presentation context).
    #expect(
      subject.effect("pq")
        == .present(style: .automatic, presenter: subject.scene("p"), fallback: .show))
    #expect(
      subject.analysis.effect(of: subject.segue("pq"))?.path == ["p", "a", "n"].map(subject.scene))
  }

  @Test func showingANavigationControllerInsideOneIsRefused() throws {
    let subject = try Subject(
      initial: "n",
      [
        Self.nav("n", root: "a"),
        Self.plain(
          "a",
          [
            F.segue("show", to: "m", "id=\"am\""),
            F.segue("presentation", to: "m", "id=\"present\""),
          ]),
        Self.nav("m", root: "b"), Self.plain("b"),
      ])
    #expect(
      subject.effect("am") == .refused(.navigationInNavigation(navigation: subject.scene("n"))))
    // Presenting it is fine.
    #expect(
      subject.effect("present")
        == .present(style: .automatic, presenter: subject.scene("n"), fallback: nil))
    let findings = subject.findings
    #expect(findings.map(\.rule) == [.navigationInNavigation])
    #expect(findings[0].severity == .error)
    #expect(findings[0].location == subject.map[subject.segue("am")].location)
    #expect(findings[0].message.contains("Pushing a navigation controller is not supported"))
  }

  // MARK: - showDetail and split view controllers

  @Test func showDetailWithoutASplitPresentsModally() throws {
    let subject = try Subject(
      initial: "n",
      [
        Self.nav("n", root: "a"), Self.plain("a", [F.segue("showDetail", to: "b", "id=\"ab\"")]),
        Self.plain("b"),
      ])
    // No UISplitViewController above: "Displays the view controller modally unless a parent
    // view controller implements the showDetailViewController(_:sender:) action method".
    #expect(
      subject.effect("ab")
        == .present(style: .automatic, presenter: subject.scene("n"), fallback: .showDetail))
    #expect(subject.findings.first?.message.contains("no split view controller holds") == true)
  }

  @Test func splitColumnsAreInColumnOrderAndTheCompactColumnIsANote() throws {
    let relationship = { (to: String, name: String) in
      F.segue("relationship", to: to, "relationship=\"\(name)\"")
    }
    let subject = try Subject(
      initial: "s",
      [
        // Written in another order than the columns.
        F.controller(
          "splitViewController", id: "s", attributes: "style=\"tripleColumn\"",
          segues: [
            relationship("d", "detailViewController"), relationship("c", "compactViewController"),
            relationship("m", "masterViewController"),
            relationship("x", "supplementaryViewController"),
          ]),
        Self.plain("m"), Self.plain("x"), Self.plain("d"), Self.plain("c"),
      ])
    let state = try subject.map.initialState()
    let split = state.hierarchy.controllers[0]
    #expect(split.children.map { state.hierarchy.controllers[$0].id } == ["m", "x", "d"])
    #expect(split.notes.contains { $0.contains("compact column 'c'") })
  }

  // MARK: - Presentations and S1

  @Test func contextStylesGoToTheControllerThatDefinesTheContext() throws {
    // "UIKit starts at the presenting view controller and walks up the view controller
    // hierarchy. If it finds a view controller whose value for this property is true, it asks
    // that view controller to present the new view controller." (definesPresentationContext)
    let subject = try Subject(
      initial: "n",
      [
        Self.nav("n", root: "r"),
        F.controller(
          "viewController", id: "r",
          attributes: "customClass=\"Host\" definesPresentationContext=\"YES\"",
          body: "<view key=\"view\" id=\"rv\"><subviews><containerView id=\"box\"><connections>"
            + F.segue("embed", to: "e", "id=\"embed\"")
            + "</connections></containerView></subviews></view>"),
        Self.plain(
          "e",
          [
            F.segue(
              "presentation", to: "o", "id=\"over\" modalPresentationStyle=\"overCurrentContext\""),
            F.segue(
              "presentation", to: "o",
              "id=\"full\" modalPresentationStyle=\"fullScreen\" modalTransitionStyle=\"flipHorizontal\" animates=\"NO\""
            ),
          ]),
        Self.plain("o"),
      ])
    #expect(
      subject.effect("over")
        == .present(style: .overCurrentContext, presenter: subject.scene("r"), fallback: nil))
    // A full-screen style goes to the root of the context: the navigation controller.
    #expect(
      subject.effect("full")
        == .present(style: .fullScreen, presenter: subject.scene("n"), fallback: nil))
    let full = subject.map[subject.segue("full")]
    #expect(full.modalTransitionStyle == "flipHorizontal" && !full.animates)
    #expect(subject.effect("embed") == .embed(container: subject.scene("r")))
    #expect(
      subject.map[subject.segue("embed")].trigger
        == .init(element: "containerView", id: "box", isManual: false))
    #expect(subject.findings.isEmpty)
  }

  @Test func aContextPresentationFromAPresentedControllerIsRefused() throws {
    // P is presented by the navigation controller, which defines the context by default
    // ("Some system-provided view controllers, such as UINavigationController, change the
    // default value to true"); P defines none, so S1 walks on to the navigation controller,
    // which is already presenting P.
    let subject = try Subject(
      initial: "n",
      [
        Self.nav("n", root: "a"),
        Self.plain(
          "a", [F.segue("presentation", to: "p", "id=\"ap\" modalPresentationStyle=\"formSheet\"")]),
        Self.plain(
          "p",
          [
            F.segue(
              "presentation", to: "q", "id=\"pq\" modalPresentationStyle=\"overCurrentContext\"")
          ]),
        Self.plain("q"),
      ])
    #expect(
      subject.effect("pq")
        == .refused(
          .alreadyPresenting(presenter: subject.scene("n"), presenting: subject.scene("p"))))
    let findings = subject.findings
    #expect(findings.map(\.rule) == [.alreadyPresenting])
    #expect(findings[0].location == subject.map[subject.segue("pq")].location)
  }

  @Test func popoversNeedAnAnchor() throws {
    let anchored =
      "<navigationItem key=\"navigationItem\" title=\"Home\" id=\"ni\"><barButtonItem key=\"rightBarButtonItem\" id=\"bar\"><connections>"
      + F.segue(
        "popoverPresentation", to: "b", "id=\"anchored\" popoverAnchorBarButtonItem=\"bar\"")
      + "</connections></barButtonItem></navigationItem>"
    let subject = try Subject(
      initial: "a",
      [
        F.controller(
          "viewController", id: "a", attributes: "customClass=\"AVC\"",
          segues: [F.segue("popoverPresentation", to: "b", "id=\"manual\" identifier=\"more\"")],
          body: anchored),
        Self.plain("b"),
      ])
    #expect(subject.map[subject.scene("a")].title == "Home")
    #expect(subject.map[subject.segue("anchored")].trigger.element == "barButtonItem")
    #expect(subject.map[subject.segue("manual")].trigger.isManual)
    // "In a horizontally regular environment, UIKit presents the view controller in a popover."
    #expect(
      subject.effect("anchored")
        == .present(style: .popover, presenter: subject.scene("a"), fallback: nil))
    let findings = subject.findings
    #expect(findings.map(\.rule) == [.popoverWithoutAnchor])
    #expect(findings[0].location == subject.map[subject.segue("manual")].location)
    #expect(
      findings[0].message.hasPrefix("popoverPresentation segue 'more' in 'a' (AVC) has no anchor"))
  }

  // MARK: - embed, custom, deprecated kinds, relationships

  @Test func anEmbeddedChildPushesOntoTheNavigationControllerAboveItsContainer() throws {
    // targetViewController(forAction:sender:) "walks up the view hierarchy and returns the
    // first view controller that does override it".
    let subject = try Subject(
      initial: "n",
      [
        Self.nav("n", root: "r"),
        F.controller(
          "viewController", id: "r",
          body: "<view key=\"view\" id=\"rv\"><subviews><containerView id=\"box\"><connections>"
            + F.segue("embed", to: "e", "id=\"embed\"")
            + "</connections></containerView></subviews></view>"),
        Self.plain("e", [F.segue("show", to: "f", "id=\"ef\"")]), Self.plain("f"),
      ])
    let state = try subject.map.initialState()
    #expect(state.hierarchy.controllers.map(\.id) == ["n", "r", "e"])
    #expect(state.hierarchy.controllers[1].children == [2])
    #expect(subject.effect("ef") == .push(navigation: subject.scene("n")))
  }

  @Test func customAndDeprecatedSegues() throws {
    let subject = try Subject(
      initial: "a",
      [
        Self.plain(
          "a",
          [
            F.segue("custom", to: "b", "id=\"fade\" customClass=\"FadeSegue\""),
            F.segue("push", to: "b", "id=\"push\""), F.segue("modal", to: "b", "id=\"modal\""),
          ]),
        Self.plain("b"),
      ])
    #expect(subject.effect("fade") == .custom(segueClass: "FadeSegue"))
    #expect(subject.effect("push") == .refused(.pushOutsideNavigation))
    #expect(
      subject.effect("modal")
        == .present(style: .automatic, presenter: subject.scene("a"), fallback: nil))
    #expect(subject.findings.map(\.rule) == [.pushOutsideNavigation])
  }

  @Test func relationshipsAreTheContainersPlaces() throws {
    let tabs = ["t1", "t2", "t3"].map {
      F.segue("relationship", to: $0, "id=\"rel-\($0)\" relationship=\"viewControllers\"")
    }
    let subject = try Subject(
      initial: "tabs",
      [
        F.controller("tabBarController", id: "tabs", segues: tabs), Self.plain("t3"),
        Self.plain("t1"), Self.plain("t2"),
      ])
    #expect(
      subject.effect("rel-t2") == .relationship(container: subject.scene("tabs"), .viewControllers))
    let state = try subject.map.initialState()
    #expect(
      state.hierarchy.controllers[0].children.map { state.hierarchy.controllers[$0].id } == [
        "t1", "t2", "t3",
      ])
    #expect(state.scenes == ["tabs", "t1", "t2", "t3"].map(subject.scene))
  }

  // MARK: - Reachability, unwinds, code-created controllers

  @Test func scenesNothingLeadsToAreReported() throws {
    let subject = try Subject(
      initial: "a",
      [
        Self.plain("a"),
        Self.plain(
          "coded", [F.segue("show", to: "x", "id=\"codedShow\"")],
          attributes: "storyboardIdentifier=\"Coded\""),
        Self.plain("x"), Self.nav("lost", root: "lostRoot"), Self.plain("lostRoot"),
      ])
    #expect(
      subject.analysis.unreachableScenes == [subject.scene("lost"), subject.scene("lostRoot")])
    let findings = subject.findings
    #expect(findings.map(\.rule) == [.unreachableScene, .unreachableScene])
    #expect(findings[0].location == subject.map[subject.scene("lost")].location)
    // Created in code: whether a navigation controller holds it is unknown, so no finding.
    #expect(subject.effect("codedShow") == .unknownContainer)
    #expect(subject.analysis.effect(of: subject.segue("codedShow"))?.origin == .code)
  }

  @Test func unwindCandidatesAreTheAppsControllersOnTheWayBackNearestFirst() throws {
    // "It looks for the closest view controller, starting with the immediate parent, and
    // walks up the view controller hierarchy until it finds an appropriate target."
    let subject = try Subject(
      initial: "n",
      [
        Self.nav("n", root: "a"), Self.plain("a", [F.segue("show", to: "b", "id=\"ab\"")]),
        Self.plain("b", [F.segue("presentation", to: "m", "id=\"bm\"")]), Self.nav("m", root: "c"),
        F.controller(
          "viewController", id: "c", attributes: "customClass=\"CVC\"",
          segues: [F.segue("unwind", to: "exit4", "id=\"back\" unwindAction=\"done:\"")]),
      ])
    #expect(
      subject.effect("back") == .unwind(action: "done:", candidates: ["b", "a"].map(subject.scene)))
    #expect(
      subject.analysis.effect(of: subject.segue("back"))?.path
        == ["c", "m", "b", "a", "n"].map(subject.scene))
  }

  @Test func presentationCyclesEnd() throws {
    let subject = try Subject(
      initial: "a",
      [
        Self.plain("a", [F.segue("presentation", to: "b", "id=\"ab\"")]),
        Self.plain(
          "b",
          [F.segue("presentation", to: "a", "id=\"ba\""), F.segue("show", to: "b", "id=\"bb\"")]),
      ])
    #expect(
      subject.effect("ab")
        == .present(style: .automatic, presenter: subject.scene("a"), fallback: nil))
    #expect(
      subject.effect("ba")
        == .present(style: .automatic, presenter: subject.scene("b"), fallback: nil))
    #expect((subject.analysis.outcomes[subject.segue("bb")] ?? []).count == 1)
  }

  @Test func threeHundredScenesInFiveStacks() throws {
    // A tab bar with five navigation controllers, each pushing down a chain of screens; every
    // screen also presents the next stack's navigation controller as a sheet.
    var scenes: [String] = []
    let stacks = 5
    let depth = (300 - 1 - stacks) / stacks
    scenes.append(
      F.controller(
        "tabBarController", id: "tabs",
        segues: (0..<stacks).map {
          F.segue("relationship", to: "nav\($0)", "relationship=\"viewControllers\"")
        }))
    for stack in 0..<stacks {
      scenes.append(Self.nav("nav\(stack)", root: "s\(stack)-0"))
      for level in 0..<depth {
        var segues = [
          F.segue(
            "presentation", to: "nav\((stack + 1) % stacks)", "modalPresentationStyle=\"pageSheet\""
          )
        ]
        if level + 1 < depth { segues.append(F.segue("show", to: "s\(stack)-\(level + 1)")) }
        scenes.append(Self.plain("s\(stack)-\(level)", segues))
      }
    }
    let subject = try Subject(initial: "tabs", scenes)
    #expect(subject.map.storyboards[0].scenes.count == 1 + stacks + stacks * depth)
    for segue in subject.map.allSegues where subject.map[segue].kind == .show {
      let navigation = subject.map.source(of: segue).scene
      #expect(subject.analysis.effect(of: segue)?.effect.name == "push", "\(navigation)")
    }
    // Launch: every screen is in a tab, so the tab bar controller presents every sheet.
    for segue in subject.map.allSegues where subject.map[segue].kind == .presentation {
      #expect(
        subject.analysis.effect(of: segue)?.effect
          == .present(style: .pageSheet, presenter: subject.scene("tabs"), fallback: nil))
    }
    #expect(subject.findings.isEmpty)
  }

  @Test func denselyConnectedScenesAreFollowedABoundedNumberOfTimes() throws {
    // Thirty screens that each present every other one: the ways to reach a screen grow
    // without end; each is followed into a bounded number of places.
    let ids = (0..<30).map { "p\($0)" }
    let scenes = ids.map { id in
      Self.plain(id, ids.filter { $0 != id }.map { F.segue("presentation", to: $0) })
    }
    let subject = try Subject(initial: "p0", scenes)
    #expect(subject.map.allSegues.count == 30 * 29)
    for segue in subject.map.allSegues {
      let outcomes = subject.analysis.outcomes[segue] ?? []
      #expect(!outcomes.isEmpty && outcomes.count <= SegueAnalysis.maxContextsPerScene)
    }
  }
}
