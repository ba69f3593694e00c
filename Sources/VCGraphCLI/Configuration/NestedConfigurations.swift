import Foundation
import VCGraphCore

/// The configuration files that apply to each input, as SwiftLint's nested configurations: the
/// base file (`--config FILE`, or `.vcgraph.yml` in the working directory or the nearest
/// directory above it), then every `.vcgraph.yml` in the directories from just below the
/// base's directory (the working directory when there is no base) down to the input's own,
/// outermost first, each merged over the ones before it: the nearest to the input wins.
/// `--config` and `--no-config` leave nested files out. A file outside the base's directory
/// gets the base alone. Files are read once per directory.
final class NestedConfigurations: @unchecked Sendable {
  /// The base file, whose option defaults apply to the run.
  let base: ConfigurationFile?
  /// The directory nested files are looked for below (absolute), or nil for none.
  let top: String?
  private var loaded: [String: Result<ConfigurationFile?, VCGraphError>] = [:]
  /// By directory below `top`: the nested files that apply there, outermost first (each
  /// directory's made from its parent's, so a walk's many folders each look up one file).
  private var nestedChains: [String: [ConfigurationFile]] = [:]
  private let lock = NSLock()

  init(base: ConfigurationFile?, nested: Bool) {
    self.base = base
    top = nested ? (base?.directory ?? WorkspacePath.absolute(".", in: Self.workingDirectory)) : nil
  }

  private static var workingDirectory: String { FileManager.default.currentDirectoryPath }

  /// The files that apply to `path` (as given), the base first and the nearest last; a nested
  /// file that cannot be read or is malformed is an error (66, or 65 at its position).
  func chain(for path: String) throws(VCGraphError) -> [ConfigurationFile] {
    let chain = base.map { [$0] } ?? []
    guard let top, path != "-" else { return chain }
    let file = WorkspacePath.absolute(path, in: Self.workingDirectory)
    let directory = Self.parent(of: file)
    let prefix = top == "/" ? "/" : top + "/"
    guard directory == top || directory.hasPrefix(prefix) else { return chain }
    return chain + (try nested(in: directory, top: top))
  }

  /// The nested files of `directory` (inside `top`) and of the directories between, outermost
  /// first.
  private func nested(in directory: String, top: String) throws(VCGraphError)
    -> [ConfigurationFile]
  {
    guard directory != top && directory.utf8.count > top.utf8.count else { return [] }
    if let known = lock.withLock({ nestedChains[directory] }) { return known }
    var files = try nested(in: Self.parent(of: directory), top: top)
    if let file = try load(in: directory) { files.append(file) }
    lock.withLock { nestedChains[directory] = files }
    return files
  }

  /// The folder holding `path`, an absolute path as `WorkspacePath.absolute` makes them (no
  /// trailing slash): `NSString.deletingLastPathComponent`'s, without bridging to NSString
  /// (67 k instructions a folder).
  static func parent(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
  }

  /// The rules' configuration for `path`: its chain merged, the nearest file winning.
  func rules(for path: String) throws(VCGraphError) -> RuleConfiguration {
    try chain(for: path).reduce(RuleConfiguration()) { $0.merging($1.rules) }
  }

  /// Whether a file of its chain leaves `path` out (`excluded`, or `included` that does not
  /// match it). A nested file that cannot be read leaves nothing out here: loading the input
  /// reports it.
  func excludes(_ path: String) -> Bool {
    guard let chain = try? chain(for: path) else { return false }
    let absolute = WorkspacePath.absolute(path, in: Self.workingDirectory)
    return chain.contains { $0.excludes(absolutePath: absolute) }
  }

  /// The nested file in `directory`, if there is one.
  private func load(in directory: String) throws(VCGraphError) -> ConfigurationFile? {
    let cached = lock.withLock { loaded[directory] }
    let result =
      cached
      ?? {
        let result = Result<ConfigurationFile?, VCGraphError> { () throws(VCGraphError) in
          try Self.read(in: directory)
        }
        lock.withLock { loaded[directory] = result }
        return result
      }()
    return try result.get()
  }

  private static func read(in directory: String) throws(VCGraphError) -> ConfigurationFile? {
    let path = directory + "/" + ConfigurationFile.fileName
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else { return nil }
    let bytes = try InputFileReading.read(path, limit: InputLimits.default.maxInputBytes)
    return try ConfigurationFile.load(
      bytes: bytes, path: path, optionKeys: ConfigurableOptions.keys, nested: true)
  }
}
