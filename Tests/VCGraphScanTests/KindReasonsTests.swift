import SwiftParser
import SwiftSyntax
import XCTest

@testable import VCGraphScan

/// `KindReasons` names a syntax kind from its node type's name instead of reflection; the
/// reasons it gives (`to: null` explanations in the JSON) must read as they did.
final class KindReasonsTests: XCTestCase {
  /// Every expression kind swift-syntax 603 declares outside its compiler SPI (and
  /// `labeledExpr`, whose type name holds `Expr` too), read from its generated SyntaxKind.swift.
  let expressionKinds: [SyntaxKind] = [
    .arrayExpr, .arrowExpr, .asExpr, .assignmentExpr, .awaitExpr, .binaryOperatorExpr,
    .booleanLiteralExpr, .borrowExpr, .closureExpr, .consumeExpr, .copyExpr,
    .declReferenceExpr, .dictionaryExpr, .discardAssignmentExpr, .editorPlaceholderExpr,
    .floatLiteralExpr, .forceUnwrapExpr, .functionCallExpr, .genericSpecializationExpr,
    .ifExpr, .inOutExpr, .infixOperatorExpr, .integerLiteralExpr, .isExpr, .keyPathExpr,
    .labeledExpr, .macroExpansionExpr, .memberAccessExpr, .missingExpr, .nilLiteralExpr,
    .optionalChainingExpr, .packElementExpr, .packExpansionExpr, .patternExpr,
    .postfixIfConfigExpr, .postfixOperatorExpr, .prefixOperatorExpr, .regexLiteralExpr,
    .sequenceExpr, .simpleStringLiteralExpr, .stringLiteralExpr, .subscriptCallExpr,
    .superExpr, .switchExpr, .ternaryExpr, .tryExpr, .tupleExpr, .typeExpr,
    .unresolvedAsExpr, .unresolvedIsExpr, .unresolvedTernaryExpr, .unsafeExpr,
  ]

  /// The name is the one Swift's reflection gives, for every expression kind and for kinds
  /// whose type names start with several capitals or hold none after the first.
  func testTheNameIsReflectionsName() {
    let others: [SyntaxKind] = [
      .abiAttributeArguments, .token, .codeBlockItem, .ifConfigClauseList, .sourceFile,
      .objCSelectorPiece, .identifierType,
    ]
    for kind in expressionKinds + others {
      XCTAssertEqual(KindReasons.name(kind), "\(kind)")
    }
    // Hand-checked, so that a reflection that changed with the name would be seen too.
    XCTAssertEqual(KindReasons.name(.stringLiteralExpr), "stringLiteralExpr")
    XCTAssertEqual(KindReasons.name(.abiAttributeArguments), "abiAttributeArguments")
    XCTAssertEqual(KindReasons.name(.objCSelectorPiece), "objCSelectorPiece")
  }

  /// What the scan says of a value it cannot read: the kind's name in the reason, cached.
  func testTheReasonOfAnUnreadExpression() {
    let reasons = KindReasons()
    XCTAssertEqual(reasons.reason(.tupleExpr), "an expression of kind tupleExpr")
    XCTAssertEqual(reasons.reason(.tupleExpr), "an expression of kind tupleExpr")
    XCTAssertEqual(reasons.reason(.ternaryExpr), "an expression of kind ternaryExpr")
  }
}
