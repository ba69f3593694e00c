extension Rule {
  /// A navigation, tab bar or split view controller pushed onto a navigation stack.
  public static let pushContainer = Rule(
    "push-container", .error,
    summary: "`pushViewController(_:animated:)` of a `UINavigationController`, a"
      + " `UITabBarController` or a `UISplitViewController` (own subclasses included)",
    uikitMessage: UIKitMessages.pushNavigation)
}

/// `pushViewController(_:animated:)` whose controller is, by the types the scan knows, a
/// `UINavigationController` (`UIImagePickerController` and the app's own subclasses included),
/// a `UITabBarController` or a `UISplitViewController`. A controller of a type it cannot
/// resolve, or a general `UIViewController`, is no finding; nor is a push on a receiver of the
/// app's own that declares `pushViewController` itself and is no navigation controller.
public enum PushContainer: RuleDefinition {
  public static let rule = Rule.pushContainer
  public static let documentation = RuleDocumentation(
    uikit:
      "A navigation stack holds content controllers. Pushing a navigation controller raises"
      + " an exception (\"Pushing a navigation controller is not supported\"), also for its"
      + " subclasses such as `UIImagePickerController`; Apple's UISplitViewController: \"You"
      + " can't push a split view controller onto a navigation stack\"; and a tab bar"
      + " interface \"should never be installed as a child of another view controller\""
      + " (UITabBarController), which a push makes it.",
    triggering: [
      """
      import UIKit

      final class SettingsViewController: UIViewController {
        func openAccount() {
          let account = UINavigationController(rootViewController: AccountViewController())
          navigationController?.pushViewController(account, animated: true)
        }
      }

      final class AccountViewController: UIViewController {}
      """,
      """
      import UIKit

      final class MainTabBarController: UITabBarController {}

      final class WelcomeViewController: UIViewController {
        func start() {
          navigationController?.pushViewController(MainTabBarController(), animated: true)
        }
      }
      """,
    ],
    nonTriggering: [
      """
      import UIKit

      final class SettingsViewController: UIViewController {
        func openAccount() {
          navigationController?.pushViewController(AccountViewController(), animated: true)
        }

        func openAccountModally() {
          let account = UINavigationController(rootViewController: AccountViewController())
          present(account, animated: true)
        }
      }

      final class AccountViewController: UIViewController {}
      """,
      """
      import UIKit

      /// The app's own wrapper: a plain controller that embeds a navigation controller.
      final class NavigationController: UIViewController {}

      final class WelcomeViewController: UIViewController {
        func start() {
          navigationController?.pushViewController(NavigationController(), animated: true)
        }
      }
      """,
    ],
    fix:
      "Push the container's content instead (the navigation controller's root controller),"
      + " or present the container modally; a tab bar or split view controller belongs at a"
      + " window's root.",
    uikitMessage: UIKitMessages.pushNavigation.line(),
    exampleFormat: .swift)
}
