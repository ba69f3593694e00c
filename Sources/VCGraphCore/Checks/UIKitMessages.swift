/// The console lines UIKit prints for the mistakes vcgraph finds, each read in a public source
/// (cited beside it). The current wording is the template; older wordings are aliases for
/// matching logs from older iOS releases. `vcgraph rules` and `Documentation/Rules.md` show the
/// same texts.
///
/// Placeholder names: `presented` the controller being presented or pushed, `presenter` the
/// controller UIKit presents on (the presentation-context owner it resolved), `requester` the
/// controller `present` was called on, `current` the controller already presented, `parent`
/// a parent, `navigation` a navigation controller, `child` a child controller, `presentation`
/// a presentation controller.
public enum UIKitMessages {
  /// `present` resolves to a presenter that is already presenting.
  // Current wording (iOS 14+): ArtSabintsev/Siren pull request #348 (2020-09, "Fix for iOS 14
  // Presentation Issue"); ndfred/iperf-ios #24 (2020-11) shows "on" is the context owner and
  // "from" the controller called. Old wording: ThornTechPublic/InteractiveModal #8 (2017),
  // alexaubry/BulletinBoard #154 (iOS 12.2), with two spaces before "on" in raw pastes.
  public static let alreadyPresenting = UIKitMessage(
    "Attempt to present {presented} on {presenter} (from {requester}) which is already"
      + " presenting {current}.",
    kind: .log,
    source: "github.com/ArtSabintsev/Siren/pull/348; github.com/ndfred/iperf-ios/issues/24",
    aliases: [
      "Warning: Attempt to present {presented}  on {presenter} which is already"
        + " presenting {current}"
    ])

  /// `present` on a presenter whose view is in no window.
  // Current wording: michaelhenry/ImageViewer.swift #135 (2022-12). Old wording:
  // kevin-lyn/STPopup #91 (2017), CoderMikeHe/WeChat #16 (iOS 13, 2019-12).
  public static let presenterNotInWindow = UIKitMessage(
    "Attempt to present {presented} on {presenter} (from {requester}) whose view is not in the"
      + " window hierarchy.",
    kind: .log,
    source: "github.com/michaelhenry/ImageViewer.swift/issues/135",
    aliases: [
      "Warning: Attempt to present {presented} on {presenter} whose view is not in the"
        + " window hierarchy!"
    ])

  /// `present` of a controller that is already presented by another controller.
  // capacitor-community/privacy-screen #83 (2023-11) and #56 (NSInvalidArgumentException from
  // -[UIViewController _presentViewController:withAnimationController:completion:]);
  // Expensify/react-native-share-menu #101 (2021). The older "active controller" text is in
  // awslabs/aws-sdk-ios-samples #203 (2018), OpenTreeMap/otm-ios #362 (2017).
  public static let alreadyPresented = UIKitMessage(
    "Application tried to present modally a view controller {presented} that is already being"
      + " presented by {current}.",
    kind: .exception("NSInvalidArgumentException"),
    source: "github.com/capacitor-community/privacy-screen/issues/83",
    aliases: ["Application tried to present modally an active controller {presented}."])

  /// `present` of a controller that is in the hierarchy already (a window's root, or placed
  /// elsewhere).
  // awslabs/aws-sdk-ios-samples #203 (2018-08): "*** Terminating app due to uncaught exception
  // 'NSInvalidArgumentException', reason: 'Application tried to present modally an active
  // controller <UINavigationController: 0x7fb687043600>.'"; OpenTreeMap/otm-ios #362,
  // jamonholmgren/ProMotion #29.
  public static let presentActive = UIKitMessage(
    "Application tried to present modally an active controller {presented}.",
    kind: .exception("NSInvalidArgumentException"),
    source: "github.com/awslabs/aws-sdk-ios-samples/issues/203")

  /// `present` of a controller that has a parent.
  // Only as a format string: wikimedia/wikipedia-ios,
  // Wikipedia/Code/ArticleTableOfContentsDisplayController.swift quotes UIKit's
  // "Application tried to present modally a view controller %@ that has a parent view
  // controller %@." No real log of it was found.
  public static let presentChild = UIKitMessage(
    "Application tried to present modally a view controller {presented} that has a parent view"
      + " controller {parent}.",
    kind: .exception("NSInvalidArgumentException"),
    source: "github.com/wikimedia/wikipedia-ios (ArticleTableOfContentsDisplayController.swift,"
      + " format string in a comment)")

