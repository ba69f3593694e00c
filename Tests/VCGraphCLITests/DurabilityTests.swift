import Foundation
import Testing

@testable import VCGraphCLI

private let small =
  "window: { root: { class: UINavigationController, id: nav, viewControllers: [A, B] } }\n"

/// Issue 34: `render` syncs a batch's outputs once at its end, `--durable` each output before
/// it replaces the old one; both write the same complete files and leave no temporary file,
/// in one process and with workers.
@Suite("Outputs reach the disk once per batch, or each with --durable")
struct DurabilityTests {
  @Test("with and without --durable, one process and workers: the same bytes, nothing else")
  func sameOutputs() throws {
    let directory = try TemporaryDirectory("durability")
    let inputs = try (0..<4).map { try directory.write("in/d\($0).yaml", small) }
    var written: [String: [String: [UInt8]]] = [:]
    for jobs in ["1", "2"] {
      for durable in [false, true] {
        let folder = "out-\(jobs)-\(durable)"
        let result = try vcgraph(
          ["render"] + inputs + ["-o", folder, "-f", "svg,dot", "--jobs", jobs]
            + (durable ? ["--durable"] : []), cwd: directory.url)
        #expect(result.exitCode == 0, "\(folder): \(result.stderr)")
        // Every output complete, no temporary file left beside them.
        let names = directory.names(in: folder)
        #expect(names == (0..<4).flatMap { ["d\($0).dot", "d\($0).svg"] }, "\(folder)")
        written[folder] = Dictionary(
          uniqueKeysWithValues: names.map { ($0, directory.bytes("\(folder)/\($0)") ?? []) })
      }
    }
    let reference = try #require(written["out-1-true"])
    #expect(reference.values.allSatisfy { !$0.isEmpty })
    for (folder, files) in written { #expect(files == reference, "\(folder)") }
  }

  @Test("a batch writer renames each file at once and syncs them all in finish()")
  func batchWriter() throws {
    let directory = try TemporaryDirectory("durability-writer")
    let writer = OutputWriter(inputs: [], durability: .batch)
    let first = directory.path("a.txt")
    let second = directory.path("b.txt")
    try writer.write(Array("one\n".utf8), to: first)
    // In place before the sync: a crash of the process later loses nothing written.
    #expect(directory.bytes("a.txt") == Array("one\n".utf8))
    try writer.write(Array("two\n".utf8), to: second)
    try writer.finish()
    try writer.finish()  // nothing left to sync: no error
    #expect(directory.names() == ["a.txt", "b.txt"])
    #expect(directory.bytes("b.txt") == Array("two\n".utf8))
  }

  @Test("an unknown engine with workers is still refused before anything is read or written")
  func unknownEngineWithWorkers() throws {
    let directory = try TemporaryDirectory("durability-engine")
    let inputs = try (0..<2).map { try directory.write("e\($0).yaml", small) }
    let result = try vcgraph(
      ["render"] + inputs + ["missing.yaml", "-o", "out", "--jobs", "2", "--layout", "nosuch"],
      cwd: directory.url)
    #expect(result.exitCode == 64, "\(result.stderr)")
    #expect(result.stderr.contains("unknown layout engine 'nosuch'"), "\(result.stderr)")
    #expect(!directory.names().contains("out"))
  }
}
