import Foundation
import SwiftParser
import SwiftSyntax
import VCGraphCore
import XCTest

@testable import VCGraphScan

/// `LeafSkippingVisitor` does not enter names, literals and modifier lists: over every file of
/// the fixture apps, what it leaves must hold only tokens (and the token-only nodes of a
/// name's argument labels, module selector and a modifier's detail), so that no collector
/// misses a call, a local or a declaration there.
final class LeafSkippingVisitorTests: XCTestCase {
  /// Every node of the skipped kinds, with what each holds that is not a token or a
  /// token-only part.
  final class Census: SyntaxAnyVisitor {
    var skipped: [SyntaxKind: Int] = [:]
    var inside: [String] = []
    let tokenOnly: Set<SyntaxKind> = [
      .declNameArguments, .declNameArgumentList, .declNameArgument, .moduleSelector,
      .declModifier, .declModifierDetail,
    ]

    init() { super.init(viewMode: .sourceAccurate) }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
      let kinds: Set<SyntaxKind> = [
        .declReferenceExpr, .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr,
        .nilLiteralExpr, .declModifierList,
      ]
      guard kinds.contains(node.kind), !node.hasError else { return .visitChildren }
      skipped[node.kind, default: 0] += 1
      for descendant in node.children(viewMode: .all) { check(descendant, in: node) }
      return .visitChildren
    }

    func check(_ node: Syntax, in skipped: Syntax) {
      if node.is(TokenSyntax.self) { return }
      if !tokenOnly.contains(node.kind) {
        inside.append("\(node.kind) in \(skipped.kind): \(skipped.trimmedDescription)")
      }
      for child in node.children(viewMode: .all) { check(child, in: skipped) }
    }
  }

  func testWhatIsNotEnteredHoldsOnlyTokens() throws {
    let census = Census()
    let sources = try ScanSources.collect([swiftFixtures.path])
    XCTAssertGreaterThan(sources.swiftFiles.count, 600)
    for path in sources.swiftFiles {
      let bytes = try InputFileReading.read(path, limit: 8 << 20)
      census.walk(bytes.withUnsafeBufferPointer { Parser.parse(source: $0) })
    }
    XCTAssertEqual(census.inside, [])
    // Each kind is met, names by the thousand: the check is of something.
    XCTAssertGreaterThan(census.skipped[.declReferenceExpr, default: 0], 10_000)
    for kind in [SyntaxKind.integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr,
      .nilLiteralExpr, .declModifierList]
    {
      XCTAssertGreaterThan(census.skipped[kind, default: 0], 10, "\(kind)")
    }
  }

  /// The census sees what a name holds: `show(_:sender:)` in a selector has argument labels,
  /// and a node that is not token-only inside one would be reported.
  func testTheCensusReportsWhatIsNotATokenInside() {
    let census = Census()
    census.walk(Parser.parse(source: "let s = #selector(show(_:sender:)); private(set) var x = 1"))
    XCTAssertEqual(census.inside, [])
    XCTAssertEqual(census.skipped[.declReferenceExpr], 1)
    XCTAssertEqual(census.skipped[.integerLiteralExpr], 1)
    XCTAssertEqual(census.skipped[.declModifierList], 2)
    // A node of a skipped kind whose part is not a token: the label list made into an
    // expression list is what a wrong skip would hide.
    let call = Parser.parse(source: "f(x)").statements.first!.item
    census.check(Syntax(call), in: Syntax(call))
    XCTAssertFalse(census.inside.isEmpty)
  }
}
