/// The mutable state of one step being applied.
struct StepEditor {
  var hierarchy: Hierarchy
  let step: Step
  /// Ids removed by earlier steps, with the step that removed them (for error hints).
  let removedBy: [String: Int]
  /// The storyboard whose segues `perform` runs, when the input is one.
  var storyboard: StoryboardDocument?
  /// Ids of existing controllers the step moved to another place.
  var moved: Set<String> = []
  var notes: [String] = []
  /// `false` in a non-strict run: a `dismiss` UIKit ignores is a step that does nothing.
  var strict = true

  init(hierarchy: Hierarchy, step: Step, removedBy: [String: Int]) {
    self.hierarchy = hierarchy
    self.step = step
    self.removedBy = removedBy
  }

  var controllers: [Controller] { hierarchy.controllers }
  func id(_ index: ControllerIndex) -> String { controllers[index].id }

  // MARK: - Errors

  func location(_ key: String) -> SourceLocation { step.keyLocations[key] ?? step.location }

  /// A refusal: UIKit would not do this (and prints `uikitMessage`, when it prints something).
  func refused(
    _ message: String, at key: String? = nil, hint: String? = nil, uikitMessage: String? = nil
  ) -> VCGraphError {
    VCGraphError.data(
      message, at: key.map(location) ?? step.location, hint: hint, uikitMessage: uikitMessage)
  }

  /// The refusal of a step for a UIKit rule the step has no words of its own for: what UIKit
  /// does, the rule's summary and UIKit's line.
  func refused(violation: UIKitViolation, at key: String?) -> VCGraphError {
    let does = violation.consequence == .raises ? "UIKit raises" : "UIKit ignores the call"
    return refused(
      "\(does): \(violation.rule?.summary ?? violation.appleDocumentation)"
        + (violation.rule.map { " (\($0.rawValue))" } ?? ""),
      at: key, uikitMessage: violation.uikitMessage)
  }

  /// A controller's class, for UIKit messages.
  func className(_ index: ControllerIndex) -> String { controllers[index].className }

  /// The controller a step argument names.
  func controller(_ name: String, key: String) throws(VCGraphError) -> ControllerIndex {
    if let index = hierarchy.controller(id: name) { return index }
    if let number = removedBy[name] {
      throw VCGraphError.data(
        "no controller has the id '\(name)' at this step", at: location(key),
        hint: "step \(number) removed it")
    }
    throw VCGraphError.data(
      "no controller has the id '\(name)'", at: location(key),
      hint: suggestion(for: name, among: controllers.map(\.id)))
  }

  /// Ids for messages: "a, b, c".
  func list(_ indexes: [ControllerIndex]) -> String {
    indexes.map(id).joined(separator: ", ")
  }

  // MARK: - Operations

  /// Applies the step. Each operation is a function in `Steps/` (one file per family); a new
  /// operation is a case of `Step.Operation`, its grammar in `DescriptionDecoder+Steps.swift`,
  /// its function there, and one line in `operate()`.
  mutating func perform() throws(VCGraphError) -> StepEffect {
    let (name, text) = try operate()
    var effect = StepEffect(operation: name, location: step.location, description: text)
    effect.notes = notes
    return effect
  }

  private mutating func operate() throws(VCGraphError) -> (String, String) {
    (step.operationName, try operateNamed())
  }

  private mutating func operateNamed() throws(VCGraphError) -> String {
    switch step.operation {
    case .present(let from, let new): return try present(from: from, new)
    case .dismiss(let from, let levels, let toClass):
      return try dismiss(from: from, levels: levels, toClass: toClass)
    case .push(let on, let new): return try push(on: on, new)
    case .pop(let on): return try pop(on: on)
    case .popTo(let on, let target): return try popTo(on: on, target: target)
    case .popToRoot(let on): return try popToRoot(on: on)
    case .select(let on, let index, let target):
      return try select(on: on, index: index, target: target)
    case .addChild(let parent, let new, let attach):
      return try addChild(parent: parent, new, attach: attach)
    case .removeFromParent(let target): return try removeFromParent(target)
    case .show(let container, let child): return try show(container, child: child)
    case .makeKey(let window): return try makeKey(window)
    case .focus(let scene): return try focus(scene)
    case .perform(let segue, let from): return try perform(segue, from: from)
    }
  }
}

extension Step {
  /// The operation's name as written (`present`, `dismiss`, ...).
  public var operationName: String {
    switch operation {
    case .present: "present"
    case .dismiss: "dismiss"
    case .push: "push"
    case .pop: "pop"
    case .popTo: "popTo"
    case .popToRoot: "popToRoot"
    case .select: "select"
    case .addChild: "addChild"
    case .removeFromParent: "removeFromParent"
    case .show: "show"
    case .makeKey: "makeKey"
    case .focus: "focus"
    case .perform: "perform"
    }
  }
}
