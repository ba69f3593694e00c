import SwiftSyntax

/// Collects a file's type declarations and extensions: what each inherits, its properties'
/// and methods' types (what `to` and receivers resolve through), the UIKit operation names it
/// declares itself, and its `static let` string constants (segue identifiers).
final class DeclarationCollector: LeafSkippingVisitor {
  let file: String
  let lines: SourceLines
  private(set) var types: [TypeFact] = []
  /// Indices in `types` of the declarations being visited.
  private var stack: [Int] = []
  /// The byte offsets of the words `return` (`ScanKeywords`), ascending; nil: not known. A
  /// body or getter without one has no `return` statement, so it is not walked for them.
  var returnOffsets: [Int]?
  /// One walk for the returns of all the file's getters and bodies (a walker each cost its
  /// making and freeing).
  private lazy var returnWalk = ReturnCollector(returnOffsets: returnOffsets)

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
    return ScanKeywords.holds(returnOffsets, in: node.byteOffsets)
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
      // Each part read once: every read makes it anew.
      let value = binding.initializer?.value
      let accessors = binding.accessorBlock
      if let value, value.is(StringLiteralExprSyntax.self), isStatic,
        case .literal(let text) = ShapeReader.stringShape(value)
      {
        types[index].stringConstants[name] = text
      }
      if value == nil, let accessors, isStatic, Self.returnsOwnName(accessors) {
        types[index].stringConstants[name] = "\u{0}self"
      }
      let shape = propertyShape(
        value: value, accessors: accessors, type: binding.typeAnnotation?.type)
      // Room for a few at once: growing one by one cost a copy at the 2nd, 4th, 7th.
      if types[index].properties.isEmpty { types[index].properties.reserveCapacity(8) }
      types[index].properties[name] = shape
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

  /// A property's value: a construction it is initialised with (`value`), the construction a
  /// computed property returns, else its declared type.
  func propertyShape(
    value: ExprSyntax?, accessors: AccessorBlockSyntax?, type: TypeSyntax?
  ) -> Shape {
    // With no declared type, the value's shape, made once, is also the answer for `var count
    // = 0` (no getter); with one, only a construction can be.
    let initial = type == nil ? value.map { ShapeReader.shape($0, scope: nil) } : nil
    if let initial, initial.isConstruction { return initial }
    if type != nil, let value, let made = ShapeReader.construction(value, scope: nil) {
      return made
    }
    if let accessors, let returned = returnedShape(accessors) { return returned }
    // `lazy var root: UIViewController = { return walletController }()`: what it returns,
    // when the declared type says less.
    let declared = type.map(ShapeReader.typeName)
    if let call = value?.as(FunctionCallExprSyntax.self),
      let closure = call.calledExpression.as(ClosureExprSyntax.self),
      declared == nil || declared == "UIViewController", mayReturn(closure)
    {
      let returns = returnWalk.collect(closure.statements, constructionsOnly: false)
      if let only = Self.single(returns) { return only }
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
    // Only the constructions: no other shape can be the answer.
    if mayReturn(block) {
      let returns = returnWalk.collect(block, constructionsOnly: true)
      if returnWalk.returned > 0 { return Self.single(returns) }
    }
    if case .getter(let items) = block.accessors,
      items.count == 1, let expression = items.first?.item.as(ExprSyntax.self)
    {
      // A SwiftUI view under its modifiers, else the expression.
      if let (view, _) = SwiftUIReader.view(expression, scope: nil) {
        return view.isConstruction ? view : nil
      }
      return ShapeReader.construction(expression, scope: nil)
    }
    return nil
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let index = stack.last else { return .skipChildren }
    let name = node.name.text
    let signature = node.signature
    let parameters = signature.parameterClause.parameters
    // The labels only of a function named as a UIKit operation (one in twenty).
    if Self.mayNameOperation(name), UIKitTable.signatures[name] != nil,
      UIKitTable.operation(name, labels: parameters.map { $0.firstName.text }) != nil
    {
      types[index].ownOperations.insert(name)
    }
    if parameters.count == 1, let first = parameters.first,
      ShapeReader.typeName(of: first.type, is: "UIStoryboardSegue")
    {
      let label = first.firstName.text
      let selector =
        label == "_"
        ? name + ":" : name + "With" + label.prefix(1).uppercased() + label.dropFirst() + ":"
      types[index].unwindActions.insert(selector)
    }
    if let type = signature.returnClause?.type {
      // The returned construction, else the declared type.
      var shape: Shape?
      if let body = node.body, mayReturn(body) {
        shape = Self.single(returnWalk.collect(body, constructionsOnly: true))
      }
      if types[index].methods.isEmpty { types[index].methods.reserveCapacity(8) }
      types[index].methods[name] = shape ?? .typed(ShapeReader.typeName(type))
    }
    return .skipChildren
  }

  /// UIKit's operations' names (`UIKitTable.signatures`), for a first-byte-and-length test
  /// that answers most names without hashing them.
  private static let operationNames = ScanKeywords.Table(Set(UIKitTable.signatures.keys))

  /// Whether `name` may be a UIKit operation's (`UIKitTable.signatures`).
  static func mayNameOperation(_ name: String) -> Bool { operationNames.mayContain(name) }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
}

/// The type declarations of a parsed file, for what else reads the scan's types (`vcgraph
/// lint`).
package enum Declarations {
  /// Every type and extension `tree` declares, as the scan collects them, with lines and
  /// columns from `lines` (the table of the bytes `tree` was parsed from).
  package static func of(
    _ tree: SourceFileSyntax, file: String, lines: SourceLines
  ) -> [TypeFact] {
    let collector = DeclarationCollector(file: file, lines: lines)
    collector.walk(tree)
    return collector.types
  }
}

/// The shapes of a body's `return` expressions (closures' and nested functions' left out).
final class ReturnCollector: LeafSkippingVisitor {
  private var returns: [Shape] = []
  /// The `return`s with a value the last walk met.
  private(set) var returned = 0
  /// Whether only constructions are read (`ShapeReader.construction`), the rest left out.
  private var constructionsOnly = false
  /// The locals in scope so far (`let nav = UINavigationController(...); return nav`), in
  /// order, their shapes made only when a return reads a local (most returns read none):
  /// `scope` holds those of the first `evaluated`, each made with those before it, as when
  /// made at once.
  private var pending: [(name: String, value: ExprSyntax)] = []
  private var evaluated = 0
  private var scope = Scope(function: "")
  /// For each enclosing block (or switch case), where its locals begin in `pending`, and the
  /// locals of `scope` at its start once its own are made: a local declared in a block is not
  /// seen after it.
  private var blocks: [(start: Int, locals: [String: Shape]?)] = []
  /// The byte offsets of the words `return` (`ScanKeywords`), ascending; nil: every statement
  /// is walked. A statement holding none, that declares no local where the next statements
  /// see it (a `let`/`var`, an `#if` around one), can change no return's shape, so it is not
  /// walked, nor a condition, a case label or an expression holding none;
  /// `ScanSkippingTests` and `DeclarationWalkTests` compare the result with the walk of every
  /// statement.
  let returnOffsets: [Int]?

