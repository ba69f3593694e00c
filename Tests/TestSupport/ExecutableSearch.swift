import Foundation

/// Programs the tests run, found on `PATH` (never at a fixed location).
public enum ExecutableSearch {
  /// Every executable named one of `names` on `PATH`: directory by directory, and in the order
  /// of `names` within a directory.
  public static func all(_ names: [String]) -> [URL] {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").flatMap { directory in
      names.map { URL(fileURLWithPath: String(directory)).appendingPathComponent($0) }
    }.filter { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// The first executable named one of `names` on `PATH`, if any.
  public static func first(_ names: String...) -> URL? { all(names).first }
}
