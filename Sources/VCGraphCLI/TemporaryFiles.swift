import Foundation

/// The temporary files this process has open, so that an interrupted run removes them.
///
/// The paths live in fixed C buffers that the signal handler reads without allocating.
enum TemporaryFiles {
  private static let slots = 16
  private static let slotSize = 4096
  private nonisolated(unsafe) static let buffer: UnsafeMutablePointer<CChar> = {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slots * slotSize)
    buffer.initialize(repeating: 0, count: slots * slotSize)
    return buffer
  }()
  private static let lock = NSLock()
  private nonisolated(unsafe) static var installed = false
  private nonisolated(unsafe) static var counter: UInt32 = 0

  /// A fresh temporary name in the target's directory.
  static func name(beside target: String) -> String {
    let url = URL(fileURLWithPath: target)
    let number = lock.withLock {
      counter &+= 1
      return counter
    }
    return url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).vcgraph-\(getpid())-\(number)"
        + "\(UInt16.random(in: 0...UInt16.max)).tmp"
    ).path
  }

  /// Remembers a temporary file (before it is created) for removal on interruption.
  static func register(_ path: String) {
    lock.withLock {
      installHandlers()
      let bytes = Array(path.utf8)
      guard bytes.count < slotSize else { return }
      for slot in 0..<slots where buffer[slot * slotSize] == 0 {
        let start = buffer + slot * slotSize
        for (offset, byte) in bytes.enumerated().dropFirst() {
          start[offset] = CChar(bitPattern: byte)
        }
        start[bytes.count] = 0
        // The first byte last: the handler only sees complete paths.
        start[0] = CChar(bitPattern: bytes[0])
        return
      }
    }
  }

  /// Forgets a temporary file that was renamed into place (or never created).
  static func forget(_ path: String) {
    lock.withLock {
      for slot in 0..<slots {
        let start = buffer + slot * slotSize
        if start[0] != 0, String(cString: start) == path { start[0] = 0 }
      }
    }
  }

  /// Removes a temporary file and forgets it.
  static func remove(_ path: String) {
    unlink(path)
    forget(path)
  }

  /// Sets up the list before a signal handler may read it.
  static func prepare() { _ = buffer }

  /// Unlinks every registered temporary file and the temporary directory; async-signal-safe
  /// (for signal handlers).
  static func removeAll() {
    // A `while` over plain integers: a `for` over a range is a generic call in a debug build,
    // and its first call looks up type metadata, which allocates (see `CrashRecovery`).
    var slot = 0
    while slot < slots {
      let start = buffer + slot * slotSize
      if start[0] != 0 { unlink(start) }
      slot += 1
    }
    removeDirectoryContents()
  }

  /// The temporary directory being filled (`DirectoryReplacement`), as "DIR\0NAME\0...\0\0"
  /// in one C buffer, and room to build a path in; read by the signal handler.
  private nonisolated(unsafe) static var directory: UnsafeMutablePointer<CChar>?
  private nonisolated(unsafe) static var pathScratch: UnsafeMutablePointer<CChar>?

  /// Remembers a temporary directory and the names that may be created in it, for removal on
  /// interruption.
  static func registerDirectory(_ path: String, names: [String]) {
    lock.withLock {
      installHandlers()
      let entries = [path] + names
      let size = entries.reduce(1) { $0 + $1.utf8.count + 1 }
      let table = UnsafeMutablePointer<CChar>.allocate(capacity: size)
      var offset = 0
      for entry in entries {
        for byte in entry.utf8 {
          table[offset] = CChar(bitPattern: byte)
          offset += 1
        }
        table[offset] = 0
        offset += 1
      }
      table[offset] = 0
      if pathScratch == nil { pathScratch = .allocate(capacity: 8192) }
      let old = directory
      directory = table
      old?.deallocate()
    }
  }

  /// Removes the registered temporary directory's files and the directory, and forgets it.
  static func removeDirectory() {
    lock.withLock {
      removeDirectoryContents()
      forgetDirectoryLocked()
    }
  }

  /// Forgets the temporary directory (it was renamed into place).
  static func forgetDirectory() { lock.withLock { forgetDirectoryLocked() } }

  private static func forgetDirectoryLocked() {
    let old = directory
    directory = nil
    old?.deallocate()
  }

  /// Unlinks the registered directory's files and removes it; async-signal-safe.
  private static func removeDirectoryContents() {
    guard let table = directory, let scratch = pathScratch else { return }
    let base = strlen(table)
    guard base + 2 < 8192 else { return }
    memcpy(scratch, table, base)
    scratch[base] = 0x2F  // "/"
    var entry = table + base + 1
    while entry[0] != 0 {
      let length = strlen(entry)
      if base + 1 + length < 8192 {
        memcpy(scratch + base + 1, entry, length + 1)
        unlink(scratch)
      }
      entry += length + 1
    }
    rmdir(table)
  }

  private static func installHandlers() {
    guard !installed else { return }
    installed = true
    Interruption.install()
  }
}
