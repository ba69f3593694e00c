import Foundation
import SwiftParser
import SwiftSyntax
import VCGraphCore
import XCTest

@testable import VCGraphScan

/// `ShapeReader.construction` is `shape` when that is a construction, else nil: over every
/// expression of the fixture apps, outside a function and with locals of each kind of shape;
/// `typeName(of:is:)` is the comparison of `typeName`, over every type.
final class ShapeReaderTests: XCTestCase {
  /// Every expression of a tree, compared both ways.
  final class Comparison: SyntaxAnyVisitor {
    var compared = 0
    var constructions = 0
    var types = 0
    var differences: [String] = []
    /// Locals named as the fixtures' names often are, of each shape that `construction`
    /// reads through (a construction, a type's name, `self`) and of others.
    let scope: Scope = {
      var scope = Scope(function: "f(x:)")
      scope.parameters = [(name: "x", type: "Foo")]
      let shapes: [Shape] = [
        .construct("ListViewController"), .property(base: nil, name: "DetailViewController"),
        .selfValue, .call(base: nil, name: "make"), .unknown("nil"),
        .cast("UINavigationController"), .hosting(nil), .typed("Int"),
      ]
      let names = [
        "controller", "vc", "viewController", "nav", "navigationController", "cell", "view",
        "storyboard", "me", "type", "result", "item", "destination", "root", "content", "model",
      ]
      for (offset, name) in names.enumerated() {
        scope.locals[name] = shapes[offset % shapes.count]
      }
      return scope
    }()

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
      if let type = node.as(TypeSyntax.self) {
        // `typeName(of:is:)` says what comparing `typeName` says.
        let name = ShapeReader.typeName(type)
        for other in [name, "UIStoryboardSegue", name + "s", String(name.dropLast())]
        where !other.hasPrefix("UIHostingController") {
          types += 1
          if ShapeReader.typeName(of: type, is: other) != (name == other) {
            differences.append("\(type.trimmedDescription) is named \(other)?")
          }
        }
      }
      guard let expression = node.as(ExprSyntax.self) else { return .visitChildren }
      for scope in [nil, scope] {
        let shape = ShapeReader.shape(expression, scope: scope)
        let expected = shape.isConstruction ? shape : nil
        let construction = ShapeReader.construction(expression, scope: scope)
        compared += 1
        if expected != nil { constructions += 1 }
        if construction != expected {
          differences.append(
            "\(expression.trimmedDescription): \(String(describing: construction)), not "
              + String(describing: expected))
        }
      }
      return .visitChildren
    }

    init(tree: SourceFileSyntax) {
      super.init(viewMode: .sourceAccurate)
      walk(tree)
    }
  }

  func testConstructionIsTheShapeWhenAConstruction() throws {
    let sources = try ScanSources.collect([swiftFixtures.path])
    var compared = 0
    var constructions = 0
    var types = 0
    for path in sources.swiftFiles {
      let bytes = try InputFileReading.read(path, limit: 8 << 20)
      let comparison = Comparison(tree: bytes.withUnsafeBufferPointer { Parser.parse(source: $0) })
      XCTAssertEqual(comparison.differences, [], path)
      if !comparison.differences.isEmpty { return }
      compared += comparison.compared
      constructions += comparison.constructions
      types += comparison.types
    }
    XCTAssertGreaterThan(compared, 100_000)
    XCTAssertGreaterThan(constructions, 1_000)
    XCTAssertGreaterThan(types, 50_000)
  }

  func testSnippets() {
    let text = """
      let a = ListViewController()
      let b = vc
      let c = me.DetailViewController.init()
      let d = type.init(x: 1)
      let e = try? (controller as! UINavigationController)
      let f = UIHostingController<ItemsView>(rootView: content)
      let g = Foo.init
      let h = self.Foo.init()
      let i = nav.init()
      let j = Self.init()
      let k = super.Foo.init()
      let l = x.init()
      func f(_ a: UIStoryboardSegue?, b: UIKit.UIStoryboardSegue!, c: some UIStoryboardSegue,
        d: inout UIStoryboardSegue, e: (UIStoryboardSegue), f: [UIStoryboardSegue]) {}
      """
    let comparison = Comparison(tree: Parser.parse(source: text))
    XCTAssertEqual(comparison.differences, [])
    XCTAssertGreaterThan(comparison.constructions, 10)
  }

  /// `isTypeName` reads an ASCII first letter by its byte: the same answer as the scalar's
  /// Unicode property, for every ASCII character and a few others.
  func testTypeNamesAreThoseWithACapital() {
    var names = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) + "x" }
    names += ["Écran", "écran", "Ωmega", "ωmega", "日本", "", "_Foo", "$0", "`Foo`"]
    for name in names {
      let capital = name.unicodeScalars.first?.properties.isUppercase ?? false
      XCTAssertEqual(ShapeReader.isTypeName(name), capital, name)
    }
  }
}
