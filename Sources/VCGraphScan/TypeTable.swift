import VCGraphCore

/// Every type the scanned files declare, extensions merged into their type, with what the
/// built-in `UIKitTable` adds: superclass chains, controller kinds, properties and methods.
package struct TypeTable: Sendable {
  /// By name: the declaration (or, for an SDK type only extended, the first extension).
  private(set) var types: [String: TypeFact] = [:]
  /// The chains and controller kinds of the declared types, made once: resolving asks for
  /// them for every site and call (0.05 G instructions on the fixtures, made each time).
  private var chains: [String: [String]] = [:]
  private var controllerKinds: [String: Bool?] = [:]

  package init(_ facts: [TypeFact]) {
    for fact in facts { merge(fact) }
    finish()
  }

  /// An empty table to build (`merge` the facts in the files' order, then `finish`): what
  /// `Merging` does while the files are still being parsed.
  init() {}

  /// Adds one declaration or extension: a type's declaration comes first (its members win
  /// over its extensions'), then what is merged in the order given.
  mutating func merge(_ fact: TypeFact) {
    guard var known = types.removeValue(forKey: fact.name) else {
      types[fact.name] = fact
      return
    }
    // A declared type's own inheritance clause stays its `inherited` (the first name of a
    // class's is its superclass); what extensions of it conform it to is kept apart, in
    // `conformances`, whichever file comes first.
    if known.kind == .extension && fact.kind != .extension {
      var merged = fact
      merged.properties.merge(known.properties) { own, _ in own }
      merged.methods.merge(known.methods) { own, _ in own }
      merged.stringConstants.merge(known.stringConstants) { own, _ in own }
      merged.ownOperations.formUnion(known.ownOperations)
      merged.unwindActions.formUnion(known.unwindActions)
      merged.conformances += known.inherited + known.conformances
      known = merged
    } else {
      known.properties.merge(fact.properties) { own, _ in own }
      known.methods.merge(fact.methods) { own, _ in own }
      known.stringConstants.merge(fact.stringConstants) { own, _ in own }
      known.ownOperations.formUnion(fact.ownOperations)
      known.unwindActions.formUnion(fact.unwindActions)
      if fact.kind == .extension && known.kind != .extension {
        known.conformances += fact.inherited
      } else {
        known.inherited += fact.inherited
      }
      known.conformances += fact.conformances
    }
    types[fact.name] = known
  }

  /// Makes the chains and controller kinds of every type, once all are merged.
  mutating func finish() {
    for name in types.keys { chains[name] = makeChain(name) }
    for name in types.keys { controllerKinds[name] = controllerKind(name) }
  }

  package subscript(name: String) -> TypeFact? { types[Self.base(name)] }

  /// Unwind selectors → the types that declare them, sorted.
  var unwindTargets: [String: [String]] {
    var result: [String: [String]] = [:]
    for (name, fact) in types {
      for action in fact.unwindActions { result[action, default: []].append(name) }
    }
    return result.mapValues { $0.sorted() }
  }

  /// `UIHostingController<Foo>` → `UIHostingController`.
  static func base(_ name: String) -> String {
    name.utf8.firstIndex(of: UInt8(ascii: "<")).map { String(name[..<$0]) } ?? name
  }

  /// A class's superclass: the first inherited name of a scanned class (Swift writes it
  /// first), or the SDK table's.
  func superclass(of name: String) -> String? {
    let name = Self.base(name)
    if let fact = types[name], fact.kind == .class {
      return fact.inherited.first
    }
    if let known = UIKitTable.controllers[name] { return known }
    return nil
  }

  /// The chain from `name` up (itself first), cycles cut.
  package func chain(_ name: String) -> [String] {
    let name = Self.base(name)
    return chains[name] ?? makeChain(name)
  }

  private func makeChain(_ name: String) -> [String] {
    var result = [name]
    while let next = superclass(of: result.last!), !result.contains(next), result.count < 64 {
      result.append(next)
    }
    return result
  }

  /// Whether `name` is a controller: true when its chain reaches UIKit's table, false when
  /// the chain ends in something known that is not (a scanned struct, a class without a
  /// controller superclass), nil when it ends in a type neither scanned nor in the table.
  package func isController(_ name: String) -> Bool? {
    let name = Self.base(name)
    if let known = controllerKinds[name] { return known }
    return controllerKind(name)
  }

  private func controllerKind(_ name: String) -> Bool? {
    let chain = chain(name)
    if chain.contains(where: { UIKitTable.controllers[$0] != nil }) { return true }
    guard let last = chain.last else { return nil }
    if let fact = types[last] {
      // A class declared without superclass, or a value type: not a controller. A scanned
      // class whose first inherited name is not declared may be a protocol: known as well.
      return fact.kind == .extension ? nil : false
    }
    return Self.knownOthers.contains(last) ? false : nil
  }

  /// SDK types and protocols that are not controllers, seen at the top of apps' chains.
  static let knownOthers: Set<String> = [
    "NSObject", "UIView", "UIWindow", "UIResponder", "UIControl", "UIButton", "UITableViewCell",
    "UICollectionViewCell", "SKNode", "SKScene", "SKSpriteNode", "Codable", "Equatable",
    "Hashable", "Identifiable", "ObservableObject", "CustomStringConvertible", "Error",
    "UIStoryboardSegue", "UIApplication", "UIWindowScene", "UIViewControllerTransitioningDelegate",
  ]

  /// Whether the chain of `name` contains `uikit` (`UINavigationController`).
  package func inherits(_ name: String, from uikit: String) -> Bool {
    chain(name).contains(uikit)
  }

  /// Whether `name` is a SwiftUI view (or app) declared in the scanned files.
  func isSwiftUI(_ name: String) -> Bool {
    guard let fact = types[Self.base(name)] else { return false }
    return (fact.inherited + fact.conformances).contains {
      $0 == "View" || $0 == "App" || $0 == "Scene"
    }
  }

  /// A property of `type` or of one of its superclasses, with the type that declares it.
  package func property(_ name: String, of type: String) -> (Shape, String)? {
    for item in chain(type) {
      if let shape = types[item]?.properties[name] { return (shape, item) }
    }
    // Through the protocols it is made of (a protocol, or a typealias of several).
    var pending = types[Self.base(type)]?.kind == .protocol ? types[Self.base(type)]!.inherited : []
    var seen = Set<String>()
    while let next = pending.popLast(), seen.insert(next).inserted {
      guard let fact = types[next], fact.kind == .protocol else { continue }
      if let shape = fact.properties[name] { return (shape, next) }
      pending += fact.inherited
    }
    return nil
  }

  /// A method's result shape on `type` or a superclass.
  func method(_ name: String, of type: String) -> (Shape, String)? {
    for item in chain(type) {
      if let shape = types[item]?.methods[name] { return (shape, item) }
    }
    return nil
  }

  /// A string constant: `type.name`, or, without a type, the only type that declares `name`.
  func constant(_ name: String, of type: String?, near context: String?) -> String? {
    if let type {
      // `Foo.className` from `extension UIViewController { static var className ... }`.
      for item in chain(type) {
        guard let value = types[item]?.stringConstants[name] else { continue }
        return value == "\u{0}self" ? Self.base(type) : value
      }
      return nil
    }
    if let context, let value = types[context]?.stringConstants[name], value != "\u{0}self" {
      return value
    }
    let values = Set(
      types.values.compactMap { $0.stringConstants[name] }.filter { $0 != "\u{0}self" })
    return values.count == 1 ? values.first : nil
  }
}
