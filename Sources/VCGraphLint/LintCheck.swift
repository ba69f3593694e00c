import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// A Swift-code rule's check: an extension of the rule's definition (`VCGraphCore`'s
/// `Lint/Rules/<Name>.swift`) in `Rules/<Name>.swift`, so that a rule is its definition, its
/// line in `LintRules.rules` and this. It reads one file's syntax tree and returns candidates:
/// a place and a decision taken once every file's types are known (own subclasses declared
/// elsewhere), which returns nil when the types do not say the code is wrong.
package protocol LintCheck: RuleDefinition {
  /// The candidate findings of one file.
  static func candidates(in file: LintFile) -> [LintCandidate]
  /// Names this check needs to know across files, by what they are (`stack-root`: the views
  /// whose body is a navigation stack), merged over every file into `LintTypes.facts`.
  static func facts(in file: LintFile) -> [String: Set<String>]
}

extension LintCheck {
  package static func facts(in file: LintFile) -> [String: Set<String>] { [:] }
}

/// A finding waiting for the types of every file.
package struct LintCandidate: Sendable {
  /// Where the finding is.
  package var location: SourceLocation
  /// Where it is in the code's structure (`Type.function()`), for baselines.
  package var place: String
  /// The message and UIKit's console line, or nil: no finding.
  package var decide: @Sendable (LintTypes) -> (message: String, uikitMessage: String?)?

  package init(
    at location: SourceLocation, place: String,
    decide: @escaping @Sendable (LintTypes) -> (message: String, uikitMessage: String?)?
  ) {
    self.location = location
    self.place = place
    self.decide = decide
  }
}

/// The types of every file read (the scan's `TypeTable`), as the rules ask about them.
package struct LintTypes: Sendable {
  let table: TypeTable
  /// What the checks' `facts(in:)` said of every file, merged.
  package let facts: [String: Set<String>]

  init(_ table: TypeTable, facts: [String: Set<String>] = [:]) {
    self.table = table
    self.facts = facts
  }

  /// The type a value is, as far as the code says (a parameter's declared type included,
  /// however general), or nil.
  func type(of shape: Shape, in context: Context) -> String? {
    if case .parameter(_, let type?, _) = shape, ShapeReader.isTypeName(type) { return type }
    return Resolver(table: table).resolve(shape, in: context).type
  }

  /// Whether `type` is, or inherits from, one of `uikit`.
  func inherits(_ type: String, fromAnyOf uikit: [String]) -> String? {
    let chain = table.chain(type)
    return uikit.first { chain.contains($0) }
  }

  /// Whether code in `context` runs in a controller.
  func isControllerContext(_ context: Context) -> Bool {
    Resolver(table: table).isControllerContext(context)
  }

  /// Whether `type` is a controller (nil: cannot tell).
  func isController(_ type: String) -> Bool? { table.isController(type) }

  /// Whether a call of UIKit's `operation` with these labels, on `receiver` (nil: `self`
  /// implicitly) in `context`, is UIKit's: the receiver is a controller or may be one (a type
  /// the scan cannot see, named like a controller; UIKit's own properties), and is no type of
  /// the app that declares the method itself.
  func isUIKitCall(_ operation: String, receiver: Shape?, in context: Context) -> Bool {
    guard let receiver else {
      guard let type = context.typeName else { return false }
      if table[type]?.ownOperations.contains(operation) == true
        && !isControllerContext(context)
      {
        return false
      }
      return isControllerContext(context) || table.isController(type) == nil
    }
    if case .uikitProperty = receiver { return true }
    if case .property(nil, let name) = receiver, isUIKitProperty(name, in: context) {
      return true
    }
    guard let type = type(of: receiver, in: context) else { return true }
    // The app's own method of that name on a type that is no controller (a router, a HUD).
    if table[type]?.ownOperations.contains(operation) == true, table.isController(type) != true {
      return false
    }
    switch table.isController(type) {
    case true?: return true
    case false?: return false
    case nil: return type.hasSuffix("Controller")
    }
  }

  /// `navigationController`, `presentingViewController`, … on a controller, not shadowed by a
  /// property of the app's type.
  private func isUIKitProperty(_ name: String, in context: Context) -> Bool {
    guard ["navigationController", "presentingViewController", "presentedViewController",
      "parent", "tabBarController", "splitViewController"].contains(name)
    else { return false }
    guard let type = context.typeName else { return false }
    return table.property(name, of: type) == nil
  }
}
