import Foundation
import VCGraphCore

/// The progress line of a run over many inputs (`[12/120] path`), shown on standard error when
/// it is a terminal; messages printed meanwhile clear it first, so they never share its line.
final class Progress: @unchecked Sendable {
  private let console: Console
  private let total: Int
  /// Whether the line is shown (standard error is a terminal, several inputs, no --quiet).
  let isEnabled: Bool
  private var done: Int
  private var shown = false
  private let lock = NSLock()

  /// `done` inputs were finished before this run began (a run resumed after a crash).
  init(console: Console, total: Int, quiet: Bool, done: Int = 0) {
    self.console = console
    self.total = total
    self.done = done
    isEnabled = console.errorIsTerminal && total > 1 && !quiet
  }

  /// Counts one more input as finished and shows it (escaped: it is a path).
  func advance(_ input: String) {
    guard isEnabled else { return }
    lock.withLock {
      done += 1
      console.progress("\r[\(done)/\(total)] \(ControlCharacters.escaped(input))\u{1B}[K")
      shown = true
    }
  }

  /// Prints a message (a diagnostic) on a line of its own.
  func message(_ text: String) {
    lock.withLock {
      if shown {
        console.progress("\r\u{1B}[K")
        shown = false
      }
      console.err(text)
    }
  }

  /// Ends the progress line.
  func finish() {
    lock.withLock {
      if shown { console.progress("\n") }
      shown = false
    }
  }
}
