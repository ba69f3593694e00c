extension Rule {
  /// A presentation from a controller's `init`, `loadView`, `viewDidLoad` or `viewWillAppear`.
  public static let presentBeforeWindow = Rule(
    "present-before-window", .error,
    summary: "`present(_:animated:completion:)` on `self` from `init`, `loadView`, `viewDidLoad`"
      + " or `viewWillAppear`, before the controller's view is in a window",
    uikitMessage: UIKitMessages.presenterNotInWindow)
}

/// `present(_:animated:completion:)` called on `self` from the controller's `init`,
/// `loadView()`, `viewDidLoad()` or `viewWillAppear(_:)`, directly or through a method of the
/// same type (declared in the same file) called from there. Until `viewDidAppear(_:)` the
/// controller's view is not in a window, so UIKit logs "… whose view is not in the window
/// hierarchy" and presents nothing. A push needs no window and is not this rule.
public enum PresentBeforeWindow: RuleDefinition {
  public static let rule = Rule.presentBeforeWindow
  public static let documentation = RuleDocumentation(
    uikit:
      "A controller's view joins the window after `viewWillAppear(_:)` and before"
      + " `viewDidAppear(_:)`. A `present(_:animated:completion:)` sent to the controller"
      + " before that — from `init`, `loadView()`, `viewDidLoad()` or `viewWillAppear(_:)` —"
      + " asks a presenter whose view is in no window: UIKit logs a warning and presents"
      + " nothing, so the onboarding or login screen never shows (or shows only on some"
      + " launches). Only calls on `self` are this rule: presenting from another controller"
      + " that is on screen works, and a push needs no window.",
    triggering: [
      """
      import UIKit

      final class HomeViewController: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          present(OnboardingViewController(), animated: true)
        }
      }

      final class OnboardingViewController: UIViewController {}
      """,
      """
      import UIKit

      final class HomeViewController: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          showLoginIfNeeded()
        }

        private func showLoginIfNeeded() {
          self.present(LoginViewController(), animated: false, completion: nil)
        }
      }

      final class LoginViewController: UIViewController {}
      """,
    ],
    nonTriggering: [
      """
      import UIKit

      final class HomeViewController: UIViewController {
        override func viewDidAppear(_ animated: Bool) {
          super.viewDidAppear(animated)
          present(OnboardingViewController(), animated: true)
        }
      }

      final class OnboardingViewController: UIViewController {}
      """,
      """
      import UIKit

      final class HomeViewController: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          navigationController?.pushViewController(DetailViewController(), animated: false)
          navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .action, target: self, action: #selector(showSettings))
        }

        @objc private func showSettings() {
          present(SettingsViewController(), animated: true)
        }
      }

      final class DetailViewController: UIViewController {}
      final class SettingsViewController: UIViewController {}
      """,
      """
      import UIKit

      final class Router {
        func present(_ controller: UIViewController, animated: Bool) {}
      }

      final class HomeViewController: UIViewController {
        let router = Router()

        override func viewDidLoad() {
          super.viewDidLoad()
          router.present(OnboardingViewController(), animated: true)
        }
      }

      final class OnboardingViewController: UIViewController {}
      """,
    ],
    fix:
      "Present from `viewDidAppear(_:)` (once, with a flag), or from the controller that is on"
      + " screen (the window's root or its presented controller); to show a screen first at"
      + " launch, make it the window's root or embed it instead of presenting it.",
    uikitMessage: UIKitMessages.presenterNotInWindow.line([
      "presented": "OnboardingViewController", "presenter": "HomeViewController",
      "requester": "HomeViewController",
    ]),
    exampleFormat: .swift)
}
