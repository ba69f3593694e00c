/// Everything `vcgraph analyze` answers about one input: the analysis, the requested
/// dismissals and responder chains, and the findings; for a storyboard, also its segues.
public struct AnalysisReport: Sendable {
  public let analysis: Analysis
  public let dismissals: [Dismissal]
  public let responderChains: [ResponderChain]
  public let findings: [Finding]
  /// The storyboard whose launch state `analysis` is about, when the report covers its
  /// segues and storyboard findings too (nil for other inputs and for the launch state only).
  public let storyboard: StoryboardDocument?

  /// The questions that have no answer (only with `answeringWhatItCan`), in the order asked.
  public let unanswered: [UnansweredQuestion]

  /// Answers the file's `analyze:` entries plus `extra` requests (from the command line). With
  /// `storyboard` (whose launch state `hierarchy` is), the findings include the storyboard
  /// rules' and the report its segues. A question without an answer throws, unless
  /// `answeringWhatItCan` (`analyze`): then it goes to `unanswered` and the others are
  /// answered.
  public init(
    _ hierarchy: Hierarchy, extra: [AnalysisRequest] = [], storyboard: StoryboardDocument? = nil,
    answeringWhatItCan: Bool = false
  ) throws(VCGraphError) {
    let analysis = Analysis(hierarchy)
    var dismissals: [Dismissal] = []
    var chains: [ResponderChain] = []
    var unanswered: [UnansweredQuestion] = []
    for request in hierarchy.requests + extra {
      do throws(VCGraphError) {
        switch request {
        case .dismiss(let from, let levels, let toClass, let location):
          guard let index = hierarchy.controller(id: from) else {
            throw VCGraphError.data(
              "no controller has the id '\(from)'", at: location,
              hint: suggestion(for: from, among: hierarchy.controllers.map(\.id)))
          }
          dismissals.append(
            try analysis.dismiss(from: index, levels: levels, toClass: toClass, at: location))
        case .responderChain(let from, let location):
          chains.append(try analysis.responderChain(from: from, at: location))
        }
      } catch {
        guard answeringWhatItCan, error.kind == .dataError else { throw error }
        unanswered.append(UnansweredQuestion(request: request, error: error))
      }
    }
    self.analysis = analysis
    self.dismissals = dismissals
    responderChains = chains
    self.unanswered = unanswered
    findings = Self.findings(for: analysis, storyboard: storyboard)
    self.storyboard = storyboard
  }

  var hierarchy: Hierarchy { analysis.hierarchy }

  func ref(_ index: ControllerIndex) -> JSON {
    .object([
      ("id", .string(hierarchy.controllers[index].id)),
      ("class", .string(hierarchy.controllers[index].className)),
    ])
  }

  private func id(_ index: ControllerIndex?) -> JSON {
    index.map { .string(hierarchy.controllers[$0].id) } ?? .null
  }

  /// The JSON document of `cli.md` ("analyze --format json").
  public var json: JSON { json(naming: { $0 }) }

  /// The JSON document with every input path passed through `name` (`render` names the
  /// input by its file name, so its outputs do not depend on the working directory); for a
  /// storyboard, with the `segues` array last.
  public func json(naming name: (String) -> String) -> JSON {
    let document = hierarchyJSON(naming: name)
    guard let storyboard, case .object(let pairs) = document else { return document }
    return .object(pairs + [("segues", storyboard.segues.seguesJSON(naming: name))])
  }

  private func hierarchyJSON(naming name: (String) -> String) -> JSON {
    let visible = hierarchy.controllers.indices.filter { analysis.onScreen[$0] }
    return .object([
      ("version", .int(JSONOutputVersion.analyze)),
      ("input", .string(name(hierarchy.path))),
      ("topViewController", analysis.topViewController.map(ref) ?? .null),
      (
        "visiblePath",
        .array(
          analysis.visiblePath.map { step in
            .object([
              ("id", .string(hierarchy.controllers[step.controller].id)),
              ("class", .string(hierarchy.controllers[step.controller].className)),
              ("via", .string(step.via.rawValue)),
            ])
          })
      ),
      ("visible", .array(visible.map(ref))),
      ("visibleLeaves", .array(analysis.visibleLeaves.map(ref))),
      ("scenes", scenesJSON),
      ("dismissals", .array(dismissals.map(json(for:)))),
      ("responderChains", .array(responderChains.map(json(for:)))),
      ("unanswered", unansweredJSON(naming: name)),
      ("findings", .array(findings.map { Self.json(for: $0, naming: name) })),
      ("notes", .array(hierarchy.notes.map { .string($0) })),
    ])
  }