  /// `present` of a controller on itself.
  // wordpress-mobile/WordPress-iOS #11483 (2019-04, NSInvalidArgumentException);
  // Kofktu/KUIPopOver #28 (2024-01).
  public static let presentOnItself = UIKitMessage(
    "Application tried to present modal view controller on itself. Presenting controller is"
      + " {presented}.",
    kind: .exception("NSInvalidArgumentException"),
    source: "github.com/wordpress-mobile/WordPress-iOS/issues/11483")

  /// `push` of an instance that is already on the stack.
  // Current wording (iOS 13+): thexande/SwiftAlgorithms #31 (2020-02),
  // wordpress-mobile/WordPress-iOS #20890 (2023-06); it ends with the app's bundle identifier
  // and no period. Old wording: samuelclay/NewsBlur #886 (2016), artsy/eigen #1061.
  // Apple, pushViewController(_:animated:): "If the view controller is already on the
  // navigation stack, this method throws an exception."
  public static let pushedTwice = UIKitMessage(
    "{navigation} is pushing the same view controller instance ({presented}) more than once"
      + " which is not supported and is most likely an error in the application :"
      + " <bundle identifier>",
    kind: .exception("NSInvalidArgumentException"),
    source: "github.com/thexande/SwiftAlgorithms/issues/31;"
      + " github.com/wordpress-mobile/WordPress-iOS/issues/20890",
    aliases: [
      "Pushing the same view controller instance more than once is not supported"
        + " ({presented})"
    ])

  /// `push` of a navigation controller.
  // skywinder/ActionSheetPicker-3.0 #70 (2014-10), dekatotoro/SlideMenuControllerSwift #315
  // (2017): no placeholders, no period.
  public static let pushNavigation = UIKitMessage(
    "Pushing a navigation controller is not supported",
    kind: .exception("NSInvalidArgumentException"),
    source: "github.com/skywinder/ActionSheetPicker-3.0/issues/70")

  /// `present` called on a controller that is not in the view controller hierarchy while its
  /// view is on screen.
  // Newest wording: LeoNatan/LNPopupController #560 (2024-02); the same text in
  // below/TabBarSample README.md. Middle: duraidabdul/LocalConsole #18 (2022-10, iOS 16).
  // Old: pwn20wndstuff/Undecimus #834 (iOS 11.3), dekatotoro/SlideMenuControllerSwift #265.
  public static let detachedPresenter = UIKitMessage(
    "Presenting view controller {presented} from detached view controller {requester} is not"
      + " supported, and may result in incorrect safe area insets and a corrupt root"
      + " presentation. Make sure {requester} is in the view controller hierarchy before"
      + " presenting from it. Will become a hard exception in a future release.",
    kind: .log,
    source: "github.com/LeoNatan/LNPopupController/issues/560",
    aliases: [
      "Presenting view controller {presented} from detached view controller {requester} is"
        + " discouraged.",
      "Presenting view controllers on detached view controllers is discouraged {requester}.",
    ])

  /// A popover presented with neither a source view nor a bar button item (a Present As
  /// Popover segue without an anchor).
  // Provenance-Emu/Provenance #1833 (2022-02); the same text in RefugeRestrooms/
  // refugerestrooms-ios #119 (2015-03) and ketyung/SwiftUIPdf #2 (2021-06). Apple,
  // UIPopoverPresentationController.sourceView: "Use this property in conjunction with the
  // sourceRect property to specify the anchor location for the popover. Alternatively, you may
  // specify the anchor location for the popover using the barButtonItem property."
  public static let popoverWithoutAnchor = UIKitMessage(
    "UIPopoverPresentationController ({presentation}) should have a non-nil sourceView or"
      + " barButtonItem set before the presentation occurs.",
    kind: .exception("NSGenericException"),
    source: "github.com/Provenance-Emu/Provenance/issues/1833")

