import VCGraphCore

/// Joins every file's facts into edges: decides whether a call's receiver is (or may be) a
/// UIKit controller, names the operation by the receiver's kind (`setViewControllers` on a
/// tab bar controller is `tab`), and resolves `to` through constructions, locals, casts,
/// declared property and return types, storyboard identifiers; what it cannot resolve stays
/// `to: null` with the reason. Router helpers' call sites become edges one level deep.
package struct Resolver {
  package let table: TypeTable
  let storyboards: StoryboardIndex
  let files: [FileFacts]

  /// A resolver over `files`, with `table` made of their types in order (what
  /// `TypeTable(files.flatMap(\.types))` makes; the scan builds it while it parses).
  init(files: [FileFacts], storyboards: StoryboardIndex, table: TypeTable) {
    self.files = files
    self.storyboards = storyboards
    self.table = table
  }

  /// A resolver over declarations alone (no storyboard, no sites): what `vcgraph lint`
  /// resolves its rules' values through.
  package init(table: TypeTable) {
    files = []
    storyboards = StoryboardIndex()
    self.table = table
  }

  /// A type resolved, or why not.
  package struct Resolution {
    package var type: String?
    package var reason: String?
    static func because(_ reason: String) -> Resolution { Resolution(type: nil, reason: reason) }
  }

  /// Types too general to say where a call leads.
  static let generalTypes: Set<String> = [
    "UIViewController", "Any", "AnyObject", "AnyView", "View", "some View",
  ]

  // MARK: - Types of shapes

  package func resolve(_ shape: Shape, in context: Context, depth: Int = 0) -> Resolution {
    guard depth < 8 else { return .because("the value's definition goes round in a circle") }
    let next = depth + 1
    switch shape {
    case .construct(let type), .cast(let type), .typed(let type):
      if type == "Self", let own = context.typeName { return Resolution(type: own) }
      return Resolution(type: type)
    case .hosting(let content):
      guard let content else { return Resolution(type: "UIHostingController") }
      let inner = resolve(content, in: context, depth: next)
      return Resolution(
        type: inner.type.map { "UIHostingController<\($0)>" } ?? "UIHostingController")
    case .selfValue:
      return context.typeName.map { Resolution(type: $0) } ?? .because("self outside a type")
    case .property(nil, let name):
      return property(name, on: context.typeName, context: context, depth: next)
    case .property(let base?, let name):
      let owner = resolve(base, in: context, depth: next)
      guard let type = owner.type else { return .because(owner.reason ?? "unknown base") }
      return property(name, on: type, context: context, depth: next)
    case .call(nil, let name):
      guard let own = context.typeName, let (result, declarer) = table.method(name, of: own)
      else {
        return .because("\(name)() is not a method of a scanned type with a declared result")
      }
      return resolve(result, in: Context(typeName: declarer), depth: next)
    case .call(let base?, let name):
      let owner = resolve(base, in: context, depth: next)
      guard let type = owner.type else { return .because(owner.reason ?? "unknown receiver") }
      guard let (result, declarer) = table.method(name, of: type) else {
        return .because("\(type).\(name)() is not declared in the scanned sources")
      }
      return resolve(result, in: Context(typeName: declarer), depth: next)
    case .staticCall(let type, let name):
      guard let (result, declarer) = table.method(name, of: type) else {
        return .because("\(type).\(name)() is not declared in the scanned sources")
      }
      return resolve(result, in: Context(typeName: declarer), depth: next)
    case .parameter(let name, let type, let function):
      if let type, !Self.generalTypes.contains(type), ShapeReader.isTypeName(type),
        !type.contains("->")
      {
        return Resolution(type: type)
      }
      return .because("the parameter '\(name)' of \(function): its callers decide")
    case .instantiate(let identifier):
      return storyboards.scene(identifier.map { string($0, in: context) }, table: table)
    case .instantiateInitial(let storyboard):
      return storyboards.initialScene(of: storyboard)
    case .uikitProperty(let name):
      return UIKitTable.controllerProperties[name].map { Resolution(type: $0) }
        ?? .because("UIKit's \(name)")
    case .wrapper(let name, let content):
      if let fact = table[name], !(fact.isGeneric && table.isSwiftUI(name)) {
        return Resolution(type: name)
      }
      if table[name] == nil && !UIKitTable.swiftUIWrappers.contains(name) {
        return Resolution(type: name)
      }
      return resolve(content, in: context, depth: next)
    case .unknown(let reason):
      return .because(reason)
    }
  }

  /// A property of `type` (nil: of the file), UIKit's own controller properties included.
  func property(_ name: String, on type: String?, context: Context, depth: Int) -> Resolution {
    guard let type else {
      return .because("'\(name)' is not a local, a parameter or a property vcgraph can see")
    }
    if let (shape, declarer) = table.property(name, of: type) {
      return resolve(shape, in: Context(typeName: declarer), depth: depth)
    }
    if table.isController(type) == true || isControllerContext(Context(typeName: type)) {
      if let known = UIKitTable.controllerProperties[name] { return Resolution(type: known) }
    }
    if table.inherits(type, from: "UIStoryboardSegue"),
      let known = UIKitTable.segueProperties[name]
    {
      return Resolution(type: known)
    }
    if name == "window" || name == "keyWindow" { return Resolution(type: "UIWindow") }
    return .because("'\(name)' is not a property of \(type) in the scanned sources")
  }

  /// A segue or scene identifier's text.
  func string(_ shape: StringShape, in context: Context) -> String? {
    switch shape {
    case .literal(let text): text
    case .typeName(let type): type
    case .constant(let type, let name):
      table.constant(name, of: type, near: context.typeName)
    }
  }

  // MARK: - Contexts

  /// Whether code in `context` runs inside a controller (`self` is one).
  package func isControllerContext(_ context: Context) -> Bool {
    guard let type = context.typeName else { return false }
    if table.isController(type) == true { return true }
    return context.selfConstraints.contains { table.isController($0) == true }
  }

  func fromKind(_ context: Context) -> ScanEdge.FromKind {
    guard let type = context.typeName else { return .file }
    if isControllerContext(context) { return .controller }
    if table.isSwiftUI(type) { return .swiftui }
    return .object
  }

  func from(_ context: Context, file: String) -> String {
    context.typeName ?? file.split(separator: "/").last.map(String.init) ?? file
  }
}
