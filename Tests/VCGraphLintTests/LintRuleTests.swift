import VCGraphCore
import VCGraphLint
import XCTest

/// The rules beyond their documented examples: types from other files, suppression comments,
/// broken Swift, lookalikes.
final class LintRuleTests: XCTestCase {
  func testAnOwnSubclassDeclaredInAnotherFileIsResolved() {
    let result = lint([
      ("Nav.swift", "import UIKit\nclass AppNavigationController: UINavigationController {}\n"),
      (
        "Home.swift",
        """
        import UIKit
        final class HomeViewController: UIViewController {
          func open() {
            let next = AppNavigationController(rootViewController: UIViewController())
            navigationController?.pushViewController(next, animated: true)
          }
        }
        """
      ),
    ])
    XCTAssertEqual(result.findings.map(\.location.path), ["Home.swift"])
    XCTAssertEqual(lines(result), ["5: push-container"])
    XCTAssertEqual(
      result.findings.first?.uikitMessage,
      "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason:"
        + " 'Pushing a navigation controller is not supported'")
    XCTAssertEqual(result.findings.first?.place, "swift:HomeViewController.open()")
  }

  /// The UIKit lines lint's findings carry come from `UIKitModel`, as the checks' do: pushing
  /// a navigation controller raises, a split view controller goes on with no line
  /// (`UIKitModel.pushViolations(kind:)`); an action sheet without an anchor has its own
  /// NSGenericException, a `.popover` the popover's (`UIKitModel.popoverWithoutAnchor`).
  func testUIKitsLinesComeFromTheModel() {
    let split = lint(
      """
      import UIKit
      final class HomeViewController: UIViewController {
        func open() {
          navigationController?.pushViewController(UISplitViewController(), animated: true)
        }
      }
      """)
    XCTAssertEqual(lines(split), ["4: push-container"])
    XCTAssertEqual(split.findings.map(\.uikitMessage), [nil])
    let sheet = lint(
      """
      import UIKit
      final class PhotoViewController: UIViewController {
        @objc func showOptions() {
          let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
          present(sheet, animated: true)
        }
      }
      """)
    XCTAssertEqual(lines(sheet), ["5: popover-without-anchor"])
    XCTAssertEqual(
      sheet.findings.first?.uikitMessage?.hasPrefix(
        "*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Your"
          + " application has presented a UIAlertController (<UIAlertController: 0x…>) of style"
          + " UIAlertControllerStyleActionSheet from PhotoViewController"),
      true, sheet.findings.first?.uikitMessage ?? "no line")
    let popover = lint(
      """
      import UIKit
      final class MapViewController: UIViewController {
        @objc func showFilters() {
          let filters = UIViewController()
          filters.modalPresentationStyle = .popover
          present(filters, animated: true)
        }
      }
      """)
    XCTAssertEqual(lines(popover), ["6: popover-without-anchor"])
    XCTAssertEqual(
      popover.findings.first?.uikitMessage,
      "*** Terminating app due to uncaught exception 'NSGenericException', reason:"
        + " 'UIPopoverPresentationController (<UIPopoverPresentationController: 0x…>) should have"
        + " a non-nil sourceView or barButtonItem set before the presentation occurs.'")
  }

  static let twoPresentations = """
    import UIKit
    final class ProfileViewController: UIViewController {
      func show() {
        present(UIViewController(), animated: true)
        present(UIViewController(), animated: true)
      }
    }
    """