  /// A deprecated Push segue performed from a controller no navigation controller holds.
  // ltebean/LTInfiniteScrollView-Swift #3 (2016-08) and John-Lluch/SWRevealViewController #453
  // (2015-07). PageMenu/PageMenu #11 (2015-01) shows it after "Could not find a navigation
  // controller for segue '<identifier>'." for a segue with an identifier.
  public static let pushSegueOutsideNavigation = UIKitMessage(
    "Push segues can only be used when the source controller is managed by an instance of"
      + " UINavigationController.",
    kind: .exception("NSGenericException"),
    source: "github.com/ltebean/LTInfiniteScrollView-Swift/issues/3")

  /// An action sheet presented on iPad without a popover anchor.
  // sberrevoets/SDCAlertView #306 (2020-05), dillidon/alerts-and-pickers #71 (2018-11),
  // hotwired/turbo-ios #193; two spaces after "barButtonItem." in raw pastes. The iOS 8–11
  // text lacks "from X (<X: 0x…>)": ryanmaxwell/UIAlertController-Blocks #3. Apple, "Getting
  // the user's attention with alerts and action sheets": "On iPad, UIKit requires that you
  // display an action sheet inside a popover."
  public static let actionSheetWithoutAnchor = UIKitMessage(
    "Your application has presented a UIAlertController ({presented}) of style"
      + " UIAlertControllerStyleActionSheet from {presenter.class} ({presenter}). The"
      + " modalPresentationStyle of a UIAlertController with this style is"
      + " UIModalPresentationPopover. You must provide location information for this popover"
      + " through the alert controller's popoverPresentationController. You must provide either"
      + " a sourceView and sourceRect or a barButtonItem.  If this information is not known when"
      + " you present the alert controller, you may provide it in the"
      + " UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation.",
    kind: .exception("NSGenericException"),
    source: "github.com/sberrevoets/SDCAlertView/issues/306",
    aliases: [
      "Your application has presented a UIAlertController ({presented}) of style"
        + " UIAlertControllerStyleActionSheet. The modalPresentationStyle of a UIAlertController"
        + " with this style is UIModalPresentationPopover. You must provide location information"
        + " for this popover through the alert controller's popoverPresentationController. You"
        + " must provide either a sourceView and sourceRect or a barButtonItem.  If this"
        + " information is not known when you present the alert controller, you may provide it"
        + " in the UIPopoverPresentationControllerDelegate method -prepareForPopoverPresentation."
    ])

  /// A child's appearance callbacks out of balance.
  // ChatSecure/ChatSecure-iOS #597 (2016-11), venmo/VENTouchLock #9 (2014); the wording did
  // not change with iOS 14 (a 2021 device log has the same text).
  public static let unbalancedAppearance = UIKitMessage(
    "Unbalanced calls to begin/end appearance transitions for {child}.",
    kind: .log,
    source: "github.com/ChatSecure/ChatSecure-iOS/issues/597")

  /// A child's root view added to the view of a controller that is not its parent.
  // appunite/CLCascade #7 (iOS 5, 2011), IBAnimatable/IBAnimatable #579 (2018): no space after
  // the colons, no final period; "should have" names the controller whose view the child's
  // view was added to, "actual parent" the child's parent, `(null)` when it has none. Apple,
  // hierarchyInconsistencyException: "That view controller must be the parent of the view
  // controller whose view is being added. Otherwise, this exception is raised."
  public static let hierarchyInconsistency = UIKitMessage(
    "child view controller:{child} should have parent view controller:{host} but actual"
      + " parent is:{parent}",
    kind: .exception("UIViewControllerHierarchyInconsistency"),
    source: "github.com/appunite/CLCascade/issues/7")

  /// `popToViewController` with a controller that is not on the stack.
  // helpscout/beacon-ios-sdk #132 (iOS 14.1, NSInternalInconsistencyException from an
  // assertion in -[UINavigationController popToViewController:transition:]).
  public static let popToMissing = UIKitMessage(
    "Tried to pop to a view controller that doesn't exist.",
    kind: .exception("NSInternalInconsistencyException"),
    source: "github.com/helpscout/beacon-ios-sdk/issues/132")
}
