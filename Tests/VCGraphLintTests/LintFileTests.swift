import Foundation
import SwiftParser
import SwiftSyntax
import VCGraphCore
import VCGraphScan
import XCTest

@testable import VCGraphLint

/// `LintFile` finds every function's locals in its one walk of the file (every body walked):
/// they must be those a walk of each body (`LocalCollector`, nested functions left out) finds.
final class LintFileTests: XCTestCase {
  func testEachFunctionsLocalsAreThoseAWalkOfItsBodyFinds() throws {
    let paths = try ScanSources.collect([swiftFixtures.path]).swiftFiles
    var functions = 0
    var locals = 0
    for path in paths {
      let source = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
      // Every body walked (skipping leaves a skipped function's locals out on purpose).
      let file = LintFile(path: path, tree: tree, source: source, skipping: false)
      for function in file.functions {
        var start = Scope(function: function.scope.function)
        start.parameters = function.scope.parameters
        let reference = LocalCollector(scope: start)
        reference.walk(function.body)
        XCTAssertEqual(function.scope.locals, reference.scope.locals, "\(path): \(function.name)")
        functions += 1
        locals += reference.scope.locals.count
      }
    }
    // The comparison is of something: the fixtures' functions and their locals.
    XCTAssertGreaterThan(functions, 2_000)
    XCTAssertGreaterThan(locals, 2_000)
  }

  /// By hand: a local of an initializer inside a function is also the function's (a walk of
  /// the function's body goes into it), one of a nested `func` is not, and a closure's is.
  func testNestedBodiesLocals() throws {
    let text = """
      func outer() {
        let first = UINavigationController()
        struct Local {
          init() { let inInit = UIViewController() }
        }
        func nested() { let inNested = UIViewController() }
        run { let inClosure = UITableViewController() }
      }
      """
    let source = Array(text.utf8)
    let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let file = LintFile(path: "App.swift", tree: tree, source: source, skipping: false)
    let byName = Dictionary(uniqueKeysWithValues: file.functions.map { ($0.name, $0.scope) })
    XCTAssertEqual(
      byName["outer"]?.locals.keys.sorted(), ["first", "inClosure", "inInit"])
    XCTAssertEqual(byName["init"]?.locals.keys.sorted(), ["inInit"])
    XCTAssertEqual(byName["nested"]?.locals.keys.sorted(), ["inNested"])
    XCTAssertEqual(byName["outer"]?.locals["first"], .construct("UINavigationController"))
  }
}

/// A body's locals in source order, nested functions left out: the walk of each body that
/// `FunctionCollector`'s one walk of the file replaced, kept as its reference.
final class LocalCollector: SyntaxVisitor {
  var scope: Scope

  init(scope: Scope) {
    self.scope = scope
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    Locals.record(node, in: &scope)
    return .visitChildren
  }

  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    Locals.record(node, in: &scope)
    return .visitChildren
  }
}
