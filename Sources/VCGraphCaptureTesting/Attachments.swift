// For test targets only: XCTest must not be linked into an app, so `attachment()` lives here,
// apart from VCGraphCapture (which an app's debug build links). Not compiled on Linux, whose
// XCTest has no XCTAttachment (and where `canImport(UIKit)` may see the test-only surface).
#if canImport(UIKit) && canImport(XCTest) && !os(Linux)
  import Foundation
  import UIKit
  import VCGraphCapture
  import XCTest

  extension VCGraphCapture {
    /// The running app's hierarchy as an `XCTAttachment` (`capture.yaml`, kept even when the
    /// test passes), for unit and snapshot tests hosted in the app's process:
    /// `add(VCGraphCapture.attachment())`; `including:` adds controllers in no window.
    @MainActor
    public static func attachment(
      named name: String = "capture.yaml", including controllers: [UIViewController] = [],
      options: CaptureOptions = CaptureOptions()
    ) -> XCTAttachment {
      let attachment = XCTAttachment(string: describe(including: controllers, options: options))
      attachment.name = name
      attachment.lifetime = .keepAlways
      return attachment
    }

    /// From a UI test: asks the app, launched with `launchArguments += [launchArgument, path]`,
    /// for a capture at `path` and returns it once the app has written it, or nil after
    /// `timeout` seconds (the app did not call `startLaunchArgumentHandler()`, or is not
    /// running on this machine's file system: a simulator shares it, a device does not).
    public static func requestCapture(at path: String, timeout: TimeInterval = 10) -> String? {
      let files = FileManager.default
      try? files.removeItem(atPath: path)
      guard files.createFile(atPath: requestPath(for: path), contents: Data()) else { return nil }
      let deadline = Date().addingTimeInterval(timeout)
      while Date() < deadline {
        if !files.fileExists(atPath: requestPath(for: path)),
          let text = try? String(contentsOfFile: path, encoding: .utf8)
        {
          return text
        }
        Thread.sleep(forTimeInterval: 0.1)
      }
      return nil
    }
  }
#endif
