import Foundation
import VCGraphCore
import XCTest

@testable import VCGraphScan

/// The operations' walk skips functions whose bytes hold no name that can make a site
/// (`ScanKeywords`): the scan must say the same as when it visits every node. Every snippet the
/// other scan tests read is also scanned both ways (`scan` in ScanTestSupport.swift).
final class ScanSkippingTests: XCTestCase {
  /// The fixture apps, and the fuller copies in ../shared when they are there.
  var fixtureFolders: [URL] {
    let shared = swiftFixtures.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/fixtures/swift")
    var folders = [swiftFixtures]
    if FileManager.default.fileExists(atPath: shared.path) { folders.append(shared) }
    return folders
  }

  func testFixtureAppsScanTheSameWithAndWithoutSkipping() throws {
    for folder in fixtureFolders {
      for app in ["Dimillian__ACHNBrowserUI", "TrustWallet__trust-wallet-ios", "tinode__ios"] {
        let sources = try ScanSources.collect([folder.appendingPathComponent(app).path])
        var skipping = Scanner()
        skipping.skipsUnmarked = true
        var visiting = Scanner()
        visiting.skipsUnmarked = false
        let fast = skipping.scan(sources).result
        let full = visiting.scan(sources).result
        XCTAssertFalse(full.edges.isEmpty, app)
        XCTAssertEqual(fast, full, "\(folder.path)/\(app)")
        XCTAssertEqual(
          ScanJSONWriter.bytes(fast), ScanJSONWriter.bytes(full), "\(folder.path)/\(app)")
        // And most of the code was skipped: the comparison is of something.
        let paths = sources.swiftFiles
        let facts = Scanner.facts(count: paths.count, skipping: true) { index in
          Scanner.read(paths[index], limit: 8 << 20).map { ($0, paths[index]) }
        }.facts
        let skipped = facts.reduce(0) { $0 + $1.skippedBytes }
        let total = try paths.reduce(0) {
          $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int ?? 0)
        }
        XCTAssertGreaterThan(skipped, total / 2, app)
      }
    }
  }

  /// A function that does no navigation is skipped, and hides nothing: its local of the same
  /// name, its style set on it and its argument-less calls say nothing about the other's
  /// `present`.
  func testASkippedFunctionHidesNothing() throws {
    let text = """
      import UIKit
      final class ListViewController: UIViewController {
        func open() {
          let controller = DetailViewController()
          controller.modalPresentationStyle = .formSheet
          present(controller, animated: true)
        }
        func configure() {
          let controller = OtherViewController()
          controller.modalPresentationStyle = .fullScreen
          controller.view.layoutIfNeeded()
          title = "List"
        }
      }
      """
    let facts = Scanner.facts(source: Array(text.utf8), file: "App.swift", skipping: true)
    let start = try XCTUnwrap(text.range(of: "  func configure"))
    // `configure()` from its first byte (its leading trivia) to the end of its body.
    XCTAssertGreaterThanOrEqual(
      facts.skippedBytes, text.utf8.distance(from: start.lowerBound, to: text.utf8.endIndex) - 4)
    let result = scan(text)
    XCTAssertEqual(lines(result), ["ListViewController present DetailViewController"])
    XCTAssertEqual(result.edges.first?.style, "formSheet")
    XCTAssertEqual(result.edges.first?.line, 6)
  }

  /// A router helper's call in a function with no operation of its own, in another file: the
  /// file is read again with the helper's name counted, so the call is an edge.
  func testACallOfAHelperInASkippedFunctionIsKept() throws {
    let router = """
      import UIKit
      extension UIViewController {
        func route(to controller: UIViewController) {
          navigationController?.pushViewController(controller, animated: true)
        }
      }
      """
    let caller = """
      import UIKit
      final class HomeViewController: UIViewController {
        func didTapSettings() {
          route(to: SettingsViewController())
        }
      }
      """
    // Alone, the caller's function is skipped and its call is not kept ...
    let alone = Scanner.facts(source: Array(caller.utf8), file: "Home.swift", skipping: true)
    XCTAssertEqual(alone.calls.count, 0)
    XCTAssertTrue(alone.skippedCallees.contains(ScanKeywords.hash("route")))
    // ... with the helper's name counted it is.
    let again = Scanner.facts(
      source: Array(caller.utf8), file: "Home.swift", skipping: true,
      extra: [ScanKeywords.hash("route")])
    XCTAssertEqual(again.calls.map(\.name), ["route"])
    let result = scan([("Router.swift", router), ("Home.swift", caller)])
    let helper = try XCTUnwrap(result.edges.first { $0.via == .helper })
    XCTAssertEqual(helper.from, "HomeViewController")
    XCTAssertEqual(helper.to, "SettingsViewController")
    XCTAssertEqual(helper.file, "Home.swift")
    XCTAssertEqual(helper.line, 4)
    XCTAssertEqual(helper.operation, .push)
  }

  /// Each name of the table is needed: taken out, a snippet doing that operation loses its
  /// site when skipping, which the comparison of the two walks shows. So the comparisons above
  /// fail when the table misses a name the collector matches.
  func testEveryNameOfTheTableIsWhatSomeSiteNeeds() {
    let controller = "final class C: UIViewController {\n  func f(vc: UIViewController) {\n"
    var snippets: [String: String] = [:]
    for (name, forms) in UIKitTable.signatures {
      let arguments = forms[0].1.filter { !$0.optional }.map { parameter -> String in
        let value =
          switch parameter.label {
          case "animated": "true"
          case "sender": "nil"
          case "withIdentifier", "identifier": "\"x\""
          case "for": ".primary"
          default: "vc"
          }
        return parameter.label == "_" ? value : "\(parameter.label): \(value)"
      }
      snippets[name] = controller + "    self.\(name)(\(arguments.joined(separator: ", ")))\n  }\n}\n"
    }
    let view = "struct V: View {\n  var body: some View {\n    "
    for modifier in ["sheet", "fullScreenCover", "popover"] {
      snippets[modifier] = view + "Text(\"a\").\(modifier)(isPresented: $shown) { D() }\n  }\n}\n"
    }
    snippets["navigationDestination"] =
      view + "List {}.navigationDestination(for: Int.self) { _ in D() }\n  }\n}\n"
    snippets["NavigationLink"] = view + "NavigationLink(destination: D()) { Text(\"a\") }\n  }\n}\n"
    snippets["TabView"] = view + "TabView { D() }\n  }\n}\n"
    snippets["WindowGroup"] =
      "@main struct A: App {\n  var body: some Scene {\n    WindowGroup { D() }\n  }\n}\n"
    snippets["rootViewController"] =
      "final class S {\n  func f(window: UIWindow) {\n    window.rootViewController = D()\n  }\n}\n"
    snippets["UIHostingController"] =
      "final class S {\n  func f() -> UIViewController {\n"
      + "    return UIHostingController(rootView: D())\n  }\n}\n"
    snippets["viewControllers"] =
      "final class S {\n  func f(tabs: UITabBarController) {\n    tabs.viewControllers = [D()]\n"
      + "  }\n}\n"
    XCTAssertEqual(Set(snippets.keys), ScanKeywords.names)
    for (name, text) in snippets.sorted(by: { $0.key < $1.key }) {
      let bytes = Array(text.utf8)
      let full = Scanner.facts(source: bytes, file: "S.swift")
      let skipping = Scanner.facts(source: bytes, file: "S.swift", skipping: true)
      var others = ScanKeywords.names
      others.remove(name)
      let missing = Scanner.facts(
        source: bytes, file: "S.swift", skipping: true, table: ScanKeywords.table(others))
      XCTAssertFalse(full.sites.isEmpty, name)
      XCTAssertEqual(skipping.sites.count, full.sites.count, name)
      XCTAssertEqual(missing.sites.count, 0, name)
    }
  }

  /// The words found: whole words only, and a callee when `(`, `<`, a comment or a backquote
  /// follows it.
  func testTheIndexFindsWholeWordsAndCallees() {
    let text = "presentation.present(x) // show\nlet s = shows; f <T>(y); g\n(z)"
    let index = ScanKeywords.index(Array(text.utf8))
    let bytes = Array(text.utf8)
    let words = index.marks.map { offset in
      String(decoding: bytes[offset...].prefix { ScanKeywords.isWordByte($0) }, as: UTF8.self)
    }
    XCTAssertEqual(words, ["present", "show"])
    XCTAssertEqual(
      index.callees.map(\.hash),
      [ScanKeywords.hash("present"), ScanKeywords.hash("f")])
  }
}
