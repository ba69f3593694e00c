// The only file that knows UIKit. On Linux it is compiled against Tests/UIKitSurface, a module
// named UIKit that declares what is used here with Apple's signatures, in the check target that
// defines VCGRAPH_UIKIT_SURFACE (elsewhere on Linux `canImport(UIKit)` may see that module in
// the build directory, which this library does not depend on).
#if canImport(UIKit) && (!os(Linux) || VCGRAPH_UIKIT_SURFACE)
  import Foundation
  import UIKit

  extension VCGraphCapture {
    /// The running app's view-controller hierarchy as a vcgraph description: every connected
    /// window scene, its windows, their controllers, presentations and appearance states.
    /// `controllers` that no window holds (one a test made and never showed) are written
    /// under `detached:`. From LLDB: `po VCGraphCapture.describe()`.
    @MainActor
    public static func describe(
      including controllers: [UIViewController] = [], options: CaptureOptions = CaptureOptions()
    ) -> String {
      describe(UIKitApplication(UIApplication.shared, extra: controllers), options: options)
    }

    /// Writes `describe(including:options:)` to `url` (UTF-8, atomically).
    @MainActor
    public static func write(
      to url: URL, including controllers: [UIViewController] = [],
      options: CaptureOptions = CaptureOptions()
    ) throws {
      try describe(including: controllers, options: options)
        .write(to: url, atomically: true, encoding: .utf8)
    }

    /// The launch argument that names the file a UI test asks for: launched with
    /// `-VCGraphCapturePath PATH`, an app that called `startLaunchArgumentHandler()` writes a
    /// capture to PATH each time the file `PATH.request` appears, then removes the request.
    public static let launchArgument = "-VCGraphCapturePath"

    /// The file a UI test creates to ask for a capture written to `path`.
    public static func requestPath(for path: String) -> String { path + ".request" }

    /// The path given with `launchArgument`, if the app was launched with one.
    public static func launchArgumentPath(
      in arguments: [String] = ProcessInfo.processInfo.arguments
    ) -> String? {
      guard let index = arguments.firstIndex(of: launchArgument), index + 1 < arguments.count
      else { return nil }
      let path = arguments[index + 1]
      return path.isEmpty ? nil : path
    }

    /// When the app was launched with `launchArgument`, checks four times a second for a
    /// request from a UI test and answers it (`Documentation/Capture.md`, "UI tests"). Does
    /// nothing otherwise; call it once, from a debug build's launch.
    @MainActor
    public static func startLaunchArgumentHandler() {
      guard let path = launchArgumentPath() else { return }
      let timer = Timer(timeInterval: 0.25, repeats: true) { _ in
        Task { @MainActor in answerRequest(at: path) }
      }
      RunLoop.main.add(timer, forMode: .common)
    }

    /// Writes a capture to `path` if `requestPath(for: path)` exists, then removes the
    /// request. Returns whether it answered one.
    @MainActor
    @discardableResult
    public static func answerRequest(at path: String) -> Bool {
      let request = requestPath(for: path)
      guard FileManager.default.fileExists(atPath: request) else { return false }
      do {
        try write(to: URL(fileURLWithPath: path))
      } catch {
        // The test sees no answer and reports its timeout; the app's log says why.
        NSLog("VCGraphCapture: cannot write %@: %@", path, String(describing: error))
      }
      try? FileManager.default.removeItem(atPath: request)
      return true
    }
  }

  /// The wrappers of one capture, one per UIKit object, so that the walk sees each object once.
  @MainActor
  final class UIKitObjects {
    private var controllers: [ObjectIdentifier: UIKitController] = [:]
    private var views: [ObjectIdentifier: UIKitView] = [:]

    func controller(_ controller: UIViewController) -> UIKitController {
      if let wrapper = controllers[ObjectIdentifier(controller)] { return wrapper }
      let wrapper = UIKitController(controller, objects: self)
      controllers[ObjectIdentifier(controller)] = wrapper
      return wrapper
    }

    func view(_ view: UIView) -> UIKitView {
      if let wrapper = views[ObjectIdentifier(view)] { return wrapper }
      let wrapper = UIKitView(view, objects: self)
      views[ObjectIdentifier(view)] = wrapper
      return wrapper
    }
  }

  /// The class name as the runtime gives it (`NSStringFromClass`).
  func runtimeName(of object: AnyObject) -> String {
    runtimeName(of: type(of: object))
  }

  /// A class's runtime name. UIKit's classes are Objective-C classes, named without a module;
  /// the surface module's stand-ins are Swift classes in a module named UIKit.
  func runtimeName(of cls: AnyClass) -> String {
    let name = NSStringFromClass(cls)
    #if VCGRAPH_UIKIT_SURFACE
      if name.hasPrefix("UIKit.") { return String(name.dropFirst("UIKit.".count)) }
    #endif
    return name
  }

  @MainActor
  struct UIKitApplication: CapturedApplication {
    let application: UIApplication
    let extra: [UIViewController]
    let objects = UIKitObjects()

    init(_ application: UIApplication, extra: [UIViewController]) {
      self.application = application
      self.extra = extra
    }

    var extraControllers: [any CapturedController] { extra.map { objects.controller($0) } }

    /// Window scenes, foreground first, then by the session's persistent identifier so two
    /// captures of one state list them alike (`connectedScenes` is a set).
    var capturedScenes: [any CapturedScene] {
      let scenes = application.connectedScenes.compactMap { $0 as? UIWindowScene }
      return
        scenes
        .sorted { a, b in
          let (af, bf) = (UIKitScene.isForeground(a), UIKitScene.isForeground(b))
          if af != bf { return af }
          return a.session.persistentIdentifier < b.session.persistentIdentifier
        }
        .map { UIKitScene($0, objects: objects) }
    }

    var isPad: Bool {
      let idiom = UIDevice.current.userInterfaceIdiom
      return idiom == .pad || idiom == .mac
    }

    var delegateClassName: String? {
      application.delegate.map { runtimeName(of: $0) }
    }

    var delegateIsResponder: Bool { application.delegate is UIResponder }
  }

  @MainActor
  final class UIKitScene: CapturedScene {
    let scene: UIWindowScene
    let objects: UIKitObjects

    init(_ scene: UIWindowScene, objects: UIKitObjects) {
      self.scene = scene
      self.objects = objects
    }

    static func isForeground(_ scene: UIScene) -> Bool {
      switch scene.activationState {
      case .foregroundActive, .foregroundInactive: true
      case .background, .unattached: false
      @unknown default: false
      }
    }

    var isForeground: Bool { Self.isForeground(scene) }

    var capturedWindows: [any CapturedWindow] {
      scene.windows.map { UIKitWindow($0, scene: scene, objects: objects) }
    }
  }

  @MainActor
  final class UIKitWindow: CapturedWindow {
    let window: UIWindow
    let scene: UIWindowScene
    let objects: UIKitObjects

    init(_ window: UIWindow, scene: UIWindowScene, objects: UIKitObjects) {
      self.window = window
      self.scene = scene
      self.objects = objects
    }

    var className: String { runtimeName(of: window) }
    var level: Double { Double(window.windowLevel.rawValue) }
    var isSceneKey: Bool { scene.keyWindow === window }
    var isApplicationKey: Bool { window.isKeyWindow }
    var isHidden: Bool { window.isHidden }
    var capturedRoot: (any CapturedController)? {
      window.rootViewController.map { objects.controller($0) }
    }
  }

  @MainActor
  final class UIKitView: CapturedView {
    let view: UIView
    let objects: UIKitObjects

    init(_ view: UIView, objects: UIKitObjects) {
      self.view = view
      self.objects = objects
    }

    var className: String { runtimeName(of: view) }

    /// A view's next responder is its controller when it is that controller's root view.
    var hostedController: (any CapturedController)? {
      guard let controller = view.next as? UIViewController, controller.viewIfLoaded === view
      else { return nil }
      return objects.controller(controller)
    }

    var capturedSubviews: [any CapturedView] { view.subviews.map { objects.view($0) } }
  }
  @MainActor
  final class UIKitController: CapturedController {
    let controller: UIViewController
    let objects: UIKitObjects

    init(_ controller: UIViewController, objects: UIKitObjects) {
      self.controller = controller
      self.objects = objects
    }

    var className: String { runtimeName(of: controller) }

    var superclassNames: [String] {
      guard kindClass(of: type(of: controller)) == nil else { return [] }
      var names: [String] = []
      var current: AnyClass? = superclass(of: type(of: controller))
      while let cls = current {
        names.append(runtimeName(of: cls))
        if kindClass(of: cls) != nil { break }
        current = superclass(of: cls)
      }
      return names
    }

    /// The class is exactly one of the six that define a kind.
    private func kindClass(of cls: AnyClass) -> CapturedKind? {
      let kinds: [(AnyClass, CapturedKind)] = [
        (UIViewController.self, .plain), (UINavigationController.self, .navigation),
        (UITabBarController.self, .tabBar), (UISplitViewController.self, .split),
        (UIPageViewController.self, .page), (UIAlertController.self, .alert),
      ]
      return kinds.first { ObjectIdentifier($0.0) == ObjectIdentifier(cls) }?.1
    }

    private func superclass(of cls: AnyClass) -> AnyClass? {
      #if canImport(ObjectiveC)
        class_getSuperclass(cls)
      #else
        // The Swift runtime's superclass lookup (the surface module's classes are Swift's).
        _getSuperclass(cls)
      #endif
    }

    var kind: CapturedKind {
      switch controller {
      case is UINavigationController: .navigation
      case is UITabBarController: .tabBar
      case is UISplitViewController: .split
      case is UIPageViewController: .page
      case is UIAlertController: .alert
      default: .plain
      }
    }

    var address: String { "\(Unmanaged.passUnretained(controller).toOpaque())" }
    var title: String? { controller.title }

    var capturedChildren: [any CapturedController] {
      let children: [UIViewController]
      switch controller {
      case let navigation as UINavigationController: children = navigation.viewControllers
      case let tabs as UITabBarController: children = tabs.viewControllers ?? []
      case let split as UISplitViewController: children = split.viewControllers
      case let pages as UIPageViewController: children = pages.viewControllers ?? []
      case is UIAlertController: children = []
      default: children = controller.children
      }
      return children.map { objects.controller($0) }
    }

    var selectedIndex: Int? {
      guard let tabs = controller as? UITabBarController else { return nil }
      let count = tabs.viewControllers?.count ?? 0
      return (0..<count).contains(tabs.selectedIndex) ? tabs.selectedIndex : nil
    }

    var isCollapsed: Bool? { (controller as? UISplitViewController)?.isCollapsed }

    var displayMode: String? {
      guard let split = controller as? UISplitViewController else { return nil }
      switch split.displayMode {
      case .automatic: return "automatic"
      case .secondaryOnly: return "secondaryOnly"
      case .oneBesideSecondary: return "oneBesideSecondary"
      case .oneOverSecondary: return "oneOverSecondary"
      case .twoBesideSecondary: return "twoBesideSecondary"
      case .twoOverSecondary: return "twoOverSecondary"
      case .twoDisplaceSecondary: return "twoDisplaceSecondary"
      @unknown default: return "rawValue \(split.displayMode.rawValue)"
      }
    }

    var alertStyle: String? {
      guard let alert = controller as? UIAlertController else { return nil }
      switch alert.preferredStyle {
      case .alert: return "alert"
      case .actionSheet: return "actionSheet"
      @unknown default: return nil
      }
    }

    /// `presentedViewController` is also reported on the presenter's descendants ("presented
    /// by this view controller, or one of its ancestors"): only the presenter writes it.
    var capturedPresented: (any CapturedController)? {
      guard let presented = controller.presentedViewController,
        presented.presentingViewController === controller
      else { return nil }
      return objects.controller(presented)
    }

    var presentationStyle: String {
      switch controller.modalPresentationStyle {
      case .fullScreen: "fullScreen"
      case .pageSheet: "pageSheet"
      case .formSheet: "formSheet"
      case .currentContext: "currentContext"
      case .custom: "custom"
      case .overFullScreen: "overFullScreen"
      case .overCurrentContext: "overCurrentContext"
      case .popover: "popover"
      case .none: "none"
      case .automatic: "automatic"
      @unknown default: "rawValue \(controller.modalPresentationStyle.rawValue)"
      }
    }

    var removesPresentersView: Bool {
      controller.presentationController?.shouldRemovePresentersView ?? false
    }

    var transitionStyle: String {
      switch controller.modalTransitionStyle {
      case .coverVertical: "coverVertical"
      case .flipHorizontal: "flipHorizontal"
      case .crossDissolve: "crossDissolve"
      case .partialCurl: "partialCurl"
      @unknown default: "rawValue \(controller.modalTransitionStyle.rawValue)"
      }
    }

    var definesPresentationContext: Bool { controller.definesPresentationContext }

    var providesPresentationContextTransitionStyle: Bool {
      controller.providesPresentationContextTransitionStyle
    }

    /// Read only for a controller presented as a popover: `popoverPresentationController`
    /// creates one on first access otherwise.
    var popoverAnchor: CapturedPopoverAnchor? {
      guard controller.presentingViewController != nil,
        controller.modalPresentationStyle == .popover,
        let popover = controller.popoverPresentationController
      else { return nil }
      if #available(iOS 16.0, *), popover.sourceItem != nil { return .sourceItem }
      if popover.barButtonItem != nil { return .barButtonItem }
      if popover.sourceView != nil { return .sourceView }
      return CapturedPopoverAnchor.none
    }

    var isBeingPresented: Bool { controller.isBeingPresented }
    var isBeingDismissed: Bool { controller.isBeingDismissed }
    var isMovingToParent: Bool { controller.isMovingToParent }
    var isMovingFromParent: Bool { controller.isMovingFromParent }

    var viewState: CapturedViewState {
      guard let view = controller.viewIfLoaded else { return .notLoaded }
      return view.window == nil ? .notInWindow : .inWindow
    }

    var capturedView: (any CapturedView)? { controller.viewIfLoaded.map { objects.view($0) } }
  }
#endif
