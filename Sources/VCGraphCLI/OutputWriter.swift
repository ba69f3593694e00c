import Foundation
import VCGraphCore

/// Writes outputs atomically: a temporary file beside the target, then a rename, so a failure
/// leaves an existing output byte-for-byte unchanged and no temporary file behind. Refuses to
/// write onto an input, whatever link or spelling names it.
///
/// - A target that is a symbolic link is replaced by the new file; the file the link names is
///   never written (unless it is a device or a pipe, below).
/// - A target that is a device or a pipe (`/dev/null`, `/dev/stdout`) is written directly: it
///   cannot be replaced and has nothing to keep.
/// - The replaced file keeps its permissions.
/// - A missing or unwritable directory is `cantCreate` (73); a write that fails (a full disk)
///   is `ioError` (74).
/// - Temporary files are removed on failure and when the process is interrupted (SIGINT,
///   SIGTERM, SIGHUP); only SIGKILL can leave one, named `.NAME.vcgraph-PID-N.tmp`.
/// - ``Durability``: each file synced to disk before its rename and its directory after (two
///   syncs a file), or, for a batch (`render`), files renamed unsynced and the whole batch
///   synced once by ``finish()``.
struct OutputWriter {
  /// When the outputs reach the disk (a process that crashes or is killed never leaves a
  /// partial output either way: each is complete before it is renamed into place).
  enum Durability {
    /// Each file is synced before it replaces the old one and its directory after: a power
    /// loss leaves every output written so far complete (two syncs a file).
    case everyFile
    /// Files are renamed into place unsynced and ``finish()`` syncs them all at once: a power
    /// loss before it may leave any output of the batch as it was before, missing, or (on a
    /// file system that does not write a file's data before its rename) empty.
    case batch
  }

  /// The inputs of this run, which must never be overwritten.
  var inputs: [String]
  /// When the outputs reach the disk.
  var durability: Durability
  /// The files written unsynced (``Durability/batch``), for ``finish()``.
  private let unsynced = Unsynced()
  /// Each input's (device, inode) and resolved path, looked up on first use and kept for the
  /// life of this writer (one run: the inputs were just read and stay where they are). Every
  /// output is checked against every input, and resolving N inputs again for each of N
  /// outputs was a fifth of the time of a 200-file render.
  private let inputKeys = InputKeys()

  init(inputs: [String], durability: Durability = .everyFile) {
    self.inputs = inputs
    self.durability = durability
  }

