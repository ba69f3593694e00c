/// A storyboard read as an input of the commands: its map (with the storyboards its references
/// lead to), its launch state as a hierarchy the analyses work on, and every segue's effect.
public struct StoryboardDocument: Sendable {
  /// The storyboard opened (index 0) and those its references lead to.
  public let map: StoryboardMap
  /// The launch state (`StoryboardMap.launchState`), with the kinds declared on the command
  /// line applied.
  public let launch: StoryboardInitialState
  /// Every segue's effect, and which scenes an entry point reaches.
  public let segues: SegueAnalysis
  /// Scenes by the position of their controller element.
  private let sceneIndex: [SourceLocation: SceneRef]

  /// Reads a storyboard and the storyboards its references name (in its folder, its
  /// `Base.lproj`, then `options.searchFolders`). A kind declared for a custom class
  /// (`--class NAME=KIND`) replaces the kind its element gives, in the map and the launch state.
  public static func read(
    bytes: [UInt8], path: String, options: ReadOptions
  ) throws(VCGraphError) -> StoryboardDocument {
    try StoryboardDocument(
      map: loadMap(bytes: bytes, path: path, options: options), limits: options.limits)
  }

  /// The map of a storyboard and the storyboards its references name, with the declared kinds
  /// applied to its scenes.
  public static func loadMap(
    bytes: [UInt8], path: String, options: ReadOptions
  ) throws(VCGraphError) -> StoryboardMap {
    var map = try StoryboardLoader(limits: options.limits, searchFolders: options.searchFolders)
      .load(bytes: bytes, path: path)
    guard !options.declaredKinds.isEmpty else { return map }
    for board in map.storyboards.indices {
      for scene in map.storyboards[board].scenes.indices {
        let name = map.storyboards[board].scenes[scene].className
        if let kind = options.declaredKinds[name] {
          map.storyboards[board].scenes[scene].kind = kind
        }
      }
    }
    return map
  }

  /// The launch state and the segue analysis of a map already loaded.
  public init(map: StoryboardMap, limits: InputLimits = .default) throws(VCGraphError) {
    self.map = map
    launch = try map.launchState(limits: limits)
    segues = SegueAnalysis(map)
    var index: [SourceLocation: SceneRef] = [:]
    for scene in map.allScenes where index[map[scene].location] == nil {
      index[map[scene].location] = scene
    }
    sceneIndex = index
  }

  /// The storyboard rules' findings (`StoryboardChecker`) as findings on the launch state: the
  /// same rule ids as the registry (`Checker.rules`), positioned in the storyboard's XML, on
  /// the launch state's controller for the scene when it has one, with a `place` that names
  /// the scene (and segue) by ids that edits elsewhere do not change. Rules `configuration`
  /// does not run are left out, and it sets their severity.
  public func findings(
    ignoring: Set<String> = [], configuration: RuleConfiguration = RuleConfiguration()
  ) -> [Finding] {
    var skipped = ignoring
    for type in Checker.rules where !configuration.runs(type.rule, optIn: type.isOptIn) {
      skipped.insert(type.rule.rawValue)
    }
    return StoryboardChecker.findings(for: segues, ignoring: skipped).filter { finding in
      // A scene's `vcgraphDisable` silences the rule for findings about that scene.
      guard let scene = finding.scene else { return true }
      return !map[scene].ignoredRules.contains(finding.rule.rule.rawValue)
    }.map { finding in
      var result = Finding(
        finding.rule.rule, finding.message, at: finding.location,
        controller: finding.scene.flatMap(launch.controller(for:)))
      result.severity = configuration.severity(of: finding.rule.rule)
      result.place = place(of: finding)
      result.uikitMessage = uikitMessage(for: finding)
      return result
    }
  }

  /// The console line UIKit prints when the finding's segue is performed, with its classes.
  func uikitMessage(for finding: StoryboardFinding) -> String? {
    guard let message = finding.rule.uikitMessage else { return nil }
    switch finding.rule {
    case .popoverWithoutAnchor:
      return message.line(["presentation": "UIPopoverPresentationController"])
    case .alreadyPresenting:
      guard let segue = finding.segue else { return nil }
      for outcome in segues.outcomes[segue] ?? [] {
        guard case .refused(.alreadyPresenting(let presenter, let presenting)) = outcome.effect
        else { continue }
        return UIKitModel.alreadyPresenting([
          "presented": map.destination(of: segue).map { map[map.resolved($0)].className } ?? "?",
          "presenter": map[presenter].className,
          "requester": map[map.source(of: segue)].className,
          "current": map[presenting].className,
        ]).uikitMessage
      }
      return nil
    default:
      return message.line()
    }
  }

  /// `storyboard:Main/scene:BYZ-38-t0r/segue:showDetail`: where a storyboard finding is, by
  /// the file's name, the scene's id and the segue's identifier (else its element id).
  func place(of finding: StoryboardFinding) -> String? {
    guard let scene = finding.scene else { return nil }
    var text =
      "storyboard:\(map.storyboards[scene.storyboard].name)/scene:\(map.preferredID(of: scene))"
    if let segue = finding.segue, let name = map[segue].identifier ?? map[segue].id {
      text += "/segue:\(name)"
    }
    return text
  }

  /// The scene a launch-state or performed controller was built from: the scene whose element
  /// is at the controller's location (every controller built from a storyboard carries its
  /// scene element's position).
  public func scene(at location: SourceLocation) -> SceneRef? {
    sceneIndex[location]
  }
}
