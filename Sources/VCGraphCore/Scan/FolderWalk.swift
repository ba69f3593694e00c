// Reads folders with opendir/readdir, for the scan's walk of the folders it is given: an
// entry's kind comes from readdir's d_type (lstat only where the file system gives none),
// where `FileManager.enumerator(atPath:)` cost about 150 k instructions an entry, a quarter
// of parsing the fixture apps (BENCHMARKS.md, "Scan").

import Foundation

/// A walk of the entries under a folder, as `FileManager.enumerator(atPath:)` gives them:
/// paths inside the folder (`a/b.swift`), links listed but not followed into (a link back up
/// would never end), a folder that cannot be read left out.
enum FolderWalk {
  /// Calls `visit(inside, name, isFolder)` for every entry under `folder`, in no set order;
  /// `visit` returns whether to go into the entry when it is a folder.
  static func walk(
    _ folder: String, _ visit: (_ inside: String, _ name: String, _ isFolder: Bool) -> Bool
  ) {
    walk(folder.hasSuffix("/") ? folder : folder + "/", inside: "", visit)
  }

  private static func walk(
    _ base: String, inside: String,
    _ visit: (_ inside: String, _ name: String, _ isFolder: Bool) -> Bool
  ) {
    guard let handle = opendir(base + inside) else { return }
    var folders: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let path = inside.isEmpty ? name : inside + "/" + name
      var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
      if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
        var info = stat()
        isFolder = lstat(base + path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      }
      if visit(path, name, isFolder) && isFolder { folders.append(path) }
    }
    closedir(handle)
    for folder in folders { walk(base, inside: folder, visit) }
  }
}
