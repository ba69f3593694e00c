import Foundation

/// Input paths as CI tools want them: relative to the working directory, whatever spelling
/// the user gave (`./Samples/x.yaml`, `Samples//x.yaml` and an absolute path are one file), so
/// that baselines and SARIF locations match from run to run.
public enum WorkspacePath {
  /// `path` relative to `directory` (an absolute path), lexically: `.` and `..` resolved, no
  /// symbolic links followed. Standard input (`-`) stays `-`.
  public static func relative(_ path: String, to directory: String) -> String {
    if path == "-" { return path }
    let absolute = path.hasPrefix("/") ? path : directory + "/" + path
    let target = components(absolute)
    let base = components(directory)
    var common = 0
    while common < min(target.count, base.count) && target[common] == base[common] {
      common += 1
    }
    let up = Array(repeating: "..", count: base.count - common)
    let rest = up + target[common...]
    return rest.isEmpty ? "." : rest.joined(separator: "/")
  }

  /// `%SRCROOT%` of a SARIF log: the root of the git work tree (the nearest directory with a
  /// `.git` entry, a directory or, in a linked worktree or submodule, a file) that holds every
  /// input file, else `directory` (the working directory) when the inputs are in no work tree,
  /// in different ones, or there are none (standard input). No `git` is run. Paths are
  /// absolute and lexically normalised, without a trailing slash.
  public static func sourceRoot(for paths: [String], in directory: String) -> String {
    let files = paths.filter { $0 != "-" }.map { absolute($0, in: directory) }
    guard let first = files.first, let root = workTree(containing: first) else {
      return absolute(directory, in: "/")
    }
    let prefix = root == "/" ? "/" : root + "/"
    return files.allSatisfy({ $0.hasPrefix(prefix) }) ? root : absolute(directory, in: "/")
  }

  /// `path` (relative to `directory`, or absolute) as a normalised absolute path.
  public static func absolute(_ path: String, in directory: String) -> String {
    let full = path.hasPrefix("/") ? path : directory + "/" + path
    // Splitting and joining Characters cost 76 k instructions a path (a scan asks once for
    // every folder): a path already normalised is given back as it is.
    if isNormalised(full) { return full }
    return "/" + components(full).joined(separator: "/")
  }

  /// Whether `path` is ASCII, absolute and has no component that is empty, `.` or `..` (nor
  /// a trailing slash): what `components` joined would give back unchanged.
  static func isNormalised(_ path: String) -> Bool {
    path.utf8.first == UInt8(ascii: "/") && isPlainRelative(path.utf8.dropFirst())
  }

  /// Whether `bytes` are a non-empty ASCII relative path whose components are neither empty,
  /// `.` nor `..` (no leading or trailing slash): lexically normalised as they stand. O(n).
  static func isPlainRelative(_ bytes: some Collection<UInt8>) -> Bool {
    guard !bytes.isEmpty else { return false }
    var component = 0
    var dots = 0
    for byte in bytes {
      guard byte < 0x80 else { return false }
      if byte == UInt8(ascii: "/") {
        if component == 0 || component == dots && dots <= 2 { return false }
        component = 0
        dots = 0
      } else {
        component += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
    }
    return !(component == 0 || component == dots && dots <= 2)
  }

  /// The nearest directory holding `file` that has a `.git` entry.
  static func workTree(containing file: String) -> String? {
    var parts = components(file)
    while !parts.isEmpty {
      parts.removeLast()
      let candidate = "/" + parts.joined(separator: "/")
      let git = (parts.isEmpty ? "" : candidate) + "/.git"
      if FileManager.default.fileExists(atPath: git) { return candidate }
    }
    return nil
  }

  /// A directory as a `file:` URI ending with `/` (as SARIF's `originalUriBaseIds` want).
  public static func directoryURI(_ absolutePath: String) -> String {
    let encoded = uri(String(absolutePath.dropFirst()))
    return "file:///" + encoded + (encoded.isEmpty || encoded.hasSuffix("/") ? "" : "/")
  }

  /// An absolute path's components with `.` and `..` resolved.
  static func components(_ path: String) -> [String] {
    var out: [String] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": if !out.isEmpty { out.removeLast() }
      default: out.append(String(part))
      }
    }
    return out
  }

  /// A relative path as a URI reference (RFC 3986): every byte but unreserved characters and
  /// `/` percent-encoded.
  public static func uri(_ relativePath: String) -> String {
    PercentEncoding.encoded(relativePath) {
      PercentEncoding.isUnreserved($0) || $0 == UInt8(ascii: "/")
    }
  }
}
