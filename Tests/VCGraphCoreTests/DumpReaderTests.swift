import Foundation
import Testing

@testable import VCGraphCore

/// The real dumps in `Tests/Fixtures/printHierarchy` (copies of the shared fixture set, with
/// their provenance in that directory's README), found from this file's path so that a clone of
/// the repository alone runs these tests.
enum DumpFixtures {
  static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // VCGraphCoreTests
    .deletingLastPathComponent()  // Tests
    .appendingPathComponent("Fixtures/printHierarchy")

  static func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".txt") }.sorted()
  }

  static func text(_ prefix: String) throws -> (name: String, text: String) {
    let name = try #require(try names().first { $0.hasPrefix(prefix) })
    return (name, try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
  }

  static func read(_ prefix: String) throws -> Hierarchy {
    let (name, text) = try text(prefix)
    return try DumpReader().read(text: text, path: name)
  }
}

/// Reads a dump written in a test.
private func read(
  _ text: String, declaredKinds: [String: ControllerKind] = [:], limits: InputLimits = .default
) throws -> Hierarchy {
  try DumpReader(limits: limits, declaredKinds: declaredKinds).read(text: text, path: "dump.txt")
}

/// The error reading a dump throws.
private func readError(_ text: String, limits: InputLimits = .default) -> VCGraphError? {
  do {
    _ = try DumpReader(limits: limits).read(text: text, path: "dump.txt")
    return nil
  } catch {
    return error
  }
}

extension Hierarchy {
  /// The controller with an id; fails the test when there is none.
  fileprivate func c(_ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> Controller
  {
    let index = try #require(
      controller(id: id), "no controller \(id)", sourceLocation: sourceLocation)
    return controllers[index]
  }

  fileprivate func ids(_ indexes: [ControllerIndex]) -> [String] {
    indexes.map { controllers[$0].id }
  }

  fileprivate func id(_ index: ControllerIndex?) -> String? { index.map { controllers[$0].id } }
}