  func testSuppressionCommentsSilenceTheirRulesOnly() {
    XCTAssertEqual(lines(lint(Self.twoPresentations)), ["5: present-while-presenting"])
    let next = Self.twoPresentations.replacingOccurrences(
      of: "    present(UIViewController(), animated: true)\n  }",
      with: "    // vcgraph:disable:next present-while-presenting\n"
        + "    present(UIViewController(), animated: true)\n  }")
    XCTAssertEqual(lines(lint(next)), [])
    let this = Self.twoPresentations.replacingOccurrences(
      of: "animated: true)\n  }",
      with: "animated: true)  // vcgraph:disable:this present-while-presenting - on purpose\n  }")
    XCTAssertEqual(lines(lint(this)), [])
    let other = Self.twoPresentations.replacingOccurrences(
      of: "  func show", with: "  // vcgraph:disable push-container\n  func show")
    XCTAssertEqual(lines(lint(other)), ["6: present-while-presenting"])
    let region =
      "// vcgraph:disable all\n" + Self.twoPresentations + "\n// vcgraph:enable all\n"
      + Self.twoPresentations.replacingOccurrences(of: "Profile", with: "Other")
    XCTAssertEqual(lines(lint(region)), ["14: present-while-presenting"])
    // In a string literal it is text, not a command.
    let literal = Self.twoPresentations.replacingOccurrences(
      of: "  func show", with: "  let note = \"// vcgraph:disable all\"\n  func show")
    XCTAssertEqual(lines(lint(literal)), ["6: present-while-presenting"])
  }

  func testAnUnknownRuleIDInACommandIsReported() {
    let result = lint("// vcgraph:disable present-while-presentin\n" + Self.twoPresentations)
    XCTAssertEqual(lines(result), ["6: present-while-presenting"])
    XCTAssertEqual(
      result.problems,
      [
        "App.swift:1:1: unknown rule id 'present-while-presentin' in vcgraph:disable;"
          + " `vcgraph rules` lists the ids"
      ])
  }

  func testBrokenSwiftIsLintedAroundWhatTheParserCannotRead() {
    // A missing brace and a stray token: SwiftSyntax recovers, the rest is still checked.
    let broken = Self.twoPresentations.replacingOccurrences(of: "func show() {", with: "func show( {")
      + "\n@@@ }}} let\n"
    XCTAssertEqual(lines(lint(broken)), ["5: present-while-presenting"])
    XCTAssertEqual(lines(lint("\u{0}\u{FFFF}class {{{{ present(")), [])
  }

  func testLookalikesAreNotUIKit() {
    // SpriteKit's nodes, a router's present, a HUD's dismiss.
    XCTAssertEqual(
      lines(
        lint(
          """
          import SpriteKit
          final class Scene: SKScene {
            func spawn(_ node: SKNode) { addChild(node); node.removeFromParent() }
          }
          final class Presenter {
            func present(_ controller: UIViewController, animated: Bool) {}
            func run() {
              present(UIViewController(), animated: true)
              present(UIViewController(), animated: true)
            }
          }
          """)), [])
  }

  func testPresentBeforeWindowFollowsTheTypesOwnMethodsOnly() {
    let result = lint(
      """
      import UIKit
      final class HomeViewController: UIViewController {
        let other = UIViewController()
        override func viewDidLoad() {
          super.viewDidLoad()
          other.present(UIViewController(), animated: true)
          DispatchQueue.main.async { self.present(UIViewController(), animated: true) }
          start()
        }
        func start() { route() }
        func route() { present(LoginViewController(), animated: true) }
      }
      final class LoginViewController: UIViewController {}
      """)
    XCTAssertEqual(lines(result), ["8: present-before-window"])
    XCTAssertEqual(
      result.findings.first?.message,
      "'HomeViewController' calls start() from viewDidLoad(), which presents LoginViewController"
        + " before its view is in a window; UIKit logs a warning and presents nothing — present"
        + " from viewDidAppear(_:), or from the controller on screen")
    XCTAssertEqual(
      result.findings.first?.uikitMessage,
      "Attempt to present <LoginViewController: 0x…> on <HomeViewController: 0x…> (from"
        + " <HomeViewController: 0x…>) whose view is not in the window hierarchy.")
  }

  func testContainmentWithATransitionOrAHelperIsBalanced() {
    XCTAssertEqual(
      lines(
        lint(
          """
          import UIKit
          final class Container: UIViewController {
            func swap(from old: UIViewController, to new: UIViewController) {
              addChild(new)
              old.willMove(toParent: nil)
              transition(from: old, to: new, duration: 0.3, options: [], animations: nil) { _ in
                old.removeFromParent()
                new.didMove(toParent: self)
              }
            }
            func embed(_ child: UIViewController) {
              addChild(child)
              pin(child)
            }
            func pin(_ child: UIViewController) {}
          }
          """)), [])
  }
}
