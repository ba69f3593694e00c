import Foundation
import Testing
import VCGraphCore

/// Each message UIKit prints, rendered by vcgraph with the classes of a real log, equals that
/// log once its addresses are replaced by `0x…`: the logs are quoted from the public issues the
/// catalogue cites, so the templates cannot drift from what UIKit printed.
@Suite struct UIKitMessageTests {
  struct RealLog: CustomTestStringConvertible, Sendable {
    var message: UIKitMessage
    /// `nil`: the current wording; a number: that alias.
    var alias: Int?
    var classes: [String: String]
    var source: String
    var log: String
    var testDescription: String { source }
  }

  /// `0x7fedc680d000` → `0x…`, as vcgraph prints addresses it cannot know.
  static func placeholders(_ log: String) -> String {
    log.replacingOccurrences(of: "0x[0-9a-f]+", with: "0x…", options: .regularExpression)
  }

  static let logs: [RealLog] = [
    RealLog(
      message: UIKitMessages.popoverWithoutAnchor,
      classes: ["presentation": "UIPopoverPresentationController"],
      source: "Provenance-Emu/Provenance #1833",
      log: "UIPopoverPresentationController (<UIPopoverPresentationController: 0x11bb296c0>)"
        + " should have a non-nil sourceView or barButtonItem set before the presentation"
        + " occurs."),
    RealLog(
      message: UIKitMessages.pushSegueOutsideNavigation, classes: [:],
      source: "ltebean/LTInfiniteScrollView-Swift #3",
      log: "Push segues can only be used when the source controller is managed by an instance"
        + " of UINavigationController."),
    RealLog(
      message: UIKitMessages.alreadyPresenting,
      classes: [
        "presented": "UIAlertController", "presenter": "Siren.SirenViewController",
        "requester": "Siren.SirenViewController", "current": "UIAlertController",
      ],
      source: "ArtSabintsev/Siren pull request #348",
      log: "Attempt to present <UIAlertController: 0x7fedc680d000> on"
        + " <Siren.SirenViewController: 0x7fedc240fed0> (from <Siren.SirenViewController:"
        + " 0x7fedc240fed0>) which is already presenting <UIAlertController: 0x7fedc5845800>."),
    RealLog(
      message: UIKitMessages.alreadyPresenting, alias: 0,
      classes: [
        "presented": "InteractiveModal.ModalViewController",
        "presenter": "InteractiveModal.ViewController",
        "current": "InteractiveModal.ModalViewController",
      ],
      source: "ThornTechPublic/InteractiveModal #8 (before iOS 14)",
      log: "Warning: Attempt to present <InteractiveModal.ModalViewController: 0x7feffaf0c390> "
        + " on <InteractiveModal.ViewController: 0x7feffaf0a070> which is already presenting"
        + " <InteractiveModal.ModalViewController: 0x7feffae0d4b0>"),
    RealLog(
      message: UIKitMessages.presenterNotInWindow,
      classes: [
        "presented": "ImageViewer_swift.ImageCarouselViewController",
        "presenter": "BaseNavigationViewController", "requester": "BaseNavigationViewController",
      ],
      source: "michaelhenry/ImageViewer.swift #135",
      log: "Attempt to present <ImageViewer_swift.ImageCarouselViewController: 0x10c047800> on"
        + " <BaseNavigationViewController: 0x10c816400> (from <BaseNavigationViewController:"
        + " 0x10c816400>) whose view is not in the window hierarchy."),
    RealLog(
      message: UIKitMessages.presenterNotInWindow, alias: 0,
      classes: ["presented": "STPopupContainerViewController", "presenter": "HomeViewController"],
      source: "kevin-lyn/STPopup #91 (before iOS 14)",
      log: "Warning: Attempt to present <STPopupContainerViewController: 0x7fe9caeabbf0> on"
        + " <HomeViewController: 0x7fe9cb04f200> whose view is not in the window hierarchy!"),
    RealLog(
      message: UIKitMessages.alreadyPresented,
      classes: ["presented": "UIViewController", "current": "Capacitor.CAPBridgeViewController"],
      source: "capacitor-community/privacy-screen #83",
      log: "Application tried to present modally a view controller <UIViewController:"
        + " 0x10392e710> that is already being presented by <Capacitor.CAPBridgeViewController:"
        + " 0x10390bf60>."),
    RealLog(
      message: UIKitMessages.presentActive, classes: ["presented": "UINavigationController"],
      source: "awslabs/aws-sdk-ios-samples #203",
      log: "Application tried to present modally an active controller <UINavigationController:"
        + " 0x7fb687043600>."),
    RealLog(
      message: UIKitMessages.presentOnItself, classes: ["presented": "UISearchController"],
      source: "wordpress-mobile/WordPress-iOS #11483",
      log: "Application tried to present modal view controller on itself. Presenting controller"
        + " is <UISearchController: 0x1581fa000>."),
    RealLog(
      message: UIKitMessages.pushedTwice,
      classes: [
        "navigation": "UINavigationController",
        "presented": "swift_algorithms.MarkdownPresentationViewController",
      ],
      source: "thexande/SwiftAlgorithms #31",
      log: "<UINavigationController: 0x7fd44f81a400> is pushing the same view controller"
        + " instance (<swift_algorithms.MarkdownPresentationViewController: 0x7fd451905d00>)"
        + " more than once which is not supported and is most likely an error in the"
        + " application : <bundle identifier>"),
    RealLog(
      message: UIKitMessages.pushedTwice, alias: 0,
      classes: ["presented": "FeedDetailViewController"],
      source: "samuelclay/NewsBlur #886 (iOS 12 and before)",
      log: "Pushing the same view controller instance more than once is not supported"
        + " (<FeedDetailViewController: 0x7fd758e40980>)"),
    RealLog(
      message: UIKitMessages.pushNavigation, classes: [:],
      source: "skywinder/ActionSheetPicker-3.0 #70",
      log: "Pushing a navigation controller is not supported"),
    RealLog(
      message: UIKitMessages.detachedPresenter,
      classes: [
        "presented": "UIAlertController", "requester": "DemoPopup.LargePlayerViewController",
      ],
      source: "LeoNatan/LNPopupController #560",
      log: "Presenting view controller <UIAlertController: 0x10301ba00> from detached view"
        + " controller <DemoPopup.LargePlayerViewController: 0x1026094e0> is not supported, and"
        + " may result in incorrect safe area insets and a corrupt root presentation. Make sure"
        + " <DemoPopup.LargePlayerViewController: 0x1026094e0> is in the view controller"
        + " hierarchy before presenting from it. Will become a hard exception in a future"
        + " release."),
    RealLog(
      message: UIKitMessages.detachedPresenter, alias: 0,
      classes: [
        "presented": "_UIContextMenuActionsOnlyViewController",
        "requester": "LocalConsole.ConsoleViewController",
      ],
      source: "duraidabdul/LocalConsole #18 (iOS 16)",
      log: "Presenting view controller <_UIContextMenuActionsOnlyViewController: 0x7fb2bf605470>"
        + " from detached view controller <LocalConsole.ConsoleViewController: 0x7fb2be27ecb0> is"
        + " discouraged."),
    RealLog(
      message: UIKitMessages.detachedPresenter, alias: 1,
      classes: ["requester": "JailbreakViewController"],
      source: "pwn20wndstuff/Undecimus #834 (iOS 11.3)",
      log: "Presenting view controllers on detached view controllers is discouraged"
        + " <JailbreakViewController: 0x100a3a5c0>."),
    RealLog(
      message: UIKitMessages.actionSheetWithoutAnchor,
      classes: ["presented": "UIAlertController", "presenter": "UINavigationController"],
      source: "sberrevoets/SDCAlertView #306",
      log: "Your application has presented a UIAlertController (<UIAlertController:"
        + " 0x7fa281014c00>) of style UIAlertControllerStyleActionSheet from"
        + " UINavigationController (<UINavigationController: 0x7fa28001c600>). The"
        + " modalPresentationStyle of a UIAlertController with this style is"
        + " UIModalPresentationPopover. You must provide location information for this popover"
        + " through the alert controller's popoverPresentationController. You must provide"
        + " either a sourceView and sourceRect or a barButtonItem.  If this information is not"
        + " known when you present the alert controller, you may provide it in the"
        + " UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation."),
    RealLog(
      message: UIKitMessages.unbalancedAppearance, classes: ["child": "UINavigationController"],
      source: "ChatSecure/ChatSecure-iOS #597",
      log: "Unbalanced calls to begin/end appearance transitions for <UINavigationController:"
        + " 0x7ff5b081c000>."),
    RealLog(
      message: UIKitMessages.hierarchyInconsistency,
      classes: [
        "child": "ExampleTableViewController", "host": "CLCascadeNavigationController",
        "parent": "ExampleTableViewController",
      ],
      source: "appunite/CLCascade #7",
      log: "child view controller:<ExampleTableViewController: 0x6898820> should have parent"
        + " view controller:<CLCascadeNavigationController: 0x6a983e0> but actual parent"
        + " is:<ExampleTableViewController: 0x6a3d9c0>"),
    RealLog(
      message: UIKitMessages.hierarchyInconsistency,
      classes: ["child": "UINavigationController", "host": "(null)", "parent": "UIViewController"],
      source: "IBAnimatable/IBAnimatable #579 (nil prints as (null))",
      log: "child view controller:<UINavigationController: 0x7fd3dd032800> should have parent"
        + " view controller:(null) but actual parent is:<UIViewController: 0x7fd3dcc11c80>"),
    RealLog(
      message: UIKitMessages.popToMissing, classes: [:],
      source: "helpscout/beacon-ios-sdk #132",
      log: "Tried to pop to a view controller that doesn't exist."),
  ]