@Suite("Reading the real dumps")
struct DumpFixtureTests {
  @Test("every fixture is detected as a dump and reads; each location points at a `<`")
  func everyFixtureReads() throws {
    let names = try DumpFixtures.names()
    #expect(names.count >= 7)
    for name in names {
      let (_, text) = try DumpFixtures.text(name)
      #expect(DumpReader.looksLikeDump(text), "\(name)")
      let hierarchy = try DumpReader().read(text: text, path: name)
      #expect(hierarchy.path == name)
      #expect(Set(hierarchy.controllers.map(\.id)).count == hierarchy.controllers.count)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      for controller in hierarchy.controllers {
        let line = Array(lines[controller.location.line - 1].unicodeScalars)
        #expect(line[controller.location.column - 1] == "<", "\(name) \(controller.id)")
        #expect(controller.location.path == name)
      }
    }
  }

  @Test("04: DingTalk tab bar of five custom navigation controllers, first tab selected")
  func dingTalk() throws {
    let h = try DumpFixtures.read("04")
    #expect(h.controllers.count == 12)
    #expect(h.windows.count == 1)
    let window = try #require(h.windows.first)
    #expect(window.id == "window" && window.isKey && window.level == .normal)
    let root = try h.c("0x13bd4cb00")
    #expect(h.id(window.root) == "0x13bd4cb00")
    #expect(root.className == "DTTabBarController" && root.kind == .tabBar)
    #expect(root.selectedIndex == 0)
    #expect(root.notes.isEmpty)
    #expect(
      h.ids(root.children) == [
        "0x13c8dda00", "0x13c0e0c00", "0x13c985200", "0x13c0f8c00", "0x13c104c00",
      ])
    for tab in root.children {
      #expect(h.controllers[tab].kind == .navigation)
      #expect(h.controllers[tab].className == "DTNavigationController")
    }
    #expect(h.superclasses["DTTabBarController"] == "UITabBarController")
    #expect(h.superclasses["DTNavigationController"] == "UINavigationController")
    let nav = try h.c("0x13c8dda00")
    #expect(h.ids(nav.children) == ["0x13c02ee00", "0x13c830400"])
    #expect(try h.c("0x13c830400").state == "appeared")
    #expect(try h.c("0x13c02ee00").state == "disappeared")
    #expect(try h.c("0x13c0b7e00").state == "disappeared")
    #expect(try h.c("0x13c830400").kind == .plain)
    #expect(root.location == VCGraphCore.SourceLocation(path: h.path, line: 3, column: 1))
    #expect(try h.c("0x13c02ee00").location.line == 5)
    #expect(try h.c("0x13c02ee00").location.column == 11)
    #expect(try h.c("0x13c830400").parent == h.controller(id: "0x13c8dda00"))
  }

  @Test("07: three full-screen presentations stacked on a plain root")
  func stackedFullScreen() throws {
    let h = try DumpFixtures.read("07")
    #expect(h.controllers.count == 4)
    let chain = ["0x7f85274116b0", "0x7f8527609180", "0x7f8527609f70", "0x7f8527501000"]
    #expect(h.windows.count == 1)
    #expect(h.id(h.windows.first?.root) == chain[0])
    for (presenter, presented) in zip(chain, chain.dropFirst()) {
      #expect(h.id(try h.c(presenter).presents) == presented)
      #expect(h.id(try h.c(presented).requestedBy) == presenter)
      #expect(try h.c(presented).modalPresentationStyle == .fullScreen)
      #expect(try h.c(presented).parent == nil)
      #expect(try h.c(presented).notes.isEmpty)
    }
    #expect(try h.c(chain[0]).modalPresentationStyle == nil)
    #expect(try h.c(chain[3]).presents == nil)
    #expect(try h.c(chain[3]).state == "appeared")
    #expect(try h.c(chain[0]).state == "disappeared")
    #expect(h.controllers.allSatisfy { $0.kind == .plain && $0.children.isEmpty })
  }

  @Test("16: navigation controller with a pushed detail controller")
  func masterDetail() throws {
    let h = try DumpFixtures.read("16")
    #expect(h.controllers.count == 3)
    let nav = try h.c("0x7fc94b71dbc0")
    #expect(nav.kind == .navigation)
    #expect(h.ids(nav.children) == ["0x7fc94b71e090", "0x7fc94b637db0"])
    #expect(h.superclasses.isEmpty)
  }

  @Test("19: a custom navigation controller recognized by its UILayoutContainerView")
  func navigationByViewClass() throws {
    let h = try DumpFixtures.read("19")
    #expect(h.controllers.count == 2)
    let nav = try h.c("0x1450fe000")
    #expect(nav.className == "CSNavJViewController")
    #expect(nav.kind == .navigation)
    #expect(nav.notes.contains { $0.contains("UILayoutContainerView") })
    #expect(h.superclasses["CSNavJViewController"] == "UINavigationController")
    #expect(h.ids(nav.children) == ["0x144f37c30"])
  }

  @Test("19 with --class CSNavJViewController=tabBar: the declared kind wins")
  func declaredKindWins() throws {
    let (name, text) = try DumpFixtures.text("19")
    let h = try DumpReader(declaredKinds: ["CSNavJViewController": .tabBar])
      .read(text: text, path: name)
    let root = try h.c("0x1450fe000")
    #expect(root.kind == .tabBar)
    #expect(root.selectedIndex == 0)
    #expect(!root.notes.contains { $0.contains("UILayoutContainerView") })
    #expect(h.superclasses["CSNavJViewController"] == "UITabBarController")
  }

  @Test("22: an address-stripped tab bar in no window, presented with (null)")
  func detachedTabBar() throws {
    let h = try DumpFixtures.read("22")
    #expect(h.controllers.count == 12)
    #expect(h.windows.isEmpty)
    #expect(h.ids(h.detachedRoots) == ["UITabBarController-1"])
    let tab = try h.c("UITabBarController-1")
    #expect(tab.kind == .tabBar)
    #expect(tab.requestedBy == nil && tab.modalPresentationStyle == nil)
    #expect(
      h.ids(tab.children) == (1...5).map { "UINavigationController-\($0)" })
    #expect(tab.selectedIndex == 0)
    #expect(tab.notes.contains("selected tab not stated; assumed the first"))
    let page = try h.c("UIPageViewController-1")
    #expect(page.kind == .page)
    #expect(h.id(page.parent) == "UINavigationController-1")
    #expect(h.ids(page.children) == ["UIViewController-1"])
    #expect(h.ids(try h.c("UINavigationController-5").children) == ["UIViewController-5"])
    #expect(h.controllers.allSatisfy { $0.state == "disappeared" })
  }

  @Test("24: a Swift class name with its module")
  func swiftName() throws {
    let h = try DumpFixtures.read("24")
    #expect(h.controllers.count == 2)
    let home = try h.c("0x7fa47861dcc0")
    #expect(home.className == "DELETE_PROV_PROFILE_MACHINE.ydHomeVC")
    #expect(home.kind == .plain)
    #expect(h.id(home.parent) == "0x7fa47905fa00")
  }

  @Test("25: Chisel's fallback format, a custom tab bar and custom containers")
  func chiselFallback() throws {
    let h = try DumpFixtures.read("25")
    #expect(h.controllers.count == 13)
    let tab = try h.c("0x13772fd0")
    #expect(tab.className == "TabBarController" && tab.kind == .tabBar)
    #expect(h.superclasses["TabBarController"] == "UITabBarController")
    #expect(tab.children.count == 4)
    #expect(tab.children.allSatisfy { h.controllers[$0].kind == .navigation })
    #expect(tab.selectedIndex == 0)
    #expect(tab.notes.contains("selected tab not stated; assumed the first"))
    let third = try h.c("0x138ddc00")
    #expect(third.kind == .plain)
    #expect(h.ids(third.children) == ["0x1393fe00", "0x138dce00", "0x138a8e00"])
    #expect(third.showing == nil && third.view == nil)
    #expect(h.ids(try h.c("0x16030400").children) == ["0x15af6000"])
    #expect(try h.c("0x13157cc0").className == "FourViewController")
    #expect(h.controllers.allSatisfy { $0.state == nil })
    #expect(try h.c("0x1393fe00").location.line == 11)
  }
}

