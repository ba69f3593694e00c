import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// One parsed Swift file as the rules read it: its tree, positions, and every function body
/// with its enclosing type and the names it declares.
package struct LintFile {
  /// The path as given (findings carry it).
  package let path: String
  package let tree: SourceFileSyntax
  /// Lines and columns, from the file's bytes: the numbers `SourceLocationConverter` gives
  /// (`SourceLinesTests`), whose table of every token cost 5% of `vcgraph lint`.
  let lines: SourceLines
  /// Every function, initializer and deinitializer with a body, in source order (nested ones
  /// too, each on its own).
  package let functions: [LintFunction]
  /// Every call in the file, in source order (one walk for every rule that reads calls).
  let calls: [FunctionCallExprSyntax]
  /// Each call's name as `SwiftUIViews.name(of:)` gives it, in `calls`' order: made once for
  /// the four rules that look for SwiftUI's calls by name (each made them all: 4% of lint).
  let callNames: [String?]
  /// Every struct declaration, in source order (nested and local ones too).
  let structs: [StructDeclSyntax]

  /// `source`: the bytes `tree` was parsed from. With `skipping`, a function whose text
  /// names none of `marked`'s words is recorded but its body is not walked: what the rules
  /// look for (a presentation, a push, a child added or removed, a SwiftUI stack, link or
  /// presentation) is not in it, so neither are its calls nor locals any rule reads
  /// (`LintSkippingTests` compares the findings with those of the walk of every node).
  init(path: String, tree: SourceFileSyntax, source: [UInt8], skipping: Bool = true) {
    self.path = path
    self.tree = tree
    let collector = FunctionCollector()
    if skipping {
      let index = Self.marked.index(source)
      lines = SourceLines(starts: index.lineStarts)
      collector.marks = index.marks
    } else {
      lines = SourceLines(source)
    }
    collector.walk(tree)
    functions = collector.functions
    calls = collector.calls
    callNames = calls.map(SwiftUIViews.name(of:))
    structs = collector.structs
  }

  /// The words that make a function's body worth walking: the scan's (UIKit's operations,
  /// SwiftUI's presentations, links and tabs) and the other names the rules start from.
  /// (`LintSkippingTests` shows a stack and a removal in a function without another one.)
  static let marked = NameMarks(
    NameMarks.scanNames.union(NavigationLinkOutsideStack.allStacks)
      .union(UnbalancedContainment.adds).union(UnbalancedContainment.removes))

  /// The calls with their names (`callNames`).
  var namedCalls: Zip2Sequence<[FunctionCallExprSyntax], [String?]> { zip(calls, callNames) }

  /// Where a node starts (its first token, trivia left out).
  package func location(_ node: some SyntaxProtocol) -> SourceLocation {
    let location = lines.start(of: node)
    return SourceLocation(path: path, line: location.line, column: location.column)
  }

  /// The line and column of an absolute position.
  func location(at position: AbsolutePosition) -> SourceLocation {
    let location = lines.location(position.utf8Offset)
    return SourceLocation(path: path, line: location.line, column: location.column)
  }
}

/// A function body and where it is.
package struct LintFunction {
  /// The enclosing type and the function's signature (`viewWillAppear(_:)`).
  package var context: Context
  /// `viewWillAppear`, `init`, `deinit`.
  package var name: String
  /// Argument labels of its parameters (`_` for none).
  package var labels: [String]
  package var body: CodeBlockSyntax
  /// Whether it is an `override`.
  package var isOverride: Bool
  /// Its parameters and every local it declares (the last value given to a name wins), for
  /// reading what a value is (`ShapeReader`).
  package var scope: Scope
  /// The calls in its body, closures' included, nested functions' left out, in source order.
  var calls: [Call] = []

  /// `Type.signature`, the finding's place.
  package var place: String {
    "swift:" + (context.typeName.map { $0 + "." } ?? "") + (context.function ?? name)
  }
}

/// Collects the functions of a file with their enclosing types, and their locals in the same
/// walk: what each body's declarations add, nested functions' left out (a walk of each body
/// for them cost 4% of `vcgraph lint`; `LintFileTests` compares the two).
final class FunctionCollector: SyntaxVisitor {
  var functions: [LintFunction] = []
  var calls: [FunctionCallExprSyntax] = []
  var structs: [StructDeclSyntax] = []
  private var types: [(String, TypeFact.Kind, [String])] = []
  /// The functions being visited, innermost last: the index in `functions` (nil without a
  /// body), whether it is a `func` (an initializer's or deinitializer's body is also its
  /// enclosing function's, whose locals take them in), and its body's bytes.
  private var open: [(index: Int?, isFunction: Bool, body: Range<Int>)] = []
  /// Where the marked words stand (`LintFile.marked`); nil: every body is walked.
  var marks: [Int]?

  init() { super.init(viewMode: .sourceAccurate) }