  init(returnOffsets: [Int]?) {
    self.returnOffsets = returnOffsets
    super.init(viewMode: .sourceAccurate)
  }

  /// The shapes of `node`'s returns, in order, walked from no local (the walker is reused);
  /// with `constructionsOnly`, only those that are constructions, and `returned` counts all.
  func collect(_ node: some SyntaxProtocol, constructionsOnly: Bool) -> [Shape] {
    self.constructionsOnly = constructionsOnly
    returned = 0
    returns.removeAll(keepingCapacity: true)
    if !scope.locals.isEmpty { scope.locals.removeAll(keepingCapacity: true) }
    pending.removeAll(keepingCapacity: true)
    evaluated = 0
    blocks.removeAll(keepingCapacity: true)
    walk(node)
    return returns
  }

  override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
    guard let returnOffsets else { return .visitChildren }
    let range = node.byteOffsets
    if ScanKeywords.holds(returnOffsets, in: range) { return .visitChildren }
    // The item once (each read makes it anew), and only for what holds no `return`.
    let item = node.item
    return item.is(VariableDeclSyntax.self) || item.is(IfConfigDeclSyntax.self)
      ? .visitChildren : .skipChildren
  }

  // A block's and a switch case's locals end with them.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    blocks.append((pending.count, nil))
    return .visitChildren
  }
  override func visitPost(_ node: CodeBlockSyntax) { endBlock() }
  override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
    blocks.append((pending.count, nil))
    return .visitChildren
  }
  override func visitPost(_ node: SwitchCaseSyntax) { endBlock() }

  /// The locals as they were at the block's start.
  private func endBlock() {
    let (start, locals) = blocks.removeLast()
    if pending.count > start { pending.removeSubrange(start...) }
    if let locals {
      scope.locals = locals
      evaluated = start
    }
  }

  /// The scope with the shapes of all the locals in scope made.
  private func currentScope() -> Scope {
    guard evaluated < pending.count else { return scope }
    // The blocks whose locals are made now keep the locals at their start.
    var block = blocks.count
    while block > 0, blocks[block - 1].start >= evaluated { block -= 1 }
    while evaluated < pending.count {
      while block < blocks.count, blocks[block].start == evaluated {
        blocks[block].locals = scope.locals
        block += 1
      }
      let (name, value) = pending[evaluated]
      scope.locals[name] = ShapeReader.shape(value, scope: scope)
      evaluated += 1
    }
    return scope
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let value = binding.initializer?.value
      else { continue }
      pending.append((name, value))
    }
    return .skipChildren
  }
  override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
    if let expression = node.expression {
      returned += 1
      if !constructionsOnly {
        returns.append(ShapeReader.shape(expression, scope: currentScope()))
      } else if let shape = ShapeReader.construction(expression, scope: self.currentScope()) {
        returns.append(shape)
      }
    }
    return .skipChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  // Conditions, case labels and expressions holding no `return` are not entered: no local
  // they may declare (in a block, a case) outlives them. `DeclarationWalkTests` compares the
  // result with the walk of every node.
  override func visit(_ node: ConditionElementListSyntax) -> SyntaxVisitorContinueKind {
    holdsReturn(node)
  }
  override func visit(_ node: SwitchCaseLabelSyntax) -> SyntaxVisitorContinueKind {
    holdsReturn(node)
  }
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    holdsReturn(node)
  }
  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    holdsReturn(node)
  }
  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    holdsReturn(node)
  }

  /// Entered when it may hold a `return` (or has a syntax error: anything may be in it).
  private func holdsReturn(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
    guard let returnOffsets, !node.hasError else { return .visitChildren }
    let range = node.byteOffsets
    return ScanKeywords.holds(returnOffsets, in: range) ? .visitChildren : .skipChildren
  }
}

extension Shape {
  /// Whether it names the type it makes: a construction, a cast, a hosting controller.
  var isConstruction: Bool {
    switch self {
    case .construct, .cast, .hosting: true
    default: false
    }
  }
}
