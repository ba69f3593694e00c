/// A finding of any rule, over a hierarchy or a storyboard: a rule id, a severity, a message
/// that says what to change, and the exact source position (a description's key, a dump's
/// line, a storyboard's `<segue>` or scene element).
public struct Finding: Sendable, Equatable {
  public var rule: Rule
  public var severity: Severity
  public var message: String
  public var location: SourceLocation
  /// The controller the finding concerns (drawn as a badge on it).
  public var controller: ControllerIndex?
  /// The view the finding concerns, if any.
  public var view: ViewIndex?
  /// The console line UIKit prints for it (the rule's `uikitMessage` with the classes filled
  /// in and placeholder addresses), if UIKit prints one.
  public var uikitMessage: String?
  /// Where the finding is when that is not a place in the hierarchy (a storyboard's scene or
  /// segue, `storyboard:Main/scene:BYZ-38-t0r/segue:toDetail`): `FindingPath` uses it.
  public var place: String?
  /// The storyboard scene the finding concerns (a segue's source), for a storyboard rule.
  public var scene: SceneRef?
  /// The storyboard segue the finding concerns, if any.
  public var segue: SegueRef?

  /// A finding of `rule` at `location`, about a controller or view of a hierarchy, or about a
  /// storyboard's scene and segue.
  public init(
    _ rule: Rule, _ message: String, at location: SourceLocation,
    controller: ControllerIndex? = nil, view: ViewIndex? = nil, scene: SceneRef? = nil,
    segue: SegueRef? = nil, uikitMessage: String? = nil
  ) {
    self.rule = rule
    severity = rule.severity
    self.message = message
    self.location = location
    self.controller = controller
    self.view = view
    self.scene = scene
    self.segue = segue
    self.uikitMessage = uikitMessage
  }
}
