import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `present-while-presenting`: each function body (and each closure in it, as a body of its
/// own whose time of running is not known) walked path by path: after a
/// `present(_:animated:completion:)` its receiver is presenting, in the statements after it
/// and in its own completion; a second `present` on the receiver spelled the same while it is
/// presenting is a candidate. `if`/`else` branches and `switch` cases are separate paths and
/// join afterwards; a branch that ends in `return`, `throw`, `break` or `continue` joins
/// nothing; a loop's body is one more path; any `dismiss` ends every presentation (what UIKit
/// does next depends on the animation: silent).
extension PresentWhilePresenting: LintCheck {
  package static func candidates(in file: LintFile) -> [LintCandidate] {
    // A finding takes two presentations in one body. Where every function's presentations
    // are (a local type's initializer's are its own function's, and in the body holding it):
    // a body holding fewer than two is not followed through (following every body's paths
    // cost 5% of `vcgraph lint`).
    let presentations = file.functions.flatMap(\.calls).filter { $0.isOperation(.present) }
      .map { $0.node.position.utf8Offset }.sorted()
    guard presentations.count >= 2 else { return [] }
    var candidates: [LintCandidate] = []
    for function in file.functions {
      let body = function.body.byteOffsets
      guard NameMarks.holds(presentations, in: body, atLeast: 2) else { continue }
      var paths = PresentationPaths(file: file, function: function)
      _ = paths.run(function.body.statements, [:])
      candidates += paths.candidates
    }
    return candidates
  }
}

/// One function's paths: which receivers are presenting at each statement.
struct PresentationPaths {
  /// Receiver key → the presentation it is busy with.
  typealias State = [String: Call]

  let file: LintFile
  let function: LintFunction
  private(set) var candidates: [LintCandidate] = []
  private var reported = Set<AbsolutePosition>()

  init(file: LintFile, function: LintFunction) {
    self.file = file
    self.function = function
  }

  /// The state after `items`; nil when no path gets to their end.
  mutating func run(_ items: CodeBlockItemListSyntax, _ state: State) -> State? {
    var state = state
    for item in items {
      let next: State?
      switch item.item {
      case .decl(let declaration):
        if declaration.is(FunctionDeclSyntax.self) { continue }
        closures(in: declaration)
        next = state
      case .stmt(let statement): next = self.statement(statement, state)
      case .expr(let expression): next = self.expression(expression, state)
      }
      guard let next else { return nil }
      state = next
    }
    return state
  }

  private mutating func statement(_ statement: StmtSyntax, _ state: State) -> State? {
    if let expression = statement.as(ExpressionStmtSyntax.self) {
      return self.expression(expression.expression, state)
    }
    if statement.is(ReturnStmtSyntax.self) || statement.is(ThrowStmtSyntax.self)
      || statement.is(BreakStmtSyntax.self) || statement.is(ContinueStmtSyntax.self)
    {
      closures(in: statement)
      return nil
    }
    if let node = statement.as(GuardStmtSyntax.self) {
      closures(in: node.conditions)
      _ = run(node.body.statements, state)
      return state
    }
    if let node = statement.as(ForStmtSyntax.self) {
      return Self.join(state, run(node.body.statements, state))
    }
    if let node = statement.as(WhileStmtSyntax.self) {
      return Self.join(state, run(node.body.statements, state))
    }
    if let node = statement.as(RepeatStmtSyntax.self) {
      return Self.join(state, run(node.body.statements, state))
    }
    if let node = statement.as(DoStmtSyntax.self) {
      var result = run(node.body.statements, state)
      for clause in node.catchClauses {
        result = Self.join(result, run(clause.body.statements, state))
      }
      return result
    }
    closures(in: statement)
    return state
  }

  private mutating func expression(_ expression: ExprSyntax, _ state: State) -> State? {
    let expression = ShapeReader.unwrapped(expression)
    if let node = expression.as(IfExprSyntax.self) { return ifExpression(node, state) }
    if let node = expression.as(SwitchExprSyntax.self) {
      var result: State?
      var exhaustive = false
      for element in node.cases {
        guard case .switchCase(let switchCase) = element else { continue }
        if case .default = switchCase.label { exhaustive = true }
        result = Self.join(result, run(switchCase.statements, state))
      }
      return exhaustive ? result : Self.join(result, state)
    }
    if let node = expression.as(FunctionCallExprSyntax.self), let call = Call(node) {
      if call.isOperation(.present) { return present(call, state) }
      if call.isOperation(.dismiss) {
        if let completion = call.completion { _ = run(completion.statements, [:]) }
        return [:]
      }
      if call.base == nil, ["fatalError", "preconditionFailure"].contains(call.name) {
        return nil
      }
    }
    closures(in: expression)
    return state
  }

  private mutating func ifExpression(_ node: IfExprSyntax, _ state: State) -> State? {
    closures(in: node.conditions)
    let then = run(node.body.statements, state)
    let other: State?
    switch node.elseBody {
    case .ifExpr(let next)?: other = ifExpression(next, state)
    case .codeBlock(let block)?: other = run(block.statements, state)
    case nil: other = state
    }
    return Self.join(then, other)
  }

  /// A presentation: a candidate when its receiver is presenting; then the receiver is
  /// presenting, also in the completion.
  private mutating func present(_ call: Call, _ state: State) -> State {
    let key = call.receiverKey
    if let first = state[key], reported.insert(call.nameToken.position).inserted {
      candidates.append(candidate(call, after: first))
    }
    var next = state
    next[key] = call
    for argument in call.node.arguments where argument.label?.text != "completion" {
      closures(in: argument)
    }
    if let completion = call.completion { _ = run(completion.statements, next) }
    return next
  }

  /// The closures in `node` (outermost ones), each walked as a body of its own.
  private mutating func closures(in node: some SyntaxProtocol) {
    for closure in ClosureFinder.closures(in: node) {
      _ = run(closure.statements, [:])
    }
  }

  /// Two paths joining: a receiver is presenting when it is on either.
  static func join(_ a: State?, _ b: State?) -> State? {
    guard let a else { return b }
    guard let b else { return a }
    return a.merging(b) { first, _ in first }
  }

  private func candidate(_ second: Call, after first: Call) -> LintCandidate {
    let context = function.context
    let scope = function.scope
    let receiver = second.receiver(in: scope)
    let key = second.receiverKey
    let firstLine = file.location(first.nameToken).line
    let shapes = [first, second].map { call in
      call.argument("_").map { ShapeReader.shape($0, scope: scope) }
    }
    let spelled = [first, second].map { $0.argument("_")?.trimmedDescription ?? "a controller" }
    return file.candidate(at: second.nameToken, in: function) { types in
      guard types.isUIKitCall("present", receiver: receiver, in: context) else { return nil }
      let names = zip(shapes, spelled).map { shape, text in
        shape.flatMap { types.type(of: $0, in: context) } ?? text
      }
      let presenter =
        (receiver.flatMap { types.type(of: $0, in: context) } ?? context.typeName)
        ?? "UIViewController"
      return (
        "'\(key)' is still presenting \(names[0]) (line \(firstLine)) on this path, also in"
          + " that presentation's completion; UIKit logs a warning and does not present"
          + " \(names[1]) — present it from the presented controller, or after a dismissal"
          + " (in dismiss's completion)",
        UIKitModel.alreadyPresenting([
          "presented": names[1], "presenter": presenter, "requester": presenter,
          "current": names[0],
        ]).uikitMessage
      )
    }
  }
}

/// The outermost closures in a node (nested functions left out).
final class ClosureFinder: SyntaxVisitor {
  private(set) var closures: [ClosureExprSyntax] = []

  static func closures(in node: some SyntaxProtocol) -> [ClosureExprSyntax] {
    let finder = ClosureFinder(viewMode: .sourceAccurate)
    finder.walk(node)
    return finder.closures
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    closures.append(node)
    return .skipChildren
  }
}
