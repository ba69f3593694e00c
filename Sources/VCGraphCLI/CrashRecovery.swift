// Keeps a run over many inputs going when one input crashes the process: the crash is
// reported for that input alone, and the process starts itself again (execve, which keeps
// its id, its standard streams and its parent) to render the inputs after it. Everything the
// signal handler touches is prepared beforehand in C memory; the handler only writes,
// unlinks and calls execve, which are async-signal-safe.

import Foundation
import VCGraphCore

enum CrashRecovery {
  /// The environment variable a restarted run finds: the index (in the run's input list) of
  /// the input that crashed; the inputs up to it are not rendered again.
  static let resumeVariable = "VCGRAPH_RESUME_AFTER"

  /// The index of the input that crashed an earlier start of this run, if any.
  static var resumedAfter: Int? {
    ProcessInfo.processInfo.environment[resumeVariable].flatMap { Int($0) }
  }

  private static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]
  private nonisolated(unsafe) static var state: State?

  /// What the handler needs, in C memory.
  private struct State {
    /// "error: PATH: " per input, escaped.
    var prefixes: [UnsafeMutablePointer<CChar>]
    var executable: UnsafeMutablePointer<CChar>
    var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    /// The `VCGRAPH_RESUME_AFTER=` entry, with room for the digits.
    var resumeEntry: UnsafeMutablePointer<CChar>
    var resumeDigitsOffset: Int
    /// Room for the signal's number.
    var digits: UnsafeMutablePointer<CChar>
    var clearProgress: Bool
  }

  /// The input being rendered (written before each input, read by the handler).
  private nonisolated(unsafe) static var current = 0

  /// Prepares for `inputs` (escaped paths): from now on a crash reports the current input and
  /// restarts the run after it, or, for the last input, ends the run with status 70.
  static func begin(inputs: [String], clearProgress: Bool) {
    TemporaryFiles.prepare()
    let prefixes = inputs.map { strdup("error: \(ControlCharacters.escaped($0)): ")! }
    let executable = strdup(WorkerPool.ownExecutable)!
    let name = resumeVariable + "="
    let resumeEntry = UnsafeMutablePointer<CChar>.allocate(capacity: name.utf8.count + 24)
    _ = name.withCString { strcpy(resumeEntry, $0) }
    var entries = ProcessInfo.processInfo.environment.filter { $0.key != resumeVariable }.map {
      strdup("\($0.key)=\($0.value)")
    }
    entries.append(resumeEntry)
    let environment = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: entries.count + 1)
    for (index, entry) in entries.enumerated() { environment[index] = entry }
    environment[entries.count] = nil
    state = State(
      prefixes: prefixes, executable: executable, environment: environment,
      resumeEntry: resumeEntry, resumeDigitsOffset: name.utf8.count,
      digits: .allocate(capacity: 24), clearProgress: clearProgress)
    for signal in signals {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handleCrash
      #else
        action.__sigaction_handler.sa_handler = handleCrash
      #endif
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  /// Marks input `index` as the one being rendered.
  static func rendering(_ index: Int) { current = index }

  /// Writes `text` (a C string) to standard error.
  fileprivate static func say(_ text: UnsafePointer<CChar>) {
    _ = write(2, text, strlen(text))
  }

  fileprivate static func handle(_ received: Int32) {
    guard let state else { _exit(70) }
    TemporaryFiles.removeAll()
    if state.clearProgress { say("\r\u{1B}[K") }
    let index = current
    if index < state.prefixes.count { say(state.prefixes[index]) }
    say("vcgraph crashed (signal ")
    writeDigits(Int(received), into: state.digits)
    say(state.digits)
    let more = index + 1 < state.prefixes.count
    say(
      more
        ? ") while drawing it; the inputs after it are drawn\n"
        : ") while drawing it; please report this as a bug\n")
    guard more else { _exit(70) }
    writeDigits(index, into: state.resumeEntry + state.resumeDigitsOffset)
    var all = sigset_t()
    sigfillset(&all)
    sigprocmask(SIG_UNBLOCK, &all, nil)
    for number in signals { signal(number, SIG_DFL) }
    execve(state.executable, CommandLine.unsafeArgv, state.environment)
    _exit(70)
  }

  /// Writes the decimal digits of `value` (not negative) and a NUL, without allocating.
  private static func writeDigits(_ value: Int, into buffer: UnsafeMutablePointer<CChar>) {
    var scratch:
      (
        CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
        CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = max(0, value)
    withUnsafeMutableBytes(of: &scratch) { raw in
      repeat {
        raw[count] = UInt8(48 + rest % 10)
        rest /= 10
        count += 1
      } while rest > 0 && count < 20
      for index in 0..<count { buffer[index] = CChar(bitPattern: raw[count - 1 - index]) }
    }
    buffer[count] = 0
  }
}

private func handleCrash(_ received: Int32) {
  CrashRecovery.handle(received)
}
