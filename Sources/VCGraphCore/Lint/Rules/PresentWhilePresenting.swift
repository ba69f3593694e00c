extension Rule {
  /// Two presentations from the same receiver on one path of a function.
  public static let presentWhilePresenting = Rule(
    "present-while-presenting", .error,
    summary: "two `present(_:animated:completion:)` calls on the same receiver on one path of"
      + " a function (the second one also in the first one's completion)",
    uikitMessage: UIKitMessages.alreadyPresenting)
}

/// Two `present(_:animated:completion:)` calls on the same receiver (spelled the same: `self`,
/// `navigationController`, a local) on one path of a function. After the first, the receiver
/// is presenting, also in that presentation's own completion; UIKit logs "… which is already
/// presenting …" and drops the second. Branches that exclude each other (`if`/`else`, `switch`
/// cases, an early `return`) are different paths; a dismissal between the two, presenting
/// from the presented controller, and closures whose time of running is not known (an
/// animation's, a network callback's) make the rule stay silent.
public enum PresentWhilePresenting: RuleDefinition {
  public static let rule = Rule.presentWhilePresenting
  public static let documentation = RuleDocumentation(
    uikit:
      "A controller presents one controller at a time. Once `present(_:animated:completion:)`"
      + " has started, the presenter is presenting — in the same function and in that"
      + " presentation's own completion — and a second `present` on it is refused: UIKit logs"
      + " a warning and the second screen never shows. Present the second controller from the"
      + " first (`presented.present(...)`), or after a dismissal has finished (in the"
      + " completion of `dismiss(animated:completion:)`).",
    triggering: [
      """
      import UIKit

      final class ProfileViewController: UIViewController {
        func showResult() {
          present(ErrorViewController(), animated: true)
          present(RetryViewController(), animated: true)
        }
      }

      final class ErrorViewController: UIViewController {}
      final class RetryViewController: UIViewController {}
      """,
      """
      import UIKit

      final class ProfileViewController: UIViewController {
        func showTour() {
          present(WelcomeViewController(), animated: true) {
            self.present(TourViewController(), animated: true)
          }
        }
      }

      final class WelcomeViewController: UIViewController {}
      final class TourViewController: UIViewController {}
      """,
    ],
    nonTriggering: [
      """
      import UIKit

      final class ProfileViewController: UIViewController {
        func showTour() {
          let welcome = WelcomeViewController()
          present(welcome, animated: true) {
            welcome.present(TourViewController(), animated: true)
          }
        }

        func replaceWithTour() {
          dismiss(animated: true) {
            self.present(TourViewController(), animated: true)
          }
        }
      }

      final class WelcomeViewController: UIViewController {}
      final class TourViewController: UIViewController {}
      """,
      """
      import UIKit

      final class ProfileViewController: UIViewController {
        func show(failed: Bool) {
          if failed {
            present(ErrorViewController(), animated: true)
            return
          }
          present(DoneViewController(), animated: true)
        }

        func show(result: Bool) {
          if result {
            present(DoneViewController(), animated: true)
          } else {
            present(ErrorViewController(), animated: true)
          }
        }
      }

      final class ErrorViewController: UIViewController {}
      final class DoneViewController: UIViewController {}
      """,
    ],
    fix:
      "Present the second controller from the first one (`first.present(second, ...)`), or"
      + " dismiss the first and present in `dismiss(animated:completion:)`'s completion; to"
      + " show one of two screens, make the paths exclusive (`if`/`else`, `return`).",
    uikitMessage: UIKitMessages.alreadyPresenting.line([
      "presented": "RetryViewController", "presenter": "ProfileViewController",
      "requester": "ProfileViewController", "current": "ErrorViewController",
    ]),
    exampleFormat: .swift)
}
