/// `popover-without-anchor` in Swift code: a `UIActivityViewController`, an action-sheet
/// `UIAlertController` or a controller whose `modalPresentationStyle` is `.popover`, made and
/// presented in one function that sets no `sourceView`, `sourceItem` or `barButtonItem` on its
/// `popoverPresentationController`. The id is the storyboard rule's (`Rule.popoverWithoutAnchor`,
/// the same UIKit constraint met through a segue): one rule, documented with both kinds of
/// example. Where the function hands the value or its popover controller to other code (a
/// helper, a delegate that may anchor it in `prepareForPopoverPresentation`), or asks for
/// `userInterfaceIdiom`, the rule stays silent.
public enum PopoverWithoutAnchor: RuleDefinition {
  public static let rule = Rule.popoverWithoutAnchor
  public static let documentation = RuleDocumentation(
    uikit:
      "On iPad, an action sheet, a `UIActivityViewController` and any `.popover`"
      + " presentation are shown in a popover, which needs an anchor: Apple, \"On iPad, UIKit"
      + " requires that you display an action sheet inside a popover\" and \"On iPad, you must"
      + " present the view controller in a popover\" (UIActivityViewController). Presented"
      + " with neither `sourceView` (with `sourceRect`), `sourceItem` nor `barButtonItem` on"
      + " its `popoverPresentationController`, UIKit raises NSGenericException on iPad; on"
      + " iPhone the same code adapts to a sheet and works, so the crash is found late.",
    triggering: [
      """
      import UIKit

      final class PhotoViewController: UIViewController {
        @objc func share() {
          let activity = UIActivityViewController(
            activityItems: ["https://example.com"], applicationActivities: nil)
          present(activity, animated: true)
        }
      }
      """,
      """
      import UIKit

      final class PhotoViewController: UIViewController {
        @objc func showOptions() {
          let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
          sheet.addAction(UIAlertAction(title: "Delete", style: .destructive))
          present(sheet, animated: true)
        }
      }
      """,
      """
      import UIKit

      final class MapViewController: UIViewController {
        @objc func showFilters() {
          let filters = FiltersViewController()
          filters.modalPresentationStyle = .popover
          present(filters, animated: true)
        }
      }

      final class FiltersViewController: UIViewController {}
      """,
    ],
    nonTriggering: [
      """
      import UIKit

      final class PhotoViewController: UIViewController {
        @objc func share() {
          let activity = UIActivityViewController(
            activityItems: ["https://example.com"], applicationActivities: nil)
          activity.popoverPresentationController?.barButtonItem =
            navigationItem.rightBarButtonItem
          present(activity, animated: true)
        }
      }
      """,
      """
      import UIKit

      final class PhotoViewController: UIViewController {
        @objc func showOptions(_ sender: UIButton) {
          let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
          if let popover = sheet.popoverPresentationController {
            popover.sourceView = sender
            popover.sourceRect = sender.bounds
          }
          present(sheet, animated: true)
        }

        func confirm() {
          let alert = UIAlertController(title: "Saved", message: nil, preferredStyle: .alert)
          present(alert, animated: true)
        }
      }
      """,
    ],
    fix:
      "Before presenting, set `popoverPresentationController?.sourceItem` (iOS 16), or"
      + " `sourceView` and `sourceRect`, or `barButtonItem` to the control that asked for it.",
    uikitMessage:
      "*** Terminating app due to uncaught exception 'NSGenericException', reason:"
      + " 'UIPopoverPresentationController (<UIPopoverPresentationController: 0x…>) should have"
      + " a non-nil sourceView or barButtonItem set before the presentation occurs.'",
    exampleFormat: .swift)
}
