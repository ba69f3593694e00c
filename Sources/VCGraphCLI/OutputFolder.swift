import Foundation

/// What a path given on the command line says about folders, the one rule `render -o`,
/// `scan --split -o` and `diff`'s inputs follow.
enum OutputFolder {
  /// Whether `path` is an existing directory (links followed).
  static func exists(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// Whether `-o path` names a folder whatever else it looks like: it ends in `/` (as it does
  /// to `cp` and `mkdir -p`) or is an existing directory.
  static func isNamed(by path: String) -> Bool {
    path.hasSuffix("/") || exists(path)
  }
}
