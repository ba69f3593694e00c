import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `activity-not-presented`: each `pushViewController(_:animated:)` whose controller resolves
/// (its construction, a local's, a property's or method's declared type, through every file's
/// types) to a `UIActivityViewController`.
extension ActivityControllerPushed: LintCheck {
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
              types.inherits(type, fromAnyOf: ["UIActivityViewController"]) != nil,
              types.isUIKitCall("pushViewController", receiver: receiver, in: context)
            else { return nil }
            return (
              "'\(spelled)' is a share sheet (\(type)) pushed onto a navigation stack; Apple: on"
                + " iPhone \"you must present it modally\", on iPad in a popover — present it,"
                + " anchored for iPad",
              nil
            )
          })
      }
    }
    return candidates
  }
}