  @Test(arguments: logs)
  func rendersTheRealLog(_ real: RealLog) {
    let template = real.alias.map { real.message.aliases[$0] } ?? real.message.template
    #expect(UIKitMessage.render(template, real.classes) == Self.placeholders(real.log))
  }

  @Test("every rule with a UIKit message names where the message was seen")
  func sources() {
    for rule in Rule.all {
      guard let message = rule.uikitMessage else { continue }
      #expect(message.source.contains("github.com/"), "\(rule.rawValue)")
    }
  }

  @Test("a placeholder without a value is left in place")
  func missingValue() {
    #expect(UIKitMessage.render("a {b} {c.class} {", ["c": "C"]) == "a {b} C {")
  }
}

/// Class names (issue 18): the view-controller classes vcgraph knows come from Apple's
/// "Inherited By" lists, a misspelt one is caught, and the kind error for a container key on
/// a class vcgraph cannot place points at the class.
@Suite struct ClassNameTests: LoadsDescriptions {
  @Test("one edit: a letter added, removed, replaced, or two neighbours swapped")
  func oneEdit() {
    #expect(UIKitClasses.oneEditAway(from: "UINavigationControler") == "UINavigationController")
    #expect(UIKitClasses.oneEditAway(from: "UINavigationControllerr") == "UINavigationController")
    #expect(UIKitClasses.oneEditAway(from: "UlTableViewController") == "UITableViewController")
    #expect(UIKitClasses.oneEditAway(from: "UITabBarContorller") == "UITabBarController")
    #expect(UIKitClasses.oneEditAway(from: "UITabBarCntrollr") == nil)
    #expect(UIKitClasses.oneEditAway(from: "UITabBarControlelr") == "UITabBarController")
    #expect(UIKitClasses.oneEditAway(from: "IUViewController") == "UIViewController")
    #expect(UIKitClasses.oneEditAway(from: "UIViewController") == nil)
    #expect(UIKitClasses.oneEditAway(from: "FeedViewController") == nil)
  }

