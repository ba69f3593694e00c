import Foundation
import VCGraphCore
import XCTest

/// `RelativePaths` gives what standardizing both paths with `URL.standardizedFileURL` gives
/// (the way `ScanSources.relativePath` worked before it kept the root standardized).
final class RelativePathsTests: XCTestCase {
  func standardized(_ path: String, to root: String) -> String {
    let full = URL(fileURLWithPath: path).standardizedFileURL.path
    var base = URL(fileURLWithPath: root).standardizedFileURL.path
    if !base.hasSuffix("/") { base += "/" }
    return full.hasPrefix(base) ? String(full.dropFirst(base.count)) : path
  }

  func testAsStandardizingBothPaths() {
    let roots = ["/work/app", "/work/app/", "app", "./app", "app/.", "../x/app", "/", ".", "a/../b"]
    let rests = [
      "A.swift", "Sources/A.swift", "Sources/./A.swift", "Sources/../A.swift", "Sources//A.swift",
      "...swift", "..x/A.swift", ".hidden/A.swift", "./A.swift", "../A.swift", "café/A.swift",
      "Views/Ünïcode.swift", "a/b/c/d/e/f.swift",
    ]
    for root in roots {
      let paths = RelativePaths(root: root)
      let prefix = root.hasSuffix("/") ? root : root + "/"
      for rest in rests {
        for path in [prefix + rest, "/elsewhere/" + rest, rest] {
          XCTAssertEqual(paths.relative(path), standardized(path, to: root), "\(root) \(path)")
          XCTAssertEqual(
            ScanSources.relativePath(path, to: root), standardized(path, to: root),
            "\(root) \(path)")
        }
      }
    }
    // Hand-checked: the rest as it is, and `..` resolved.
    XCTAssertEqual(RelativePaths(root: "/work/app").relative("/work/app/S/A.swift"), "S/A.swift")
    XCTAssertEqual(RelativePaths(root: "/work/app").relative("/work/app/S/../A.swift"), "A.swift")
  }

  /// `ScanSources.listed` sorts the list and drops repeats, for each kind, whether the list is
  /// already sorted (what `collect` gives, kept as it is) or not (hand-checked results).
  func testListedSortsAndDropsRepeats() {
    let sorted = ScanSources.listed(["/a/A.swift", "/a/B.storyboard", "/a/B.swift", "/a/C.swift"])
    XCTAssertEqual(sorted.swiftFiles, ["/a/A.swift", "/a/B.swift", "/a/C.swift"])
    XCTAssertEqual(sorted.storyboards, ["/a/B.storyboard"])
    let unsorted = ScanSources.listed([
      "/a/C.swift", "/a/A.swift", "/a/Z.storyboard", "/a/C.swift", "/a/B.swift",
      "/a/M.storyboard", "/a/Z.storyboard",
    ])
    XCTAssertEqual(unsorted.swiftFiles, ["/a/A.swift", "/a/B.swift", "/a/C.swift"])
    XCTAssertEqual(unsorted.storyboards, ["/a/M.storyboard", "/a/Z.storyboard"])
    // Sorted but with a repeat: the repeat goes.
    let repeated = ScanSources.listed(["/a/A.swift", "/a/A.swift", "/a/B.swift"])
    XCTAssertEqual(repeated.swiftFiles, ["/a/A.swift", "/a/B.swift"])
    XCTAssertEqual(ScanSources.listed([]).swiftFiles, [])
  }
}
