import VCGraphCore
import XCTest

@testable import VCGraphScan

/// The idioms real code uses (issue 28's list), one test each; and how `to` resolves.
final class ScanIdiomTests: XCTestCase {
  func testNavigationSubclassSuperInitRootViewController() {
    let result = scan(
      """
      import UIKit
      final class OnboardingNavigationController: UINavigationController {
        init() { super.init(rootViewController: WelcomeViewController()) }
      }
      final class WelcomeViewController: UIViewController {}
      """)
    XCTAssertEqual(
      lines(result),
      ["OnboardingNavigationController navigationRoot WelcomeViewController"
        + " on OnboardingNavigationController"])
  }

  /// A wrapper that only looks like a navigation controller is not one.
  func testRootViewControllerInitOfAPlainControllerIsNotNavigationRoot() {
    let result = scan(
      """
      import UIKit
      final class Wrapper: UIViewController {
        init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
      }
      final class A: UIViewController { func f() { _ = Wrapper(rootViewController: self) } }
      """)
    XCTAssertEqual(lines(result), [])
  }

  func testSegueIdentifierConstantsJoinTheStoryboard() {
    var storyboards = StoryboardIndex()
    for (identifier, destination) in [
      ("ShowProfile", "ProfileViewController"), ("FeedViewController", "FeedViewController"),
      ("showHelp", "HelpViewController"),
    ] {
      storyboards.segues.append(
        StoryboardIndex.Segue(
          identifier: identifier, source: "HomeViewController", destination: destination,
          kind: .show, file: "Main.storyboard",
          location: SourceLocation(path: "Main.storyboard", line: 1, column: 1)))
    }
    let result = scan(
      """
      import UIKit
      extension UIViewController {
        static var className: String { String(describing: self) }
      }
      enum Segues { static let profile = "ShowProfile" }
      final class HomeViewController: UIViewController {
        static let help = "showHelp"
        func go() {
          performSegue(withIdentifier: Segues.profile, sender: nil)
          performSegue(withIdentifier: FeedViewController.className, sender: nil)
          performSegue(withIdentifier: String(describing: FeedViewController.self), sender: nil)
          performSegue(withIdentifier: HomeViewController.help, sender: self)
          performSegue(withIdentifier: "missing", sender: self)
        }
      }
      final class FeedViewController: UIViewController {}
      """, storyboards: storyboards)
    let segues = edges(result, .segue).filter { $0.via == .code }
    XCTAssertEqual(
      segues.map(\.identifier),
      ["ShowProfile", "FeedViewController", "FeedViewController", "showHelp", "missing"])
    XCTAssertEqual(
      segues.map(\.to),
      ["ProfileViewController", "FeedViewController", "FeedViewController", "HelpViewController", nil])
    XCTAssertEqual(segues[4].reason, "no segue 'missing' in the scanned storyboards")
    XCTAssertEqual(segues[0].style, "show")
  }

  func testInstantiateWithIdentifierAndCreator() {
    var storyboards = StoryboardIndex()
    storyboards.scenes = [
      .init(storyboard: "Main", className: "ProfileViewController", identifier: "Profile", isInitial: false),
      .init(storyboard: "Main", className: "UINavigationController", identifier: nil, isInitial: true),
    ]
    let result = scan(
      """
      import UIKit
      final class Router {
        let storyboard = UIStoryboard(name: "Main", bundle: nil)
        func make() {
          _ = storyboard.instantiateViewController(withIdentifier: "Profile")
          _ = storyboard.instantiateViewController(identifier: "Profile") { coder in
            ProfileViewController(coder: coder)
          }
          _ = UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()
          let vc = storyboard.instantiateViewController(withIdentifier: "Other") as! OtherViewController
          window?.rootViewController = vc
        }
        var window: UIWindow?
      }
      """, storyboards: storyboards)
    XCTAssertEqual(
      lines(result),
      [
        "Router instantiate ProfileViewController on UIStoryboard",
        "Router instantiate ProfileViewController on UIStoryboard",
        "Router instantiate UINavigationController on UIStoryboard",
        "Router instantiate nil on UIStoryboard",
        "Router root OtherViewController on UIWindow",
      ])
    XCTAssertEqual(
      edges(result, .instantiate)[3].reason, "no scene has the storyboard identifier 'Other'")
  }

  func testOldAddChildViewControllerIsEmbed() {
    let result = scan(
      """
      import UIKit
      final class ContainerViewController: UIViewController {
        let list = ListViewController()
        override func viewDidLoad() {
          addChildViewController(list)
          list.didMove(toParentViewController: self)
        }
      }
      final class ListViewController: UITableViewController {}
      """)
    XCTAssertEqual(
      lines(result), ["ContainerViewController embed ListViewController on ContainerViewController"])
  }

