import Foundation
import VCGraphCore

/// Where a command's output goes: standard output (bytes), standard error (text), standard
/// input. Tests pass a capturing console; `vcgraph` passes the process's streams.
public final class Console: @unchecked Sendable {
  private let writeOut: ([UInt8]) -> Int32?
  private let writeErr: (String) -> Void
  private let readIn: (Int) -> [UInt8]
  /// Whether standard error is a terminal (progress is shown only then).
  public let errorIsTerminal: Bool
  private let lock = NSLock()
  /// Whether the next text written to standard output or error starts a line's content.
  private var outAtLineStart = true
  private var errAtLineStart = true

  /// Whether standard input is a directory (`vcgraph analyze - < folder`), which reads as
  /// nothing.
  public let inputIsDirectory: Bool

  public convenience init(
    writeOut: @escaping ([UInt8]) -> Void, writeErr: @escaping (String) -> Void,
    readIn: @escaping (Int) -> [UInt8], errorIsTerminal: Bool = false,
    inputIsDirectory: Bool = false
  ) {
    self.init(
      writing: { bytes in
        writeOut(bytes)
        return nil
      }, writeErr: writeErr, readIn: readIn, errorIsTerminal: errorIsTerminal,
      inputIsDirectory: inputIsDirectory)
  }

  /// `writing` returns the `errno` of a write to standard output that failed.
  private init(
    writing: @escaping ([UInt8]) -> Int32?, writeErr: @escaping (String) -> Void,
    readIn: @escaping (Int) -> [UInt8], errorIsTerminal: Bool, inputIsDirectory: Bool
  ) {
    self.writeOut = writing
    self.writeErr = writeErr
    self.readIn = readIn
    self.errorIsTerminal = errorIsTerminal
    self.inputIsDirectory = inputIsDirectory
  }

  /// The `errno` of the first write to standard output that failed (`ENOSPC` for
  /// `>/dev/full`, `EBADF` when it was closed with `>&-`), if one did: the command line then
  /// says so and exits 74, rather than exit 0 with the output lost.
  public var outputError: Int32? { lock.withLock { failedOutput } }
  private var failedOutput: Int32?

