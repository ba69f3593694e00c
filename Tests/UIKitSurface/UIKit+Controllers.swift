// View controllers and the device, as UIKitAdapter.swift uses them (see UIKit.swift).
import Foundation

/// uikit/uiuserinterfaceidiom — `enum UIUserInterfaceIdiom` (Int raw values)
public enum UIUserInterfaceIdiom: Int, Sendable {
  case unspecified = -1
  case phone = 0
  case pad = 1
  case tv = 2
  case carPlay = 3
  case mac = 5
  case vision = 6
}

/// uikit/uidevice — `@MainActor class UIDevice : NSObject`
@MainActor
open class UIDevice {
  nonisolated public init() {}
  public static var surfaceCurrent = UIDevice()
  /// uikit/uidevice/current — `class var current: UIDevice { get }`
  open class var current: UIDevice { surfaceCurrent }
  public var surfaceIdiom = UIUserInterfaceIdiom.phone
  /// uikit/uidevice/userinterfaceidiom — `var userInterfaceIdiom: UIUserInterfaceIdiom { get }`
  open var userInterfaceIdiom: UIUserInterfaceIdiom { surfaceIdiom }
}

/// uikit/uiviewcontroller — `@MainActor class UIViewController : UIResponder`
@MainActor
open class UIViewController: UIResponder {
  /// uikit/uiviewcontroller/title — `var title: String? { get set }`
  open var title: String?
  public var surfaceChildren: [UIViewController] = []
  /// uikit/uiviewcontroller/children — `var children: [UIViewController] { get }`
  open var children: [UIViewController] { surfaceChildren }
  public var surfacePresented: UIViewController?
  /// uikit/uiviewcontroller/presentedviewcontroller —
  /// `var presentedViewController: UIViewController? { get }`
  open var presentedViewController: UIViewController? { surfacePresented }
  public var surfacePresenting: UIViewController?
  /// uikit/uiviewcontroller/presentingviewcontroller —
  /// `var presentingViewController: UIViewController? { get }`
  open var presentingViewController: UIViewController? { surfacePresenting }
  /// uikit/uiviewcontroller/modalpresentationstyle —
  /// `var modalPresentationStyle: UIModalPresentationStyle { get set }`
  open var modalPresentationStyle = UIModalPresentationStyle.automatic
  /// uikit/uiviewcontroller/modaltransitionstyle —
  /// `var modalTransitionStyle: UIModalTransitionStyle { get set }`
  open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
  public var surfaceDefinesPresentationContext: Bool?
  /// uikit/uiviewcontroller/definespresentationcontext —
  /// `var definesPresentationContext: Bool { get set }` ("The default value for this property
  /// is false. Some system-provided view controllers, such as UINavigationController, change
  /// the default value to true.")
  open var definesPresentationContext: Bool {
    get { surfaceDefinesPresentationContext ?? (self is UINavigationController) }
    set { surfaceDefinesPresentationContext = newValue }
  }
  /// uikit/uiviewcontroller/providespresentationcontexttransitionstyle —
  /// `var providesPresentationContextTransitionStyle: Bool { get set }`
  open var providesPresentationContextTransitionStyle = false
  public var surfaceBeingPresented = false
  /// uikit/uiviewcontroller/isbeingpresented — `var isBeingPresented: Bool { get }`
  open var isBeingPresented: Bool { surfaceBeingPresented }
  public var surfaceBeingDismissed = false
  /// uikit/uiviewcontroller/isbeingdismissed — `var isBeingDismissed: Bool { get }`
  open var isBeingDismissed: Bool { surfaceBeingDismissed }
  public var surfaceMovingToParent = false
  /// uikit/uiviewcontroller/ismovingtoparent — `var isMovingToParent: Bool { get }`
  open var isMovingToParent: Bool { surfaceMovingToParent }
  public var surfaceMovingFromParent = false
  /// uikit/uiviewcontroller/ismovingfromparent — `var isMovingFromParent: Bool { get }`
  open var isMovingFromParent: Bool { surfaceMovingFromParent }
  public var surfaceView: UIView?
  /// uikit/uiviewcontroller/viewifloaded — `var viewIfLoaded: UIView? { get }`
  open var viewIfLoaded: UIView? { surfaceView }
  public var surfacePresentationController: UIPresentationController?
  /// uikit/uiviewcontroller/presentationcontroller —
  /// `var presentationController: UIPresentationController? { get }`
  open var presentationController: UIPresentationController? { surfacePresentationController }
  /// uikit/uiviewcontroller/popoverpresentationcontroller —
  /// `var popoverPresentationController: UIPopoverPresentationController? { get }`
  open var popoverPresentationController: UIPopoverPresentationController? {
    surfacePresentationController as? UIPopoverPresentationController
  }
}

