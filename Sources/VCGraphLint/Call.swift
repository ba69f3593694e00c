import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// A function call as the rules read it: the method's name, the argument labels (matched
/// against UIKit's signatures, as the scan does), and the receiver.
struct Call {
  let node: FunctionCallExprSyntax
  /// `present`, `addChild`.
  let name: String
  /// The name's token (where a finding points).
  let nameToken: TokenSyntax
  /// `_` for an unlabelled argument, `{}` for a trailing closure.
  let labels: [String]
  /// The receiver expression; nil when the call is on `self` implicitly.
  let base: ExprSyntax?
  /// The UIKit operation its name and labels are (`UIKitTable.operation`), looked up once:
  /// every rule asks each call.
  let operation: ScanEdge.Operation?

  init?(_ node: FunctionCallExprSyntax) {
    self.node = node
    var callee = node.calledExpression
    if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
      callee = specialized.expression
    }
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
      nameToken = reference.baseName
      base = nil
    } else if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
      name = member.declName.baseName.text
      nameToken = member.declName.baseName
      self.base = base
    } else {
      return nil
    }
    var labels = node.arguments.map { $0.label?.text ?? "_" }
    if node.trailingClosure != nil { labels.append("{}") }
    labels += node.additionalTrailingClosures.map { $0.label.text }
    self.labels = labels
    operation = UIKitTable.operation(name, labels: labels)
  }

  /// Whether the call has UIKit's signature for `operation` (`present(_:animated:completion:)`).
  func isOperation(_ operation: ScanEdge.Operation) -> Bool {
    self.operation == operation
  }

  /// The receiver as a value key (`self`, `navigationController`, `child`): the spelling
  /// without `self.`, `?` and `!`.
  var receiverKey: String {
    guard let base else { return "self" }
    let key = EffectTracker.key(base)
    return key.isEmpty || key == "super" ? "self" : key
  }

  /// Whether the receiver is `self`, written or not (`super` is not: an override's call).
  var isOnSelf: Bool { receiverKey == "self" && base?.trimmedDescription != "super" }

  /// The receiver's shape in `scope` (nil: `self` implicitly).
  func receiver(in scope: Scope) -> Shape? {
    base.map { ShapeReader.shape($0, scope: scope) }
  }

  /// The argument with `label` (`_`: the first unlabelled one).
  func argument(_ label: String) -> ExprSyntax? {
    node.arguments.first { ($0.label?.text ?? "_") == label }?.expression
  }

  /// The completion closure: the trailing closure, or a `completion:` closure argument.
  var completion: ClosureExprSyntax? {
    node.trailingClosure ?? argument("completion").flatMap {
      ShapeReader.unwrapped($0).as(ClosureExprSyntax.self)
    }
  }
}

/// Every call in a body, in source order, nested functions left out (they are functions of
/// their own); closures' calls included unless `intoClosures` is false.
final class CallFinder: SyntaxVisitor {
  private(set) var calls: [Call] = []
  private let intoClosures: Bool

  init(intoClosures: Bool = true) {
    self.intoClosures = intoClosures
    super.init(viewMode: .sourceAccurate)
  }

  static func calls(in node: some SyntaxProtocol, intoClosures: Bool = true) -> [Call] {
    let finder = CallFinder(intoClosures: intoClosures)
    finder.walk(node)
    return finder.calls
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    intoClosures ? .visitChildren : .skipChildren
  }
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let call = Call(node) { calls.append(call) }
    return .visitChildren
  }
}

extension LintFile {
  /// A candidate at `token` in `function`.
  func candidate(
    at token: TokenSyntax, in function: LintFunction,
    decide: @escaping @Sendable (LintTypes) -> (message: String, uikitMessage: String?)?
  ) -> LintCandidate {
    LintCandidate(at: location(token), place: function.place, decide: decide)
  }
}

extension LintFile {
  /// A candidate at each `pushViewController(_:animated:)` of UIKit whose pushed controller
  /// resolves (its construction, a local's, a property's or method's declared type, through
  /// every file's types) to a subclass of one of `uikitClasses`; `word` gets the type, the
  /// UIKit class it inherits from and the argument as written.
  func pushCandidates(
    of uikitClasses: [String],
    word: @escaping @Sendable (_ type: String, _ uikitClass: String, _ spelled: String) -> (
      message: String, uikitMessage: String?
    )
  ) -> [LintCandidate] {
    var candidates: [LintCandidate] = []
    for function in functions {
      for call in function.calls where call.isOperation(.push) {
        guard let argument = call.argument("_") else { continue }
        let pushed = ShapeReader.shape(argument, scope: function.scope)
        let receiver = call.receiver(in: function.scope)
        let context = function.context
        let spelled = argument.trimmedDescription
        candidates.append(
          candidate(at: call.nameToken, in: function) { types in
            guard let type = types.type(of: pushed, in: context),
              let uikitClass = types.inherits(type, fromAnyOf: uikitClasses),
              types.isUIKitCall("pushViewController", receiver: receiver, in: context)
            else { return nil }
            return word(type, uikitClass, spelled)
          })
      }
    }
    return candidates
  }
}
