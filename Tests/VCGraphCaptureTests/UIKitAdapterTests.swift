// The UIKit adapter itself, compiled on Linux against Tests/UIKitSurface (a module named UIKit
// whose objects a test can set up): what it reads from UIKit's objects, checked against text
// written by hand from Apple's documented behaviour. XCTest, not Swift Testing: Testing looks
// for its UIKit cross-import overlay beside any module named UIKit.
#if os(Linux)
  import Foundation
  import UIKit
  import VCGraphCaptureUIKitCheck
  import VCGraphCore
  import XCTest

  final class SurfaceAppDelegate: UIResponder, UIApplicationDelegate {}
  final class MainTabs: UITabBarController {}

  final class UIKitAdapterTests: XCTestCase {
    /// The adapter reads windows, containers and the presenter as UIKit reports them.
    func testDescribesTheApp() throws {
      // XCTest runs tests on the main thread.
      try MainActor.assumeIsolated { try AdapterScenario.describesTheApp() }
    }

    /// The UI-test route: the launch argument names the file; a request file makes the app
    /// write the capture there and remove the request.
    func testAnswersARequest() throws {
      XCTAssertEqual(
        VCGraphCapture.launchArgumentPath(in: ["App", "-VCGraphCapturePath", "/tmp/a.yaml"]),
        "/tmp/a.yaml")
      XCTAssertNil(VCGraphCapture.launchArgumentPath(in: ["App", "-VCGraphCapturePath"]))
      XCTAssertNil(VCGraphCapture.launchArgumentPath(in: ["App"]))
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("vcgraph-capture-\(getpid())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let path = folder.appendingPathComponent("capture.yaml").path
      try MainActor.assumeIsolated {
        UIApplication.surfaceShared = AdapterScenario.app()
        XCTAssertFalse(VCGraphCapture.answerRequest(at: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertTrue(
          FileManager.default.createFile(
            atPath: VCGraphCapture.requestPath(for: path), contents: nil))
        XCTAssertTrue(VCGraphCapture.answerRequest(at: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".request"))
        let written = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(written, VCGraphCapture.describe())
        XCTAssertTrue(written.contains("id: UIViewController-4"))
      }
    }
  }

  @MainActor
  enum AdapterScenario {
    /// A view in `window` that is `controller`'s root view.
    static func rootView(of controller: UIViewController, in window: UIWindow?) -> UIView {
      let view = UIView()
      view.surfaceNext = controller
      view.surfaceWindow = window
      controller.surfaceView = view
      return view
    }

    /// Tabs (the second selected) in a key window; the second tab's detail asked for a page
    /// sheet that the tab bar controller presents. An alert-level window beside it, a hidden
    /// one that is left out.
    static func app() -> UIApplication {
      let app = UIApplication()
      let delegate = SurfaceAppDelegate()
      app.delegate = delegate
      let scene = UIWindowScene()
      scene.surfaceActivationState = .foregroundActive
      let window = UIWindow()
      window.surfaceIsKeyWindow = true
      scene.surfaceKeyWindow = window
      let tabs = MainTabs()
      window.rootViewController = tabs
      let first = UINavigationController()
      first.viewControllers = [UIViewController()]
      let second = UINavigationController()
      let list = UIViewController()
      let detail = UIViewController()
      detail.title = "Detail"
      second.viewControllers = [list, detail]
      tabs.viewControllers = [first, second]
      tabs.selectedIndex = 1
      let sheet = UINavigationController()
      let edit = UIViewController()
      sheet.viewControllers = [edit]
      sheet.modalPresentationStyle = .pageSheet
      sheet.modalTransitionStyle = .crossDissolve
      // UIKit reports the presentation on the presenter and on its descendants
      // ("presented by this view controller, or one of its ancestors"); the presented
      // controller and its children name the presenter.
      for reporter in [tabs, second, detail] { reporter.surfacePresented = sheet }
      for presented in [sheet, edit] { presented.surfacePresenting = tabs }
      for shown in [tabs, second, detail, sheet, edit] { _ = rootView(of: shown, in: window) }
      for hidden in [first, first.viewControllers[0], list] {
        _ = rootView(of: hidden, in: nil)
      }
      let banner = UIWindow()
      banner.windowLevel = .alert
      let bannerRoot = UIViewController()
      banner.rootViewController = bannerRoot
      let hidden = UIWindow()
      hidden.isHidden = true
      hidden.rootViewController = UIViewController()
      scene.surfaceWindows = [window, banner, hidden]
      app.surfaceConnectedScenes = [scene]
      withExtendedLifetime(delegate) {}
      return app
    }

    static func describesTheApp() throws {
      let app = app()
      UIApplication.surfaceShared = app
      let text = VCGraphCapture.describe()
      let expected = """
        # vcgraph description captured from a running app by VCGraphCapture
        classes:
          VCGraphCaptureTests.MainTabs: UITabBarController
        delegate: VCGraphCaptureTests.SurfaceAppDelegate
        # left out: a hidden UIWindow (the format has no hidden windows)
        windows:
          - key: true
            root:
              class: VCGraphCaptureTests.MainTabs
              id: VCGraphCaptureTests.MainTabs
              state: appeared
              selectedIndex: 1
              viewControllers:
                # view not in a window
                - class: UINavigationController
                  id: UINavigationController-1
                  state: disappeared
                  viewControllers:
                    # view not in a window
                    - class: UIViewController
                      id: UIViewController-1
                      state: disappeared
                - class: UINavigationController
                  id: UINavigationController-2
                  state: appeared
                  viewControllers:
                    # view not in a window
                    - class: UIViewController
                      id: UIViewController-2
                      state: disappeared
                    - class: UIViewController
                      id: UIViewController-3
                      state: appeared
              presents:
                # modalTransitionStyle: crossDissolve
                class: UINavigationController
                id: UINavigationController-3
                modalPresentationStyle: pageSheet
                state: appeared
                viewControllers:
                  - class: UIViewController
                    id: UIViewController-4
                    state: appeared
          - key: false
            level: alert
            root:
              # view not loaded
              class: UIViewController
              id: UIViewController-5
              state: disappeared

        """
      XCTAssertEqual(text, expected)
      let loaded = try DescriptionLoader().load(text: text, path: "capture.yaml")
      let analysis = Analysis(loaded)
      XCTAssertEqual(
        analysis.topViewController.map { loaded.controllers[$0].id }, "UIViewController-4")
    }
  }
#endif
