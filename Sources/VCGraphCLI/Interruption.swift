// What a run does when it is interrupted (SIGINT, SIGTERM, SIGHUP) before it ends by that
// signal: it stops its render workers and waits for them, each of which removes its own
// temporary files on the signal, then removes this process's temporary files. Without the
// wait, a worker would be killed mid-write when its parent died (`ParentWatch`'s SIGKILL) and
// leave a `.NAME.vcgraph-PID-N.tmp` file behind.

import Foundation

/// The one handler of SIGINT, SIGTERM and SIGHUP; see the file's header. Everything the
/// handler reads lives in fixed C buffers, so it runs without allocating.
enum Interruption {
  /// Workers running at once at most (slots of the handler's table; more go untracked).
  private static let capacity = 1024
  /// How long the handler waits for the workers to end after passing the signal on, in
  /// steps of 10 ms, before it kills them.
  private static let waitSteps = 500
  private static let lock = NSLock()
  private nonisolated(unsafe) static var installed = false
  /// The workers' process ids; 0 is a free slot.
  private nonisolated(unsafe) static let workers: UnsafeMutablePointer<pid_t> = {
    let table = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
    table.initialize(repeating: 0, count: capacity)
    return table
  }()

  /// Installs the handler (once).
  static func install() {
    lock.withLock {
      guard !installed else { return }
      installed = true
      TemporaryFiles.prepare()
      _ = workers
      for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
        signal(signalNumber) { received in
          Interruption.stopWorkers(passing: received)
          TemporaryFiles.removeAll()
          signal(received, SIG_DFL)
          raise(received)
        }
      }
    }
  }

  /// Remembers a worker that was just started, for the handler to stop.
  static func started(worker: pid_t) {
    install()
    lock.withLock {
      var slot = 0
      while slot < capacity && workers[slot] != 0 { slot += 1 }
      if slot < capacity { workers[slot] = worker }
    }
  }

  /// Forgets a worker that has exited.
  static func ended(worker: pid_t) {
    lock.withLock {
      var slot = 0
      while slot < capacity {
        if workers[slot] == worker { workers[slot] = 0 }
        slot += 1
      }
    }
  }

  /// Sends the signal to every worker and waits until they have all ended (a worker reaped
  /// meanwhile by Foundation counts as ended), killing those still running after five
  /// seconds; async-signal-safe. `while` loops over plain integers, as in `TemporaryFiles`.
  private static func stopWorkers(passing signalNumber: Int32) {
    var slot = 0
    var any = false
    while slot < capacity {
      if workers[slot] > 0 {
        kill(workers[slot], signalNumber)
        any = true
      }
      slot += 1
    }
    guard any else { return }
    var step = 0
    var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
    while step <= waitSteps {
      var running = false
      slot = 0
      while slot < capacity {
        let worker = workers[slot]
        if worker > 0 {
          var status: Int32 = 0
          let result = waitpid(worker, &status, WNOHANG)
          if result == 0 {
            running = true
            if step == waitSteps { kill(worker, SIGKILL) }
          } else {
            workers[slot] = 0  // Ended (result is its pid), or already reaped (-1, ECHILD).
          }
        }
        slot += 1
      }
      if !running { return }
      nanosleep(&pause, nil)
      step += 1
    }
  }
}
