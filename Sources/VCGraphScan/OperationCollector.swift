import SwiftSyntax
import VCGraphCore

/// Finds a file's navigation sites: UIKit calls matched by their signatures (argument labels,
/// not bare names), the assignments UIKit reacts to (`viewControllers =`,
/// `window.rootViewController =`), the constructions that make a hierarchy
/// (`UINavigationController(rootViewController:)`, `UIHostingController(rootView:)`), and
/// SwiftUI's presentation modifiers, links and tabs (`OperationCollector+SwiftUI.swift`). It
/// keeps each function's locals (what `to` resolves through) and the effect details set on
/// them (`EffectTracker`), and the calls a router helper may be called by.
final class OperationCollector: LeafSkippingVisitor {
  let file: String
  let lines: SourceLines
  var sites: [Site] = []
  var calls: [CallFact] = []
  var helpers: [HelperFact] = []
  /// The enclosing types, innermost last.
  var contexts: [Context] = []
  /// The enclosing functions' scopes, innermost last.
  var scopes: [Scope] = []
  /// Effect details of each open scope.
  var effects: [EffectTracker] = []
  /// The byte offsets of the words that can make a site (`ScanKeywords`), ascending; nil:
  /// every node is visited.
  var marks: [Int]?
  /// The byte ranges left unvisited because they hold no mark, ascending.
  var skipped: [Range<Int>] = []
  /// The names a site's call can have (`ScanKeywords.names`, as the marks were found with);
  /// nil: every call is looked at as one that may be a site.
  var names: ScanKeywords.Table?
  /// The keys of the router helpers known so far (`ScanKeywords.keys`); nil: every call with
  /// arguments is recorded (`calls`). With them, only a call one of them may make is: the
  /// others' shapes (their receivers, their arguments) would be made for nothing.
  var helperKeys: Set<UInt32>?
  /// The keys of the names of the calls not recorded (`ScanKeywords.key`), repeats kept.
  var unrecorded: [UInt32] = []

  init(file: String, lines: SourceLines) {
    self.file = file
    self.lines = lines
    super.init(viewMode: .sourceAccurate)
  }

  var context: Context {
    var context = contexts.last ?? Context()
    context.function = scopes.last?.function
    return context
  }

  var scope: Scope? { scopes.last }

  func position(_ token: TokenSyntax) -> (line: Int, column: Int) {
    lines.start(of: token)
  }

  // MARK: - Skipping

  // Nothing in a function's bytes can be a site without a mark: its locals and effect details
  // only matter to its own sites, so a function (initializer, accessor block) holding none is
  // skipped whole, kept in `skipped` for its calls (router helpers). Inside a function nothing
  // smaller is: a block's locals are the function's (`Scope`). Outside functions, where no
  // local or effect is kept, any type's members, closure or statement holding none is.

  /// Whether `node` holds no mark (then its range is noted in `skipped`).
  func skips(_ node: some SyntaxProtocol) -> Bool {
    guard let marks else { return false }
    let range = node.byteOffsets
    if ScanKeywords.holds(marks, in: range) { return false }
    skipped.append(range)
    return true
  }

  /// A function-like declaration skipped whole: an empty scope for its `visitPost` to close.
  private func skipScope() -> SyntaxVisitorContinueKind {
    scopes.append(Scope(function: ""))
    effects.append(EffectTracker())
    return .skipChildren
  }

