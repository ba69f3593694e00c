import XCTest

@testable import VCGraphCore

/// `WorkspacePath.absolute` gives a normalised path back as it is, and normalises the others
/// by components, the same as splitting and joining every path would.
final class WorkspacePathTests: XCTestCase {
  func testAbsolutePathsAreNormalisedTheSameWithTheShortcut() {
    let paths = [
      "/a/b.swift", "/a/./b", "/a/../b", "/a//b", "/a/b/", "/", "//", "/...", "/a/.../b",
      "/a/.b/..c", "/.", "/..", "/a/..", "rel/x.swift", "./x", "../x", "", "/é/x", "/a/b.",
    ]
    for path in paths {
      let full = path.hasPrefix("/") ? path : "/work/dir/" + path
      let joined = "/" + WorkspacePath.components(full).joined(separator: "/")
      XCTAssertEqual(WorkspacePath.absolute(path, in: "/work/dir"), joined, path)
    }
    XCTAssertTrue(WorkspacePath.isNormalised("/a/.../b.swift"))
    XCTAssertFalse(WorkspacePath.isNormalised("/a/./b"))
    XCTAssertFalse(WorkspacePath.isNormalised("/a/b/"))
    XCTAssertFalse(WorkspacePath.isNormalised("/é"))
  }
}
