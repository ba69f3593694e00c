// Turns a crash during an in-process layout into a message and an exit status.

import Foundation

/// The message and exit status of the active crash guard, read by the signal handler.
nonisolated(unsafe) private var crashNote: (text: UnsafeMutablePointer<CChar>, length: Int)?
nonisolated(unsafe) private var crashStatus: Int32 = 70
private let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT]

private func crashHandler(_ signal: Int32) {
  if let note = crashNote { _ = write(2, note.text, note.length) }
  _exit(crashStatus)
}

extension Graphviz {
  /// Runs `body`, and if the process crashes meanwhile (SIGSEGV, SIGBUS, SIGILL, SIGFPE or
  /// SIGABRT, as a Graphviz bug can cause), writes `message` to standard error and ends the
  /// process with `status` instead of dumping a crash report. The previous handlers are
  /// restored afterwards. Meant for a command-line tool laying out its one diagram in
  /// process; one guard at a time.
  public static func exitingOnCrash<T, E: Error>(
    message: String, status: Int32, _ body: () throws(E) -> T
  ) throws(E) -> T {
    let text = strdup(message)!
    crashNote = (text, strlen(text))
    crashStatus = status
    var previous: [Int32: sigaction] = [:]
    for signal in crashSignals {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = crashHandler
      #else
        action.__sigaction_handler.sa_handler = crashHandler
      #endif
      sigemptyset(&action.sa_mask)
      var old = sigaction()
      sigaction(signal, &action, &old)
      previous[signal] = old
    }
    defer {
      for (signal, old) in previous {
        var old = old
        sigaction(signal, &old, nil)
      }
      crashNote = nil
      free(text)
    }
    return try body()
  }
}
