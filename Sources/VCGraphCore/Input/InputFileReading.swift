import Foundation

/// Reads a file vcgraph takes as input (a description, dump or storyboard, a storyboard a
/// reference leads to, a steps, configuration or baseline file): only a regular file, at
/// most `limit` bytes of it, without ever blocking.
///
/// The file is opened with `O_NONBLOCK`, so opening a named pipe (a FIFO with no writer, or a
/// link to one) returns at once, and then refused unless it is a regular file: a FIFO, a
/// device (a `.storyboard` link to `/dev/stdin` or `/dev/zero`) or a socket would block or
/// never end. Standard input is read only when named `-`. A file over the limit is refused
/// before it is read; one that grows while it is read stops one byte past the limit.
public enum InputFileReading {
  /// The bytes of the regular file at `path`; `noInput` (66) when it is missing, unreadable,
  /// a directory or not a regular file, `dataError` (65) at 1:1 when it is over `limit`.
  public static func read(_ path: String, limit: Int) throws(VCGraphError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      let reason =
        code == ENOENT || code == ENOTDIR
        ? "no such file" : "cannot be read (\(String(cString: strerror(code))))"
      throw VCGraphError(.noInput, "\(path): \(reason)")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw VCGraphError(
        .noInput, "\(path): cannot be read (\(String(cString: strerror(errno))))")
    }
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { throw VCGraphError(.noInput, "\(path): is a directory") }
    guard type == S_IFREG else {
      throw VCGraphError(
        .noInput,
        "\(path): is \(kind(of: type)), not a regular file; vcgraph reads only regular files",
        hint: "to read from a pipe or a terminal, give - and redirect standard input")
    }
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    let size = Int(info.st_size)
    if size > limit { throw tooLarge(path, size: size, limit: limit) }
    // The file's size sizes the buffer (one byte more, to see a file that grew); a file that
    // says it is empty (as some special file systems do) grows the buffer as it is read. At
    // most one byte past the limit is read. A buffer of at least 64 KB per file cost the scan
    // 45 M instructions of zeroing on 671 files averaging 3 KB.
    let capacity = limit + 1
    var bytes = [UInt8](repeating: 0, count: min(capacity, size + 1))
    var count = 0
    while count < capacity {
      if count == bytes.count {
        bytes += [UInt8](repeating: 0, count: min(capacity - count, max(bytes.count, 1 << 16)))
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw VCGraphError(
          .noInput, "\(path): cannot be read (\(String(cString: strerror(errno))))")
      }
      if got == 0 { break }
      count += got
    }
    if count > limit { throw tooLarge(path, size: nil, limit: limit) }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// The error for an input over the size limit, at its first character.
  public static func tooLarge(_ path: String, size: Int?, limit: Int) -> VCGraphError {
    let amount = size.map { "\($0) bytes, " } ?? ""
    return VCGraphError.data(
      "the file is \(amount)more than the limit of \(limit) bytes",
      at: SourceLocation(path: path, line: 1, column: 1), hint: "raise it with --max-input-bytes")
  }

  /// What a file that is not a regular one is, for the message.
  private static func kind(of type: mode_t) -> String {
    switch type {
    case S_IFIFO: "a named pipe (FIFO)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "a special file"
    }
  }
}
