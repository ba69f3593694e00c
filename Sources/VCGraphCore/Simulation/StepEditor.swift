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
    switch step.operation {
    case .present(let from, let new): return ("present", try present(from: from, new))
    case .dismiss(let from, let levels, let toClass):
      return ("dismiss", try dismiss(from: from, levels: levels, toClass: toClass))
    case .push(let on, let new): return ("push", try push(on: on, new))
    case .pop(let on): return ("pop", try pop(on: on))
    case .popTo(let on, let target): return ("popTo", try popTo(on: on, target: target))
    case .popToRoot(let on): return ("popToRoot", try popToRoot(on: on))
    case .select(let on, let index, let target):
      return ("select", try select(on: on, index: index, target: target))
    case .addChild(let parent, let new, let attach):
      return ("addChild", try addChild(parent: parent, new, attach: attach))
    case .removeFromParent(let target): return ("removeFromParent", try removeFromParent(target))
    case .show(let container, let child): return ("show", try show(container, child: child))
    case .makeKey(let window): return ("makeKey", try makeKey(window))
    case .focus(let scene): return ("focus", try focus(scene))
    case .perform(let segue, let from): return ("perform", try perform(segue, from: from))
    }
  }
}
