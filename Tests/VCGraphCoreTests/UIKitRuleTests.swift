import Testing
import VCGraphCore

/// The rules for the mistakes apps ship (issue 18), table-driven: each case is a description
/// that makes the mistake, the position the finding must point at, the console line UIKit
/// prints for it, and the source that line or rule comes from (a real log quoted in a public
/// issue, or Apple's documentation). Each rule also has near misses that must stay silent.
@Suite struct UIKitRuleTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var rule: Rule
    /// Where the behaviour is documented or the log was seen.
    var source: String
    var yaml: String
    var line: Int
    var column: Int
    /// The message, with placeholder addresses; nil when UIKit prints nothing.
    var uikitMessage: String?
    /// The exception UIKit raises, if it raises one: the console then shows the message as
    /// the reason of `*** Terminating app due to uncaught exception …`.
    var exception: String? = nil
    var testDescription: String { "\(rule.rawValue): \(source)" }

    /// The console line a finding carries.
    var consoleLine: String? {
      guard let uikitMessage, let exception else { return uikitMessage }
      return "*** Terminating app due to uncaught exception '\(exception)', reason:"
        + " '\(uikitMessage)'"
    }
  }

  static func findings(_ yaml: String) throws -> [Finding] {
    Checker.findings(for: Analysis(try DescriptionLoader().load(text: yaml, path: "r.yaml")))
  }

  static let cases: [Case] = [
    Case(
      rule: .presenterNotInWindow,
      source: "michaelhenry/ImageViewer.swift #135: \"Attempt to present … whose view is not in"
        + " the window hierarchy.\"",
      yaml: """
        window:
          root: { class: UIViewController, id: home }
        detached:
          - class: SettingsViewController
            id: settings
            presents: { class: UIViewController, id: about }
        """,
      line: 6, column: 15,
      uikitMessage: "Attempt to present <UIViewController: 0x…> on <SettingsViewController: 0x…>"
        + " (from <SettingsViewController: 0x…>) whose view is not in the window hierarchy."),
    Case(
      rule: .presenterNotInWindow,
      source: "a child of a detached container: S1 sends the full-screen request to the"
        + " detached root",
      yaml: """
        window:
          root: { class: UIViewController, id: home }
        detached:
          - class: UINavigationController
            id: offscreenNav
            viewControllers:
              - class: FormViewController
                id: form
                presents: { class: UIViewController, id: help, modalPresentationStyle: fullScreen }
        """,
      line: 9, column: 19,
      uikitMessage: "Attempt to present <UIViewController: 0x…> on <UINavigationController: 0x…>"
        + " (from <FormViewController: 0x…>) whose view is not in the window hierarchy."),
    Case(
      rule: .detachedPresenter,
      source: "LeoNatan/LNPopupController #560: \"Presenting view controller … from detached view"
        + " controller … is not supported\"",
      yaml: """
        window:
          root:
            class: UIViewController
            id: screen
            view: { subviews: [ { hosts: player } ] }
        detached:
          - class: PlayerViewController
            id: player
            presents: { class: UIAlertController, id: alert }
        """,
      line: 9, column: 15,
      uikitMessage: "Presenting view controller <UIAlertController: 0x…> from detached view"
        + " controller <PlayerViewController: 0x…> is not supported, and may result in incorrect"
        + " safe area insets and a corrupt root presentation. Make sure <PlayerViewController:"
        + " 0x…> is in the view controller hierarchy before presenting from it. Will become a"
        + " hard exception in a future release."),
    Case(
      rule: .presentedControllerActive,
      source: "wikimedia/wikipedia-ios quotes UIKit's \"Application tried to present modally a"
        + " view controller %@ that has a parent view controller %@.\"",
      yaml: """
        window:
          root:
            class: UITabBarController
            id: tabs
            viewControllers:
              - { class: ProfileViewController, id: profile }
              - { class: UIViewController, id: other }
            presents: { class: ProfileViewController, id: profile }
        """,
      line: 8, column: 15,
      uikitMessage: "Application tried to present modally a view controller"
        + " <ProfileViewController: 0x…> that has a parent view controller <UITabBarController:"
        + " 0x…>.",
      exception: "NSInvalidArgumentException"),
    Case(
      rule: .presentedControllerActive,
      source: "capacitor-community/privacy-screen #83: \"Application tried to present modally a"
        + " view controller … that is already being presented by …\"",
      yaml: """
        windows:
          - id: main
            key: true
            root: { class: UIViewController, id: a, presents: { class: SheetViewController, id: sheet } }
          - id: other
            root: { class: OtherViewController, id: b, presents: { class: SheetViewController, id: sheet } }
        """,
      line: 6, column: 58,
      uikitMessage: "Application tried to present modally a view controller"
        + " <SheetViewController: 0x…> that is already being presented by <UIViewController:"
        + " 0x…>.",
      exception: "NSInvalidArgumentException"),
    Case(
      rule: .presentedControllerActive,
      source: "awslabs/aws-sdk-ios-samples #203: \"Application tried to present modally an active"
        + " controller <UINavigationController: 0x7fb687043600>.\"",
      yaml: """
        windows:
          - id: main
            key: true
            root: { class: UIViewController, id: a, presents: { class: UINavigationController, id: nav } }
          - id: overlay
            root: { class: UINavigationController, id: nav }
        """,
      line: 4, column: 55,
      uikitMessage: "Application tried to present modally an active controller"
        + " <UINavigationController: 0x…>.",
      exception: "NSInvalidArgumentException"),
    Case(
      rule: .presentedControllerActive,
      source: "wordpress-mobile/WordPress-iOS #11483: \"Application tried to present modal view"
        + " controller on itself. Presenting controller is …\"",
      yaml: """
        window:
          root: { class: SearchController, id: search, presents: { class: SearchController, id: search } }
        """,
      line: 2, column: 58,
      uikitMessage: "Application tried to present modal view controller on itself. Presenting"
        + " controller is <SearchController: 0x…>.",
      exception: "NSInvalidArgumentException"),
    Case(
      rule: .pushedTwice,
      source: "Apple, pushViewController(_:animated:): \"If the view controller is already on the"
        + " navigation stack, this method throws an exception\"; log: thexande/SwiftAlgorithms #31",
      yaml: """
        window:
          root:
            class: UINavigationController
            id: nav
            viewControllers:
              - { class: FeedViewController, id: feed }
              - { class: PostViewController, id: post }
              - { class: FeedViewController, id: feed }
        """,
      line: 8, column: 9,
      uikitMessage: "<UINavigationController: 0x…> is pushing the same view controller instance"
        + " (<FeedViewController: 0x…>) more than once which is not supported and is most likely"
        + " an error in the application : <bundle identifier>",
      exception: "NSInvalidArgumentException"),
    Case(
      rule: .actionSheetWithoutAnchor,
      source: "Apple, \"Getting the user's attention with alerts and action sheets\": \"On iPad,"
        + " UIKit requires that you display an action sheet inside a popover.\"; log:"
        + " sberrevoets/SDCAlertView #306",
      yaml: """
        device: iPad
        window:
          root:
            class: UINavigationController
            id: nav
            viewControllers:
              - class: PhotoViewController
                id: photo
                presents: { class: UIAlertController, id: share, preferredStyle: actionSheet }
        """,
      line: 9, column: 74,
      uikitMessage: "Your application has presented a UIAlertController (<UIAlertController:"
        + " 0x…>) of style UIAlertControllerStyleActionSheet from UINavigationController"
        + " (<UINavigationController: 0x…>). The modalPresentationStyle of a UIAlertController"
        + " with this style is UIModalPresentationPopover. You must provide location information"
        + " for this popover through the alert controller's popoverPresentationController. You"
        + " must provide either a sourceView and sourceRect or a barButtonItem.  If this"
        + " information is not known when you present the alert controller, you may provide it"
        + " in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation.",
      exception: "NSGenericException"),
    Case(
      rule: .unbalancedAppearance,
      source: "ChatSecure/ChatSecure-iOS #597: \"Unbalanced calls to begin/end appearance"
        + " transitions for <UINavigationController: 0x7ff5b081c000>.\"",
      yaml: """
        window:
          root:
            class: UITabBarController
            id: tabs
            selectedIndex: 1
            viewControllers:
              - { class: UINavigationController, id: homeNav, state: appeared }
              - { class: UINavigationController, id: searchNav, state: appeared }
        """,
      line: 7, column: 62,
      uikitMessage: "Unbalanced calls to begin/end appearance transitions for"
        + " <UINavigationController: 0x…>."),
    Case(
      rule: .unknownUIKitClass,
      source: "issue 18: `class: UIAlertControler` loads as a plain controller",
      yaml: """
        window:
          root: { class: UIViewController, presents: { class: UIAlertControler, id: alert } }
        """,
      line: 2, column: 55, uikitMessage: nil),
    Case(
      rule: .unknownUIKitClass,
      source: "a UI-prefixed name that is none of the classes Apple's UIViewController page lists",
      yaml: """
        window:
          root: { class: UIFancyViewController, id: fancy }
        """,
      line: 2, column: 18, uikitMessage: nil),
    Case(
      rule: .unknownUIKitClass,
      source: "a misspelt superclass in `classes:` makes the class plain too",
      yaml: """
        classes: { FeedNav: UINavigationControler }
        window:
          root: { class: FeedNav, id: feedNav }
        """,
      line: 1, column: 21, uikitMessage: nil),
  ]

  @Test(arguments: cases)
  func firesAtThePositionWithUIKitsMessage(_ testCase: Case) throws {
    let matching = try Self.findings(testCase.yaml).filter { $0.rule == testCase.rule }
    #expect(matching.count == 1, "\(matching)")
    let finding = try #require(matching.first)
    #expect(finding.severity == testCase.rule.severity)
    #expect(
      (finding.location.line, finding.location.column) == (testCase.line, testCase.column),
      "at \(finding.location)")
    #expect(finding.uikitMessage == testCase.consoleLine)
  }

  struct NearMiss: CustomTestStringConvertible, Sendable {
    var rule: Rule
    var why: String
    var yaml: String
    var testDescription: String { "\(rule.rawValue): \(why)" }
  }

  static let nearMisses: [NearMiss] = [
    NearMiss(
      rule: .presenterNotInWindow,
      why: "a detached controller whose view a window shows presents (detached-presenter)",
      yaml: """
        window:
          root: { class: UIViewController, id: screen, view: { subviews: [ { hosts: player } ] } }
        detached:
          - { class: PlayerViewController, id: player, presents: { class: UIAlertController } }
        """),
    NearMiss(
      rule: .detachedPresenter,
      why: "the hosted controller is the host's child: it is in the hierarchy",
      yaml: """
        window:
          root:
            class: UIViewController
            children:
              - { class: PlayerViewController, id: player, presents: { class: UIAlertController } }
            view: { subviews: [ { hosts: player } ] }
        """),
    NearMiss(
      rule: .detachedPresenter,
      why: "a detached controller nobody shows is presenter-not-in-window, not this",
      yaml: """
        window: { root: UIViewController }
        detached:
          - { class: PlayerViewController, presents: { class: UIAlertController } }
        """),
    NearMiss(
      rule: .presentedControllerActive,
      why: "a `detached:` controller may be presented: it is not active (controller-in-two-places"
        + " reports the duplicate)",
      yaml: """
        window:
          root: { class: UIViewController, presents: { class: SheetViewController, id: sheet } }
        detached:
          - { class: SheetViewController, id: sheet }
        """),
    NearMiss(
      rule: .presentedControllerActive,
      why: "two instances of one class are two controllers",
      yaml: """
        window:
          root:
            class: UITabBarController
            viewControllers: [ { class: ProfileViewController, id: profile } ]
            presents: { class: ProfileViewController, id: profileSheet }
        """),
    NearMiss(
      rule: .pushedTwice,
      why: "the same controller in two navigation controllers is controller-in-two-places",
      yaml: """
        window:
          root:
            class: UITabBarController
            viewControllers:
              - { class: UINavigationController, viewControllers: [ { class: Feed, id: feed } ] }
              - { class: UINavigationController, viewControllers: [ { class: Feed, id: feed } ] }
        """),
    NearMiss(
      rule: .actionSheetWithoutAnchor,
      why: "on iPhone an action sheet slides up and needs no anchor",
      yaml: """
        window:
          root: { class: UIViewController, presents: { class: UIAlertController, preferredStyle: actionSheet } }
        """),
    NearMiss(
      rule: .actionSheetWithoutAnchor,
      why: "an anchored action sheet on iPad",
      yaml: """
        device: iPad
        window:
          root:
            class: UIViewController
            presents: { class: UIAlertController, preferredStyle: actionSheet, popoverAnchor: shareButton }
        """),
    NearMiss(
      rule: .actionSheetWithoutAnchor,
      why: "an alert (not an action sheet) on iPad is centred and needs no anchor",
      yaml: """
        device: iPad
        window:
          root: { class: UIViewController, presents: { class: UIAlertController, preferredStyle: alert } }
        """),
    NearMiss(
      rule: .unbalancedAppearance,
      why: "only the top of the stack appeared",
      yaml: """
        window:
          root:
            class: UINavigationController
            viewControllers:
              - { class: ListViewController, state: disappeared }
              - { class: DetailViewController, state: appeared }
        """),
    NearMiss(
      rule: .unknownUIKitClass,
      why: "UIKit's own subclasses, SwiftUI's hosting controller, module-qualified and declared"
        + " classes",
      yaml: """
        classes: { UIFancyViewController: UIViewController }
        window:
          root:
            class: UITabBarController
            viewControllers:
              - UIImagePickerController
              - UIDocumentBrowserViewController
              - UIHostingController<ContentView>
              - MyApp.UIThingViewController
              - UIFancyViewController
              - FeedViewController
        """),
    NearMiss(
      rule: .tabsUnderMore,
      why: "iPadOS 18: \"The new iPad tab bar supports an unlimited number of items.\"",
      yaml: """
        device: iPad
        window:
          root: { class: UITabBarController, viewControllers: [ T1, T2, T3, T4, T5, T6, T7 ] }
        """),
  ]

  @Test(arguments: nearMisses)
  func staysSilentOnANearMiss(_ testCase: NearMiss) throws {
    let matching = try Self.findings(testCase.yaml).filter { $0.rule == testCase.rule }
    #expect(matching.isEmpty, "\(matching)")
  }

  @Test("a controller written twice is reported by exactly one rule")
  func oneMistakeOneFinding() throws {
    let twice: Set<String> = [
      "controller-in-two-places", "presented-controller-active", "pushed-twice",
    ]
    for testCase in Self.cases where twice.contains(testCase.rule.rawValue) {
      let rules = try Self.findings(testCase.yaml).map(\.rule.rawValue).filter(twice.contains)
      #expect(rules == [testCase.rule.rawValue], "\(testCase.source)")
    }
  }

  @Test("unbalanced-appearance reads a dump's states: two children appeared under one navigation")
  func unbalancedAppearanceInADump() throws {
    // The shape of ChatSecure/ChatSecure-iOS #597's app: a stack whose lower controller never
    // got its disappearance callbacks.
    let dump = """
      <UINavigationController 0x7ff5b081c000>, state: appeared, view: <UILayoutContainerView 0x2>
         | <ChatListViewController 0x3>, state: appeared, view: <UIView 0x4> not in the window
         | <MessagesViewController 0x5>, state: appeared, view: <UIView 0x6>
      """
    let hierarchy = try DumpReader().read(text: dump, path: "d.txt")
    let findings = Checker.findings(for: Analysis(hierarchy)).filter {
      $0.rule == .unbalancedAppearance
    }
    #expect(findings.count == 1)
    #expect(findings.first.map { ($0.location.line, $0.location.column) } ?? (0, 0) == (2, 43))
    #expect(
      findings.first?.uikitMessage
        == "Unbalanced calls to begin/end appearance transitions for <ChatListViewController:"
        + " 0x…>.")
  }

  @Test("names a dump prints are the app's own: unknown-uikit-class leaves them alone")
  func dumpsAreNotCheckedForSpelling() throws {
    let dump = """
      <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <UIInputWindowController 0x3>, state: appeared, view: <UIInputSetHostView 0x4>
      """
    let hierarchy = try DumpReader().read(text: dump, path: "d.txt")
    #expect(!Checker.findings(for: Analysis(hierarchy)).contains { $0.rule == .unknownUIKitClass })
  }

  @Test(
    "each rule's documented example prints the UIKit line its documentation shows",
    arguments: Checker.rules.map { $0.rule.rawValue })
  func documentedMessageIsTheFindingsMessage(id: String) throws {
    let rule = try #require(Rule(rawValue: id))
    let findings: [Finding]
    switch rule.documentation.exampleFormat {
    case .description:
      let hierarchy = try DescriptionLoader().load(
        text: rule.documentation.example, path: "x.yaml")
      findings = Checker.findings(for: Analysis(hierarchy)).filter { $0.rule == rule }
    case .storyboard:
      let document = try StoryboardDocument.read(
        bytes: Array(rule.documentation.example.utf8), path: "x.storyboard", options: .default)
      findings = AnalysisReport.findings(
        for: Analysis(document.launch.hierarchy), storyboard: document
      ).filter { $0.rule == rule }
    case .swift:
      Issue.record("\(id) is a Swift-code rule; lint's tests run its examples")
      return
    }
    #expect(findings.map(\.uikitMessage) == [rule.documentation.uikitMessage])
    #expect((rule.uikitMessage == nil) == (rule.documentation.uikitMessage == nil))
  }

  @Test("the finding for a misspelt class says what it meant")
  func didYouMean() throws {
    let finding = try #require(
      try Self.findings(Self.cases.first { $0.rule == .unknownUIKitClass }!.yaml).first {
        $0.rule == .unknownUIKitClass
      })
    #expect(finding.message.contains("did you mean 'UIAlertController'?"))
  }
}
