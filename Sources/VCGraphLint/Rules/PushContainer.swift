import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `push-container`: each `pushViewController(_:animated:)` whose controller resolves (its
/// construction, a local's, a property's or method's declared type, through every file's
/// types) to a navigation, tab bar or split view controller.
extension PushContainer: LintCheck {
  static let containers = ["UINavigationController", "UITabBarController", "UISplitViewController"]

  package static func candidates(in file: LintFile) -> [LintCandidate] {
    var candidates: [LintCandidate] = []
    for function in file.functions {
      for call in function.calls where call.isOperation(.push) {
        guard let argument = call.argument("_") else { continue }
        let pushed = ShapeReader.shape(argument, scope: function.scope)
        let receiver = call.receiver(in: function.scope)
        let context = function.context
        let spelled = argument.trimmedDescription
        candidates.append(
          file.candidate(at: call.nameToken, in: function) { types in
            guard let type = types.type(of: pushed, in: context),
              let container = types.inherits(type, fromAnyOf: containers),
              types.isUIKitCall("pushViewController", receiver: receiver, in: context)
            else { return nil }
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
              container == "UINavigationController" ? rule.uikitMessage?.line() : nil
            )
          })
      }
    }
    return candidates
  }
}
