import Foundation
import VCGraphCore

/// The real storyboards copied into `Tests/Fixtures/storyboards` (provenance in its README),
/// and storyboards written inline for the rules no fixture exercises.
enum StoryboardFixtures {
  static let directory: URL = {
    let file = URL(fileURLWithPath: #filePath)
    let candidates = [file, file.resolvingSymlinksInPath()].map {
      $0.deletingLastPathComponent()  // VCGraphCoreTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/storyboards")
    }
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
  }()

  static let unwindDemo =
    "joinpursuit__Pursuit-Core-iOS-UnwindSegueDemo/UnwindSegueDemo/Base.lproj/Main.storyboard"
  static let kickstarterMain = "kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Main.storyboard"
  static let kickstarterDiscovery =
    "kickstarter__ios-oss/Kickstarter-iOS/Base.lproj/Discovery.storyboard"
  static let alamofire = "Alamofire__Alamofire/Example/Resources/Base.lproj/Main.storyboard"

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  static func load(_ name: String) throws -> StoryboardMap {
    try StoryboardLoader().load(paths: [path(name)])
  }

  /// A storyboard document around `scenes`, each a controller element (with its segues) that
  /// `scene` wraps.
  static func document(initial: String?, _ scenes: [String]) -> String {
    let initialAttribute = initial.map { " initialViewController=\"\($0)\"" } ?? ""
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"\
      \(initialAttribute)>
          <scenes>
      \(scenes.enumerated().map { scene($1, number: $0) }.joined(separator: "\n"))
          </scenes>
      </document>
      """
  }

  static func scene(_ controller: String, number: Int) -> String {
    """
            <scene sceneID="s\(number)">
                <objects>
                    \(controller)
                    <exit id="exit\(number)" userLabel="Exit" sceneMemberID="exit"/>
                </objects>
            </scene>
    """
  }

  /// A controller element with `segues` in its `<connections>`.
  static func controller(
    _ element: String, id: String, attributes: String = "", segues: [String] = [],
    body: String = ""
  ) -> String {
    let connections =
      segues.isEmpty ? "" : "<connections>\(segues.joined(separator: ""))</connections>"
    return """
      <\(element) id="\(id)" \(attributes) sceneMemberID="viewController">\(body)\(connections)\
      </\(element)>
      """
  }

  static func segue(_ kind: String, to destination: String, _ attributes: String = "") -> String {
    "<segue destination=\"\(destination)\" kind=\"\(kind)\" \(attributes)/>"
  }

  /// A button holding `segues`, as a controller's view would.
  static func button(_ id: String, segues: [String]) -> String {
    """
    <view key="view" id="\(id)-view"><subviews><button id="\(id)">\
    <connections>\(segues.joined(separator: ""))</connections></button></subviews></view>
    """
  }

  static func map(_ text: String, path: String = "t.storyboard") throws -> StoryboardMap {
    try StoryboardLoader().load(bytes: Array(text.utf8), path: path)
  }

  /// The error reading `text` gives, or nil if it reads.
  static func error(_ text: String) -> VCGraphError? {
    error(bytes: Array(text.utf8))
  }

  static func error(bytes: [UInt8]) -> VCGraphError? {
    do {
      _ = try StoryboardReader().read(bytes: bytes, path: "t.storyboard")
      return nil
    } catch {
      return error
    }
  }
}
