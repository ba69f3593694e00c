import Foundation

/// The files a scan reads: the `.swift` files and the `.storyboard` files under the paths given
/// (a file as given, a folder recursively, hidden folders and `.build` left out), sorted by
/// path, and the root their paths in the output are relative to.
public struct ScanSources: Sendable, Equatable {
  /// The folder the output's paths are relative to.
  public var root: String
  /// The Swift files, absolute or as given, sorted.
  public var swiftFiles: [String]
  /// The storyboards, sorted.
  public var storyboards: [String]

  /// Creates a list of sources.
  public init(root: String, swiftFiles: [String], storyboards: [String]) {
    self.root = root
    self.swiftFiles = swiftFiles
    self.storyboards = storyboards
  }

  /// Collects the files under `paths`; `isExcluded` is asked with each file found in a folder
  /// (its path, and its path inside the folder given); files given by name are always read.
  /// `root` defaults to the folder given when there is one, else the current directory. A
  /// path that does not exist is an error (66).
  public static func collect(
    _ paths: [String], root: String? = nil,
    isExcluded: (_ path: String, _ inside: String) -> Bool = { _, _ in false }
  ) throws(VCGraphError) -> ScanSources {
    try collect(paths, root: root) { path, inside, _ in isExcluded(path, inside) }
  }

  /// `collect`, with `isExcluded` also told whether a folder the walk went into holds a
  /// configuration file (`.vcgraph.yml`): when none does, the files of one folder given have
  /// the same nested configuration files, found once instead of once per folder (vcgraph's
  /// exclusions cost 39 M instructions, 1,321 folders of 5,408 files). Asked once the walk has
  /// ended, in the walk's order.
  public static func collect(
    _ paths: [String], root: String? = nil,
    isExcluded: (_ path: String, _ inside: String, _ nestedConfigurations: Bool) -> Bool
  ) throws(VCGraphError) -> ScanSources {
    let manager = FileManager.default
    var swift: [String] = []
    var storyboards: [String] = []
    let base = root ?? defaultRoot(paths)
    func add(_ path: String) {
      if path.hasSuffix(".swift") { swift.append(path) }
      if path.hasSuffix(".storyboard") { storyboards.append(path) }
    }
    // Files found in folders, (path, path inside the folder given), asked about after the walk.
    var found: [(String, String)] = []
    var nestedConfigurations = false
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw VCGraphError(.noInput, "\(path): no such file or folder")
      }
      guard isDirectory.boolValue else {
        add(path)
        continue
      }
      guard access(path, R_OK | X_OK) == 0 else {
        throw VCGraphError(.noInput, "\(path): cannot read the folder")
      }
      let prefix = path.hasSuffix("/") ? path : path + "/"
      FolderWalk.walk(path) { item, name, isFolder in
        if name == ConfigurationFile.fileName { nestedConfigurations = true }
        if name.hasPrefix(".") || name == "Pods" || name == "Carthage" || name == "DerivedData" {
          return false
        }
        // A folder named `x.swift` is gone into, not read.
        if !isFolder && (name.hasSuffix(".swift") || name.hasSuffix(".storyboard")) {
          found.append((prefix + item, item))
        }
        return true
      }
    }
    for (full, item) in found where !isExcluded(full, item, nestedConfigurations) { add(full) }
    return ScanSources(
      root: base, swiftFiles: sortedUnique(swift), storyboards: sortedUnique(storyboards))
  }

  /// The files of a list made by `collect` (`vcgraph scan` hands its list to `vcgraph-swift`):
  /// taken as they are, not looked up again (one that has gone is a warning when read).
  public static func listed(_ paths: [String], root: String? = nil) -> ScanSources {
    var swift: [String] = []
    var storyboards: [String] = []
    for path in paths {
      if path.hasSuffix(".swift") { swift.append(path) }
      if path.hasSuffix(".storyboard") { storyboards.append(path) }
    }
    return ScanSources(
      root: root ?? defaultRoot(paths), swiftFiles: sortedUnique(swift),
      storyboards: sortedUnique(storyboards))
  }

  /// `paths` sorted without repeats; a list that already is (what `collect` makes, and hands
  /// `listed` through `vcgraph-swift`) is checked in one pass and kept, where a `Set` and a
  /// sort cost about 4,000 instructions a path.
  static func sortedUnique(_ paths: [String]) -> [String] {
    if zip(paths, paths.dropFirst()).allSatisfy({ $0 < $1 }) { return paths }
    return Array(Set(paths)).sorted()
  }

  /// The root of a scan of `paths` without one given (what `collect` takes): the one folder
  /// given, else the current directory.
  public static func defaultRoot(_ paths: [String]) -> String {
    if paths.count == 1 {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: paths[0], isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return paths[0]
      }
    }
    return FileManager.default.currentDirectoryPath
  }

  /// `path` relative to `root` when it is inside it, else `path` as given.
  public static func relativePath(_ path: String, to root: String) -> String {
    RelativePaths(root: root).relative(path)
  }
}

/// `ScanSources.relativePath(_:to:)` for the many paths of one root: the root standardized
/// once (`URL.standardizedFileURL` costs a file-system lookup and an allocation of a URL),
/// and a path spelled as the root and a plain rest (ASCII, no `.`, `..` or empty component)
/// cut to that rest without standardizing it: standardizing the path would change only the
/// root's part, into the standardized root, and leave the same rest.
public struct RelativePaths: Sendable {
  /// The root's bytes as given, with a `/` at the end.
  private let given: [UInt8]
  /// The root standardized, with a `/` at the end.
  private let base: String

  /// The paths relative to `root`.
  public init(root: String) {
    given = Array((root.hasSuffix("/") ? root : root + "/").utf8)
    var base = URL(fileURLWithPath: root).standardizedFileURL.path
    if !base.hasSuffix("/") { base += "/" }
    self.base = base
  }

  /// `path` relative to the root when it is inside it, else `path` as given.
  public func relative(_ path: String) -> String {
    // In an array: a String's or Substring's bytes one by one cost about 20 instructions each.
    let bytes = Array(path.utf8)
    if bytes.starts(with: given) {
      let rest = bytes[given.count...]
      if WorkspacePath.isPlainRelative(rest) { return String(decoding: rest, as: UTF8.self) }
    }
    let full = URL(fileURLWithPath: path).standardizedFileURL.path
    return full.hasPrefix(base) ? String(full.dropFirst(base.count)) : path
  }
}