/// uikit/uinavigationcontroller — `@MainActor class UINavigationController : UIViewController`
@MainActor
open class UINavigationController: UIViewController {
  /// uikit/uinavigationcontroller/viewcontrollers —
  /// `var viewControllers: [UIViewController] { get set }`
  open var viewControllers: [UIViewController] = []
}

/// uikit/uitabbarcontroller — `@MainActor class UITabBarController : UIViewController`
@MainActor
open class UITabBarController: UIViewController {
  /// uikit/uitabbarcontroller/viewcontrollers —
  /// `var viewControllers: [UIViewController]? { get set }`
  open var viewControllers: [UIViewController]?
  /// uikit/uitabbarcontroller/selectedindex — `var selectedIndex: Int { get set }`
  open var selectedIndex = 0
}

/// uikit/uisplitviewcontroller — `@MainActor class UISplitViewController : UIViewController`
@MainActor
open class UISplitViewController: UIViewController {
  /// uikit/uisplitviewcontroller/displaymode-swift.enum — `enum DisplayMode` (Int raw values)
  public enum DisplayMode: Int, Sendable {
    case automatic = 0
    case secondaryOnly = 1
    case oneBesideSecondary = 2
    case oneOverSecondary = 3
    case twoBesideSecondary = 4
    case twoOverSecondary = 5
    case twoDisplaceSecondary = 6
  }
  /// uikit/uisplitviewcontroller/viewcontrollers —
  /// `var viewControllers: [UIViewController] { get set }`
  open var viewControllers: [UIViewController] = []
  public var surfaceCollapsed = false
  /// uikit/uisplitviewcontroller/iscollapsed — `var isCollapsed: Bool { get }`
  open var isCollapsed: Bool { surfaceCollapsed }
  public var surfaceDisplayMode = DisplayMode.automatic
  /// uikit/uisplitviewcontroller/displaymode-swift.property —
  /// `var displayMode: UISplitViewController.DisplayMode { get }`
  open var displayMode: UISplitViewController.DisplayMode { surfaceDisplayMode }
}

/// uikit/uipageviewcontroller — `@MainActor class UIPageViewController : UIViewController`
@MainActor
open class UIPageViewController: UIViewController {
  public var surfacePages: [UIViewController]?
  /// uikit/uipageviewcontroller/viewcontrollers — `var viewControllers: [UIViewController]? { get }`
  open var viewControllers: [UIViewController]? { surfacePages }
}

/// uikit/uialertcontroller — `@MainActor class UIAlertController : UIViewController`
@MainActor
open class UIAlertController: UIViewController {
  /// uikit/uialertcontroller/style — `enum Style` (Int raw values)
  public enum Style: Int, Sendable {
    case actionSheet = 0
    case alert = 1
  }
  public var surfaceStyle = Style.alert
  /// uikit/uialertcontroller/preferredstyle — `var preferredStyle: UIAlertController.Style { get }`
  open var preferredStyle: UIAlertController.Style { surfaceStyle }
}
