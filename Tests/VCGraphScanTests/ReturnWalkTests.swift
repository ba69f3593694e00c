import SwiftParser
import SwiftSyntax
import XCTest

@testable import VCGraphScan

/// What `OperationCollector`'s walk reads as each body's returns (`ReturnWalk`) is what a
/// `ReturnCollector` walking that body alone reads (how the declarations read them before),
/// for every function with a declared result and every property's accessors.
final class ReturnWalkTests: XCTestCase {
  final class Bodies: SyntaxVisitor {
    var bodies: [Syntax] = []
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      if node.signature.returnClause != nil, let body = node.body { bodies.append(Syntax(body)) }
      return .visitChildren
    }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
      if node.parent?.is(PatternBindingSyntax.self) == true { bodies.append(Syntax(node)) }
      return .visitChildren
    }
  }

  /// The bodies compared and how many returned something.
  func compare(_ source: [UInt8], _ name: String) -> (bodies: Int, returning: Int) {
    let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let operations = OperationCollector(file: name, lines: SourceLines(source))
    operations.walk(tree)
    let finder = Bodies(viewMode: .sourceAccurate)
    finder.walk(tree)
    var returning = 0
    for body in finder.bodies {
      let collector = ReturnCollector(viewMode: .sourceAccurate)
      collector.walk(body)
      XCTAssertEqual(
        operations.returns[body.position.utf8Offset], collector.returns,
        "\(name) at byte \(body.position.utf8Offset)")
      if !collector.returns.isEmpty { returning += 1 }
    }
    XCTAssertEqual(operations.returns.count, finder.bodies.count, name)
    return (finder.bodies.count, returning)
  }

  func testEveryBodyOfTheFixtureApps() throws {
    let manager = FileManager.default
    var bodies = 0
    var returning = 0
    for app in ["TrustWallet__trust-wallet-ios", "Dimillian__ACHNBrowserUI", "tinode__ios"] {
      let folder = swiftFixtures.appendingPathComponent(app).path
      let walker = try XCTUnwrap(manager.enumerator(atPath: folder))
      while let item = walker.nextObject() as? String {
        guard item.hasSuffix(".swift") else { continue }
        let counts = compare(Array(try XCTUnwrap(manager.contents(atPath: folder + "/" + item))), item)
        bodies += counts.bodies
        returning += counts.returning
      }
    }
    XCTAssertGreaterThan(bodies, 1_000)
    XCTAssertGreaterThan(returning, 300)
  }

  /// What a body's walk leaves out: closures, nested functions, a local's accessors and
  /// initializer, and a returned expression's insides; locals declared before a return.
  func testWhatIsLeftOut() {
    let source = """
      final class C {
        func make() -> UIViewController {
          let nav = UINavigationController(rootViewController: A())
          let run = { return B() }
          func inner() -> C { return C() }
          var local: D { return D() }
          if flag { return nav }
          return (E() as UIViewController)
        }
        var shown: UIViewController {
          let x = F()
          return x
        }
        subscript(i: Int) -> G { return G() }
        func effect() { return }
      }
      """
    let counts = compare(Array(source.utf8), "snippet")
    // make(), inner(), `local`'s and `shown`'s accessors (not the subscript's, not effect()).
    XCTAssertEqual(counts.bodies, 4)
    let tree = Parser.parse(source: source)
    let operations = OperationCollector(file: "snippet", lines: SourceLines(Array(source.utf8)))
    operations.walk(tree)
    // make(): `nav` and the cast; not B() (a closure's), C() (inner()'s) nor D() (local's).
    let make = operations.returns.min { $0.key < $1.key }?.value
    XCTAssertEqual(make, [.construct("UINavigationController"), .cast("UIViewController")])
  }
}