  func testUnwindSegueAndSegueSubclass() {
    var storyboards = StoryboardIndex()
    storyboards.segues = [
      .init(
        identifier: "unwindToList", source: "EditViewController", destination: nil, kind: .unwind,
        unwindAction: "unwindToListWithSegue:", file: "Main.storyboard",
        location: SourceLocation(path: "Main.storyboard", line: 40, column: 9)),
      .init(
        identifier: "fade", source: "ListViewController", destination: "EditViewController",
        kind: .custom, customClass: "FadeSegue", file: "Main.storyboard",
        location: SourceLocation(path: "Main.storyboard", line: 30, column: 9)),
    ]
    let result = scan(
      """
      import UIKit
      final class ListViewController: UIViewController {
        @IBAction func unwindToList(segue: UIStoryboardSegue) {}
      }
      final class EditViewController: UIViewController {}
      final class FadeSegue: UIStoryboardSegue {
        override func perform() {
          destination.modalTransitionStyle = .crossDissolve
          source.present(destination, animated: true)
        }
      }
      """, storyboards: storyboards)
    let storyboard = result.edges.filter { $0.via == .storyboard }
    XCTAssertEqual(storyboard.map(\.to), ["ListViewController", "EditViewController"])
    XCTAssertEqual(storyboard.map(\.style), ["unwind", "FadeSegue"])
    let present = edges(result, .present)
    XCTAssertEqual(present.count, 1)
    XCTAssertEqual(present[0].from, "FadeSegue")
    XCTAssertEqual(present[0].fromKind, .object)
    XCTAssertEqual(present[0].on, "UIViewController")
    XCTAssertEqual(present[0].transition, "crossDissolve")
    // Which controller `destination` is depends on the storyboard segue that uses the class.
    XCTAssertNil(present[0].to)
    XCTAssertEqual(present[0].reason, "declared only as UIViewController")
  }

  func testRouterHelperCallSitesAreEdges() {
    let result = scan(
      """
      import UIKit
      extension UIViewController {
        func presentModally(_ controller: UIViewController, animated: Bool = true) {
          controller.modalPresentationStyle = .formSheet
          present(controller, animated: animated)
        }
      }
      final class HomeViewController: UIViewController {
        func openSettings() { presentModally(SettingsViewController()) }
        func openHelp() { presentModally(HelpViewController(), animated: false) }
      }
      final class SettingsViewController: UIViewController {}
      final class HelpViewController: UIViewController {}
      """)
    let helpers = result.edges.filter { $0.via == .helper }
    XCTAssertEqual(helpers.map(\.from), ["HomeViewController", "HomeViewController"])
    XCTAssertEqual(helpers.map(\.to), ["SettingsViewController", "HelpViewController"])
    XCTAssertEqual(helpers.map(\.helper), ["presentModally(_:animated:)", "presentModally(_:animated:)"])
    XCTAssertEqual(helpers.map(\.style), ["formSheet", "formSheet"])
    XCTAssertEqual(helpers.map(\.line), [9, 10])
    // The site inside the helper stays, with why it has no `to`.
    let inner = result.edges.filter { $0.via == .code }
    XCTAssertEqual(inner.count, 1)
    XCTAssertEqual(
      inner[0].reason,
      "the parameter 'controller' of presentModally(_:animated:): its callers decide")
  }

  func testWindowRootThroughComputedProperty() {
    let result = scan(
      """
      import UIKit
      final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var rootViewController: UIViewController {
          let navigation = UINavigationController(rootViewController: InboxViewController())
          return navigation
        }
        private var initial: UIViewController { UITabBarController() }
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession) {
          window?.rootViewController = rootViewController
          window?.rootViewController = initial
        }
      }
      final class InboxViewController: UIViewController {}
      """)
    XCTAssertEqual(
      lines(result).filter { $0.contains(" root ") },
      [
        "SceneDelegate root UINavigationController on UIWindow",
        "SceneDelegate root UITabBarController on UIWindow",
      ])
  }

  func testResolutionThroughLocalsCastsPropertiesAndReturnTypes() {
    let result = scan(
      """
      import UIKit
      final class Factory {
        func makeDetail() -> DetailViewController { DetailViewController() }
        static func shared() -> Factory { Factory() }
      }
      final class ListViewController: UIViewController {
        let factory = Factory()
        lazy var editor: EditorViewController = EditorViewController()
        var anything: UIViewController?
        func go(_ sender: Any) {
          let detail = DetailViewController()
          navigationController?.pushViewController(detail, animated: true)
          var other = sender as! EditorViewController
          present(other, animated: true)
          present(editor, animated: true)
          present(factory.makeDetail(), animated: true)
          present(makeEditor(), animated: true)
          present(anything!, animated: true)
          present(lookUp(), animated: true)
        }
        func makeEditor() -> EditorViewController { EditorViewController() }
        func lookUp() -> UIViewController { UIViewController() }
      }
      final class DetailViewController: UIViewController {}
      final class EditorViewController: UIViewController {}
      """)
    let destinations = result.edges.map { $0.to ?? "nil: \($0.reason ?? "")" }
    XCTAssertEqual(
      destinations,
      [
        "DetailViewController", "EditorViewController", "EditorViewController",
        "DetailViewController", "EditorViewController",
        "nil: declared only as UIViewController", "nil: declared only as UIViewController",
      ])
  }
}
