import SwiftSyntax

/// The walk the scan's collectors share: it does not enter nodes whose children are only
/// tokens (a name, a literal, modifiers), where no collector reads anything. SwiftSyntax
/// makes a node's children the first time a walk looks at them and visits every token, which
/// costs on each of the thousands of names a file's visited functions hold. A node with a
/// syntax error is entered as before: the parser may have put anything in its unexpected
/// parts. `LeafSkippingVisitorTests` checks over the fixture apps that what is not entered
/// holds only tokens.
class LeafSkippingVisitor: SyntaxVisitor {
  /// `present`, `self`, `Foo`, `show(_:sender:)` in a selector: a name, its argument labels
  /// and module selector, all tokens.
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    leaf(node)
  }
  override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    leaf(node)
  }
  override func visit(_ node: FloatLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    leaf(node)
  }
  override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    leaf(node)
  }
  override func visit(_ node: NilLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    leaf(node)
  }
  /// `private`, `override`, `private(set)`.
  override func visit(_ node: DeclModifierListSyntax) -> SyntaxVisitorContinueKind {
    leaf(node)
  }

  /// A node of only tokens is not entered, unless it has a syntax error.
  @inline(__always)
  private func leaf(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
    node.hasError ? .visitChildren : .skipChildren
  }
}
