import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `activity-not-presented`: each `pushViewController(_:animated:)` whose controller resolves
/// (its construction, a local's, a property's or method's declared type, through every file's
/// types) to a `UIActivityViewController`.
extension ActivityControllerPushed: LintCheck {
  package static func candidates(in file: LintFile) -> [LintCandidate] {
    file.pushCandidates(of: ["UIActivityViewController"]) { type, _, spelled in
      (
        "'\(spelled)' is a share sheet (\(type)) pushed onto a navigation stack; Apple: on"
          + " iPhone \"you must present it modally\", on iPad in a popover — present it,"
          + " anchored for iPad",
        nil
      )
    }
  }
}