@Suite("Dump variants")
struct DumpVariantTests {
  @Test("lines without `state:` and `view:` parts")
  func noStateOrView() throws {
    let h = try read(
      """
      <UINavigationController 0x1>
         | <AViewController 0x2>
         | <BViewController 0x3>
      """)
    let nav = try h.c("0x1")
    #expect(nav.kind == .navigation)
    #expect(h.ids(nav.children) == ["0x2", "0x3"])
    #expect(h.controllers.allSatisfy { $0.state == nil })
  }

  @Test("two spaces in `view:  (view not loaded)` and `<UIView: 0x...>` with a colon")
  func viewPartSpellings() throws {
    let h = try read(
      """
      <UITabBarController 0x10>, state: appeared, view: <UILayoutContainerView: 0x11>
         | <FeedViewController 0x20>, state: disappeared, view:  (view not loaded)
         | <ProfileViewController 0x30>, state: appeared, view: <UIView: 0x31>
      """)
    let tab = try h.c("0x10")
    #expect(tab.selectedIndex == 1)
    #expect(tab.notes.isEmpty)
    #expect(try h.c("0x20").state == "disappeared")
  }

  @Test("addresses stripped: ids are ClassName-N per class in document order")
  func strippedAddresses() throws {
    let h = try read(
      """
      <UINavigationController>, state: appeared, view: <UILayoutContainerView>
         | <ListViewController>, state: disappeared, view: <UIView> not in the window
         | <ListViewController>, state: appeared, view: <UIView>
      """)
    #expect(
      h.controllers.map(\.id) == [
        "UINavigationController-1", "ListViewController-1", "ListViewController-2",
      ])
  }

  @Test("a whole dump indented by a margin, with blank lines and a `#` header")
  func marginAndBlankLines() throws {
    let h = try read(
      """
      # source: a chat message
      # context: pasted with four spaces

          <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>

             | <AViewController 0x3>, state: disappeared, view: <UIView 0x4> not in the window
             |    | <ChildViewController 0x5>, state: disappeared, view: <UIView 0x6> not in the window

             | <BViewController 0x7>, state: appeared, view: <UIView 0x8>
      """)
    #expect(h.controllers.count == 4)
    #expect(h.ids(try h.c("0x1").children) == ["0x3", "0x7"])
    #expect(h.ids(try h.c("0x3").children) == ["0x5"])
    #expect(
      try h.c("0x7").location == VCGraphCore.SourceLocation(path: "dump.txt", line: 9, column: 10))
  }

  @Test("a dump inside a Markdown fence, after the debugger's prompt")
  func fenced() throws {
    let h = try read(
      """
      (lldb) po [UIViewController _printHierarchy]
      ```text
      <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <AViewController 0x3>, state: appeared, view: <UIView 0x4>
      ```
      """)
    #expect(h.controllers.count == 2)
    #expect(try h.c("0x3").location.line == 4)
  }

  @Test("Windows line endings")
  func crlf() throws {
    let h = try read(
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\r\n"
        + "   | <AViewController 0x3>, state: appeared, view: <UIView 0x4>\r\n")
    #expect(h.ids(try h.c("0x1").children) == ["0x3"])
    #expect(try h.c("0x3").state == "appeared")
  }

  @Test("a dump wrapped in single backticks")
  func backticks() throws {
    let h = try read(
      """
      `<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <AViewController 0x3>, state: appeared, view: <UIView 0x4>`
      """)
    #expect(h.controllers.count == 2)
    #expect(try h.c("0x1").location.column == 2)
    let inline = try read("`<UIViewController 0x1>, state: appeared, view: <UIView 0x2>`")
    #expect(inline.controllers.map(\.id) == ["0x1"])
  }

  @Test("cycript's quoted string with literal \\n separators")
  func cycriptQuoted() throws {
    let text =
      #"cy# [UIApp.keyWindow.rootViewController _printHierarchy]"# + "\n"
      + #"@"<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <LoginViewController 0x3>, state: appeared, view: <UIView 0x4>\n""#
    #expect(DumpReader.looksLikeDump(text))
    let h = try read(text)
    #expect(h.ids(try h.c("0x1").children) == ["0x3"])
    // Columns are those of the pasted text: `\n   | ` puts the child's `<` at column 90.
    #expect(
      try h.c("0x3").location == VCGraphCore.SourceLocation(path: "dump.txt", line: 2, column: 90))
    let plain = try read(#""<UIViewController 0x1>, state: appeared, view: <UIView 0x2>""#)
    #expect(plain.controllers.map(\.id) == ["0x1"])
  }

  @Test("an error inside a quoted dump points at the pasted column")
  func cycriptError() throws {
    let error = try #require(
      readError(#"@"<UINavigationController 0x1>\n   | <A 0x3>, stat: appeared""#))
    #expect(error.location == VCGraphCore.SourceLocation(path: "dump.txt", line: 1, column: 47))
  }

  @Test("a fragment that starts with a `+` line")
  func fragmentStartingWithPresented() throws {
    let h = try read(
      """
         + <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>, presented with: <_UIPageSheetPresentationController 0x9>
         |    | <ComposeViewController 0x3>, state: appeared, view: <UIView 0x4>
      """)
    #expect(h.windows.count == 1)
    let nav = try h.c("0x1")
    #expect(h.id(h.windows.first?.root) == "0x1")
    #expect(h.ids(nav.children) == ["0x3"])
    #expect(nav.notes.contains { $0.contains("presenter is not in the dump") })
  }

  @Test("a `+` fragment pasted with its margin trimmed, Swift names, addresses stripped")
  func trimmedFragment() throws {
    let h = try read(
      """
      + <UINavigationController>, state: appeared, view: <UILayoutContainerView>, presented with: <_UIFullscreenPresentationController>
      |    | <Target.ListViewController>, state: disappeared, view: <UIView> not in the window
      |    | <Target.EditViewController>, state: appeared, view: <UIView>
      """)
    #expect(h.ids(h.windows.map(\.root)) == ["UINavigationController-1"])
    let nav = try h.c("UINavigationController-1")
    #expect(nav.kind == .navigation)
    #expect(h.ids(nav.children) == ["Target.ListViewController-1", "Target.EditViewController-1"])
    #expect(nav.notes.contains { $0.contains("_UIFullscreenPresentationController") })
  }

  @Test("a presented container presents again: the `+` one level down belongs to it")
  func nestedPresentations() throws {
    let h = try read(
      """
      lldb) po [[[UIWindow keyWindow] rootViewController] _printHierarchy]
      <DocsNavigationController 0x10>, state: disappeared, view: <UILayoutContainerView 0x11> not in the window
         | <CatalogViewController 0x12>, state: disappeared, view: <UITableView 0x13> not in the window
         + <UINavigationController 0x20>, state: appeared, view: <UILayoutContainerView 0x21>, presented with: <_UIFullscreenPresentationController 0x22>
         |    | <ReaderViewController 0x30>, state: appeared, view: <ReaderView 0x31>
         |    |    | <ScrollViewController 0x40>, state: appeared, view: <UIView 0x41>
         |    + <DocsNavigationController 0x50>, state: appeared, view: <UILayoutContainerView 0x51>, presented with: <UIPopoverPresentationController 0x52>
         |    |    | <StampViewController 0x60>, state: appeared, view: <UIView 0x61>
      """)
    #expect(h.controllers.count == 7)
    #expect(h.ids(try h.c("0x10").children) == ["0x12"])
    #expect(h.id(try h.c("0x10").presents) == "0x20")
    #expect(try h.c("0x20").modalPresentationStyle == .fullScreen)
    #expect(h.ids(try h.c("0x20").children) == ["0x30"])
    #expect(h.ids(try h.c("0x30").children) == ["0x40"])
    #expect(h.id(try h.c("0x20").presents) == "0x50")
    #expect(try h.c("0x50").modalPresentationStyle == .popover)
    #expect(h.ids(try h.c("0x50").children) == ["0x60"])
    #expect(try h.c("0x30").showing == nil && h.c("0x30").view == nil)
  }

  @Test("Chisel's fallback format with `*M` presentations and its explanation line")
  func chiselModal() throws {
    let h = try read(
      """
      <UINavigationController: 0x1; view = <UILayoutContainerView; 0x2>; frame = (0, 0; 375, 667)>
         | <ListViewController: 0x3; view = <UIView; 0x4>; frame = (0, 0; 375, 667)>
        *M <EditorViewController: 0x5; view = <UIView; 0x6>; frame = (0, 0; 375, 667)>
         |   | <ToolbarViewController: 0x7; view not loaded>
         |  *M <PickerViewController: 0x8; view = <UIView; 0x9>; frame = (0, 0; 375, 667)>

      // '*M' means the view controller is presented modally.
      """)
    #expect(h.controllers.count == 5)
    let nav = try h.c("0x1")
    #expect(h.ids(nav.children) == ["0x3"])
    #expect(h.id(nav.presents) == "0x5")
    let editor = try h.c("0x5")
    #expect(editor.modalPresentationStyle == nil)
    #expect(editor.notes.contains { $0.contains("*M") })
    #expect(h.ids(editor.children) == ["0x7"])
    #expect(h.id(editor.presents) == "0x8")
    #expect(h.id(try h.c("0x8").requestedBy) == "0x5")
  }

  @Test("Chisel's explanation glued to the next line is skipped")
  func chiselGluedComment() throws {
    let h = try read(
      """
      <UITabBarController: 0x1; view = <UILayoutContainerView; 0x2>; frame = (0, 0; 375, 667)>
         | <AViewController: 0x3; view = <UIView; 0x4>; frame = (0, 0; 375, 667)>
        *M <BViewController: 0x5; view = <UIView; 0x6>; frame = (0, 0; 375, 667)>

      // '*M' means the view controller is presented modally.   | <CViewController: 0x7; view not loaded>
      """)
    #expect(h.ids(try h.c("0x1").children) == ["0x3", "0x7"])
    #expect(try h.c("0x7").location.column == 61)
  }

  @Test("Swift names: Module.Class, mangled _TtC demangled, _TtGC generics kept")
  func swiftNames() throws {
    let h = try read(
      """
      <MyApp.RootTabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <_TtGC5MyApp24MainNavigationControllerVS_4Feed_ 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
         |    | <_TtC5MyApp14FeedController 0x5>, state: appeared, view: <UIView 0x6>
         |    |    | <_TtGC7SwiftUI19UIHostingControllerVS_7AnyView_ 0x7>, state: appeared, view: <_TtGC7SwiftUI14_UIHostingViewVS_7AnyView_ 0x8>
         | <_TtCC5MyApp5Outer5Inner 0x9>, state: disappeared, view:  (view not loaded)
      """)
    #expect(try h.c("0x1").kind == .tabBar)
    #expect(h.superclasses["MyApp.RootTabBarController"] == "UITabBarController")
    let nav = try h.c("0x3")
    #expect(nav.className == "_TtGC5MyApp24MainNavigationControllerVS_4Feed_")
    #expect(nav.kind == .navigation)
    #expect(try h.c("0x5").className == "MyApp.FeedController")
    #expect(try h.c("0x7").className == "_TtGC7SwiftUI19UIHostingControllerVS_7AnyView_")
    #expect(try h.c("0x7").kind == .plain)
    #expect(try h.c("0x9").className == "MyApp.Outer.Inner")
    #expect(try h.c("0x1").selectedIndex == 0)
  }

  @Test("presentation styles from the presentation controller classes")
  func presentationStyles() throws {
    let styles: [(String, PresentationStyle?)] = [
      ("_UIFullscreenPresentationController", .fullScreen),
      ("_UIOverFullscreenPresentationController", .overFullScreen),
      ("_UIPageSheetPresentationController", .pageSheet),
      ("_UIFormSheetPresentationController", .formSheet),
      ("UIPopoverPresentationController", .popover),
      ("_UICurrentContextPresentationController", .currentContext),
      ("_UIAlertControllerAlertPresentationController", nil),
      ("MyBottomSheetPresentationController", nil),
    ]
    for (presentationClass, style) in styles {
      let h = try read(
        """
        <UIViewController 0x1>, state: appeared, view: <UIView 0x2>
           + <UIViewController 0x3>, state: appeared, view: <UIView 0x4>, presented with: <\(presentationClass) 0x5>
        """)
      let presented = try h.c("0x3")
      #expect(presented.modalPresentationStyle == style, "\(presentationClass)")
      #expect(h.id(presented.requestedBy) == "0x1")
      let unknown = presentationClass.hasPrefix("My")
      #expect(presented.notes.contains { $0.contains(presentationClass) } == unknown)
    }
  }

  @Test("an alert is recognized and its own text-field controllers are not imported")
  func alert() throws {
    let h = try read(
      """
      <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <LoginViewController 0x3>, state: appeared, view: <UIView 0x4>
         + <UIAlertController 0x5>, state: appeared, view: <_UIAlertControllerView 0x6>, presented with: <_UIAlertControllerAlertPresentationController 0x7>
         |    | <_UIAlertControllerTextFieldViewController 0x8>, state: appeared, view: <UIView 0x9>
      """)
    #expect(h.controllers.count == 3)
    let alert = try h.c("0x5")
    #expect(alert.kind == .alert && alert.children.isEmpty)
    #expect(alert.modalPresentationStyle == nil)
    #expect(alert.notes.contains { $0.contains("not imported") })
    #expect(h.id(try h.c("0x1").presents) == "0x5")
  }

  @Test("the selected tab is the one printed as appeared")
  func selectedTabFromState() throws {
    let h = try read(
      """
      <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <UINavigationController 0x3>, state: disappeared, view: <UILayoutContainerView 0x4> not in the window
         | <UINavigationController 0x5>, state: disappeared, view: <UILayoutContainerView 0x6> not in the window
         | <UINavigationController 0x7>, state: appeared, view: <UILayoutContainerView 0x8>
      """)
    #expect(try h.c("0x1").selectedIndex == 2)
    #expect(try h.c("0x1").notes.isEmpty)
  }

  @Test("a UILayoutContainerView whose children are navigation controllers is a tab bar")
  func tabBarByViewClass() throws {
    let h = try read(
      """
      <MainController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <UINavigationController 0x3>, state: disappeared, view: <UILayoutContainerView 0x4> not in the window
         | <UINavigationController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>
      <RootSwitcher 0x10>, state: appeared, view: <UILayoutContainerView 0x11>
         | <AViewController 0x12>, state: appeared, view: <UIView 0x13>
         | <BViewController 0x14>, state: disappeared, view: <UIView 0x15> not in the window
      """)
    let main = try h.c("0x1")
    #expect(main.kind == .tabBar)
    #expect(main.selectedIndex == 1)
    #expect(main.notes.contains { $0.contains("UILayoutContainerView") })
    #expect(h.superclasses["MainController"] == "UITabBarController")
    // Only the first of two children is on screen: a navigation controller would show its last.
    #expect(try h.c("0x10").kind == .tabBar)
    #expect(try h.c("0x10").selectedIndex == 0)
  }

  @Test("a custom container with one attached child shows it; with several, a view tree hosts them")
  func customContainers() throws {
    let h = try read(
      """
      <SwitcherViewController 0x1>, state: appeared, view: <UIView 0x2>
         | <OneViewController 0x3>, state: disappeared, view: <UIView 0x4> not in the window
         | <TwoViewController 0x5>, state: appeared, view: <UIView 0x6>
      <PagerViewController 0x10>, state: appeared, view: <UIScrollView 0x11>
         | <PageViewController1 0x12>, state: appeared, view: <UIView 0x13>
         | <PageViewController2 0x14>, state: appeared, view: <UITableView 0x15>
         | <PageViewController3 0x16>, state: disappeared, view: <UIView 0x17> not in the window
      <SideBySide 0x20>, state: appeared, view: <UIView 0x21>
         | <LeftViewController 0x22>, state: appeared, view: <UIView 0x23>
         | <RightViewController 0x24>, state: appeared, view: <UIView 0x25>
      """)
    #expect(h.windows.count == 3)
    #expect(h.windows.map(\.isKey) == [true, false, false])
    #expect(h.windows.map(\.id) == ["window-1", "window-2", "window-3"])
    let switcher = try h.c("0x1")
    #expect(switcher.kind == .plain)
    #expect(h.id(switcher.showing) == "0x5")
    #expect(switcher.view == nil)
    let pager = try h.c("0x10")
    #expect(pager.showing == nil)
    let root = try #require(pager.view)
    #expect(h.views[root].className == "UIScrollView")
    #expect(h.views[root].treeOwner == h.controller(id: "0x10"))
    let hosted = h.views[root].subviews.map { h.views[$0] }
    #expect(hosted.map { h.id($0.hosts) } == ["0x12", "0x14"])
    #expect(hosted.map(\.className) == ["UIView", "UITableView"])
    #expect(hosted.allSatisfy { $0.superview == root && $0.treeOwner == h.controller(id: "0x10") })
    let sides = try h.c("0x20")
    #expect(sides.showing == nil && sides.view == nil)
  }

  // WHY: issue 31 — YouTube's custom container printed eight children `disappeared` with
  // their views still in the window (a pager keeps neighbours loaded), and vcgraph put them on
  // screen. Apple: viewDidDisappear(_:) "Notifies the view controller that its view was removed
  // from a view hierarchy" (dismissed or hidden), so the state wins over the view's window.
  @Test("a custom container's children printed disappeared are not on screen, views or not")
  func disappearedChildrenOfACustomContainer() throws {
    var dump = "<BrowseContainerViewController 0x1>, state: appeared, view: <UIView 0x2>\n"
    for page in 1...10 {
      let state = page == 3 || page == 7 ? "appeared" : "disappeared"
      dump += "   | <FeedShelfViewController 0x\(page)0>, state: \(state),"
        + " view: <UICollectionView 0x\(page)1>\n"
    }
    let h = try read(dump)
    let container = try h.c("0x1")
    let root = try #require(container.view)
    #expect(h.views[root].subviews.map { h.id(h.views[$0].hosts) } == ["0x30", "0x70"])
    #expect(Analysis(h).visibleLeaves.map { h.controllers[$0].id } == ["0x30", "0x70"])
    #expect(container.notes.contains { $0.contains("'0x10'") && $0.contains("in the window") })

    // The dump contradicts itself when a disappeared child has an appeared child: it stays on
    // screen, and the note says so.
    let odd = try read(
      """
      <Switcher 0x1>, state: appeared, view: <UIView 0x2>
         | <One 0x3>, state: disappeared, view: <UIView 0x4>
         |    | <Inner 0x5>, state: appeared, view: <UIView 0x6>
         | <Two 0x7>, state: disappeared, view: <UIView 0x8>
      """)
    let switcher = try odd.c("0x1")
    #expect(odd.id(switcher.showing) == "0x3")
    #expect(switcher.notes.contains { $0.contains("'0x3' is printed disappeared but its child") })
  }

  @Test("a split view's collapsed state from its columns")
  func splitCollapsed() throws {
    let h = try read(
      """
      <UISplitViewController 0x1>, state: appeared, view: <_UISplitViewControllerPanelImplView 0x2>
         | <UINavigationController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
         | <UINavigationController 0x5>, state: appeared, view: <UILayoutContainerView 0x6>
      <MySplit 0x10>, state: appeared, view: <_UISplitViewControllerPanelImplView 0x11>
         | <UINavigationController 0x12>, state: appeared, view: <UILayoutContainerView 0x13>
         | <UINavigationController 0x14>, state: disappeared, view: <UILayoutContainerView 0x15> not in the window
      """)
    #expect(try h.c("0x1").collapsed == false)
    let custom = try h.c("0x10")
    #expect(custom.kind == .split)
    #expect(custom.collapsed == true)
    #expect(h.superclasses["MySplit"] == "UISplitViewController")
  }

  @Test("looksLikeDump: by content, not by extension")
  func detection() {
    #expect(DumpReader.looksLikeDump("<UIViewController 0x1>, state: appeared"))
    #expect(DumpReader.looksLikeDump("   + <UITabBarController>, presented with: (null)"))
    #expect(DumpReader.looksLikeDump("# header\n\n```\n<A: 0x1; view not loaded>\n```"))
    #expect(!DumpReader.looksLikeDump("window:\n  root: UIViewController\n"))
    #expect(!DumpReader.looksLikeDump("# only a comment\n"))
    #expect(!DumpReader.looksLikeDump(""))
    #expect(!DumpReader.looksLikeDump("<!DOCTYPE html>"))
  }
}

