import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `push-container`: each `pushViewController(_:animated:)` whose controller resolves (its
/// construction, a local's, a property's or method's declared type, through every file's
/// types) to a navigation, tab bar or split view controller.
extension PushContainer: LintCheck {
  static let containers = ["UINavigationController", "UITabBarController", "UISplitViewController"]

  package static func candidates(in file: LintFile) -> [LintCandidate] {
    file.pushCandidates(of: containers) { type, container, spelled in
      let what =
        switch container {
        case "UINavigationController":
          "a navigation controller; UIKit raises 'Pushing a navigation controller is not"
            + " supported'"
        case "UITabBarController":
          "a tab bar controller, which belongs at a window's root, never inside another"
            + " controller"
        default: "a split view controller; Apple: \"You can't push a split view controller"
          + " onto a navigation stack\""
        }
      let named = type == container ? type : "\(type) (a \(container))"
      return (
        "'\(spelled)' is \(named) pushed onto a navigation stack: \(what) — push its"
          + " content controller instead, or present it",
        ControllerKind(uikitClass: container).flatMap { kind in
          UIKitModel.pushViolations(kind: kind).first(where: \.stopsTheCall)?.uikitMessage
        }
      )
    }
  }
}
