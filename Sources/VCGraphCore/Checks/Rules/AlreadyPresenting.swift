extension Rule {
  /// A presentation on a presenter that is already presenting.
  public static let alreadyPresenting = Rule(
    "already-presenting", .error,
    summary: "a presentation that goes to a presenter that is already presenting")
}

/// A presentation S1 resolves to a presenter that already presents another controller, which
/// UIKit refuses (`PresentationResolution.refused`).
struct AlreadyPresenting: CheckRule {
  static let rule = Rule.alreadyPresenting

  static func findings(in analysis: Analysis) -> [Finding] {
    let controllers = analysis.hierarchy.controllers
    return analysis.presentation.refused.map { presented, presenter in
      let requester = controllers[presented].requestedBy ?? presenter
      let current = analysis.presentation.presented[presenter].map { controllers[$0].id } ?? "?"
      return Finding(
        rule,
        "'\(controllers[requester].id)' presents '\(controllers[presented].id)', but the"
          + " presentation goes to '\(controllers[presenter].id)', which is already presenting"
          + " '\(current)'; UIKit refuses it — dismiss first or present from '\(current)'",
        at: controllers[requester].location(of: "presents"), controller: presented)
    }
  }
}
