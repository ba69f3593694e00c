import Foundation
import VCGraphCore

/// Which files found in the folders `vcgraph scan` reads are left out: `--exclude` globs and
/// the configuration files' `excluded` and `included` patterns, as `InputLoader.isExcluded`
/// and `InputSelection.matches` decide. The configuration files that apply to a file depend
/// only on its folder, so they are looked up once per folder (once per folder given when the
/// walk found no nested configuration file), and a file whose files have no pattern at all is
/// kept without asking them. Asked for every file (its path made absolute,
/// and every folder up to the top one looked up), they cost 0.39 G instructions on the 671
/// files of the fixtures, a quarter of parsing them (BENCHMARKS.md).
final class ScanExclusion {
  private let configurations: NestedConfigurations
  private let globs: [String]
  /// By folder as spelled in the path: whether a configuration file that applies has patterns.
  private var patterned: [Substring: Bool] = [:]
  /// The folder of the file asked about last, and its answer.
  private var last: (folder: Substring, hasPatterns: Bool)?

  init(configurations: NestedConfigurations, globs: [String]) {
    self.configurations = configurations
    self.globs = globs
  }

  /// Whether `path` (found in a folder; `inside` is its path inside that folder) is left out;
  /// `nestedConfigurations`: whether a folder of the walk holds a configuration file. When
  /// none does, every file under the folder given has that folder's files, looked up once.
  func isExcluded(_ path: String, _ inside: String, _ nestedConfigurations: Bool) -> Bool {
    if !globs.isEmpty && InputSelection.matches(inside, globs) { return true }
    let folder: Substring
    if nestedConfigurations {
      folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? ""
    } else {
      // The folder given, as spelled in the path (its `inside` cut off; O(1) in UTF-8).
      folder = path[..<path.utf8.index(path.utf8.endIndex, offsetBy: -inside.utf8.count)]
    }
    let hasPatterns: Bool
    if let last, last.folder == folder {
      // The walk reads a folder's files one after another: no hashing for those.
      hasPatterns = last.hasPatterns
    } else if let known = patterned[folder] {
      hasPatterns = known
    } else {
      let chain = (try? configurations.chain(for: path)) ?? []
      hasPatterns = chain.contains { !$0.excluded.isEmpty || !$0.included.isEmpty }
      patterned[folder] = hasPatterns
    }
    last = (folder, hasPatterns)
    return hasPatterns && configurations.excludes(path)
  }
}
