import SwiftSyntax

@testable import VCGraphScan

// The declarations' walk as it was before it was made cheaper (main at 8f3cb73), kept to
// compare the present one with: `DeclarationWalkTests`. Not to be changed.


/// Collects a file's type declarations and extensions: what each inherits, its properties'
/// and methods' types (what `to` and receivers resolve through), the UIKit operation names it
/// declares itself, and its `static let` string constants (segue identifiers).
final class OldDeclarationCollector: LeafSkippingVisitor {
  let file: String
  let lines: SourceLines
  private(set) var types: [TypeFact] = []
  /// Indices in `types` of the declarations being visited.
  private var stack: [Int] = []
  /// The byte offsets of the words `return` (`ScanKeywords`), ascending; nil: not known. A
  /// body or getter without one has no `return` statement, so it is not walked for them.
  var returnOffsets: [Int]?

  init(file: String, lines: SourceLines) {
    self.file = file
    self.lines = lines
    super.init(viewMode: .sourceAccurate)
  }

  private func line(_ node: some SyntaxProtocol) -> Int {
    lines.start(of: node).line
  }

  /// Whether `node` may hold a `return` statement.
  private func mayReturn(_ node: some SyntaxProtocol) -> Bool {
    guard let returnOffsets else { return true }
    return ScanKeywords.holds(
      returnOffsets, in: node.position.utf8Offset..<node.endPosition.utf8Offset)
  }