  private func json(for dismissal: Dismissal) -> JSON {
    var request: [(String, JSON)] = [("from", id(dismissal.from))]
    if let levels = dismissal.levels { request.append(("levels", .int(levels))) }
    if let toClass = dismissal.toClass { request.append(("toClass", .string(toClass))) }
    return .object([
      ("request", .object(request)),
      ("receiver", id(dismissal.receiver)),
      ("removed", .array(dismissal.removed.map { id($0) })),
      ("animated", id(dismissal.animated)),
      ("topViewControllerAfter", id(dismissal.topViewControllerAfter)),
    ])
  }

  private func json(for chain: ResponderChain) -> JSON {
    .object([
      ("from", .string(chain.from)),
      ("chain", .array(chain.responders.map { .string(analysis.name(of: $0)) })),
      ("owningController", id(chain.owningController)),
    ])
  }

  /// A finding as a JSON object (shared by `analyze` and `check`).
  public static func json(for finding: Finding) -> JSON { json(for: finding, naming: { $0 }) }

  /// A finding as a JSON object, its path passed through `name`.
  public static func json(for finding: Finding, naming name: (String) -> String) -> JSON {
    .object([
      ("rule", .string(finding.rule.rawValue)),
      ("severity", .string(finding.severity.rawValue)),
      ("message", .string(finding.message)),
      ("path", .string(name(finding.location.path))),
      ("line", .int(finding.location.line)),
      ("column", .int(finding.location.column)),
      ("uikitMessage", finding.uikitMessage.map { .string($0) } ?? .null),
    ])
  }

  /// A readable summary for people.
  public var text: String {
    let controllers = hierarchy.controllers
    func describe(_ index: ControllerIndex) -> String {
      "\(controllers[index].id) (\(controllers[index].className))"
    }
    var out = ControlCharacters.escaped(hierarchy.path)
    if let title = hierarchy.title { out += " — \(title)" }
    out += "\n"
    if let top = analysis.topViewController {
      out += "top view controller: \(describe(top))\n"
    } else {
      out += "top view controller: none (nothing is on screen in a key window)\n"
    }
    if !analysis.visiblePath.isEmpty {
      out += "visible path:\n"
      for step in analysis.visiblePath {
        out +=
          "  \(step.via.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))"
          + "\(describe(step.controller))\n"
      }
    }
    if analysis.visibleLeaves.count > 1 {
      out += "visible leaves: \(analysis.visibleLeaves.map(describe).joined(separator: ", "))\n"
    }
    out += scenesText
    let visible = controllers.indices.filter { analysis.onScreen[$0] }
    out +=
      "on screen (\(visible.count)): "
      + (visible.isEmpty ? "none" : visible.map { controllers[$0].id }.joined(separator: ", "))
      + "\n"
    for presented in controllers.indices {
      guard let presenter = analysis.presentation.presenter[presented] else { continue }
      var line =
        "presentation: \(controllers[presenter].id) presents \(controllers[presented].id)"
      if controllers[presented].kind == .alert {
        line += " (\(hierarchy.presentationStyleText(of: presented)))"
      } else {
        line += " (\(controllers[presented].style.resolved.rawValue)"
        if controllers[presented].modalPresentationStyle == nil { line += " from automatic" }
        line += ")"
      }
      if let requester = controllers[presented].requestedBy, requester != presenter {
        line += ", requested by \(controllers[requester].id)"
      }
      out += line + "\n"
    }
    for dismissal in dismissals {
      var call = "dismiss(from: \(controllers[dismissal.from].id)"
      if let levels = dismissal.levels { call += ", levels: \(levels)" }
      if let toClass = dismissal.toClass { call += ", toClass: \(toClass)" }
      call += ")"
      out += "\(call):\n"
      out += "  receiver: \(describe(dismissal.receiver))\n"
      out += "  removed: \(dismissal.removed.map { controllers[$0].id }.joined(separator: ", "))\n"
      out += "  animated: \(controllers[dismissal.animated].id)\n"
      out +=
        "  top view controller after: "
        + (dismissal.topViewControllerAfter.map(describe) ?? "none") + "\n"
    }
    for chain in responderChains {
      out +=
        "responder chain from \(chain.from): "
        + chain.responders.map(analysis.name(of:)).joined(separator: " → ") + "\n"
      out += "  owning controller: " + (chain.owningController.map(describe) ?? "none") + "\n"
    }
    out += unansweredText
    if let storyboard { out += Self.seguesText(storyboard) }
    if !findings.isEmpty {
      out += "findings:\n"
      for finding in findings {
        out +=
          "  \(finding.location): \(finding.severity.rawValue): \(finding.message)"
          + " [\(finding.rule.rawValue)]\n"
        if let message = finding.uikitMessage { out += "    note: UIKit prints: \(message)\n" }
      }
    }
    for note in hierarchy.notes { out += "note: \(note)\n" }
    return out
  }
}
