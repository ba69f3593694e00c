import Foundation
import VCGraphCore

/// Writes outputs atomically: a temporary file beside the target, then a rename, so a failure
/// leaves an existing output byte-for-byte unchanged and no temporary file behind. Refuses to
/// write onto an input, whatever link or spelling names it.
struct OutputWriter {
  /// The inputs of this run, which must never be overwritten.
  var inputs: [String]

  /// The (device, inode) of a file that exists.
  private static func identity(_ path: String) -> (UInt64, UInt64)? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return (UInt64(info.st_dev), UInt64(info.st_ino))
  }

  /// Fails when `path` names one of the inputs.
  func checkNotInput(_ path: String) throws(VCGraphError) {
    let target = Self.identity(path)
    let resolvedTarget = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    for input in inputs where input != "-" {
      let same =
        (target != nil && Self.identity(input).map { $0 == target! } == true)
        || URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
          == resolvedTarget
      if same {
        throw VCGraphError(
          .cantCreate, "\(path): refusing to write over the input \(input)",
          hint: "choose another output path with -o")
      }
    }
  }

  /// Writes `bytes` to `path` atomically.
  func write(_ bytes: [UInt8], to path: String) throws(VCGraphError) {
    try checkNotInput(path)
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw VCGraphError(.cantCreate, "\(path): the directory \(directory) does not exist")
    }
    let temporary =
      (directory as NSString).appendingPathComponent(
        ".\(url.lastPathComponent).vcgraph-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      throw VCGraphError(.cantCreate, "\(path): cannot create the output (\(reason))")
    }
    var failure: VCGraphError?
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress!.advanced(by: offset), buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = Self.ioError(path, errno)
          return
        }
        offset += written
      }
    }
    if failure == nil && fsync(descriptor) != 0 { failure = Self.ioError(path, errno) }
    if close(descriptor) != 0 && failure == nil { failure = Self.ioError(path, errno) }
    if failure == nil && rename(temporary, path) != 0 {
      failure = VCGraphError(
        .cantCreate, "\(path): cannot replace the output (\(String(cString: strerror(errno))))")
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  private static func ioError(_ path: String, _ code: Int32) -> VCGraphError {
    let reason = String(cString: strerror(code))
    return VCGraphError(
      .ioError, "\(path): writing failed (\(reason)); the previous file, if any, is unchanged")
  }
}
