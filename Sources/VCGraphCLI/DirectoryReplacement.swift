// Replacing a directory of outputs as a whole (the files of one `simulate` run): they are
// written into a fresh sibling directory, which is then swapped in place of the old one in one
// step (renameat2 RENAME_EXCHANGE on Linux, renamex_np RENAME_SWAP on Darwin). A failure
// leaves the old directory as it was; a shorter run leaves no stale files of a longer one;
// two runs into one directory each swap in a whole run, never a mix.

import Foundation
import VCGraphCore

/// One directory of outputs to replace; see the file's header. A directory is replaced only
/// when vcgraph wrote it (it holds the marker file) or it is empty: files that are merely named
/// like vcgraph's outputs (`index.html`, `step-1.png`) may be the user's own.
struct DirectoryReplacement {
  /// The marker file in every directory vcgraph writes as a whole.
  static let markerName = ".vcgraph"

  /// The directory as the user named it (for messages).
  let path: String
  /// Where it really is: a symbolic link to a directory is followed and stays a link.
  let target: String
  /// The command writing it (`simulate`), recorded in the marker.
  let command: String

  init(path: String, command: String) {
    self.path = path
    self.command = command
    target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  }

  /// Fails when the directory cannot be replaced: it is a file, it holds files but not the
  /// marker (someone else wrote it, whatever its files are named), or an input lies inside it (it
  /// would go with the old directory).
  func check(inputs: [String]) throws(VCGraphError) {
    let resolved = target.hasSuffix("/") ? target : target + "/"
    for input in inputs where input != "-" {
      let inputPath = URL(fileURLWithPath: input).resolvingSymlinksInPath().path
      if inputPath.hasPrefix(resolved) {
        throw VCGraphError(
          .cantCreate, "\(path): refusing to replace the directory that holds the input \(input)",
          hint: "choose another output directory with -o")
      }
    }
    var info = stat()
    guard stat(target, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw VCGraphError(.cantCreate, "\(path): exists and is not a directory")
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
    if names.contains(Self.markerName) { return }
    let foreign = names.sorted()
    if !foreign.isEmpty {
      let shown = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
      throw VCGraphError(
        .cantCreate,
        "\(path): refusing to replace a directory vcgraph did not write (it holds \(shown))",
        hint: "choose another output directory with -o, or empty this one")
    }
  }

  /// Writes `files` into a fresh sibling directory and puts it in place of the old one.
  func replace(with files: [(name: String, bytes: [UInt8])]) throws(VCGraphError) {
    let url = URL(fileURLWithPath: target)
    let parent = url.deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw VCGraphError(
        .cantCreate,
        "\(path): cannot create the directory \(parent) (\(error.localizedDescription))")
    }
    Self.removeLeftovers(of: url.lastPathComponent, in: parent)
    let staging = TemporaryFiles.name(beside: target)
    guard mkdir(staging, 0o755) == 0 else {
      let code = errno
      throw code == ENOSPC || code == EDQUOT
        ? Self.ioError(path, code)
        : VCGraphError(
          .cantCreate, "\(path): cannot create the output (\(String(cString: strerror(code))))")
    }
    var info = stat()
    if stat(target, &info) == 0 { chmod(staging, info.st_mode & 0o7777) }
    let marker = (Self.markerName, Array("written by vcgraph \(command)\n".utf8))
    TemporaryFiles.registerDirectory(staging, names: [marker.0] + files.map(\.name))
    do throws(VCGraphError) {
      for file in [marker] + files { try write(file.1, to: staging + "/" + file.0) }
      Self.sync(staging)
      try swap(staging)
    } catch {
      TemporaryFiles.removeDirectory()
      throw error
    }
    TemporaryFiles.forgetDirectory()
    // `staging` now holds the old directory, if there was one.
    try? FileManager.default.removeItem(atPath: staging)
    Self.sync(parent)
  }

  /// Puts `staging` where `target` is, in one step.
  private func swap(_ staging: String) throws(VCGraphError) {
    for _ in 0..<8 {
      if rename(staging, target) == 0 { return }
      guard errno == EEXIST || errno == ENOTEMPTY else { break }
      // Another run may have put a directory there meanwhile: it must be one vcgraph wrote.
      try check(inputs: [])
      if Self.exchange(staging, target) == 0 { return }
      if errno != ENOENT { break }  // It went again; try the plain rename once more.
    }
    throw VCGraphError(
      .cantCreate,
      "\(path): cannot replace the output directory (\(String(cString: strerror(errno))))")
  }

  /// Swaps two paths atomically; 0, or -1 with `errno` set.
  private static func exchange(_ first: String, _ second: String) -> Int32 {
    #if os(Linux)
      typealias RenameAt2 =
        @convention(c) (
          Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
        ) -> Int32
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else {
        errno = ENOSYS
        return -1
      }
      let exchangeFlag: UInt32 = 2  // RENAME_EXCHANGE in <linux/fs.h>
      return unsafeBitCast(symbol, to: RenameAt2.self)(
        AT_FDCWD, first, AT_FDCWD, second, exchangeFlag)
    #elseif canImport(Darwin)
      return renamex_np(first, second, UInt32(RENAME_SWAP))
    #else
      errno = ENOSYS
      return -1
    #endif
  }

  private func write(_ bytes: [UInt8], to file: String) throws(VCGraphError) {
    let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Self.failure(path, errno) }
    var failure: Int32?
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress!.advanced(by: offset), buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 {
          failure = written < 0 ? errno : EIO
          return
        }
        offset += written
      }
    }
    if failure == nil && fsync(descriptor) != 0 && errno != EINVAL { failure = errno }
    if close(descriptor) != 0 && failure == nil { failure = errno }
    if let failure { throw Self.failure(path, failure) }
  }

  private static func failure(_ path: String, _ code: Int32) -> VCGraphError {
    code == ENOSPC || code == EDQUOT || code == EIO
      ? ioError(path, code)
      : VCGraphError(
        .cantCreate, "\(path): cannot create the output (\(String(cString: strerror(code))))")
  }

  private static func ioError(_ path: String, _ code: Int32) -> VCGraphError {
    VCGraphError(
      .ioError,
      "\(path): writing failed (\(String(cString: strerror(code)))); the previous directory, if"
        + " any, is unchanged",
      hint: code == ENOSPC || code == EDQUOT ? "free some disk space and run again" : nil)
  }

  private static func sync(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor >= 0 {
      fsync(descriptor)
      close(descriptor)
    }
  }

  /// Removes sibling directories that runs killed before they could clean up left behind
  /// (`.NAME.vcgraph-PID-N.tmp` holding the marker, with no process PID alive).
  private static func removeLeftovers(of name: String, in parent: String) {
    let prefix = ".\(name).vcgraph-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
    for entry in names where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      let rest = entry.dropFirst(prefix.count)
      guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      let leftover = parent + "/" + entry
      if FileManager.default.fileExists(atPath: leftover + "/" + markerName) {
        try? FileManager.default.removeItem(atPath: leftover)
      }
    }
  }
}
