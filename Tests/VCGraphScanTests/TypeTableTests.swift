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
      // extends it, so its P201 is a conformance, not an inherited name.
      let first = found.table.types["T1"]
      XCTAssertEqual(first?.file, "File1.swift")
      XCTAssertEqual(first?.inherited.prefix(3), ["Base1", "Base101", "Base301"])
      XCTAssertEqual(first?.conformances.prefix(2), ["P201", "P501"])
      XCTAssertEqual(first?.properties["p1"], .construct("C1"))
      XCTAssertEqual(found.table.superclass(of: "T1"), "Base1")
    }
  }

  /// What merging keeps: the declaration's members over an extension's, the first of two
  /// declarations, the declarations' inherited names in order and the extensions' apart.
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
    XCTAssertEqual(merged?.inherited, ["UIViewController", "UIView"])
    XCTAssertEqual(merged?.conformances, ["Shown"])
    XCTAssertEqual(table.superclass(of: "Foo"), "UIViewController")
  }

  /// An extension's conformances never become a class's superclass, and make a struct a
  /// SwiftUI view, whichever file comes first (they did the first only when the extension's
  /// file came first, the second only when it came last).
  func testAnExtensionsConformancesDoNotDependOnTheFilesOrder() {
    let plain = """
      import UIKit
      final class Foo {
        func open() { present(BarViewController(), animated: true) }
      }
      """
    let conformance = "import UIKit\nextension Foo: UITableViewDelegate {}\n"
    for files in [[("A.swift", conformance), ("B.swift", plain)],
      [("A.swift", plain), ("B.swift", conformance)]]
    {
      // Foo is no controller (a class without superclass): its `present` is not UIKit's.
      XCTAssertEqual(scan(files).edges, [], "\(files.map(\.0))")
    }
    let view = "import SwiftUI\nstruct Card {}\n"
    let made = "import SwiftUI\nextension Card: View { var body: some View { Text(\"x\") } }\n"
    let shown = """
      import SwiftUI
      struct Home: View {
        @State var open = false
        var body: some View { Text("x").sheet(isPresented: $open) { Card() } }
      }
      """
    for files in [[("A.swift", made), ("B.swift", view), ("C.swift", shown)],
      [("A.swift", view), ("B.swift", made), ("C.swift", shown)]]
    {
      let result = scan(files)
      XCTAssertEqual(
        result.controllers.filter { $0.name == "Card" }.map(\.kind), [.swiftui],
        "\(files.map(\.0))")
    }
  }
}
