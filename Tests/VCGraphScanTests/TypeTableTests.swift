import Foundation
import VCGraphCore
import XCTest

@testable import VCGraphScan

/// The scan merges the files' types into its table while later files are still being parsed
/// (`Scanner.facts`): the table must be the one made from every file's types in the files'
/// order, whichever thread finished which file first.
final class TypeTableTests: XCTestCase {
  func testTheTableMergedDuringTheParseIsTheOneOfAllTypesInOrder() {
    // 3,000 small files declaring and extending 100 types: every type is declared in 20 files
    // and extended in 10, each time with another superclass, protocol and property shape, so
    // merging in another order, or missing a file, changes the table.
    let texts = (0..<3_000).map { index in
      let type = "T\(index % 100)"
      let body = "{ var p\(index % 7): C\(index) = C\(index)() }"
      let text =
        index % 3 == 0
        ? "extension \(type): P\(index) \(body)" : "class \(type): Base\(index) \(body)"
      return (Array(text.utf8), "File\(index).swift")
    }
    for _ in 0..<3 {
      let found = Scanner.facts(count: texts.count, skipping: true) { .success(texts[$0]) }
      XCTAssertEqual(found.facts.map(\.file), texts.map(\.1))
      let reference = TypeTable(found.facts.flatMap(\.types))
      XCTAssertEqual(reference.types.count, 100)
      XCTAssertEqual(found.table.types, reference.types)
      // By hand: T1 is declared in File1 (superclass Base1), File101 and File301; File201
      // extends it after its declaration, so its P201 is not among the inherited names.
      let first = found.table.types["T1"]
      XCTAssertEqual(first?.file, "File1.swift")
      XCTAssertEqual(first?.inherited.prefix(3), ["Base1", "Base101", "Base301"])
      XCTAssertEqual(first?.properties["p1"], .construct("C1"))
      XCTAssertEqual(found.table.superclass(of: "T1"), "Base1")
    }
  }

  /// What merging keeps: the declaration's members over an extension's, the first of two
  /// declarations, inherited names in order.
  func testMergingKeepsTheDeclarationFirst() {
    var fileExtension = TypeFact(
      name: "Foo", kind: .extension, inherited: ["Shown"], file: "a", line: 1)
    fileExtension.properties["x"] = .typed("Bar")
    var declaration = TypeFact(
      name: "Foo", kind: .class, inherited: ["UIViewController"], file: "b", line: 2)
    declaration.properties["x"] = .typed("Baz")
    var second = TypeFact(name: "Foo", kind: .class, inherited: ["UIView"], file: "c", line: 3)
    second.properties["y"] = .typed("Qux")
    let table = TypeTable([fileExtension, declaration, second])
    let merged = table.types["Foo"]
    XCTAssertEqual(merged?.file, "b")
    XCTAssertEqual(merged?.properties, ["x": .typed("Baz"), "y": .typed("Qux")])
    XCTAssertEqual(merged?.inherited, ["UIViewController", "Shown", "UIView"])
    XCTAssertEqual(table.superclass(of: "Foo"), "UIViewController")
  }
}