  private final class Unsynced: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    func add(_ path: String) { lock.withLock { paths.append(path) } }
    func take() -> [String] {
      lock.withLock {
        defer { paths = [] }
        return paths
      }
    }
  }

  /// Syncs every file written since the last call (``Durability/batch``) and the directories
  /// holding them, in one step: on Linux, for more than ``filesSyncedAlone`` files, one
  /// `syncfs` per file system written to; else `fsync` of each file, the last with a full
  /// flush of the drive's cache (`F_FULLFSYNC` on Darwin), and of each directory. Throws
  /// `ioError` (74) when the system reports a failure.
  func finish() throws(VCGraphError) {
    let paths = unsynced.take()
    guard !paths.isEmpty else { return }
    var directories: [String] = []
    for path in paths {
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      if !directories.contains(directory) { directories.append(directory) }
    }
    var failure: Int32?
    // A file or two (`render a.yaml -o a.svg`) are synced one by one: `syncfs` writes out
    // everything waiting on the file system, other programs' too, which on a busy disk can
    // take longer than those few files.
    #if os(Linux)
      let wholeFileSystem = paths.count > Self.filesSyncedAlone
    #else
      let wholeFileSystem = false
    #endif
    if wholeFileSystem {
      syncFileSystems(of: directories, failure: &failure)
    } else {
      for (index, path) in paths.enumerated() {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { continue }
        // On Darwin the last file's full flush empties the drive's cache of the ones before.
        let synced =
          index == paths.count - 1 ? Self.flushToDisk(descriptor) : fsync(descriptor) == 0
        if !synced && errno != EINVAL && failure == nil { failure = errno }
        close(descriptor)
      }
      for directory in directories { Self.syncDirectory(directory) }
    }
    if let failure {
      throw VCGraphError(
        .ioError,
        "syncing \(paths.count) written files to disk failed"
          + " (\(String(cString: strerror(failure))))",
        hint: "they are in place but may not survive a power loss; run again with --durable")
    }
  }

  /// Up to this many files, ``finish()`` syncs each file rather than the file system.
  static let filesSyncedAlone = 2

  /// `syncfs` once per file system holding one of `directories` (Linux).
  private func syncFileSystems(of directories: [String], failure: inout Int32?) {
    #if os(Linux)
      var devices: [UInt64] = []
      for directory in directories {
        var info = stat()
        guard stat(directory, &info) == 0 else { continue }
        let device = Self.fileID(info).0
        guard !devices.contains(device) else { continue }
        devices.append(device)
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { continue }
        if Self.syncFileSystem(descriptor) != 0 && failure == nil { failure = errno }
        close(descriptor)
      }
    #endif
  }

  private final class InputKeys: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String: (identity: (UInt64, UInt64)?, resolved: URL)] = [:]

    func key(_ input: String) -> (identity: (UInt64, UInt64)?, resolved: URL) {
      if let known = lock.withLock({ keys[input] }) { return known }
      let key = (
        identity: OutputWriter.identity(input),
        resolved: URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
      )
      lock.withLock { keys[input] = key }
      return key
    }
  }

  /// A file's (device, inode). `dev_t` is unsigned on Linux and a signed 32-bit number on
  /// Darwin, so its bits are kept rather than its value.
  private static func fileID(_ info: stat) -> (UInt64, UInt64) {
    (UInt64(truncatingIfNeeded: Int64(info.st_dev)), UInt64(info.st_ino))
  }

  /// The (device, inode) of a file that exists, following links.
  private static func identity(_ path: String) -> (UInt64, UInt64)? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return fileID(info)
  }

  /// The (device, inode) of standard input when it is a regular file (`- < file`).
  private static func standardInputIdentity() -> (UInt64, UInt64)? {
    var info = stat()
    guard fstat(0, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return fileID(info)
  }

  /// Fails when `path` names one of the inputs.
  func checkNotInput(_ path: String) throws(VCGraphError) {
    let target = Self.identity(path)
    // An output that does not exist yet is no existing input: its path is resolved (links
    // followed, which costs a system call per path component) only to compare it with an
    // input that does not exist either.
    var resolvedTarget: URL?
    for input in inputs {
      let same: Bool
      if input == "-" {
        same = target != nil && Self.standardInputIdentity().map { $0 == target! } == true
      } else {
        let key = inputKeys.key(input)
        if target != nil && key.identity.map({ $0 == target! }) == true {
          same = true
        } else if target == nil && key.identity != nil {
          same = false
        } else {
          if resolvedTarget == nil {
            resolvedTarget = URL(fileURLWithPath: path).standardizedFileURL
              .resolvingSymlinksInPath()
          }
          same = key.resolved == resolvedTarget
        }
      }
      if same {
        let name = input == "-" ? "standard input" : input
        throw VCGraphError(
          .cantCreate, "\(path): refusing to write over the input \(name)",
          hint: "choose another output path with -o")
      }
    }
  }

  /// Writes `bytes` to `path` atomically.
  func write(_ bytes: [UInt8], to path: String) throws(VCGraphError) {
    try write([(bytes, path)])
  }

  /// Writes several files as one step: every temporary file is written first, and only when
  /// all of them are complete are they renamed into place.
  func write(_ files: [(bytes: [UInt8], path: String)]) throws(VCGraphError) {
    for file in files { try checkNotInput(file.path) }
    var staged: [Staged] = []
    do throws(VCGraphError) {
      for file in files {
        if let file = try stage(file.bytes, to: file.path) { staged.append(file) }
      }
      for (index, file) in staged.enumerated() {
        if rename(file.temporary, file.target) != 0 {
          let reason = String(cString: strerror(errno))
          // The ones already renamed are complete outputs; remove the rest.
          for later in staged[index...] { TemporaryFiles.remove(later.temporary) }
          staged = []
          throw VCGraphError(.cantCreate, "\(file.path): cannot replace the output (\(reason))")
        }
        TemporaryFiles.forget(file.temporary)
        switch durability {
        case .everyFile:
          Self.syncDirectory(URL(fileURLWithPath: file.target).deletingLastPathComponent().path)
        case .batch: unsynced.add(file.target)
        }
      }
    } catch {
      for file in staged { TemporaryFiles.remove(file.temporary) }
      throw error
    }
  }

  /// A complete temporary file waiting to be renamed onto its target.
  private struct Staged {
    var temporary: String
    var target: String
    var path: String
  }

  /// Writes the temporary file for one output, or writes a device target directly (then
  /// returns nil).
  private func stage(_ bytes: [UInt8], to path: String) throws(VCGraphError) -> Staged? {
    // A symbolic link is replaced, never written through: the temporary file is made beside
    // the link and renamed over it, so the file it names (anything, anywhere) is untouched.
    // `stat` follows the link only to see what it names: a device or a pipe (`/dev/stdout`
    // is a link) is written to, a directory refused, a file's permissions kept.
    let target = path
    var info = stat()
    var existingMode: mode_t?
    if stat(target, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG: existingMode = info.st_mode & 0o7777
      case S_IFDIR:
        throw VCGraphError(.cantCreate, "\(path): is a directory, not an output file")
      default:
        try writeDirectly(bytes, to: target, path: path)
        return nil
      }
    }
    let url = URL(fileURLWithPath: target)
    let directory = url.deletingLastPathComponent().path
    if stat(directory, &info) != 0 {
      throw VCGraphError(
        .cantCreate, "\(path): the directory \(directory) does not exist",
        hint: "create it first")
    }
    if info.st_mode & S_IFMT != S_IFDIR {
      throw VCGraphError(.cantCreate, "\(path): \(directory) is not a directory")
    }
    let temporary = TemporaryFiles.name(beside: target)
    TemporaryFiles.register(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      let code = errno
      TemporaryFiles.forget(temporary)
      if code == ENOSPC || code == EDQUOT { throw Self.ioError(path, code) }
      throw VCGraphError(
        .cantCreate, "\(path): cannot create the output (\(String(cString: strerror(code))))",
        hint: code == EACCES || code == EROFS || code == EPERM
          ? "the directory \(directory) is not writable" : nil)
    }
    var failure: VCGraphError?
    if let existingMode { fchmod(descriptor, existingMode) }
    if !Self.writeAll(bytes, to: descriptor) { failure = Self.ioError(path, errno) }
    if failure == nil && durability == .everyFile && !Self.flushToDisk(descriptor) {
      failure = Self.ioError(path, errno)
    }
    if close(descriptor) != 0 && failure == nil { failure = Self.ioError(path, errno) }
    if let failure {
      TemporaryFiles.remove(temporary)
      throw failure
    }
    if let delay = TestHooks.writeDelay { Thread.sleep(forTimeInterval: delay) }
    return Staged(temporary: temporary, target: target, path: path)
  }

  /// Writes to a device or pipe that was named as the output.
  private func writeDirectly(_ bytes: [UInt8], to target: String, path: String) throws(VCGraphError)
  {
    let descriptor = open(target, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw VCGraphError(
        .cantCreate, "\(path): cannot open the output (\(String(cString: strerror(errno))))")
    }
    defer { close(descriptor) }
    if !Self.writeAll(bytes, to: descriptor) { throw Self.ioError(path, errno) }
  }

  /// Writes every byte, retrying short and interrupted writes; false with `errno` set on error.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress!.advanced(by: offset), buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        if written == 0 {
          errno = EIO
          return false
        }
        offset += written
      }
      return true
    }
  }

  /// Flushes a written file to the disk before it is renamed into place; false with `errno`
  /// set when that fails. Darwin's `fsync` stops at the drive's cache, so there it is
  /// `F_FULLFSYNC` (falling back to `fsync` on file systems without it). A file system that
  /// cannot sync (EINVAL) counts as done.
  private static func flushToDisk(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
    #endif
    return fsync(descriptor) == 0 || errno == EINVAL
  }

  #if os(Linux)
    /// `syncfs(2)` on the file system holding `descriptor` (glibc declares it only for
    /// `_GNU_SOURCE`, which Swift's Glibc module is not built with); 0, or -1 with `errno`
    /// set. Without the symbol, `sync(2)`, which syncs every file system.
    private static func syncFileSystem(_ descriptor: Int32) -> Int32 {
      typealias SyncFS = @convention(c) (Int32) -> Int32
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "syncfs") else {
        sync()
        return 0
      }
      return unsafeBitCast(symbol, to: SyncFS.self)(descriptor)
    }
  #endif

  /// Makes the renames in `directory` durable; failures are ignored (the files are complete).
  private static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor >= 0 {
      fsync(descriptor)
      close(descriptor)
    }
  }

  private static func ioError(_ path: String, _ code: Int32) -> VCGraphError {
    let reason = String(cString: strerror(code))
    return VCGraphError(
      .ioError, "\(path): writing failed (\(reason)); the previous file, if any, is unchanged",
      hint: code == ENOSPC || code == EDQUOT ? "free some disk space and run again" : nil)
  }
}
