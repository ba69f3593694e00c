import SwiftSyntax

/// The `return` statements of one body, read during `OperationCollector`'s walk exactly as a
/// `ReturnCollector` walking that body alone reads them: its own locals (no parameters), each
/// `let`/`var` recorded with its children left out, each `return`'s expression with its
/// children left out, closures and nested functions left out. `DeclarationCollector` takes
/// them for its methods' and computed properties' results, instead of walking those bodies a
/// second time.
struct ReturnWalk {
  /// The body's byte range; nil for a function without a declared result (whose returns no
  /// one asks for), which still hides its body from the walk around it.
  var body: Range<Int>?
  var scope = Scope(function: "")
  var returns: [Shape] = []
  /// The node whose children a `ReturnCollector` would not visit, while they are visited.
  var quiet: SyntaxIdentifier?

  /// A walk of `body`, if it is read.
  init(body: (some SyntaxProtocol)?) {
    self.body = body.map { $0.position.utf8Offset..<$0.endPosition.utf8Offset }
  }

  /// Whether `node` is read: inside the body, and not under a node left out.
  func reads(_ node: some SyntaxProtocol) -> Bool {
    guard quiet == nil, let body else { return false }
    return body.contains(node.position.utf8Offset)
  }

  /// `let x = value`: the local, then its children left out.
  mutating func declare(_ node: VariableDeclSyntax) {
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let value = binding.initializer?.value
      else { continue }
      scope.locals[name] = ShapeReader.shape(value, scope: scope)
    }
    quiet = node.id
  }

  /// `return value`: its shape, then its children left out.
  mutating func returned(_ node: ReturnStmtSyntax) {
    if let expression = node.expression {
      returns.append(ShapeReader.shape(expression, scope: scope))
    }
    quiet = node.id
  }

  /// After the children of `node`.
  mutating func leave(_ node: some SyntaxProtocol) {
    if quiet == node.id { quiet = nil }
  }
}

extension OperationCollector {
  /// A function's or a property's accessors' body begins: its own walk, and the one around it
  /// hidden until it ends.
  func beginReturns(_ body: (some SyntaxProtocol)?) {
    returnWalks.append(ReturnWalk(body: body))
  }

  /// The body ends: what it returns, by the body's offset.
  func endReturns() {
    guard let walk = returnWalks.popLast(), let body = walk.body else { return }
    returns[body.lowerBound] = walk.returns
  }
}
