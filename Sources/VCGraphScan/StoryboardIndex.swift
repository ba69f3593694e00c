import VCGraphCore

/// The storyboards under the scanned paths, for joining code to them: scenes by
/// `storyboardIdentifier` (`instantiateViewController(withIdentifier:)`), segues by identifier
/// (`performSegue(withIdentifier:)`), initial scenes; and their segues as edges
/// (`via: storyboard`).
struct StoryboardIndex: Sendable {
  struct Scene: Sendable {
    var storyboard: String
    var className: String
    var identifier: String?
    var isInitial: Bool
  }
  struct Segue: Sendable {
    var identifier: String?
    var source: String
    var destination: String?
    var kind: StoryboardSegue.Kind
    var relationship: StoryboardSegue.Relationship?
    var customClass: String?
    var unwindAction: String?
    var file: String
    var location: SourceLocation
  }

  var scenes: [Scene] = []
  var segues: [Segue] = []
  /// Storyboards that could not be read, with why (reported, never fatal): each a warning as
  /// `DiagnosticPrinter` writes it, without its last line feed.
  var problems: [String] = []

  init() {}

  /// Reads `paths` (each with the storyboards its references lead to); `relative` turns a
  /// path into the output's form.
  init(paths: [String], relative: (String) -> String) {
    for path in paths {
      let map: StoryboardMap
      do {
        map = try StoryboardLoader().load(paths: [path])
      } catch {
        // `path:line:column: warning: why`, as every command prints a warning: the scan goes
        // on without the storyboard, so it is no error.
        for problem in [error] + error.related {
          let line = DiagnosticPrinter().format(
            severity: .warning, message: problem.message, location: problem.location,
            hint: problem.hint)
          problems.append(String(line.dropLast()))
        }
        continue
      }
      let storyboard = map.storyboards[0]
      let initial = map.initialScene(of: 0).map(map.resolved)
      for (index, scene) in storyboard.scenes.enumerated() where scene.reference == nil {
        scenes.append(
          Scene(
            storyboard: storyboard.name, className: scene.className,
            identifier: scene.storyboardIdentifier,
            isInitial: initial == SceneRef(storyboard: 0, scene: index)))
      }
      for segue in map.storyboards[0].segues.indices.map({ SegueRef(storyboard: 0, segue: $0) }) {
        let item = map[segue]
        let source = map[map.source(of: segue)]
        let destination = map.destination(of: segue).map { map[map.resolved($0)].className }
        segues.append(
          Segue(
            identifier: item.identifier, source: source.className, destination: destination,
            kind: item.kind, relationship: item.relationship, customClass: item.customClass,
            unwindAction: item.unwindAction, file: relative(path), location: item.location))
      }
    }
  }

  /// The class of the scene with `identifier` (`instantiateViewController(withIdentifier:)`).
  func scene(_ identifier: String??, table: TypeTable) -> Resolver.Resolution {
    guard let identifier else { return .because("instantiate without an identifier") }
    guard let identifier else {
      return .because("the identifier is not a literal or a constant vcgraph can read")
    }
    let found = Set(scenes.filter { $0.identifier == identifier }.map(\.className))
    if found.count == 1 { return Resolver.Resolution(type: found.first) }
    if found.isEmpty {
      return .because("no scene has the storyboard identifier '\(identifier)'")
    }
    return .because("several scenes have the storyboard identifier '\(identifier)'")
  }

  /// The class of a storyboard's initial scene (any storyboard's when not named).
  func initialScene(of storyboard: String?) -> Resolver.Resolution {
    let found = scenes.filter { $0.isInitial && (storyboard == nil || $0.storyboard == storyboard) }
    if let only = found.first, found.count == 1 { return Resolver.Resolution(type: only.className) }
    if found.isEmpty {
      return .because(
        storyboard.map { "no initial scene found in \($0).storyboard" }
          ?? "the storyboard is not named by a literal")
    }
    return .because("several storyboards have an initial scene; the storyboard is not named")
  }

  /// The destination of the segue `identifier` from `source` (else from any scene).
  func segue(_ identifier: String, from source: String, table: TypeTable) -> Resolver.Resolution
  {
    let named = segues.filter { $0.identifier == identifier }
    guard !named.isEmpty else {
      return .because("no segue '\(identifier)' in the scanned storyboards")
    }
    let own = named.filter { table.chain(source).contains($0.source) }
    let candidates = own.isEmpty ? named : own
    let destinations = Set(candidates.compactMap(\.destination))
    if destinations.count == 1 { return Resolver.Resolution(type: destinations.first) }
    if destinations.isEmpty { return .because("the segue '\(identifier)' is an unwind segue") }
    return .because(
      "segues '\(identifier)' lead to \(destinations.sorted().joined(separator: " and "))")
  }

  /// The segue's kind (`show`, `presentation`) for a `performSegue` edge's style.
  func segueKind(_ identifier: String, from source: String) -> String? {
    segues.first { $0.identifier == identifier }.map { $0.customClass ?? $0.kind.rawValue }
  }

  /// The storyboards' segues as edges; an unwind segue leads to the scanned types that
  /// declare its action.
  func edges(table: TypeTable, unwindTargets: [String: [String]]) -> [ScanEdge] {
    segues.map { segue in
      var operation = ScanEdge.Operation.segue
      switch (segue.kind, segue.relationship) {
      case (.relationship, .rootViewController?): operation = .navigationRoot
      case (.relationship, .viewControllers?): operation = .tab
      case (.relationship, _): operation = .split
      case (.embed, _): operation = .embed
      default: break
      }
      var edge = ScanEdge(
        from: segue.source, fromKind: .scene, to: segue.destination, operation: operation,
        style: segue.customClass ?? segue.kind.rawValue, file: segue.file,
        line: segue.location.line, column: segue.location.column, via: .storyboard,
        identifier: segue.identifier)
      if segue.kind == .unwind {
        let targets = segue.unwindAction.flatMap { unwindTargets[$0] } ?? []
        if targets.count == 1 {
          edge.to = targets[0]
        } else {
          edge.reason =
            targets.isEmpty
            ? "no scanned type declares the unwind action '\(segue.unwindAction ?? "?")'"
            : "several types declare the unwind action: \(targets.joined(separator: ", "))"
        }
      } else if segue.destination == nil {
        edge.reason = "the segue's destination is not in the storyboard"
      }
      return edge
    }
  }
}
