import Foundation
import VCGraphCore
import VCGraphLint
import XCTest

/// The lint rules on the three real apps of `Tests/Fixtures/swift` (provenance in its
/// README). Every finding below was read in the code and judged real; the sites the rules
/// pass over on purpose are listed with why.
///
/// tinode (UIKit, 98 Swift files here): 5 findings, all `popover-without-anchor`, all real —
/// action sheets and an activity sheet presented with no anchor, which raise on iPad:
/// - `FindViewController.swift:188`: `inviteActionClicked` builds an `.actionSheet` alert and
///   `self.present(alert)`s it; nothing sets its `popoverPresentationController`.
/// - `MessageViewController+MessageDisplayLogic.swift:38`: the invitation `.actionSheet`
///   (accept, ignore, block), presented bare.
/// - `TopicInfoViewController.swift:453`: the member `.actionSheet` (`showMemberAction`), bare.
/// - `UiUtils.swift:631`: `presentFileSharingVC` presents a `UIActivityViewController` on the
///   top controller with no anchor.
/// - `widgets/SendMessageBar.swift:151`: `attach(_:)` presents an `.actionSheet` on the
///   window's root; the `sender` button it has would be the anchor.
/// Silent on purpose: `MessageViewController.swift:622` (the call sheet is anchored through
/// `if let presentation = alert.popoverPresentationController { presentation.barButtonItem =
/// … }`), `widgets/ImagePicker.swift:81` (anchored inside `if userInterfaceIdiom == .pad`).
/// Its containment, pushes and presentations are all balanced, from buttons and callbacks.
///
/// TrustWallet (programmatic UIKit, 365 files): none. Its four `addChildViewController`
/// sites (`UIViewController.swift:59`, `StackViewController.swift:9`,
/// `NavigationController.swift:73`, `RequestViewController.swift:79`) each add the view and
/// call `didMove(toParentViewController:)`; its one `removeFromParentViewController` follows
/// `willMove(toParentViewController: nil)`. Its pushes go through its own
/// `NavigationController` (a plain `UIViewController`), never of a container.
///
/// ACHNBrowserUI (SwiftUI, 208 files): none. It has no UIKit presentation or containment;
/// its 15 views whose `body` is a `NavigationView` are tabs (`TodayView`, `CategoriesView`,
/// …) or sheets' content (`Sheet.swift`, `SettingsView`, the form views), and no link pushes
/// one: `CustomTasksListView.swift:54` pushes `CustomTaskFormView`, whose `NavigationView` is
/// only in its preview (`CutomTaskFormView_Previews`); it targets iOS 14, before
/// `navigationDestination`. Its sheets' content is `Sheet(sheetType:)` (whose code wraps each
/// sheet in a `NavigationView`) or views with a `NavigationView` of their own, and its window
/// group's root is a property (`contentView`, a `TabView`), so no link is outside a stack.
final class LintFixtureTests: XCTestCase {
  func findings(_ app: String) throws -> [String] {
    let folder = swiftFixtures.appendingPathComponent(app).path
    let sources = try ScanSources.collect([folder])
    let result = Linter().lint(sources.swiftFiles)
    XCTAssertEqual(result.problems, [])
    return result.findings.map {
      "\(ScanSources.relativePath($0.location.path, to: folder)):\($0.location.line)"
        + " \($0.rule.rawValue)"
    }
  }

  func testTinode() throws {
    XCTAssertEqual(
      try findings("tinode__ios"),
      [
        "Tinodios/FindViewController.swift:188 popover-without-anchor",
        "Tinodios/MessageViewController+MessageDisplayLogic.swift:38 popover-without-anchor",
        "Tinodios/TopicInfoViewController.swift:453 popover-without-anchor",
        "Tinodios/UiUtils.swift:631 popover-without-anchor",
        "Tinodios/widgets/SendMessageBar.swift:151 popover-without-anchor",
      ])
  }

  func testTrustWallet() throws {
    XCTAssertEqual(try findings("TrustWallet__trust-wallet-ios"), [])
  }

  func testACHNBrowserUI() throws {
    XCTAssertEqual(try findings("Dimillian__ACHNBrowserUI"), [])
  }
}
