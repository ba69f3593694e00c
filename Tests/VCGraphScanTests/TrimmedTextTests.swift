import SwiftParser
import SwiftSyntax
import XCTest

@testable import VCGraphScan

/// `trimmedText` is `trimmedDescription`'s text, node for node: on every type and expression
/// of a fixture app, and on every node of snippets with comments, errors (missing and
/// unexpected tokens) and characters outside ASCII.
final class TrimmedTextTests: XCTestCase {
  final class Checker: SyntaxAnyVisitor {
    var checked = 0
    var differences: [String] = []
    let everyNode: Bool

    init(everyNode: Bool) {
      self.everyNode = everyNode
      super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
      if everyNode || node.is(TypeSyntax.self) || node.is(ExprSyntax.self)
        || node.is(PatternSyntax.self)
      {
        checked += 1
        if node.trimmedText != node.trimmedDescription {
          differences.append("\(node.trimmedText) != \(node.trimmedDescription)")
        }
      }
      return .visitChildren
    }
  }

  func check(_ source: String, everyNode: Bool) -> Checker {
    let checker = Checker(everyNode: everyNode)
    checker.walk(Parser.parse(source: source))
    return checker
  }

  func testTypesAndExpressionsOfAFixtureApp() throws {
    let folder = swiftFixtures.appendingPathComponent("tinode__ios").path
    let manager = FileManager.default
    let walker = try XCTUnwrap(manager.enumerator(atPath: folder))
    var checked = 0
    while let item = walker.nextObject() as? String {
      guard item.hasSuffix(".swift") else { continue }
      let bytes = try XCTUnwrap(manager.contents(atPath: folder + "/" + item))
      let checker = check(String(decoding: bytes, as: UTF8.self), everyNode: false)
      XCTAssertEqual(checker.differences, [], item)
      checked += checker.checked
    }
    XCTAssertGreaterThan(checked, 10_000)
  }

  func testCommentsErrorsAndNonASCII() {
    let snippets = [
      "  let x: [String: Int] /* map */ = [:] // end\n",
      "func f(_ g: @escaping (Int) -> Void, h: () throws -> (String)?) {}",
      "let y = foo(a: , b: 1",
      "class { var = }",
      "let café: Café<Ü> = Café()  \n",
      "let s = \"日本\" + x.y?.z!\n",
      "struct S { let a: Dictionary<String, /* inner */ [Int]> }",
      "let z = (1, 2 #if X",
    ]
    for snippet in snippets {
      let checker = check(snippet, everyNode: true)
      XCTAssertEqual(checker.differences, [], snippet)
      XCTAssertGreaterThan(checker.checked, 3, snippet)
    }
  }
}