  /// The process's own standard streams. Standard error is written through a copy of its
  /// descriptor, so messages still reach it while a Graphviz plugin's own output to
  /// descriptor 2 is being captured.
  public static func standard() -> Console {
    // A stream the process was started without (`>&-`) gets /dev/null in its place before
    // anything else is opened: otherwise the next file opened (an output being written)
    // would get its number, and standard output would be written into it.
    var closed: Set<Int32> = []
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      closed.insert(descriptor)
      let null = open("/dev/null", O_RDWR)
      if null >= 0 && null != descriptor {
        dup2(null, descriptor)
        close(null)
      }
    }
    let outputClosed = closed.contains(1)
    let duplicate = fcntl(2, F_DUPFD_CLOEXEC, 3)
    let errorDescriptor = duplicate >= 0 ? duplicate : 2
    return Console(
      writing: { bytes in outputClosed ? EBADF : writeAll(bytes, to: 1) },
      writeErr: { text in _ = writeAll(Array(text.utf8), to: errorDescriptor) },
      readIn: { limit in readAll(from: 0, atMost: limit) },
      errorIsTerminal: isatty(2) == 1, inputIsDirectory: isDirectory(0))
  }

  private static func isDirectory(_ descriptor: Int32) -> Bool {
    var info = stat()
    return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// A console that records everything, for tests.
  public static func capturing(input: [UInt8] = []) -> (Console, Captured) {
    let captured = Captured()
    let console = Console(
      writeOut: { captured.append(out: $0) }, writeErr: { captured.append(err: $0) },
      readIn: { limit in Array(input.prefix(limit)) })
    return (console, captured)
  }

  /// What a capturing console recorded.
  public final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var outBytes: [UInt8] = []
    private var errText = ""
    func append(out bytes: [UInt8]) { lock.withLock { outBytes += bytes } }
    func append(err text: String) { lock.withLock { errText += text } }
    public var stdout: String { lock.withLock { String(decoding: outBytes, as: UTF8.self) } }
    public var stdoutBytes: [UInt8] { lock.withLock { outBytes } }
    public var stderr: String { lock.withLock { errText } }
  }

  /// Writes every byte, retrying short writes; the `errno` of a write that failed, or nil. A
  /// pipe whose reader has gone (`vcgraph analyze x.yaml | head -1`) ends the output quietly:
  /// the reader had what it wanted.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written < 0 { return errno == EPIPE ? nil : errno }
        if written == 0 { return EIO }
        offset += written
      }
      return nil
    }
  }

  /// Writes to standard output, remembering the first failure; the caller holds `lock`.
  private func unlockedWrite(out bytes: [UInt8]) {
    if let code = writeOut(bytes), failedOutput == nil { failedOutput = code }
  }

  /// Writes text to standard output. A character vcgraph never writes raw
  /// (`ControlCharacters`, but for line feeds and tabs) is written escaped, and so is the
  /// first character of a line that would start a CI workflow command (`::error …`),
  /// whatever the caller passed and however it split its lines into calls: the last line of
  /// defence against terminal and log injection.
  public func out(_ text: String) {
    lock.withLock {
      let safe = ControlCharacters.escaped(text, keepingLayout: true, atLineStart: outAtLineStart)
      outAtLineStart = Self.endsAtLineStart(safe.utf8, after: outAtLineStart)
      unlockedWrite(out: Array(safe.utf8))
    }
  }
  /// Writes CI workflow commands (`check --format github`, which escapes their data itself)
  /// to standard output: escaped like `out(_:)`, but for the commands' own `::` at the start
  /// of their lines.
  func out(workflowCommands text: String) {
    lock.withLock {
      let safe = ControlCharacters.escaped(text, keepingLayout: true, atLineStart: false)
      outAtLineStart = Self.endsAtLineStart(safe.utf8, after: outAtLineStart)
      unlockedWrite(out: Array(safe.utf8))
    }
  }
  /// Writes bytes (an SVG, a PNG) to standard output as they are.
  public func out(bytes: [UInt8]) {
    lock.withLock {
      outAtLineStart = Self.endsAtLineStart(bytes, after: outAtLineStart)
      unlockedWrite(out: bytes)
    }
  }
  /// Writes text to standard error, escaped like `out(_:)`.
  public func err(_ text: String) {
    lock.withLock {
      let safe = ControlCharacters.escaped(text, keepingLayout: true, atLineStart: errAtLineStart)
      errAtLineStart = Self.endsAtLineStart(safe.utf8, after: errAtLineStart)
      writeErr(safe)
    }
  }
  /// Writes the progress line's own text to standard error as it is: its carriage return and
  /// erase-line sequence are the only control characters vcgraph prints. The caller escapes
  /// whatever part of it came from outside (a path).
  func progress(_ text: String) {
    lock.withLock {
      errAtLineStart = Self.endsAtLineStart(text.utf8, after: errAtLineStart)
      writeErr(text)
    }
  }

  /// Whether what a stream printed so far ends where a line's content is still to come
  /// (after a line break and any spaces or tabs): `atStart` before `bytes` were written.
  private static func endsAtLineStart(
    _ bytes: some BidirectionalCollection<UInt8>, after atStart: Bool
  )
    -> Bool
  {
    guard let last = bytes.last(where: { $0 != 0x20 && $0 != 0x09 }) else { return atStart }
    return last == 0x0A || last == 0x0D
  }
  /// Standard input, at most `limit` bytes of it (a caller passes its size limit plus one, so
  /// an endless stream is refused instead of filling memory).
  public func input(atMost limit: Int = .max) -> [UInt8] { readIn(limit) }

  private static func readAll(from descriptor: Int32, atMost limit: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, wanted) }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { break }
      bytes += chunk[..<got]
    }
    return bytes
  }
}