@Suite("Dump errors")
struct DumpErrorTests {
  @Test("text that is not a dump is an error at line 1")
  func notADump() throws {
    let error = try #require(readError("window:\n  root: UIViewController\n"))
    #expect(error.kind == .dataError)
    #expect(error.location == VCGraphCore.SourceLocation(path: "dump.txt", line: 1, column: 1))
    #expect(error.message.contains("not a view-controller hierarchy dump"))
    #expect(error.hint?.contains("_printHierarchy") == true)
    let empty = try #require(readError("\n\n"))
    #expect(empty.location?.line == 1)
    #expect(empty.message.contains("empty"))
  }

  @Test("a garbage line in the middle: its line and column")
  func garbageLine() throws {
    let error = try #require(
      readError(
        """
        <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
           | <AViewController 0x3>, state: appeared, view: <UIView 0x4>
        $0 = 0x0000000107a04f20
           | <BViewController 0x5>, state: appeared, view: <UIView 0x6>
        """))
    #expect(error.location == VCGraphCore.SourceLocation(path: "dump.txt", line: 3, column: 1))
    #expect(error.message.contains("expected a controller line"))
    #expect(error.hint != nil)
  }

  @Test("a misspelled field: the column of the word")
  func misspelledField() throws {
    let error = try #require(
      readError(
        """
        <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
           | <AViewController 0x3>, stat: appeared, view: <UIView 0x4>
        """))
    #expect(error.location == VCGraphCore.SourceLocation(path: "dump.txt", line: 2, column: 29))
    #expect(error.message.contains("'stat'"))
    #expect(error.hint == "did you mean 'state'?")
  }

  @Test("unknown state, missing address, bad view part, trailing text: exact columns")
  func lineErrors() throws {
    let cases: [(String, Int, String)] = [
      ("<A 0x1>, state: visible, view: <UIView 0x2>", 17, "unknown state 'visible'"),
      ("<A zz>", 4, "expected an address"),
      ("<A 0x1>, state: appeared, view: UIView", 33, "expected `<ViewClass"),
      ("<A 0x1>, state: appeared; view: <UIView 0x2>", 25, "expected `, state"),
      ("<A 0x1>, state: appeared, state: appeared", 27, "appears twice"),
      ("<A 0x1>, state: appeared trailing", 26, "expected `, state"),
      ("<A: 0x1; view = <UIView; 0x2>; frame = (0, 0; 1, 1)> extra", 54, "unexpected text"),
      ("<A 0x1>\n   |\tx", 5, "expected"),
    ]
    for (text, column, message) in cases {
      let error = try #require(readError(text), "\(text)")
      #expect(error.location?.column == column, "\(text): \(error)")
      #expect(error.message.contains(message), "\(text): \(error)")
    }
  }

  @Test("indentation that jumps more than one level is an error at that line")
  func indentationJump() throws {
    let error = try #require(
      readError(
        """
        <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
           | <AViewController 0x3>, state: appeared, view: <UIView 0x4>
           |    |    | <BViewController 0x5>, state: appeared, view: <UIView 0x6>
        """))
    #expect(error.location == VCGraphCore.SourceLocation(path: "dump.txt", line: 3, column: 14))
    #expect(error.message.contains("2 levels deeper"))
  }

  @Test("a line indented less than the dump's margin")
  func lessThanMargin() throws {
    let error = try #require(
      readError("    <A 0x1>, state: appeared, view: <UIView 0x2>\n  <B 0x3>"))
    #expect(error.location == VCGraphCore.SourceLocation(path: "dump.txt", line: 2, column: 3))
  }

  @Test("the same address twice, two presentations from one controller")
  func structuralErrors() throws {
    let twice = try #require(readError("<A 0x1>\n   | <B 0x1>"))
    #expect(twice.location == VCGraphCore.SourceLocation(path: "dump.txt", line: 2, column: 6))
    #expect(twice.message.contains("already appears on line 1"))
    let presents = try #require(
      readError(
        """
        <A 0x1>
           + <B 0x2>, presented with: <_UIFullscreenPresentationController 0x9>
           + <C 0x3>, presented with: <_UIFullscreenPresentationController 0x8>
        """))
    #expect(presents.location?.line == 3)
    #expect(presents.message.contains("already presents"))
    let child = try #require(
      readError("<A 0x1>\n   | <B 0x2>, presented with: <_UIFullscreenPresentationController 0x9>"))
    #expect(child.location?.line == 2)
    #expect(child.location?.column == 31)
  }

  @Test("limits: controllers, depth and input size")
  func limits() throws {
    var limits = InputLimits()
    limits.maxControllers = 2
    let many = try #require(readError("<A 0x1>\n   | <B 0x2>\n   | <C 0x3>", limits: limits))
    #expect(many.location == VCGraphCore.SourceLocation(path: "dump.txt", line: 3, column: 6))
    #expect(many.message.contains("more than 2 controllers"))

    limits = InputLimits()
    limits.maxDepth = 2
    var text = "<A 0x0>"
    for depth in 1...3 {
      text += "\n" + String(repeating: "   | ", count: depth) + "<A 0x\(depth)>"
    }
    let deep = try #require(readError(text, limits: limits))
    #expect(deep.location?.line == 4)
    #expect(deep.message.contains("deeper than 2"))

    limits = InputLimits()
    limits.maxInputBytes = 10
    let big = try #require(readError("<A 0x1>, state: appeared", limits: limits))
    #expect(big.location?.line == 1)
  }

  @Test("no input crashes the reader")
  func robustness() {
    let inputs = [
      "<", "<A", "<A ", "<A 0x", "<A 0x1", "<A 0x1>,", "<A 0x1>, view:", "<A 0x1>, view: <",
      "   +", "   | ", "*", "  *M", "<A: 0x1;", "<A: 0x1; view = <V; 0x2>; frame = (", "`", "\"",
      "@\"", "@\"<A 0x1>\\", "\"<A 0x1>\" trailing", "<A<B 0x1>", "\u{0}", "<A 0x1>\n\t<B 0x2>",
      "   + <A>, presented with: (null)\n   + <B>, presented with: (null)",
      "<A 0x1>\n  *M <B 0x2>\n   |  *M <C 0x3>\n   |   |  *M <D 0x4>",
    ]
    for input in inputs {
      _ = try? read(input)
      _ = DumpReader.looksLikeDump(input)
    }
  }
}