  override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
    scopes.isEmpty && skips(node) ? .skipChildren : .visitChildren
  }
  override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
    scopes.isEmpty && skips(node) ? .skipChildren : .visitChildren
  }
  override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
    scopes.isEmpty && skips(node) ? .skipChildren : .visitChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    scopes.isEmpty && skips(node) ? .skipChildren : .visitChildren
  }

  // MARK: - Types

  private func enter(_ name: String, _ kind: TypeFact.Kind, constraints: [String] = []) {
    contexts.append(Context(typeName: name, typeKind: kind, selfConstraints: constraints))
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .class)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { contexts.removeLast() }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .struct)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { contexts.removeLast() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .enum)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { contexts.removeLast() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .actor)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { contexts.removeLast() }
  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, .protocol)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { contexts.removeLast() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(
      ShapeReader.typeName(node.extendedType), .extension,
      constraints: DeclarationCollector.selfConstraints(node.genericWhereClause))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { contexts.removeLast() }

  // MARK: - Scopes

  private func open(_ function: String, parameters: FunctionParameterListSyntax?) {
    var scope = Scope(function: function)
    for parameter in parameters ?? [] {
      let name = (parameter.secondName ?? parameter.firstName).text
      scope.parameters.append((name, ShapeReader.typeName(parameter.type)))
      scope.signature.append(
        UIKitTable.Parameter(
          label: parameter.firstName.text, optional: parameter.defaultValue != nil,
          closure: Self.hasArrow(parameter.type.trimmedText)))
    }
    scopes.append(scope)
    effects.append(EffectTracker())
  }

  /// Whether `text` holds `->` (a closure's type), looked for in its bytes rather than with
  /// String's generic `contains` of a string, once for every parameter of every function.
  static func hasArrow(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: ">") && previous == UInt8(ascii: "-") { return true }
      previous = byte
    }
    return false
  }

  private func close() {
    scopes.removeLast()
    effects.removeLast()
  }

  static func signature(_ name: String, _ parameters: FunctionParameterListSyntax) -> String {
    name + "(" + parameters.map { $0.firstName.text + ":" }.joined() + ")"
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if skips(node) { return skipScope() }
    open(
      Self.signature(node.name.text, node.signature.parameterClause.parameters),
      parameters: node.signature.parameterClause.parameters)
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) { close() }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if skips(node) { return skipScope() }
    open(
      Self.signature("init", node.signature.parameterClause.parameters),
      parameters: node.signature.parameterClause.parameters)
    return .visitChildren
  }
  override func visitPost(_ node: InitializerDeclSyntax) { close() }

  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
    if skips(node) { return skipScope() }
    let name =
      node.parent?.as(PatternBindingSyntax.self)?.pattern.trimmedText ?? "accessor"
    open(name, parameters: nil)
    return .visitChildren
  }
  override func visitPost(_ node: AccessorBlockSyntax) { close() }

  override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
    guard node.accessorSpecifier.tokenKind == .keyword(.set), !scopes.isEmpty else {
      return .visitChildren
    }
    let name = node.parameters?.name.text ?? "newValue"
    scopes[scopes.count - 1].parameters.append((name, nil))
    return .visitChildren
  }

  override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if skips(node) { return skipScope() }
    open("deinit", parameters: nil)
    return .visitChildren
  }
  override func visitPost(_ node: DeinitializerDeclSyntax) { close() }

  // MARK: - Locals

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard !scopes.isEmpty else { return .visitChildren }
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        continue
      }
      var shape: Shape?
      if let value = binding.initializer?.value {
        shape = ShapeReader.shape(value, scope: scope)
      }
      if let type = binding.typeAnnotation?.type, shape.map({ !$0.isConstruction }) ?? true {
        shape = .typed(ShapeReader.typeName(type))
      }
      if let shape { scopes[scopes.count - 1].locals[name] = shape }
    }
    return .visitChildren
  }

  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    guard !scopes.isEmpty,
      let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return .visitChildren }
    if let value = node.initializer?.value {
      scopes[scopes.count - 1].locals[name] = ShapeReader.shape(value, scope: scope)
    } else if let type = node.typeAnnotation?.type {
      scopes[scopes.count - 1].locals[name] = .typed(ShapeReader.typeName(type))
    }
    return .visitChildren
  }

  // MARK: - Assignments

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    let elements = Array(node.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else {
      return .visitChildren
    }
    let target = elements[0]
    let value = elements[2]
    if let reference = target.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if name == "viewControllers" {
        addAssignment(name, receiver: nil, value: value, token: reference.baseName)
      } else if !scopes.isEmpty, scope?.locals[name] != nil {
        scopes[scopes.count - 1].locals[name] = ShapeReader.shape(value, scope: scope)
      } else if name == "definesPresentationContext", !effects.isEmpty {
        effects[effects.count - 1].set(name, on: "self", value: value)
      }
      return .visitChildren
    }
    guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base else {
      return .visitChildren
    }
    let name = member.declName.baseName.text
    switch name {
    case "viewControllers", "rootViewController":
      addAssignment(
        name, receiver: ShapeReader.shape(base, scope: scope), value: value,
        token: member.declName.baseName)
    case "modalPresentationStyle", "modalTransitionStyle", "definesPresentationContext",
      "sourceView", "sourceItem", "barButtonItem", "sourceRect":
      guard !effects.isEmpty else { break }
      effects[effects.count - 1].set(name, on: EffectTracker.key(base), value: value)
    default:
      break
    }
    return .visitChildren
  }

  private func addAssignment(
    _ name: String, receiver: Shape?, value: ExprSyntax, token: TokenSyntax
  ) {
    let values: [Shape]
    if let array = ShapeReader.unwrapped(value).as(ArrayExprSyntax.self) {
      values = array.elements.map { ShapeReader.shape($0.expression, scope: scope) }
    } else {
      values = [ShapeReader.shape(value, scope: scope)]
    }
    let (line, column) = position(token)
    let operation: ScanEdge.Operation = name == "rootViewController" ? .root : .setViewControllers
    add(
      Site(
        operation: operation, name: name, receiver: receiver, destinations: values,
        context: context, line: line, column: column))
  }

  // MARK: - Calls

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    var labels = node.arguments.map { $0.label?.text ?? "_" }
    // What a construction site is known by whatever its name (a subclass's `init`).
    let rootArgument = labels.contains("rootViewController")
    if node.trailingClosure != nil { labels.append("{}") }
    labels += node.additionalTrailingClosures.map { $0.label.text }
    var callee = node.calledExpression
    if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
      callee = specialized.expression
    }
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      let named = mayMakeSite(name)
      if named, swiftUICall(node, name: name, token: reference.baseName) { return .visitChildren }
      if named || rootArgument,
        constructionCall(node, name: name, receiver: nil, token: reference.baseName)
      {
        return .visitChildren
      }
      if named, let operation = UIKitTable.operation(name, labels: labels) {
        addCall(node, operation: operation, name: name, receiver: nil, token: reference.baseName)
      } else if !node.arguments.isEmpty, records(name, labels) {
        // A function, or a type's `init` (a helper when it does an operation with a
        // parameter, as a navigation wrapper's `init(rootViewController:)` does).
        record(node, name: name, labels: labels, receiver: nil, token: reference.baseName)
      }
      return .visitChildren
    }
    guard let member = callee.as(MemberAccessExprSyntax.self) else { return .visitChildren }
    let name = member.declName.baseName.text
    let token = member.declName.baseName
    let named = mayMakeSite(name)
    if named, swiftUIModifier(node, name: name, labels: labels, token: token) {
      return .visitChildren
    }
    // The receiver's shape only for what keeps it (not for `view.layoutIfNeeded()`, nor for
    // each modifier of a chain of argument-less ones, nor for calls no helper has the name
    // of: in a chain of modifiers, each one's receiver is made of all those before it).
    // `x.init(...)` is a site only with a root (`super.init(rootViewController:)`).
    if name == "init" && rootArgument {
      let receiver = member.base.map { ShapeReader.shape($0, scope: scope) }
      if constructionCall(node, name: name, receiver: receiver, token: token) {
        return .visitChildren
      }
    }
    guard let base = member.base else { return .visitChildren }
    if named, let operation = UIKitTable.operation(name, labels: labels) {
      let receiver = ShapeReader.shape(base, scope: scope)
      addCall(node, operation: operation, name: name, receiver: receiver, token: token)
    } else if !node.arguments.isEmpty, records(name, labels) {
      let receiver = ShapeReader.shape(base, scope: scope)
      record(node, name: name, labels: labels, receiver: receiver, token: token)
    }
    return .visitChildren
  }

  /// Whether a call named `name` may be a site: its name is one of `names` (every name a
  /// site's call can have), or no table was given.
  private func mayMakeSite(_ name: String) -> Bool {
    names?.mayContain(name) ?? true
  }

  /// Whether a call of `name` with `labels` is recorded for router helpers: every call when
  /// no `helperKeys` were given, else one that a helper among them may be called by (its
  /// name's key, or its name's and first label's). The key of one not recorded is kept in
  /// `unrecorded`.
  private func records(_ name: String, _ labels: [String]) -> Bool {
    guard let helperKeys else { return true }
    let key = ScanKeywords.key(name)
    // (Most files are read with no helper known yet: nothing to hash the key for.)
    if !helperKeys.isEmpty {
      if helperKeys.contains(key) { return true }
      if let first = labels.first, helperKeys.contains(ScanKeywords.key(name, label: first)) {
        return true
      }
    }
    unrecorded.append(key)
    return false
  }

  /// `UINavigationController(rootViewController:)` (or a subclass's, or `super.init`'s) and
  /// `UIHostingController(rootView:)`.
  private func constructionCall(
    _ node: FunctionCallExprSyntax, name: String, receiver: Shape?, token: TokenSyntax
  ) -> Bool {
    let (line, column) = position(token)
    if let root = ShapeReader.argument("rootViewController", of: node) {
      var type = name
      if name == "init" {
        guard case .selfValue? = receiver, let enclosing = context.typeName else { return false }
        type = enclosing
      }
      guard ShapeReader.isTypeName(type) else { return false }
      var site = Site(
        operation: .navigationRoot, name: name, receiver: nil, checksReceiver: false,
        destinations: [ShapeReader.shape(root, scope: scope)], context: context, line: line,
        column: column)
      site.on = type
      add(site)
      // Also a call: a wrapper's own `init(rootViewController:)` is a helper.
      if receiver == nil {
        var labels = node.arguments.map { $0.label?.text ?? "_" }
        if node.trailingClosure != nil { labels.append("{}") }
        if records(name, labels) {
          record(node, name: name, labels: labels, receiver: nil, token: token)
        }
      }
      return true
    }
    if name == "UIHostingController", let root = ShapeReader.argument("rootView", of: node) {
      let content = SwiftUIReader.views(in: root, scope: scope)
      for (view, _) in content {
        var site = Site(
          operation: .hosting, name: name, receiver: nil, checksReceiver: false,
          destinations: [view], context: context, line: line, column: column)
        site.on = "UIHostingController"
        add(site)
      }
      return true
    }
    return false
  }

  private func addCall(
    _ node: FunctionCallExprSyntax, operation: ScanEdge.Operation, name: String,
    receiver: Shape?, token: TokenSyntax
  ) {
    let (line, column) = position(token)
    var destinations: [Shape] = []
    var identifier: StringShape?
    var details = EffectDetails()
    switch operation {
    case .segue, .instantiate:
      let value =
        ShapeReader.argument("withIdentifier", of: node)
        ?? ShapeReader.argument("identifier", of: node)
      identifier = value.map(ShapeReader.stringShape)
      if operation == .instantiate {
        destinations = [ShapeReader.callShape(node, scope: scope)]
      }
    case .dismiss, .pop:
      if name == "popToViewController", let first = node.arguments.first?.expression {
        destinations = [ShapeReader.shape(first, scope: scope)]
      }
    default:
      if let first = node.arguments.first?.expression {
        if let array = ShapeReader.unwrapped(first).as(ArrayExprSyntax.self) {
          destinations = array.elements.map { ShapeReader.shape($0.expression, scope: scope) }
        } else {
          destinations = [ShapeReader.shape(first, scope: scope)]
          if let tracker = effects.last {
            details = tracker.details(for: EffectTracker.key(first))
          }
        }
      }
    }
    if operation == .present, let tracker = effects.last {
      let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base
      details.definesPresentationContext =
        tracker.details(for: base.map(EffectTracker.key) ?? "self").definesPresentationContext
    }
    var site = Site(
      operation: operation, name: name, receiver: receiver,
      checksReceiver: operation != .instantiate, destinations: destinations,
      identifier: identifier, context: context, line: line, column: column)
    site.animated = Self.literalBool(ShapeReader.argument("animated", of: node))
    site.details = details
    add(site)
  }

  static func literalBool(_ expression: ExprSyntax?) -> Bool? {
    guard let literal = expression?.as(BooleanLiteralExprSyntax.self) else { return nil }
    return literal.literal.tokenKind == .keyword(.true)
  }

  /// A site, and a helper when its destination is a parameter of the enclosing function.
  func add(_ site: Site) {
    sites.append(site)
    guard let scope, scope.function.utf8.contains(UInt8(ascii: "(")),
      contexts.last?.typeKind != .protocol
    else { return }
    for destination in site.destinations {
      guard case .parameter(let name, _, _) = destination,
        let index = scope.parameters.firstIndex(where: { $0.name == name }),
        let base = scope.function.split(separator: "(").first
      else { continue }
      helpers.append(
        HelperFact(
          name: String(base), signature: scope.function, parameters: scope.signature,
          owner: contexts.last?.typeName, parameter: index, site: site))
    }
  }

  private func record(
    _ node: FunctionCallExprSyntax, name: String, labels: [String], receiver: Shape?,
    token: TokenSyntax
  ) {
    let (line, column) = position(token)
    calls.append(
      CallFact(
        name: name, labels: labels, receiver: receiver,
        arguments: node.arguments.map { ShapeReader.shape($0.expression, scope: scope) },
        context: context, line: line, column: column))
  }
}
