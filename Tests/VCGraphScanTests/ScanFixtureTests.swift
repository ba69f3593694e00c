import VCGraphCore
import XCTest

@testable import VCGraphScan

/// The scan of the three real apps in `Tests/Fixtures/swift`: edges checked by reading the
/// code (cited file:line), lookalikes left out, and every `to: null` one a reader of the file
/// could not resolve either.
final class ScanFixtureTests: XCTestCase {
  let trust = "TrustWallet__trust-wallet-ios"
  let achn = "Dimillian__ACHNBrowserUI"
  let tinode = "tinode__ios"

  func edge(_ result: ScanResult, _ file: String, _ line: Int, _ operation: ScanEdge.Operation)
    -> ScanEdge?
  {
    result.edges(at: file, line).first { $0.operation == operation }
  }

  func testCoordinatorAppTrustWallet() throws {
    let result = try FixtureScans.result(trust)
    // Trust/Lock/Protection/Coordinators/SplashCoordinator.swift:12
    //   window.rootViewController = SplashViewController()
    let splash = try XCTUnwrap(
      edge(result, "Trust/Lock/Protection/Coordinators/SplashCoordinator.swift", 12, .root))
    XCTAssertEqual(splash.to, "SplashViewController")
    XCTAssertEqual(splash.from, "SplashCoordinator")
    XCTAssertEqual(splash.fromKind, .object)
    XCTAssertEqual(splash.on, "UIWindow")
    // Trust/Tokens/Coordinators/TokensCoordinator.swift:124-131
    //   let controller = EditTokensViewController(...)
    //   navigationController.pushViewController(controller, animated: true)
    // where `navigationController` is the app's own `NavigationController` (a UIViewController
    // wrapping a UINavigationController, Trust/UI/NavigationController.swift:10).
    let push = try XCTUnwrap(
      edge(result, "Trust/Tokens/Coordinators/TokensCoordinator.swift", 131, .push))
    XCTAssertEqual(push.to, "EditTokensViewController")
    XCTAssertEqual(push.on, "NavigationController")
    XCTAssertEqual(push.animated, true)
    // Trust/Wallet/Coordinators/WalletsCoordinator.swift:49
    //   navigationController.viewControllers = [rootViewController]
    // with `lazy var rootViewController: UIViewController = { return walletController }()`
    // (:20) and `lazy var walletController: WalletsViewController` (:24).
    let root = try XCTUnwrap(
      edge(
        result, "Trust/Wallet/Coordinators/WalletsCoordinator.swift", 49, .setViewControllers))
    XCTAssertEqual(root.to, "WalletsViewController")
    // Trust/InCoordinator.swift:183: `tabBarController.viewControllers = [ ...three
    // coordinators' navigationController.childNavigationController ]`.
    let tabs = result.edges(at: "Trust/InCoordinator.swift", 183)
    XCTAssertEqual(tabs.map(\.operation), [.tab, .tab, .tab])
    XCTAssertEqual(Set(tabs.compactMap(\.to)), ["UINavigationController"])
    // Lookalike: `errorView.show(error: error)`, Trust/Browser/ViewControllers/
    // BrowserViewController.swift:245, is the app's BrowserErrorView, not UIKit's show.
    XCTAssertEqual(
      result.edges(at: "Trust/Browser/ViewControllers/BrowserViewController.swift", 245), [])
    // `NavigationController(rootViewController:)` is the wrapper's own init (not a
    // UINavigationController): its callers are helper edges through the init's
    // `UINavigationController(rootViewController: rootViewController)` (NavigationController
    // .swift:51), e.g. TokensCoordinator.swift:101 `NavigationController(rootViewController:
    // controller)` with `controller = NewTokenViewController(...)` (:100).
    let wrapped = try XCTUnwrap(
      edge(result, "Trust/Tokens/Coordinators/TokensCoordinator.swift", 101, .navigationRoot))
    XCTAssertEqual(wrapped.via, .helper)
    XCTAssertEqual(wrapped.to, "NewTokenViewController")
  }

  func testSwiftUIAppACHNBrowser() throws {
    let result = try FixtureScans.result(achn)
    let file = "ACHNBrowserUI/ACHNBrowserUI/views/home/TabbarView.swift"
    // TabbarView.swift:19-20: `TabView(selection:) { TodayView().tabItem { ... } ...`
    XCTAssertEqual(edge(result, file, 20, .tab)?.to, "TodayView")
    XCTAssertEqual(edge(result, file, 20, .tab)?.fromKind, .swiftui)
    // App.swift:44 and :49 (both sides of an #if): WindowGroup { contentView }, where
    // `contentView` is `TabbarView()` under modifiers (:59-60).
    let app = "ACHNBrowserUI/ACHNBrowserUI/App.swift"
    XCTAssertEqual(edge(result, app, 49, .root)?.to, "TabbarView")
    XCTAssertTrue(result.entryPoints.contains(ScanEntryPoint(type: "TabbarView", how: "@main")))
    // The tvOS AppDelegate.swift:22: `window.rootViewController = UIHostingController(
    // rootView: HomeView()...)`.
    let tv = "ACHNBrowserUI/ACHNBrowserUITV/AppDelegate.swift"
    XCTAssertEqual(edge(result, tv, 22, .root)?.to, "UIHostingController<HomeView>")
    XCTAssertEqual(edge(result, tv, 22, .hosting)?.to, "HomeView")
    // `presentationMode.wrappedValue.dismiss()` (21 of them) has no `animated:`: not UIKit's.
    XCTAssertEqual(edges(result, .dismiss), [])
  }