  @Test("UIKit's own subclasses get their documented kind; a generic name is its base class")
  func documentedKinds() throws {
    #expect(UIKitClasses.kind(of: "UIImagePickerController") == .navigation)
    #expect(UIKitClasses.kind(of: "UITableViewController") == .plain)
    #expect(UIKitClasses.kind(of: "UIHostingController<ContentView>") == .plain)
    #expect(UIKitClasses.kind(of: "UITableViewControler") == nil)
    let h = try load(
      """
      window:
        root: { class: UIImagePickerController, viewControllers: [ PUUIAlbumListViewController ] }
      """)
    #expect(h.controllers[h.windows[0].root].kind == .navigation)
  }

  @Test("`viewControllers` on a misspelt UIKit class: the error points at the class, did you mean")
  func misspeltContainer() throws {
    let failure = try #require(
      error(
        """
        window:
          root:
            class: UINavigationControler
            viewControllers: [ A ]
        """))
    #expect((failure.location?.line, failure.location?.column) == (3, 12))
    #expect(failure.message.contains("'UINavigationControler' is not a UIKit class vcgraph knows"))
    #expect(failure.hint == "did you mean 'UINavigationController'?")
  }

  @Test("`viewControllers` on an undeclared custom class: the error says how to declare its kind")
  func undeclaredCustomContainer() throws {
    let failure = try #require(
      error(
        """
        window:
          root:
            class: FeedNavigationController
            viewControllers: [ A ]
        """))
    #expect((failure.location?.line, failure.location?.column) == (3, 12))
    #expect(
      failure.hint
        == "declare it, e.g. `classes: { FeedNavigationController: UINavigationController }`, or"
        + " pass `--class FeedNavigationController=KIND`; `viewControllers` belongs to a"
        + " UINavigationController")
    // `selectedIndex` on a class with no telling suffix lists the kinds that have it.
    let tabs = try #require(error("window: { root: { class: MainTabs, selectedIndex: 1 } }"))
    #expect(tabs.hint?.hasSuffix("`selectedIndex` belongs to a UITabBarController") == true)
  }

  @Test("a UIKit class with another kind's key keeps the error at the key")
  func uikitClassWrongKey() throws {
    let failure = try #require(
      error("window: { root: { class: UIViewController, selectedIndex: 0 } }"))
    #expect(failure.message == "`selectedIndex` is not allowed in a UIViewController")
    #expect(failure.location?.column == 44)
  }
}
