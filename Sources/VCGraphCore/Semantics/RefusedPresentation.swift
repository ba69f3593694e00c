/// Two presentations that S1 sends to one presenter: UIKit shows the one presented first and
/// refuses the other, printing its "already presenting" line. A description has no clock, so
/// the first in document order (of the requesting controllers) is the one shown.
public struct RefusedPresentation: Sendable, Equatable {
  /// The controller UIKit refuses to present.
  public let presented: ControllerIndex
  /// The controller whose `present` was refused.
  public let requester: ControllerIndex
  /// The controller the request went to, which is already presenting.
  public let presenter: ControllerIndex
  /// What `presenter` shows instead: the presentation requested first.
  public let shown: ControllerIndex?
  /// The controller that requested `shown`.
  public let shownRequester: ControllerIndex?
  /// The line UIKit prints (`Attempt to present <…> on <…> (from <…>) which is already
  /// presenting <…>.`).
  public let uikitMessage: String
}

extension Analysis {
  /// Every presentation UIKit refuses because its presenter is already presenting, in
  /// document order, with what is shown instead.
  public var refusedPresentations: [RefusedPresentation] {
    let controllers = hierarchy.controllers
    return presentation.refused.map { presented, presenter in
      let requester = controllers[presented].requestedBy ?? presenter
      let shown = presentation.presented[presenter]
      let message =
        UIKitModel.alreadyPresenting([
          "presented": controllers[presented].className,
          "presenter": controllers[presenter].className,
          "requester": controllers[requester].className,
          "current": shown.map { controllers[$0].className } ?? "?",
        ]).uikitMessage ?? ""
      return RefusedPresentation(
        presented: presented, requester: requester, presenter: presenter, shown: shown,
        shownRequester: shown.map { controllers[$0].requestedBy ?? presenter },
        uikitMessage: message)
    }
  }
}

extension AnalysisReport {
  /// The `presentation refused:` lines of the text report: who asked, where it went, what
  /// UIKit shows instead and the line it prints. Said whether or not `already-presenting` is
  /// ignored: the choice of what is on screen rests on it.
  var refusedPresentationsText: String {
    let controllers = hierarchy.controllers
    var out = ""
    for refusal in analysis.refusedPresentations {
      let presented = controllers[refusal.presented].id
      var line =
        "presentation refused: \(controllers[refusal.requester].id) presents \(presented),"
        + " but \(controllers[refusal.presenter].id) is already presenting"
      if let shown = refusal.shown {
        let requester = refusal.shownRequester.map { controllers[$0].id } ?? "?"
        line +=
          " \(controllers[shown].id) (requested first in the file, by \(requester)):"
          + " UIKit shows \(controllers[shown].id) and refuses \(presented)"
      }
      out += ControlCharacters.escaped(line) + "\n"
      out += "  UIKit prints: \(ControlCharacters.escaped(refusal.uikitMessage))\n"
    }
    return out
  }

  /// The `refusedPresentations` array of the JSON document.
  var refusedPresentationsJSON: JSON {
    let controllers = hierarchy.controllers
    func id(_ index: ControllerIndex?) -> JSON {
      index.map { .string(controllers[$0].id) } ?? .null
    }
    return .array(
      analysis.refusedPresentations.map { refusal in
        .object([
          ("presented", id(refusal.presented)),
          ("requestedBy", id(refusal.requester)),
          ("presenter", id(refusal.presenter)),
          ("shown", id(refusal.shown)),
          ("shownRequestedBy", id(refusal.shownRequester)),
          ("uikitMessage", .string(refusal.uikitMessage)),
        ])
      })
  }
}
