import VCGraphCore
import XCTest

@testable import VCGraphScan

/// Each UIKit operation matched by its signature (labels, not the bare name), with the
/// lookalikes real apps have next to them.
final class ScanOperationTests: XCTestCase {
  func testUIKitOperationsBySignature() {
    let result = scan(
      """
      import UIKit
      class DetailViewController: UIViewController {}
      class ListViewController: UITableViewController {
        func open() {
          present(DetailViewController(), animated: true)
          navigationController?.pushViewController(DetailViewController(), animated: false)
          navigationController?.popViewController(animated: true)
          navigationController?.popToRootViewController(animated: true)
          show(DetailViewController(), sender: self)
          showDetailViewController(DetailViewController(), sender: nil)
          addChild(DetailViewController())
          addChildViewController(DetailViewController())
          dismiss(animated: true) { print("gone") }
          splitViewController?.setViewController(DetailViewController(), for: .secondary)
        }
      }
      """)
    XCTAssertEqual(
      lines(result),
      [
        "ListViewController present DetailViewController on ListViewController",
        "ListViewController push DetailViewController on UINavigationController",
        "ListViewController pop nil on UINavigationController",
        "ListViewController pop nil on UINavigationController",
        "ListViewController show DetailViewController on ListViewController",
        "ListViewController showDetail DetailViewController on ListViewController",
        "ListViewController embed DetailViewController on ListViewController",
        "ListViewController embed DetailViewController on ListViewController",
        "ListViewController dismiss nil on ListViewController",
        "ListViewController split DetailViewController on UISplitViewController",
      ])
    let push = edges(result, .push)[0]
    XCTAssertEqual(push.animated, false)
    XCTAssertEqual(push.fromKind, .controller)
    // `line`/`column` of the operation's name.
    XCTAssertEqual(push.line, 6)
    XCTAssertEqual(push.column, 27)
    XCTAssertEqual(edges(result, .present)[0].animated, true)
  }

  func testLookalikesAreNotOperations() {
    // An app's own presenter with UIKit's labels, a HUD's dismiss(animated:), SpriteKit's
    // addChild, `show(error:)`, SwiftUI's `presentationMode.wrappedValue.dismiss()`.
    let result = scan(
      """
      import UIKit
      import SpriteKit
      final class AlertPresenter {
        func present(_ alert: UIAlertController, animated: Bool, completion: (() -> Void)?) {}
      }
      final class HUD: UIView { func dismiss(animated: Bool) {} }
      final class GameScene: SKScene {
        override func didMove(to view: SKView) { addChild(SKSpriteNode()) }
      }
      final class ErrorView: UIView { func show(error: Error) {} }
      final class SettingsViewController: UIViewController {
        let presenter = AlertPresenter()
        let hud = HUD()
        let errorView = ErrorView()
        @Environment(\\.presentationMode) var presentationMode
        func fail(_ error: Error) {
          presenter.present(UIAlertController(), animated: true, completion: nil)
          hud.dismiss(animated: true)
          errorView.show(error: error)
          presentationMode.wrappedValue.dismiss()
        }
      }
      """)
    XCTAssertEqual(lines(result), [])
  }

  func testUntypedReceiverMatchesByLabels() {
    let result = scan(
      """
      import UIKit
      final class Router {
        func go(from source: Any) {
          UIApplication.shared.keyWindow?.rootViewController?.present(
            UIAlertController(), animated: true)
        }
      }
      """)
    XCTAssertEqual(lines(result), ["Router present UIAlertController (labels)"])
    XCTAssertEqual(result.edges[0].fromKind, .object)
  }

  func testViewControllersAssignmentsByReceiverKind() {
    let result = scan(
      """
      import UIKit
      final class AppCoordinator {
        let tabs = UITabBarController()
        let navigation = UINavigationController()
        let split = UISplitViewController()
        var window: UIWindow?
        func start() {
          tabs.viewControllers = [HomeViewController(), SearchViewController()]
          navigation.viewControllers = [HomeViewController()]
          split.viewControllers = [HomeViewController(), SearchViewController()]
          tabs.setViewControllers([SearchViewController()], animated: false)
          window?.rootViewController = tabs
          _ = UINavigationController(rootViewController: HomeViewController())
        }
      }
      final class HomeViewController: UIViewController {}
      final class SearchViewController: UIViewController {}
      """)
    XCTAssertEqual(
      lines(result),
      [
        "AppCoordinator tab HomeViewController on UITabBarController",
        "AppCoordinator tab SearchViewController on UITabBarController",
        "AppCoordinator setViewControllers HomeViewController on UINavigationController",
        "AppCoordinator split HomeViewController on UISplitViewController",
        "AppCoordinator split SearchViewController on UISplitViewController",
        "AppCoordinator tab SearchViewController on UITabBarController",
        "AppCoordinator root UITabBarController on UIWindow",
        "AppCoordinator navigationRoot HomeViewController on UINavigationController",
      ])
    XCTAssertEqual(result.entryPoints, [ScanEntryPoint(type: "UITabBarController", how: "window root")])
  }

