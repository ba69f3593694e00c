// Keeps a run over many inputs going when one input crashes the process: the crash is
// reported for that input alone, and the process starts itself again (execve, which keeps
// its id, its standard streams and its parent) to render the inputs after it. Everything the
// signal handler touches is prepared beforehand in C memory; the handler only writes,
// unlinks and calls execve, which are async-signal-safe, and runs no generic Swift code (in a
// debug build that looks up type metadata, which allocates: a crash inside malloc would then
// wait for malloc's lock forever).

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
  /// Signal numbers below this have their digits prepared.
  private static let signalTexts = 64

  /// What the handler needs, prepared in C memory so that the handler runs no Swift code that
  /// could allocate (a crash inside `malloc` holds its lock; a generic call in a debug build
  /// looks up type metadata, which allocates, and would wait for that lock forever). Only
  /// loads of trivial values, pointer subscripts and system calls happen in the handler.
  private struct State {
    /// "error: PATH: " per input, escaped.
    var prefixes: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
    var count: Int
    /// "VCGRAPH_RESUME_AFTER=N" per input.
    var resumeEntries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
    var executable: UnsafeMutablePointer<CChar>
    /// The environment for `execve`, its slot `resumeSlot` set to the crashed input's entry.
    var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    var resumeSlot: Int
    /// The decimal digits of every signal number below `signalTexts`.
    var signalDigits: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
    var clearProgress: Bool
  }

  private nonisolated(unsafe) static var state: UnsafeMutablePointer<State>?

  /// The input being rendered (written before each input, read by the handler).
  private nonisolated(unsafe) static var current = 0

  /// Prepares for `inputs` (escaped paths): from now on a crash reports the current input and
  /// restarts the run after it, or, for the last input, ends the run with status 70.
  static func begin(inputs: [String], clearProgress: Bool) {
    TemporaryFiles.prepare()
    let prefixes = UnsafeMutablePointer<UnsafeMutablePointer<CChar>>.allocate(
      capacity: max(1, inputs.count))
    let resumeEntries = UnsafeMutablePointer<UnsafeMutablePointer<CChar>>.allocate(
      capacity: max(1, inputs.count))
    for (index, input) in inputs.enumerated() {
      prefixes[index] = strdup("error: \(ControlCharacters.escaped(input)): ")!
      resumeEntries[index] = strdup("\(resumeVariable)=\(index)")!
    }
    let entries = ProcessInfo.processInfo.environment.filter { $0.key != resumeVariable }.map {
      strdup("\($0.key)=\($0.value)")
    }
    let environment = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: entries.count + 2)
    for (index, entry) in entries.enumerated() { environment[index] = entry }
    environment[entries.count] = nil
    environment[entries.count + 1] = nil
    let signalDigits = UnsafeMutablePointer<UnsafeMutablePointer<CChar>>.allocate(
      capacity: signalTexts)
    for number in 0..<signalTexts { signalDigits[number] = strdup(String(number))! }
    let prepared = UnsafeMutablePointer<State>.allocate(capacity: 1)
    prepared.initialize(
      to: State(
        prefixes: prefixes, count: inputs.count, resumeEntries: resumeEntries,
        executable: strdup(WorkerPool.ownExecutable)!, environment: environment,
        resumeSlot: entries.count, signalDigits: signalDigits, clearProgress: clearProgress))
    state = prepared
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
    if state.pointee.clearProgress { say("\r\u{1B}[K") }
    let index = current
    let count = state.pointee.count
    if index >= 0 && index < count { say(state.pointee.prefixes[index]) }
    say("vcgraph crashed (signal ")
    if received >= 0 && Int(received) < signalTexts {
      say(state.pointee.signalDigits[Int(received)])
    } else {
      say("?")
    }
    let more = index >= 0 && index + 1 < count
    say(
      more
        ? ") while drawing it; the inputs after it are drawn\n"
        : ") while drawing it; please report this as a bug\n")
    guard more else { _exit(70) }
    state.pointee.environment[state.pointee.resumeSlot] = state.pointee.resumeEntries[index]
    var all = sigset_t()
    sigfillset(&all)
    sigprocmask(SIG_UNBLOCK, &all, nil)
    // One call per signal, not a loop over `signals`: no generic code in the handler.
    signal(SIGSEGV, SIG_DFL)
    signal(SIGBUS, SIG_DFL)
    signal(SIGILL, SIG_DFL)
    signal(SIGFPE, SIG_DFL)
    signal(SIGABRT, SIG_DFL)
    signal(SIGTRAP, SIG_DFL)
    execve(state.pointee.executable, CommandLine.unsafeArgv, state.pointee.environment)
    _exit(70)
  }
}

private func handleCrash(_ received: Int32) {
  CrashRecovery.handle(received)
}