  func testStoryboardAppTinode() throws {
    let result = try FixtureScans.result(tinode)
    // Tinodios/MessageViewController.swift:594 `performSegue(withIdentifier:
    // "Messages2TopicInfo", sender: nil)`; Main.storyboard:2382 `<segue destination=
    // "ZxW-bT-ZdQ" kind="show" identifier="Messages2TopicInfo">` leads to the
    // TopicInfoViewController scene.
    let segue = try XCTUnwrap(edge(result, "Tinodios/MessageViewController.swift", 594, .segue))
    XCTAssertEqual(segue.to, "TopicInfoViewController")
    XCTAssertEqual(segue.identifier, "Messages2TopicInfo")
    XCTAssertEqual(segue.style, "show")
    XCTAssertEqual(segue.on, "MessageViewController")
    let storyboard = try XCTUnwrap(edge(result, "Tinodios/Base.lproj/Main.storyboard", 2382, .segue))
    XCTAssertEqual(storyboard.via, .storyboard)
    XCTAssertEqual(storyboard.from, "MessageViewController")
    XCTAssertEqual(storyboard.to, "TopicInfoViewController")
    // Tinodios/UiUtils.swift:263 `storyboard.instantiateViewController(withIdentifier:
    // "CredentialsViewController") as! CredentialsViewController`.
    let instantiate = try XCTUnwrap(edge(result, "Tinodios/UiUtils.swift", 263, .instantiate))
    XCTAssertEqual(instantiate.to, "CredentialsViewController")
    XCTAssertEqual(instantiate.identifier, "CredentialsViewController")
    XCTAssertTrue(
      result.entryPoints.contains(ScanEntryPoint(type: "UINavigationController", how: "initial scene")))
  }

  /// Every `to: null` but dismissals and pops, with its reason: each read in the code and
  /// found unresolvable from the file (a helper's parameter, a view built in place, a
  /// result of a function that builds several views).
  func testUnresolvedDestinationsAreOnesAReaderCannotResolve() throws {
    var unresolved: [String] = []
    for app in [trust, achn, tinode] {
      for edge in try FixtureScans.result(app).edges
      where edge.to == nil && ![.dismiss, .pop].contains(edge.operation) {
        unresolved.append("\(edge.file):\(edge.line) \(edge.operation.rawValue): \(edge.reason ?? "")")
      }
    }
    XCTAssertEqual(
      unresolved,
      [
        // `func displayChildViewController(viewController: UIViewController)`: its callers
        // (helper edges) name the controller.
        "Trust/Extensions/StackViewController.swift:9 embed: the parameter 'viewController' of"
          + " displayChildViewController(viewController:): its callers decide",
        "Trust/Extensions/UIViewController.swift:59 embed: the parameter 'viewController' of"
          + " add(asChildViewController:): its callers decide",
        // The wrapper's setter and forwarding methods (NavigationController.swift:17-112).
        "Trust/UI/NavigationController.swift:18 setViewControllers: the parameter 'newValue'"
          + " of viewControllers: its callers decide",
        "Trust/UI/NavigationController.swift:40 navigationRoot: the parameter 'controller' of"
          + " openFormSheet(for:in:barItem:): its callers decide",
        "Trust/UI/NavigationController.swift:44 push: the parameter 'controller' of"
          + " openFormSheet(for:in:barItem:): its callers decide",
        "Trust/UI/NavigationController.swift:51 navigationRoot: the parameter"
          + " 'rootViewController' of init(rootViewController:): its callers decide",
        // `pushViewController(coordinator.rootViewController, ...)` for any RootCoordinator,
        // a protocol whose `rootViewController` is a UIViewController (:7).
        "Trust/UI/NavigationController.swift:92 push: declared only as UIViewController",
        "Trust/UI/NavigationController.swift:96 push: the parameter 'viewController' of"
          + " pushViewController(_:animated:): its callers decide",
        "Trust/UI/NavigationController.swift:104 present: the parameter"
          + " 'viewControllerToPresent' of present(_:animated:completion:): its callers decide",
        "Trust/UI/NavigationController.swift:112 setViewControllers: the parameter"
          + " 'viewControllers' of setViewControllers(_:animated:): its callers decide",
        // `.sheet(item: $uiState.route) { $0.makeSheetView() }`: a switch over routes.
        "ACHNBrowserUI/ACHNBrowserUI/App.swift:77 sheet: the content is built by"
          + " makeSheetView(), which vcgraph does not follow",
        // `extension View { ... UIHostingController(rootView: self) }`: any view.
        "ACHNBrowserUI/ACHNBrowserUI/extensions/View.swift:14 hosting: declared only as some"
          + " View: a view built in place, no type of its own",
        // Three tabs of `makeList(type:)`, a List built in place (ActiveCrittersView.swift:86).
        "ACHNBrowserUI/ACHNBrowserUI/views/critters/ActiveCrittersView.swift:86 tab: the"
          + " content is built by makeList(), which vcgraph does not follow",
        "ACHNBrowserUI/ACHNBrowserUI/views/critters/ActiveCrittersView.swift:86 tab: the"
          + " content is built by makeList(), which vcgraph does not follow",
        "ACHNBrowserUI/ACHNBrowserUI/views/critters/ActiveCrittersView.swift:86 tab: the"
          + " content is built by makeList(), which vcgraph does not follow",
        // `NavigationLink(destination: songsList, ...)`, `songsList: some View { List {...} }`.
        "ACHNBrowserUI/ACHNBrowserUI/views/todayDashboard/TodayMusicPlayerSection.swift:26"
          + " navigationLink: declared only as some View: a view built in place, no type of its own",
      ])
  }
}