  func testEffectDetailsSetBeforeTheCall() {
    let result = scan(
      """
      import UIKit
      final class FeedViewController: UIViewController {
        @objc func share(_ item: UIBarButtonItem) {
          let sheet = UIActivityViewController(activityItems: [], applicationActivities: nil)
          sheet.modalPresentationStyle = .popover
          sheet.modalTransitionStyle = UIModalTransitionStyle.crossDissolve
          sheet.popoverPresentationController?.barButtonItem = item
          definesPresentationContext = true
          present(sheet, animated: true, completion: nil)
          let plain = SettingsViewController()
          present(plain, animated: false)
        }
      }
      final class SettingsViewController: UIViewController {}
      """)
    let presents = edges(result, .present)
    XCTAssertEqual(presents.map(\.to), ["UIActivityViewController", "SettingsViewController"])
    XCTAssertEqual(presents[0].style, "popover")
    XCTAssertEqual(presents[0].transition, "crossDissolve")
    XCTAssertEqual(presents[0].anchor, "barButtonItem")
    XCTAssertEqual(presents[0].definesPresentationContext, true)
    XCTAssertNil(presents[1].style)
    XCTAssertNil(presents[1].anchor)
    XCTAssertEqual(presents[1].animated, false)
  }

  func testSwiftUIPresentationsLinksAndTabs() {
    let result = scan(
      """
      import SwiftUI
      struct ItemView: View { var body: some View { Text("") } }
      struct SettingsView: View { var body: some View { Text("") } }
      struct LoginView: View { var body: some View { Text("") } }
      struct HelpView: View { var body: some View { Text("") } }
      struct RootView: View {
        @State var showSettings = false
        @State var item: Item?
        var body: some View {
          TabView {
            NavigationView {
              List {
                NavigationLink(destination: ItemView()) { Text("item") }
              }
              .sheet(isPresented: $showSettings) {
                NavigationView { SettingsView() }
              }
              .fullScreenCover(item: $item) { _ in LoginView() }
              .popover(isPresented: $showSettings) { HelpView().padding() }
              .navigationDestination(for: Item.self) { value in ItemView() }
            }
            .tabItem { Text("Home") }
            SettingsView().tabItem { Text("Settings") }
          }
        }
      }
      """)
    XCTAssertEqual(
      lines(result),
      [
        "RootView tab nil on TabView",
        "RootView navigationLink ItemView",
        "RootView sheet SettingsView",
        "RootView fullScreenCover LoginView",
        "RootView popover HelpView",
        "RootView navigationDestination ItemView",
        "RootView tab SettingsView on TabView",
      ])
    // The first tab is a List in a NavigationView, built in place: no type to name.
    XCTAssertEqual(result.edges[0].reason, "a List built in place, no type of its own")
    XCTAssertEqual(
      Set(result.controllers.map(\.name)),
      ["ItemView", "SettingsView", "LoginView", "HelpView"])
    XCTAssertTrue(result.controllers.allSatisfy { $0.kind == .swiftui })
    XCTAssertEqual(edges(result, .sheet)[0].fromKind, .swiftui)
  }

  func testHostingControllerAndAppEntry() {
    let result = scan(
      """
      import SwiftUI
      @main struct ShopApp: App {
        var body: some Scene { WindowGroup { ContentView() } }
      }
      struct ContentView: View { var body: some View { Text("") } }
      struct CartView: View { var body: some View { Text("") } }
      final class ShopViewController: UIViewController {
        func openCart() {
          navigationController?.pushViewController(
            UIHostingController(rootView: CartView().padding()), animated: true)
        }
      }
      """)
    XCTAssertEqual(
      lines(result),
      [
        "ShopApp root ContentView on WindowGroup",
        "ShopViewController push UIHostingController<CartView> on UINavigationController",
        "ShopViewController hosting CartView on UIHostingController",
      ])
    XCTAssertEqual(result.entryPoints, [ScanEntryPoint(type: "ContentView", how: "@main")])
  }
}
