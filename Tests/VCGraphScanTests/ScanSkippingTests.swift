import Foundation
import VCGraphCore
import XCTest

@testable import VCGraphScan

/// The operations' walk skips functions whose bytes hold no name that can make a site
/// (`ScanKeywords`): the scan must say the same as when it visits every node. Every snippet the
/// other scan tests read is also scanned both ways (`scan` in ScanTestSupport.swift).
final class ScanSkippingTests: XCTestCase {
  /// A router helper every controller has: `route(to:)` pushes its parameter.
  static let router = """
    import UIKit
    extension UIViewController {
      func route(to controller: UIViewController) {
        navigationController?.pushViewController(controller, animated: true)
      }
    }
    """

  /// The fixture apps, and the fuller copy of tinode in ../shared (its SDK and extensions)
  /// when it is there.
  var fixtureApps: [URL] {
    let shared = swiftFixtures.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/fixtures/swift/tinode__ios")
    var apps = ["Dimillian__ACHNBrowserUI", "TrustWallet__trust-wallet-ios", "tinode__ios"].map {
      swiftFixtures.appendingPathComponent($0)
    }
    if FileManager.default.fileExists(atPath: shared.path) { apps.append(shared) }
    return apps
  }

  func testFixtureAppsScanTheSameWithAndWithoutSkipping() throws {
    for folder in fixtureApps {
      let app = folder.path
      let sources = try ScanSources.collect([app])
      var skipping = Scanner()
      skipping.skipsUnmarked = true
      var visiting = Scanner()
      visiting.skipsUnmarked = false
      let fast = skipping.scan(sources).result
      let full = visiting.scan(sources).result
      XCTAssertFalse(full.edges.isEmpty, app)
      XCTAssertEqual(fast, full, app)
      XCTAssertEqual(ScanJSONWriter.bytes(fast), ScanJSONWriter.bytes(full), app)
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
    XCTAssertEqual(
      lines(result), ["ListViewController present DetailViewController on ListViewController"])
    XCTAssertEqual(result.edges.first?.style, "formSheet")
    XCTAssertEqual(result.edges.first?.line, 6)
  }

  /// A router helper's call in a function with no operation of its own, in another file: the
  /// file is read again with the helper's name counted, so the call is an edge.
  func testACallOfAHelperInASkippedFunctionIsKept() throws {
    let router = Self.router
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
    // (kept as the name and first label: `route(to:` ...)
    let key = ScanKeywords.key("route", label: "to")
    XCTAssertTrue(alone.skippedCallees.contains(key))
    XCTAssertFalse(alone.skippedCallees.contains(ScanKeywords.key("route", label: "_")))
    // ... with the helper's name counted it is; a `route(_:)` helper would not count it.
    let again = Scanner.facts(
      source: Array(caller.utf8), file: "Home.swift", skipping: true, extra: [key])
    XCTAssertEqual(again.calls.map(\.name), ["route"])
    let other = Scanner.facts(
      source: Array(caller.utf8), file: "Home.swift", skipping: true,
      extra: [ScanKeywords.key("route", label: "_")])
    XCTAssertEqual(other.calls.count, 0)
    let result = scan([("Router.swift", router), ("Home.swift", caller)])
    let helper = try XCTUnwrap(result.edges.first { $0.via == .helper })
    XCTAssertEqual(helper.from, "HomeViewController")
    XCTAssertEqual(helper.to, "SettingsViewController")
    XCTAssertEqual(helper.file, "Home.swift")
    XCTAssertEqual(helper.line, 4)
    XCTAssertEqual(helper.operation, .push)
  }

  /// In a function the walk visits, a call is recorded (its receiver's and arguments' shapes
  /// made) only when a helper known when its file is read may be called by it; the others'
  /// names are kept, and the file is read again when a helper found later has one of them.
  /// Broken either way (no second reading for them, or no call kept), the helper's edge goes.
  func testAWalkedFunctionRecordsOnlyTheCallsAKnownHelperMayBe() throws {
    let router = Self.router
    let caller = """
      import UIKit
      final class HomeViewController: UIViewController {
        func didTapSettings() {
          present(AboutViewController(), animated: true)
          view.backgroundColor = UIColor(white: 0.9, alpha: 1)
          route(to: SettingsViewController())
        }
      }
      """
    let bytes = Array(caller.utf8)
    // Walked (it presents), with no helper known: no call recorded, both names kept.
    let alone = Scanner.facts(source: bytes, file: "Home.swift", skipping: true)
    XCTAssertEqual(alone.sites.count, 1)
    XCTAssertEqual(alone.calls.count, 0)
    XCTAssertTrue(alone.skippedCallees.contains(ScanKeywords.key("route")))
    XCTAssertTrue(alone.skippedCallees.contains(ScanKeywords.key("UIColor")))
    // Every call recorded without skipping, as before.
    let full = Scanner.facts(source: bytes, file: "Home.swift")
    XCTAssertEqual(full.calls.map(\.name), ["UIColor", "route"])
    // With the helper's keys, its call alone.
    let helper = try XCTUnwrap(
      Scanner.facts(source: Array(router.utf8), file: "Router.swift").helpers.first)
    let keys = Set(ScanKeywords.keys(helper))
    let known = Scanner.facts(source: bytes, file: "Home.swift", skipping: true, extra: keys)
    XCTAssertEqual(known.calls.map(\.name), ["route"])
    XCTAssertEqual(known.calls.first?.line, 6)
    // The helper's file after the caller's, and before it: the same edge (and `scan` checks
    // the result against the walk of every node).
    for files in [
      [("Home.swift", caller), ("Router.swift", router)],
      [("Router.swift", router), ("Home.swift", caller)],
    ] {
      let result = scan(files)
      let edge = try XCTUnwrap(result.edges.first { $0.via == .helper }, "\(files.map(\.0))")
      XCTAssertEqual(edge.from, "HomeViewController")
      XCTAssertEqual(edge.to, "SettingsViewController")
      XCTAssertEqual(edge.line, 6)
    }
  }

  /// A helper that its own file calls is counted when that file is walked: the operations are
  /// walked again on the tree at hand, so its calls are kept and the file is not read again.
  func testAHelperItsOwnFileCallsIsCountedWithoutASecondReading() throws {
    let text = """
      import UIKit
      final class HomeViewController: UIViewController {
        func route(to controller: UIViewController) {
          navigationController?.pushViewController(controller, animated: true)
        }
        func didTapSettings() {
          route(to: SettingsViewController())
        }
        func didTapAbout() {
          present(AlertViewController(), animated: true)
          route(to: AboutViewController())
        }
      }
      """
    let facts = Scanner.facts(source: Array(text.utf8), file: "Home.swift", skipping: true)
    XCTAssertEqual(facts.helpers.map(\.name), ["route"])
    XCTAssertEqual(facts.calls.map(\.line), [7, 11])
    let keys = Set(facts.helpers.flatMap(ScanKeywords.keys))
    XCTAssertFalse(facts.skippedCallees.contains(where: keys.contains))
    let result = scan(text)
    XCTAssertEqual(
      result.edges.filter { $0.via == .helper }.map { "\($0.line) \($0.to ?? "-")" },
      ["7 SettingsViewController", "11 AboutViewController"])
  }

  /// A helper found in a file read before its callers counts as a mark for them: they are
  /// read once, with the same edges as when the helper's file comes last (and every caller
  /// is read again).
  func testAHelperFoundEarlierSparesItsCallersASecondReading() throws {
    let router = Self.router
    let callers = (0..<400).map { index in
      """
      import UIKit
      final class Home\(index)ViewController: UIViewController {
        func didTapSettings() {
          route(to: Settings\(index)ViewController())
        }
      }
      """
    }
    func readings(_ texts: [String]) -> (Int, [String]) {
      let counter = ReadCounter()
      let bytes = texts.map { Array($0.utf8) }
      let found = Scanner.facts(count: texts.count, skipping: true) { index in
        counter.add()
        return .success((bytes[index], "File\(index).swift"))
      }
      let result = Resolver(files: found.facts, storyboards: StoryboardIndex(), table: found.table)
        .result()
      let helpers = result.edges.filter { $0.via == .helper }.map { "\($0.from) \($0.to ?? "")" }
      return (counter.count, helpers.sorted())
    }
    let (first, early) = readings([router] + callers)
    let (last, late) = readings(callers + [router])
    XCTAssertEqual(early.count, 400)
    XCTAssertEqual(early, late)
    XCTAssertTrue(early.contains("Home7ViewController Settings7ViewController"), "\(early)")
    // Helper last: every caller is read twice. Helper first: only those begun before the
    // helper's file was done (the other cores' first files).
    XCTAssertEqual(last, 801)
    XCTAssertLessThan(first, 401 + 16)
  }

  /// The edges are sorted by file, line and column whichever order the files come in: each
  /// file's on their own when the files are in order (as the scan's sorted paths are), all of
  /// them together when not.
  func testEdgesAreInFileLineAndColumnOrderWhicheverOrderTheFilesComeIn() {
    let router = Self.router
    func caller(_ name: String) -> String {
      """
      import UIKit
      final class \(name)ViewController: UIViewController {
        func open() { present(\(name)DetailViewController(), animated: true) }
        func didTap() { route(to: \(name)SettingsViewController()) }
        func both() {
          navigationController?.setViewControllers(
            [\(name)AViewController(), \(name)BViewController()], animated: true)
        }
      }
      """
    }
    let files = [("A.swift", caller("A")), ("B.swift", caller("B")), ("Z.swift", router)]
    let sorted = scan(files)
    let shuffled = scan([files[2], files[1], files[0]])
    XCTAssertEqual(sorted.edges, shuffled.edges)
    let places = sorted.edges.map { "\($0.file):\($0.line):\($0.column) \($0.to ?? "-")" }
    XCTAssertEqual(
      places,
      [
        "A.swift:3:17 ADetailViewController", "A.swift:4:19 ASettingsViewController",
        "A.swift:6:27 AAViewController", "A.swift:6:27 ABViewController",
        "B.swift:3:17 BDetailViewController", "B.swift:4:19 BSettingsViewController",
        "B.swift:6:27 BAViewController", "B.swift:6:27 BBViewController", "Z.swift:4:27 -",
      ])
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
      snippets[name] =
        controller + "    self.\(name)(\(arguments.joined(separator: ", ")))\n  }\n}\n"
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

  /// The index's line table is `SourceLines`' own: the same line and column at the bytes of
  /// the fixture apps around every line ending, and of text with each line ending.
  func testTheIndexLinesAreSourceLines() throws {
    var texts = [Array("a\nb\r\nc\rd\n\n\r\r\ne".utf8), Array("\r".utf8), []]
    for app in ["Dimillian__ACHNBrowserUI", "TrustWallet__trust-wallet-ios", "tinode__ios"] {
      let sources = try ScanSources.collect([swiftFixtures.appendingPathComponent(app).path])
      for path in sources.swiftFiles {
        texts.append(try InputFileReading.read(path, limit: 8 << 20))
      }
    }
    for bytes in texts {
      let own = SourceLines(bytes)
      let indexed = SourceLines(starts: ScanKeywords.index(bytes).lineStarts)
      // Every byte next to a line ending, and every 31st.
      let near = { (offset: Int) in
        [offset - 1, offset].contains {
          $0 >= 0 && $0 < bytes.count && [10, 13].contains(bytes[$0])
        }
      }
      for offset in 0...bytes.count where offset % 31 == 0 || near(offset) {
        guard own.location(offset) == indexed.location(offset) else {
          return XCTFail("offset \(offset) of \(bytes.count): \(own.location(offset)) is not"
            + " \(indexed.location(offset))")
        }
      }
    }
  }

  /// The words found: whole words only, and a callee when `(`, `<`, a comment or a backquote
  /// follows it; the words `return`.
  func testTheIndexFindsWholeWordsAndCallees() {
    let text = "presentation.present(x) // show\nlet s = shows; f <T>(y); g\n(z)"
    let index = ScanKeywords.index(Array(text.utf8))
    let bytes = Array(text.utf8)
    let words = index.marks.map { offset in
      String(decoding: bytes[offset...].prefix { ScanKeywords.isWordByte($0) }, as: UTF8.self)
    }
    XCTAssertEqual(words, ["present", "show"])
    XCTAssertEqual(ScanKeywords.index(Array("return x; returns; `return`".utf8)).returns, [0, 20])
    // `present(x` has its label (none), `f <T>(y` the name alone.
    XCTAssertEqual(
      index.callees.map(\.key),
      [ScanKeywords.key("present", label: "_"), ScanKeywords.key("f")])
  }

  /// The walks for returns skip statements without a `return` (when skipping) and end a
  /// block's locals with the block: either way a method returns the construction its
  /// returned name holds where it returns it, and the skipped statements are really skipped
  /// (a local of a statement-level block would otherwise stand for the outer one).
  func testReturnWalksSeeTheLocalsInScope() throws {
    let text = """
      class Router {
        func make(flag: Bool) -> UIViewController {
          let controller = ListViewController()
          if flag {
            let controller = DetailViewController()
            controller.view.layoutIfNeeded()
          }
          switch flag {
          case true:
            let controller = OtherViewController()
            print(controller)
          default: break
          }
          print("no return here")
          return controller
        }
      }
      """
    for skipping in [true, false] {
      let facts = Scanner.facts(source: Array(text.utf8), file: "R.swift", skipping: skipping)
      let router = try XCTUnwrap(facts.types.first { $0.name == "Router" })
      XCTAssertEqual(router.methods["make"], .construct("ListViewController"), "\(skipping)")
    }
  }
}

/// Counts `read` calls from several threads.
private final class ReadCounter: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var count = 0
  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}
