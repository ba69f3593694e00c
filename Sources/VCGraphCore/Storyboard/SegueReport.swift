extension SegueAnalysis {
  /// The `segues` array `analyze --format json` adds for a storyboard (issue 17): one object
  /// per segue in document order, storyboard by storyboard —
  /// `{from, to, kind, identifier, effect, style, presenter, path, line}`.
  ///
  /// `from`/`to` are scene ids as in the launch state (`preferredID`; `to` is the scene a
  /// reference stands for when resolved, null for an unwind). `kind` is the storyboard's own
  /// `kind`; `effect` the first outcome's `SegueEffect.name` (`push`, `present`, `showDetail`,
  /// `embed`, `unwind`, `custom`, `relationship`, `refused` or `unknown`); `style` the
  /// presentation style of a `present` (as written; `automatic` stays `automatic`); `presenter`
  /// the id of the controller that presents, when known; `path` the storyboard file; `line` the
  /// `<segue>` element's line.
  public var seguesJSON: JSON { seguesJSON(naming: { $0 }) }

  /// `seguesJSON` with each segue's file passed through `name` (as `render` names inputs).
  public func seguesJSON(naming name: (String) -> String) -> JSON {
    .array(
      map.allSegues.map { segue in
        let item = map[segue]
        let outcome = effect(of: segue)
        var style = JSON.null
        var presenter = JSON.null
        if case .present(let presented, let by, _) = outcome?.effect {
          style = .string(presented.rawValue)
          presenter = by.map { .string(map.preferredID(of: $0)) } ?? .null
        }
        return .object([
          ("from", .string(map.preferredID(of: map.source(of: segue)))),
          (
            "to",
            map.destination(of: segue).map { .string(map.preferredID(of: map.resolved($0))) }
              ?? .null
          ),
          ("kind", .string(item.kind.rawValue)),
          ("identifier", item.identifier.map { .string($0) } ?? .null),
          ("effect", outcome.map { .string($0.effect.name) } ?? .null),
          ("style", style),
          ("presenter", presenter),
          ("path", .string(name(item.location.path))),
          ("line", .int(item.location.line)),
        ])
      })
  }
}

extension StoryboardMap {
  /// A short label for an outcome, for diagram edges and text reports: "push onto 'nav'",
  /// "present pageSheet by 'tabs' (show fell back)", "regular: replace detail of 'split'".
  /// With `byDisplayName` (diagrams), a scene whose id is an Interface Builder element id is
  /// named by its `displayName(of:)` instead ("replace detail of 'UISplitViewController'").
  public func describe(_ outcome: SegueOutcome) -> String {
    describe(outcome, byDisplayName: false)
  }

  /// `describe(_:)`, naming scenes by their display names when `byDisplayName`.
  public func describe(_ outcome: SegueOutcome, byDisplayName: Bool) -> String {
    let text: String
    func id(_ scene: SceneRef) -> String {
      "'\((byDisplayName ? displayName(of: scene) : nil) ?? preferredID(of: scene))'"
    }
    switch outcome.effect {
    case .push(let navigation): text = "push onto \(id(navigation))"
    case .present(let style, let presenter, let fallback):
      text =
        "present \(style.resolved.rawValue)" + (presenter.map { " by \(id($0))" } ?? "")
        + (fallback.map { " (\($0.rawValue) fell back)" } ?? "")
    case .replaceDetail(let split): text = "replace detail of \(id(split))"
    case .replacePrimary(let split): text = "replace primary of \(id(split))"
    case .embed(let container): text = "embed in \(id(container))"
    case .relationship(let container, let relationship):
      text = "\(relationship.rawValue) of \(id(container))"
    case .unwind(let action, let candidates):
      let target =
        candidates.isEmpty
        ? "nothing on the way back" : candidates.map(id).joined(separator: " or ")
      text = "unwind \(action ?? "?") to \(target)"
    case .custom(let segueClass): text = "custom \(segueClass ?? "UIStoryboardSegue")"
    case .refused(.navigationInNavigation(let navigation)):
      text = "refused: navigation controller pushed onto \(id(navigation))"
    case .refused(.alreadyPresenting(let presenter, let presenting)):
      text = "refused: \(id(presenter)) is already presenting \(id(presenting))"
    case .refused(.pushOutsideNavigation): text = "refused: push outside a navigation controller"
    case .unknownContainer: text = "push or present (its container is unknown)"
    }
    return outcome.width.map { "\($0.rawValue): \(text)" } ?? text
  }
}