  private func enter(_ name: String, _ kind: TypeFact.Kind, _ constraints: [String] = []) {
    types.append((name, kind, constraints))
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .class)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    structs.append(node)
    enter(node.name.text, .struct)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .enum)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .actor)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .protocol)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { types.removeLast() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let constraints: [String] =
      node.genericWhereClause?.requirements.compactMap { requirement in
        guard case .conformanceRequirement(let conformance) = requirement.requirement,
          conformance.leftType.trimmedDescription == "Self"
        else { return nil }
        return ShapeReader.typeName(conformance.rightType)
      } ?? []
    enter(ShapeReader.typeName(node.extendedType), .extension, constraints)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

  private func add(
    _ name: String, parameters: FunctionParameterListSyntax?, body: CodeBlockSyntax?,
    modifiers: DeclModifierListSyntax?, isFunction: Bool
  ) {
    guard let body else {
      open.append((nil, isFunction, 0..<0))
      return
    }
    let labels = parameters.map { $0.map { $0.firstName.text } } ?? []
    let signature = name + "(" + labels.map { $0 + ":" }.joined() + ")"
    var scope = Scope(function: signature)
    for parameter in parameters ?? [] {
      scope.parameters.append(
        ((parameter.secondName ?? parameter.firstName).text, ShapeReader.typeName(parameter.type)))
    }
    let type = types.last
    functions.append(
      LintFunction(
        context: Context(
          typeName: type?.0, typeKind: type?.1, selfConstraints: type?.2 ?? [],
          function: signature),
        name: name, labels: labels, body: body,
        isOverride: modifiers?.contains { $0.name.tokenKind == .keyword(.override) } ?? false,
        scope: scope))
    let bytes = body.byteOffsets
    open.append((functions.count - 1, isFunction, bytes))
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    calls.append(node)
    if let index = open.last?.index, let call = Call(node) { functions[index].calls.append(call) }
    return .visitChildren
  }

  /// Applies `record` to the scope of each open function whose body holds `node`, innermost
  /// first, up to the innermost `func` (its enclosing functions' locals leave it out).
  private func inScopes(of node: some SyntaxProtocol, _ record: (inout Scope) -> Void) {
    let offset = node.position.utf8Offset
    for entry in open.reversed() {
      if let index = entry.index, entry.body.contains(offset) { record(&functions[index].scope) }
      if entry.isFunction { break }
    }
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    if !open.isEmpty { inScopes(of: node) { Locals.record(node, in: &$0) } }
    return .visitChildren
  }

  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    if !open.isEmpty { inScopes(of: node) { Locals.record(node, in: &$0) } }
    return .visitChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    add(
      node.name.text, parameters: node.signature.parameterClause.parameters, body: node.body,
      modifiers: node.modifiers, isFunction: true)
    return entered(node)
  }

  /// Whether `node` (a function) is walked: when its text holds a marked word.
  private func entered(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
    guard let marks else { return .visitChildren }
    let range = node.byteOffsets
    return NameMarks.holds(marks, in: range) ? .visitChildren : .skipChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) { open.removeLast() }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    add(
      "init", parameters: node.signature.parameterClause.parameters, body: node.body,
      modifiers: node.modifiers, isFunction: false)
    return entered(node)
  }
  override func visitPost(_ node: InitializerDeclSyntax) { open.removeLast() }

  override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    add("deinit", parameters: nil, body: node.body, modifiers: node.modifiers, isFunction: false)
    return entered(node)
  }
  override func visitPost(_ node: DeinitializerDeclSyntax) { open.removeLast() }
}

/// What a body's declarations add to its locals (`let nav = UINavigationController(...)`,
/// `if let x = ...`), as `FunctionCollector` meets them in its walk.
enum Locals {
  /// The locals `node` declares, into `scope`.
  static func record(_ node: VariableDeclSyntax, in scope: inout Scope) {
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        continue
      }
      var shape = binding.initializer.map { ShapeReader.shape($0.value, scope: scope) }
      if let type = binding.typeAnnotation?.type,
        shape.map({ if case .construct = $0 { false } else { true } }) ?? true
      {
        shape = .typed(ShapeReader.typeName(type))
      }
      if let shape { scope.locals[name] = shape }
    }
  }

  /// The local an `if let` or `guard let` binds, into `scope`.
  static func record(_ node: OptionalBindingConditionSyntax, in scope: inout Scope) {
    guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
      return
    }
    if let value = node.initializer?.value {
      scope.locals[name] = ShapeReader.shape(value, scope: scope)
    } else if let type = node.typeAnnotation?.type {
      scope.locals[name] = .typed(ShapeReader.typeName(type))
    }
  }
}

/// vcgraph's source location (SwiftSyntax has one of the same name).
package typealias SourceLocation = VCGraphCore.SourceLocation