  private func begin(
    _ name: String, kind: TypeFact.Kind, inheritance: InheritanceClauseSyntax?,
    generic: Bool, attributes: AttributeListSyntax?, at token: TokenSyntax
  ) {
    let inherited =
      inheritance?.inheritedTypes.map { ShapeReader.typeName($0.type) } ?? []
    let isMain =
      attributes?.contains {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "main"
      } ?? false
    types.append(
      TypeFact(
        name: name, kind: kind, inherited: inherited, isGeneric: generic, isMain: isMain,
        file: file, line: line(token)))
    stack.append(types.count - 1)
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    begin(
      node.name.text, kind: .class, inheritance: node.inheritanceClause,
      generic: node.genericParameterClause != nil, attributes: node.attributes, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { stack.removeLast() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    begin(
      node.name.text, kind: .struct, inheritance: node.inheritanceClause,
      generic: node.genericParameterClause != nil, attributes: node.attributes, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { stack.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    begin(
      node.name.text, kind: .enum, inheritance: node.inheritanceClause, generic: false,
      attributes: node.attributes, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { stack.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    begin(
      node.name.text, kind: .actor, inheritance: node.inheritanceClause, generic: false,
      attributes: node.attributes, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { stack.removeLast() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    begin(
      node.name.text, kind: .protocol, inheritance: node.inheritanceClause, generic: false,
      attributes: node.attributes, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { stack.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    begin(
      ShapeReader.typeName(node.extendedType), kind: .extension,
      inheritance: node.inheritanceClause, generic: false, attributes: nil,
      at: node.extensionKeyword)
    types[stack.last!].selfConstraints = Self.selfConstraints(node.genericWhereClause)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { stack.removeLast() }

  /// `where Self: UIViewController` → `UIViewController`.
  static func selfConstraints(_ clause: GenericWhereClauseSyntax?) -> [String] {
    guard let clause else { return [] }
    return clause.requirements.compactMap { requirement in
      guard case .conformanceRequirement(let conformance) = requirement.requirement,
        conformance.leftType.trimmedText == "Self"
      else { return nil }
      return ShapeReader.typeName(conformance.rightType)
    }
  }

  /// `typealias RootCoordinator = Coordinator & RootViewControllerProvider`: a protocol made of
  /// the others, so that properties resolve through it.
  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    let value = node.initializer.value
    let parts =
      value.as(CompositionTypeSyntax.self)?.elements.map { ShapeReader.typeName($0.type) }
      ?? [ShapeReader.typeName(value)]
    types.append(
      TypeFact(
        name: node.name.text, kind: .protocol, inherited: parts, file: file,
        line: line(node.name)))
    return .skipChildren
  }

  // What holds no declaration: imports, enum cases, attributes, inheritance and generic
  // clauses (`begin` reads the inheritance clause itself); modifiers: `LeafSkippingVisitor`.
  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
  override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }

  // Members of the innermost type only: locals inside functions are not properties.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let index = stack.last else { return .skipChildren }
    // Read only for a string constant's candidates: most properties are neither.
    lazy var isStatic = node.modifiers.contains {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        continue
      }
      let initializer = binding.initializer
      if let value = initializer?.value, value.is(StringLiteralExprSyntax.self), isStatic,
        case .literal(let text) = ShapeReader.stringShape(value)
      {
        types[index].stringConstants[name] = text
      }
      if initializer == nil, let body = binding.accessorBlock, isStatic,
        Self.returnsOwnName(body)
      {
        types[index].stringConstants[name] = "\u{0}self"
      }
      types[index].properties[name] = propertyShape(binding)
    }
    return .skipChildren
  }

  /// `static var className: String { String(describing: self) }`: the type's own name.
  static func returnsOwnName(_ block: AccessorBlockSyntax) -> Bool {
    let text = block.trimmedText
    // The text without its whitespace, in bytes when it is ASCII (Character by Character
    // cost 0.02 G instructions on the fixtures).
    var compact: [UInt8] = []
    compact.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if byte >= 0x80 {
        let characters = text.filter { !$0.isWhitespace }
        return characters.contains("String(describing:self)")
          || characters.contains("\"\\(self)\"")
          || characters.contains("String(describing:Self.self)")
      }
      if byte != 0x20 && !(0x09...0x0D).contains(byte) { compact.append(byte) }
    }
    return ownNamePatterns.contains { pattern in
      // (Foundation's `firstRange(of:)` of a [UInt8] cost 58 k instructions a call.)
      guard pattern.count <= compact.count else { return false }
      return (0...(compact.count - pattern.count)).contains { start in
        compact[start] == pattern[0]
          && compact[start..<start + pattern.count].elementsEqual(pattern)
      }
    }
  }

  private static let ownNamePatterns = [
    "String(describing:self)", "\"\\(self)\"", "String(describing:Self.self)",
  ].map { Array($0.utf8) }

  /// A property's value: a construction it is initialised with, the construction a computed
  /// property returns, else its declared type.
  func propertyShape(_ binding: PatternBindingSyntax) -> Shape {
    // The value's shape once: it is also the answer for `var count = 0` (no type, no getter).
    let initial = binding.initializer.map { ShapeReader.shape($0.value, scope: nil) }
    if let initial, initial.isConstruction { return initial }
    if let accessors = binding.accessorBlock, let returned = returnedShape(accessors) {
      return returned
    }
    // `lazy var root: UIViewController = { return walletController }()`: what it returns,
    // when the declared type says less.
    let declared = binding.typeAnnotation.map { ShapeReader.typeName($0.type) }
    if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
      let closure = call.calledExpression.as(ClosureExprSyntax.self),
      declared == nil || declared == "UIViewController", mayReturn(closure)
    {
      let collector = OldReturnCollector(returnOffsets: returnOffsets)
      collector.walk(closure.statements)
      if let only = Self.single(collector.returns) { return only }
    }
    if let declared { return .typed(declared) }
    if let initial { return initial }
    return .unknown("a property with neither type nor value")
  }

  /// The one shape `shapes` hold, however often, or nil when they hold none or several (what
  /// a set of them with one element says, without hashing each shape).
  static func single(_ shapes: some Sequence<Shape>) -> Shape? {
    var iterator = shapes.makeIterator()
    guard let first = iterator.next() else { return nil }
    while let next = iterator.next() {
      if next != first { return nil }
    }
    return first
  }

  /// The construction a getter returns, when it returns one kind of construction.
  func returnedShape(_ block: AccessorBlockSyntax) -> Shape? {
    let collector = OldReturnCollector(returnOffsets: returnOffsets)
    if mayReturn(block) { collector.walk(block) }
    if collector.returns.isEmpty, case .getter(let items) = block.accessors,
      items.count == 1, let expression = items.first?.item.as(ExprSyntax.self)
    {
      // A SwiftUI view under its modifiers, else the expression.
      collector.returns.append(
        SwiftUIReader.view(expression, scope: nil)?.0 ?? ShapeReader.shape(expression, scope: nil))
    }
    return Self.single(collector.returns.lazy.filter(\.isConstruction))
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let index = stack.last else { return .skipChildren }
    let name = node.name.text
    let parameters = node.signature.parameterClause.parameters
    // The labels only of a function named as a UIKit operation (one in twenty).
    if UIKitTable.signatures[name] != nil,
      UIKitTable.operation(name, labels: parameters.map { $0.firstName.text }) != nil
    {
      types[index].ownOperations.insert(name)
    }
    if let first = parameters.first, parameters.count == 1,
      ShapeReader.typeName(first.type) == "UIStoryboardSegue"
    {
      let label = first.firstName.text
      let selector =
        label == "_"
        ? name + ":" : name + "With" + label.prefix(1).uppercased() + label.dropFirst() + ":"
      types[index].unwindActions.insert(selector)
    }
    if let type = node.signature.returnClause?.type {
      var shape = Shape.typed(ShapeReader.typeName(type))
      if let body = node.body, mayReturn(body) {
        let collector = OldReturnCollector(returnOffsets: returnOffsets)
        collector.walk(body)
        if let only = Self.single(collector.returns.lazy.filter(\.isConstruction)) {
          shape = only
        }
      }
      types[index].methods[name] = shape
    }
    return .skipChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
}

/// The shapes of a body's `return` expressions (closures' and nested functions' left out).
final class OldReturnCollector: LeafSkippingVisitor {
  var returns: [Shape] = []
  /// The body's locals so far (`let nav = UINavigationController(...); return nav`).
  private var scope = Scope(function: "")
  /// The locals of the enclosing blocks, while inside a nested one (a local declared in a
  /// block is not seen after it).
  private var outer: [[String: Shape]] = []
  /// The byte offsets of the words `return` (`ScanKeywords`), ascending; nil: every statement
  /// is walked. A statement holding none, that declares no local where the next statements
  /// see it (a `let`/`var`, an `#if` around one), can change no return's shape, so it is not
  /// walked; `ScanSkippingTests` compares the result with the walk of every statement.
  let returnOffsets: [Int]?

  init(returnOffsets: [Int]?) {
    self.returnOffsets = returnOffsets
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
    guard let returnOffsets, !node.item.is(VariableDeclSyntax.self),
      !node.item.is(IfConfigDeclSyntax.self)
    else { return .visitChildren }
    let range = node.position.utf8Offset..<node.endPosition.utf8Offset
    return ScanKeywords.holds(returnOffsets, in: range) ? .visitChildren : .skipChildren
  }

  // A block's and a switch case's locals end with them.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    outer.append(scope.locals)
    return .visitChildren
  }
  override func visitPost(_ node: CodeBlockSyntax) { scope.locals = outer.removeLast() }
  override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
    outer.append(scope.locals)
    return .visitChildren
  }
  override func visitPost(_ node: SwitchCaseSyntax) { scope.locals = outer.removeLast() }
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let value = binding.initializer?.value
      else { continue }
      scope.locals[name] = ShapeReader.shape(value, scope: scope)
    }
    return .skipChildren
  }
  override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
    if let expression = node.expression {
      returns.append(ShapeReader.shape(expression, scope: scope))
    }
    return .skipChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
