extension Rule {
  /// Child containment calls that do not pair up in one function.
  public static let unbalancedContainment = Rule(
    "unbalanced-containment", .warning,
    summary: "`addChild` without `didMove(toParent:)` or without adding the child's view, or"
      + " `removeFromParent()` without `willMove(toParent: nil)`, in one function")
}

/// Custom containment done by halves in one function: `addChild(_:)` (or the pre-Swift-4.2
/// `addChildViewController(_:)`) on a controller without the child's `didMove(toParent:)`, or
/// without its `view` used (added to a view, or given to `transition(from:to:...)`); a
/// controller's `removeFromParent()` without its `willMove(toParent: nil)` first. When the
/// child is handed to other code in the function (a helper that may finish the job), or the
/// receiver is not known to be a controller (SpriteKit's `addChild` and `removeFromParent`),
/// the rule stays silent.
public enum UnbalancedContainment: RuleDefinition {
  public static let rule = Rule.unbalancedContainment
  public static let documentation = RuleDocumentation(
    uikit:
      "`addChild(_:)` calls the child's `willMove(toParent:)` but not `didMove(toParent:)`:"
      + " Apple, \"If you are implementing your own container view controller, it must call the"
      + " didMove(toParent:) method of the child view controller after the transition to the"
      + " new controller is complete or, if there is no transition, immediately after calling"
      + " the addChild(_:) method\", and the container adds the child's root view to its own."
      + " Removing is the mirror: \"it must call the willMove(toParent:) method of the child"
      + " view controller before calling the removeFromParent() method, passing in a parent"
      + " value of nil.\" A child whose callbacks are missing never learns it moved (its"
      + " `didMove(toParent:)` work does not run), and one whose view is never added is a"
      + " child nobody sees.",
    triggering: [
      """
      import UIKit

      final class ContainerViewController: UIViewController {
        func embed(_ child: UIViewController) {
          addChild(child)
          view.addSubview(child.view)
        }
      }
      """,
      """
      import UIKit

      final class ContainerViewController: UIViewController {
        func embed(_ child: UIViewController) {
          addChild(child)
          child.didMove(toParent: self)
        }
      }
      """,
      """
      import UIKit

      final class ContainerViewController: UIViewController {
        func remove(_ child: UIViewController) {
          child.view.removeFromSuperview()
          child.removeFromParent()
        }
      }
      """,
    ],
    nonTriggering: [
      """
      import UIKit

      final class ContainerViewController: UIViewController {
        func embed(_ child: UIViewController) {
          addChild(child)
          view.addSubview(child.view)
          child.didMove(toParent: self)
        }

        func remove(_ child: UIViewController) {
          child.willMove(toParent: nil)
          child.view.removeFromSuperview()
          child.removeFromParent()
        }
      }
      """,
      """
      import SpriteKit

      final class GameScene: SKScene {
        func spawn() {
          let ship = SKSpriteNode(imageNamed: "ship")
          addChild(ship)
          ship.removeFromParent()
        }
      }
      """,
    ],
    fix:
      "Call the three steps together: `addChild(child)`, add `child.view` to your view (with"
      + " its constraints), `child.didMove(toParent: self)`; to remove,"
      + " `child.willMove(toParent: nil)`, `child.view.removeFromSuperview()`,"
      + " `child.removeFromParent()`. A small `UIViewController` extension that does both keeps"
      + " them paired.",
    exampleFormat: .swift)
}
