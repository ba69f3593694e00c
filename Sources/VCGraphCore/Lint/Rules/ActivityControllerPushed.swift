/// `activity-not-presented` in Swift code: a `UIActivityViewController` (or a subclass) handed
/// to `pushViewController(_:animated:)`. The id is the check rule's
/// (`Rule.activityControllerNotPresented`, the same UIKit requirement met in a description):
/// one rule, documented with both kinds of example. A controller whose type the scan cannot
/// resolve is no finding.
public enum ActivityControllerPushed: RuleDefinition {
  public static let rule = Rule.activityControllerNotPresented
  public static let documentation = RuleDocumentation(
    uikit:
      "Apple's `UIActivityViewController` reference: \"When presenting the view controller,"
      + " you must do so using the appropriate means for the current device. On iPad, you must"
      + " present the view controller in a popover. On iPhone and iPod touch, you must present"
      + " it modally.\" Pushed onto a navigation stack, the share sheet is shown as a page of"
      + " the stack instead of a sheet or popover.",
    triggering: [
      """
      import UIKit

      final class PhotoViewController: UIViewController {
        func share(_ image: UIImage) {
          let activity = UIActivityViewController(
            activityItems: [image], applicationActivities: nil)
          navigationController?.pushViewController(activity, animated: true)
        }
      }
      """
    ],
    nonTriggering: [
      """
      import UIKit

      final class PhotoViewController: UIViewController {
        @objc func share(_ sender: UIBarButtonItem) {
          let activity = UIActivityViewController(
            activityItems: [title ?? ""], applicationActivities: nil)
          activity.popoverPresentationController?.barButtonItem = sender
          present(activity, animated: true)
        }

        func showDetails() {
          navigationController?.pushViewController(DetailsViewController(), animated: true)
        }
      }

      final class DetailsViewController: UIViewController {}
      """
    ],
    fix:
      "Present the activity controller (`present(_:animated:completion:)`), anchored to the"
      + " control that opened it for iPad.",
    exampleFormat: .swift)
}
