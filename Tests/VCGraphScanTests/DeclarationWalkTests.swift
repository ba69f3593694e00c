import Foundation
import SwiftParser
import SwiftSyntax
import VCGraphCore
import XCTest

@testable import VCGraphScan

/// `DeclarationCollector` does less than it did (it reads only the constructions that can be
/// an answer, skips what holds no `return` and cannot be seen by one, reads each part once):
/// over every file of the fixture apps (and the fuller copy in ../shared when it is there), its
/// types must be the old walk's (`OldDeclarationCollector`, visiting every statement), field by
/// field, with and without the words `return` known.
final class DeclarationWalkTests: XCTestCase {
  var folders: [URL] {
    let shared = swiftFixtures.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/fixtures/swift")
    var folders = [swiftFixtures]
    if FileManager.default.fileExists(atPath: shared.path) { folders.append(shared) }
    return folders
  }

  func testTheTypesAreTheOldWalks() throws {
    var compared = 0
    var properties = 0
    var methods = 0
    for folder in folders {
      let sources = try ScanSources.collect([folder.path])
      for path in sources.swiftFiles {
        let bytes = try InputFileReading.read(path, limit: 8 << 20)
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let index = ScanKeywords.index(bytes)
        let lines = SourceLines(starts: index.lineStarts)
        let old = OldDeclarationCollector(file: path, lines: lines)
        old.walk(tree)
        for offsets in [index.returns, nil] {
          let new = DeclarationCollector(file: path, lines: lines)
          new.returnOffsets = offsets
          new.walk(tree)
          let difference = Self.difference(old.types, new.types)
          XCTAssertNil(difference, "\(path) (returns known: \(offsets != nil))")
          if difference != nil { return }
        }
        compared += 1
        properties += old.types.reduce(0) { $0 + $1.properties.count }
        methods += old.types.reduce(0) { $0 + $1.methods.count }
      }
    }
    // The comparison is of something.
    XCTAssertGreaterThan(compared, 600)
    XCTAssertGreaterThan(properties, 3_000)
    XCTAssertGreaterThan(methods, 800)
  }

  /// Snippets where a skipped part would matter: a local seen by a later `return`, one in an
  /// `#if`, a block's local that ends with it, a non-construction returned beside a
  /// construction, a lazy closure's return, a getter of one expression, locals made only when a
  /// return reads one, in nested blocks and cases.
  func testSnippetsAreTheOldWalks() {
    let texts = [
      """
      class A {
        func f(flag: Bool) -> UIViewController {
          let a = ListViewController()
          if flag { let a = makeOther(); print(a) }
          #if DEBUG
          let b = DebugViewController()
          #else
          let b = a
          #endif
          switch flag { case true: let a = X(); _ = a; default: return b }
          return a
        }
        func g(flag: Bool) -> UIViewController {
          if flag { return makeOne() }
          return OtherViewController()
        }
        func h() -> UIViewController {
          let t = OtherViewController
          let n = t.init()
          return n
        }
        func k(flag: Bool) -> UIViewController {
          let a = ListViewController()
          switch flag {
          case true: let a = DetailViewController(); return a
          default: let b = a; return b
          }
        }
        func m(flag: Bool) -> UIViewController {
          let a = ListViewController(), n = a
          if flag {
            let b = DetailViewController()
            if flag { return b }
            let a = OtherViewController()
            return a
          }
          let c = a
          if flag { return n }
          return c
        }
        func n(view: V) -> UIViewController {
          let content = makeView()
          let t = Foo, me = self
          if view.flag { return t.init() }
          if view.other { return me.Bar.init() }
          return UIHostingController(rootView: content)
        }
        lazy var root: UIViewController = { let x = makeRoot(); return x }()
        var body: some View { ItemsView().padding() }
        var controller: UIViewController { let c = UIHostingController(rootView: V()); return c }
        var other: UIViewController { return self.make() }
        let count: Int = 0
        var seed = Seed.init(value: 1)
        static let name = "A"
        static var className: String { String(describing: self) }
        func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
        @IBAction func unwindToList(_ segue: UIKit.UIStoryboardSegue?) {}
        func unwindHome(from segue: (UIStoryboardSegue)) {}
      }
      """
    ]
    for text in texts {
      let bytes = Array(text.utf8)
      let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
      let index = ScanKeywords.index(bytes)
      let lines = SourceLines(starts: index.lineStarts)
      let old = OldDeclarationCollector(file: "A.swift", lines: lines)
      old.walk(tree)
      XCTAssertEqual(old.types.first?.methods["f"], .construct("ListViewController"))
      for offsets in [index.returns, nil] {
        let new = DeclarationCollector(file: "A.swift", lines: lines)
        new.returnOffsets = offsets
        new.walk(tree)
        XCTAssertNil(Self.difference(old.types, new.types), "returns known: \(offsets != nil)")
      }
    }
  }

  /// The names that may be a UIKit operation's: every one of the table's, few others.
  func testOperationNamesPassTheLengthFilter() {
    for name in UIKitTable.signatures.keys {
      XCTAssertTrue(DeclarationCollector.mayNameOperation(name), name)
    }
    for name in ["", "9lives", "_present", String(repeating: "present", count: 10)] {
      XCTAssertFalse(DeclarationCollector.mayNameOperation(name), name)
    }
  }

  /// The first field in which two lists of types differ, nil when they are the same.
  static func difference(_ old: [TypeFact], _ new: [TypeFact]) -> String? {
    guard old.count == new.count else { return "\(old.count) types, now \(new.count)" }
    for (a, b) in zip(old, new) {
      let fields: [(String, Bool)] = [
        ("name", a.name == b.name), ("kind", a.kind == b.kind),
        ("inherited", a.inherited == b.inherited),
        ("selfConstraints", a.selfConstraints == b.selfConstraints),
        ("isGeneric", a.isGeneric == b.isGeneric), ("isMain", a.isMain == b.isMain),
        ("file", a.file == b.file), ("line", a.line == b.line),
        ("properties", a.properties == b.properties), ("methods", a.methods == b.methods),
        ("ownOperations", a.ownOperations == b.ownOperations),
        ("unwindActions", a.unwindActions == b.unwindActions),
        ("stringConstants", a.stringConstants == b.stringConstants),
      ]
      if let field = fields.first(where: { !$0.1 }) {
        return "\(a.name) \(field.0): \(a) is now \(b)"
      }
    }
    return nil
  }
}
