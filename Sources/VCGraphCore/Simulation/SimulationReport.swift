/// The summary of a simulation for people (one line per state) and for tools (JSON).
public struct SimulationReport: Sendable {
  public let simulation: Simulation
  /// The input as the user spelled it.
  public let input: String

  public init(_ simulation: Simulation, input: String) {
    self.simulation = simulation
    self.input = input
  }

  /// The file name of the diagram of state `n`.
  public static func diagramName(_ n: Int) -> String { "step-\(n).svg" }

  /// The controllers on screen in a state, in document order.
  public func onScreen(_ n: Int) -> [String] {
    let hierarchy = simulation.states[n]
    let analysis = Analysis(hierarchy)
    return hierarchy.controllers.indices.filter { analysis.onScreen[$0] }.map {
      hierarchy.controllers[$0].id
    }
  }

  /// The top view controller of a state.
  public func top(_ n: Int) -> String? {
    let hierarchy = simulation.states[n]
    return Analysis(hierarchy).topViewController.map { hierarchy.controllers[$0].id }
  }

  /// The `note:` written on step `n` (nil for the initial state and for steps without one).
  public func note(_ n: Int) -> String? {
    let steps = simulation.states[0].steps
    return n > 0 && n <= steps.count ? steps[n - 1].note : nil
  }

  /// A title for state `n`: "Initial state" or "Step 3: push post on feedNav".
  public func heading(_ n: Int) -> String {
    n == 0 ? "Initial state" : "Step \(n): \(simulation.effects[n - 1].description)"
  }

  /// One line per state: what the step did, what it changed, and the top view controller.
  public var text: String {
    var out = ""
    let initialTop = top(0) ?? "none"
    out += "step 0: initial state; top: \(initialTop)\n"
    for (offset, effect) in simulation.effects.enumerated() {
      out += "step \(offset + 1) (line \(effect.location.line)): \(Self.line(for: effect))\n"
    }
    return out
  }

  /// The effect of a step in one line.
  public static func line(for effect: StepEffect) -> String {
    var parts = [effect.description]
    if !effect.added.isEmpty { parts.append("added " + effect.added.joined(separator: ", ")) }
    if !effect.removed.isEmpty { parts.append("removed " + effect.removed.joined(separator: ", ")) }
    if !effect.moved.isEmpty { parts.append("moved " + effect.moved.joined(separator: ", ")) }
    var screen: [String] = []
    screen += effect.newlyOnScreen.map { "+\($0)" }
    screen += effect.leftScreen.map { "-\($0)" }
    if !screen.isEmpty { parts.append("on screen " + screen.joined(separator: " ")) }
    let before = effect.topBefore ?? "none"
    let after = effect.topAfter ?? "none"
    parts.append(before == after ? "top: \(after)" : "top: \(before) → \(after)")
    return parts.joined(separator: "; ")
  }

  /// The refused step, for `simulate --format json` (nothing else is written then): the
  /// input, how many steps applied, and the refusal with its position, message, hint and the
  /// line UIKit prints (`uikitMessage`, null when UIKit prints nothing vcgraph knows of).
  public var refusalJSON: JSON {
    func text(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    let refusal = simulation.refusal
    return .object([
      ("version", .int(JSONOutputVersion.simulate)),
      ("input", .string(input)),
      ("appliedSteps", .int(simulation.effects.count)),
      (
        "refusal",
        refusal.map { error in
          .object([
            ("step", .int(simulation.effects.count + 1)),
            ("line", error.location.map { .int($0.line) } ?? .null),
            ("column", error.location.map { .int($0.column) } ?? .null),
            ("message", .string(error.message)),
            ("hint", text(error.hint)),
            ("uikitMessage", text(error.uikitMessage)),
          ])
        } ?? .null
      ),
    ])
  }

  /// `summary.json`: the input, the initial state and every step's effect.
  public var json: JSON {
    func strings(_ ids: [String]) -> JSON { .array(ids.map { .string($0) }) }
    func id(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    let hierarchy = simulation.states[0]
    var steps: [JSON] = []
    for (offset, effect) in simulation.effects.enumerated() {
      let n = offset + 1
      steps.append(
        .object([
          ("step", .int(n)),
          ("operation", .string(effect.operation)),
          ("line", .int(effect.location.line)),
          ("column", .int(effect.location.column)),
          ("description", .string(effect.description)),
          ("added", strings(effect.added)),
          ("removed", strings(effect.removed)),
          ("moved", strings(effect.moved)),
          ("newlyOnScreen", strings(effect.newlyOnScreen)),
          ("leftScreen", strings(effect.leftScreen)),
          (
            "topViewController",
            .object([("before", id(effect.topBefore)), ("after", id(effect.topAfter))])
          ),
          ("onScreen", strings(onScreen(n))),
          ("notes", strings(effect.notes)),
          ("note", id(note(n))),
          ("diagram", .string(Self.diagramName(n))),
        ]))
    }
    return .object([
      ("version", .int(JSONOutputVersion.simulate)),
      ("input", .string(input)),
      ("title", hierarchy.title.map { .string($0) } ?? .null),
      (
        "initial",
        .object([
          ("topViewController", id(top(0))),
          ("onScreen", strings(onScreen(0))),
          ("diagram", .string(Self.diagramName(0))),
        ])
      ),
      ("steps", .array(steps)),
    ])
  }
}
