import Foundation
import Testing

@testable import VCGraphCore

/// `InputFileReading.read` sizes its buffer by the file's own size: every byte still arrives
/// when a file is larger than its size says, or grows while it is read, and the limit holds.
@Suite("Reading an input file by its size")
struct InputFileReadingTests {
  @Test("a file's bytes come back whole, at sizes around the buffer's growth steps")
  func wholeFiles() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("vcgraph-read-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for size in [0, 1, 3_000, 65_535, 65_536, 65_537, 200_001] {
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      let path = directory.appendingPathComponent("\(size).bin").path
      #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
      #expect(try InputFileReading.read(path, limit: 1 << 20) == bytes, "\(size) bytes")
      #expect(throws: VCGraphError.self) { try InputFileReading.read(path, limit: size - 1) }
    }
  }

  #if os(Linux)
    /// Linux's /proc files are regular files that say they hold 0 bytes; read through a
    /// buffer of one byte, they must still arrive whole (compared with FileManager's read).
    @Test("a regular file that says it is empty but is not is read whole")
    func understatedSize() throws {
      let path = "/proc/self/maps"
      let info = try FileManager.default.attributesOfItem(atPath: path)
      #expect((info[.size] as? Int) == 0)
      let bytes = try InputFileReading.read(path, limit: 8 << 20)
      #expect(bytes.count > 1_000)
      // The first line (the executable's first mapping) is the same in both reads.
      let first = try #require(bytes.split(separator: UInt8(ascii: "\n")).first)
      let other = try #require(FileManager.default.contents(atPath: path))
      #expect(other.starts(with: first))
    }
  #endif
}
