/// The kind of each class a description names: `--class` declarations first, then the
/// `classes:` superclass chain, then UIKit's own classes; a class with none of these is a
/// plain controller. Each class is resolved once and remembered, so a chain of n classes costs
/// n steps, not n²/2 (a 40,000-class chain took 100 seconds walked from every class).
struct ClassKinds: Sendable {
  let declared: [String: ControllerKind]
  private(set) var superclasses: [String: String]
  /// Resolved classes; `.some(nil)` for a class whose chain runs into a cycle.
  private var resolved: [String: ControllerKind?] = [:]
  /// Classes looked at while resolving (the work done, for tests).
  private(set) var steps = 0

  init(declared: [String: ControllerKind], superclasses: [String: String] = [:]) {
    self.declared = declared
    self.superclasses = superclasses
  }

  /// Records `name`'s superclass (before any kind is asked for).
  mutating func declare(_ name: String, superclass: String) {
    superclasses[name] = superclass
    resolved.removeAll()
  }

  /// The kind of `className`; nil when its superclasses form a cycle.
  mutating func kind(of className: String) -> ControllerKind? {
    // The common case, a class with no declaration: nothing to remember.
    if declared.isEmpty || declared[className] == nil,
      superclasses.isEmpty || superclasses[className] == nil
    {
      return Self.builtIn(className) ?? .plain
    }
    if let known = resolved[className] { return known }
    var path: [String] = []
    var onPath = Set<String>()
    var current = className
    var result: ControllerKind?
    while true {
      steps += 1
      if let known = resolved[current] {
        result = known
        break
      }
      if let kind = declared[current] ?? Self.builtIn(current) {
        result = kind
        break
      }
      guard let next = superclasses[current] else {
        result = .plain
        break
      }
      guard onPath.insert(current).inserted else {
        result = nil
        break
      }
      path.append(current)
      current = next
    }
    for name in path { resolved[name] = .some(result) }
    resolved[className] = .some(result)
    return result
  }

  /// The kind of a UIKit class vcgraph knows: the containers, then the others it lists.
  private static func builtIn(_ name: String) -> ControllerKind? {
    ControllerKind(uikitClass: name) ?? UIKitClasses.kind(of: name)
  }
}
