// Makes a worker process end when the process that started it ends, however it ends (a
// crash, Ctrl-C, SIGKILL): a layout can otherwise run on for minutes holding gigabytes.

import Foundation

enum ParentWatch {
  /// The environment variable that tells a worker its parent's process id.
  static let parentVariable = "VCGRAPH_PARENT_PID"

  /// The environment for a worker started by this process.
  static func workerEnvironment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: CrashRecovery.resumeVariable)
    environment[parentVariable] = String(getpid())
    // The parent reports a worker's crash for the input it was drawing; a backtrace of the
    // worker would only bury that (SWIFT_BACKTRACE set by the user still applies).
    if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
    return environment
  }

  /// In a worker: ends this process when its parent ends. On Linux the kernel sends SIGKILL
  /// when the parent dies (`PR_SET_PDEATHSIG`); everywhere, a thread reads standard input,
  /// which only the parent holds open, and ends the process when it closes. Call after the
  /// worker has read its request from standard input.
  static func start() {
    #if os(Linux)
      // prctl(PR_SET_PDEATHSIG, SIGKILL); Swift does not import the variadic prctl, so it
      // is called through its address with the integer arguments it takes here.
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      let setDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG in <linux/prctl.h>
      if let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "prctl") {
        _ = unsafeBitCast(symbol, to: Prctl.self)(setDeathSignal, UInt(SIGKILL), 0, 0, 0)
      }
    #endif
    // The parent may have died before the line above took effect.
    if let text = ProcessInfo.processInfo.environment[parentVariable], let parent = Int32(text),
      getppid() != parent
    {
      _exit(70)
    }
    Thread.detachNewThread {
      var byte: UInt8 = 0
      while true {
        let got = read(0, &byte, 1)
        if got < 0 && errno == EINTR { continue }
        if got <= 0 { _exit(70) }
      }
    }
  }

  /// Lines read from standard input, in chunks. The parent writes a worker's request as
  /// lines and then nothing more, so nothing is read past the last line it sent.
  final class Lines {
    private var buffer: [UInt8] = []
    private var ended = false

    /// The next line (without its newline), or nil at the end of standard input.
    func next() -> String? {
      var searched = 0
      while true {
        if let newline = buffer[searched...].firstIndex(of: 0x0A) {
          let line = String(decoding: buffer[..<newline], as: UTF8.self)
          buffer.removeSubrange(...newline)
          return line
        }
        searched = buffer.count
        if ended { return nil }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let got = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
        if got < 0 && errno == EINTR { continue }
        if got <= 0 {
          ended = true
          if buffer.isEmpty { return nil }
          let line = String(decoding: buffer, as: UTF8.self)
          buffer.removeAll()
          return line
        }
        buffer += chunk[..<got]
      }
    }
  }
}
