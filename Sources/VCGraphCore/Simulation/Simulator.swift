/// What one step changed, in ids (controllers are compared by id between the two states).
public struct StepEffect: Sendable, Equatable {
  /// The operation's name as written (`present`, `dismiss`, ...).
  public var operation: String
  /// Where the step is written.
  public var location: SourceLocation
  /// One line for people: "post presents compose (pageSheet); presenter: tabs".
  public var description: String
  /// Controllers that entered the hierarchy, in document order.
  public var added: [String] = []
  /// Controllers that left the hierarchy (with their whole subtrees), in document order.
  public var removed: [String] = []
  /// Controllers that changed place (another parent or another presenter).
  public var moved: [String] = []
  /// Controllers in both states, off screen before the step and on screen after it (an added
  /// controller is listed under `added` only).
  public var newlyOnScreen: [String] = []
  /// Controllers in both states, on screen before the step and off screen after it (a removed
  /// controller is listed under `removed` only).
  public var leftScreen: [String] = []
  /// The top view controller before and after the step (S3).
  public var topBefore: String?
  public var topAfter: String?
  /// Details worth knowing (the receiver of a dismissal, a view tree vcgraph had to create).
  public var notes: [String] = []

  public init(operation: String, location: SourceLocation, description: String) {
    self.operation = operation
    self.location = location
    self.description = description
  }
}

/// The states a description's `steps` lead through.
public struct Simulation: Sendable {
  /// `states[0]` is the hierarchy as described; `states[n]` the one after step n.
  public var states: [Hierarchy]
  /// `effects[n - 1]` is what step n changed.
  public var effects: [StepEffect]
  /// The step UIKit refuses, if any: nothing from it on is applied.
  public var refusal: VCGraphError?
  /// A non-strict run (issue 31): the step on which UIKit raises, if any. The run ended at it;
  /// its frame (the last effect) shows the exception, on the state before it.
  public var exception: VCGraphError?
}

/// Applies `steps` (format.md, "Steps") with UIKit's rules. Pure Swift: no Graphviz, no I/O.
///
/// A refused operation throws a data error at the step (or at the argument at fault); the
/// hierarchy it was applied to is left as it was.
public enum Simulator {
  /// Applies every step of `hierarchy.steps` in order, stopping at the first refusal;
  /// `perform` steps run the segues of `storyboard` (whose launch state `hierarchy` is).
  ///
  /// `strict: false` follows UIKit further (`simulate` without `--strict`): a step UIKit
  /// ignores with a console warning ("already presenting", "not in the window hierarchy", a
  /// `dismiss` on a controller that neither presents nor was presented) is a frame that
  /// changes nothing and shows the warning, and the run goes on; a step on which UIKit raises
  /// ends the run at a frame that shows the exception (`exception`). Anything else the
  /// description gets wrong (an unknown id) is a refusal either way.
  public static func run(
    _ hierarchy: Hierarchy, storyboard: StoryboardDocument? = nil, strict: Bool = true
  ) -> Simulation {
    var simulation = Simulation(states: [hierarchy], effects: [], refusal: nil)
    var removedBy: [String: Int] = [:]
    var current = hierarchy
    for (offset, step) in hierarchy.steps.enumerated() {
      do {
        let (next, effect) = try apply(
          step, to: current, removedBy: removedBy, storyboard: storyboard, strict: strict)
        for id in effect.removed where next.controller(id: id) == nil { removedBy[id] = offset + 1 }
        for id in effect.added { removedBy[id] = nil }
        simulation.states.append(next)
        simulation.effects.append(effect)
        current = next
      } catch {
        guard !strict, let line = error.uikitMessage else {
          simulation.refusal = error
          break
        }
        let raises = line.hasPrefix("*** Terminating app due to uncaught exception")
        var effect = StepEffect(
          operation: step.operationName, location: error.location ?? step.location,
          description: (raises ? "UIKit raises: " : "UIKit ignores it: ") + error.message)
        effect.notes = ["UIKit prints: " + line]
        let analysis = Analysis(current)
        effect.topBefore = analysis.topViewController.map { current.controllers[$0].id }
        effect.topAfter = effect.topBefore
        simulation.states.append(current)
        simulation.effects.append(effect)
        if raises {
          simulation.exception = error
          break
        }
      }
    }
    return simulation
  }

  /// Applies one step; returns the new hierarchy and what changed.
  public static func apply(
    _ step: Step, to hierarchy: Hierarchy
  ) throws(VCGraphError) -> (Hierarchy, StepEffect) {
    try apply(step, to: hierarchy, removedBy: [:])
  }

  static func apply(
    _ step: Step, to hierarchy: Hierarchy, removedBy: [String: Int],
    storyboard: StoryboardDocument? = nil, strict: Bool = true
  ) throws(VCGraphError) -> (Hierarchy, StepEffect) {
    var editor = StepEditor(hierarchy: hierarchy, step: step, removedBy: removedBy)
    editor.storyboard = storyboard
    editor.strict = strict
    var effect = try editor.perform()
    editor.forgetRefusedRequests(before: Analysis(hierarchy))
    let after = editor.hierarchy
    diff(before: hierarchy, after: after, into: &effect, movedHint: editor.moved)
    return (after, effect)
  }

  /// Fills the id lists of an effect by comparing two states.
  static func diff(
    before: Hierarchy, after: Hierarchy, into effect: inout StepEffect, movedHint: Set<String>
  ) {
    let old = Analysis(before)
    let new = Analysis(after)
    let oldIDs = Set(before.controllers.map(\.id))
    let newIDs = Set(after.controllers.map(\.id))
    effect.added = unique(after.controllers.map(\.id).filter { !oldIDs.contains($0) })
    effect.removed = unique(before.controllers.map(\.id).filter { !newIDs.contains($0) })
    func place(_ analysis: Analysis, _ id: String) -> [String?] {
      let h = analysis.hierarchy
      guard let index = h.controller(id: id) else { return [] }
      let parent = h.controllers[index].parent.map { h.controllers[$0].id }
      let presenter = analysis.presentation.presenter[index].map { h.controllers[$0].id }
      let root = h.windows.first { $0.root == index }?.id
      return [parent, presenter, root]
    }
    effect.moved = unique(
      after.controllers.map(\.id).filter {
        oldIDs.contains($0) && (movedHint.contains($0) || place(old, $0) != place(new, $0))
      })
    let onBefore = Set(
      before.controllers.indices.filter { old.onScreen[$0] }.map {
        before.controllers[$0].id
      })
    let onAfter = Set(
      after.controllers.indices.filter { new.onScreen[$0] }.map {
        after.controllers[$0].id
      })
    effect.newlyOnScreen = unique(
      after.controllers.map(\.id).filter {
        oldIDs.contains($0) && onAfter.contains($0) && !onBefore.contains($0)
      })
    effect.leftScreen = unique(
      before.controllers.map(\.id).filter {
        newIDs.contains($0) && onBefore.contains($0) && !onAfter.contains($0)
      })
    effect.topBefore = old.topViewController.map { before.controllers[$0].id }
    effect.topAfter = new.topViewController.map { after.controllers[$0].id }
  }

  private static func unique(_ ids: [String]) -> [String] {
    var seen = Set<String>()
    return ids.filter { seen.insert($0).inserted }
  }
}
