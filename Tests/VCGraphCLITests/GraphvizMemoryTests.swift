import Foundation
import TestSupport
import Testing

/// Graphviz's `dot` up to at least 2.43 freed a rank's node array twice after laying out a
/// graph whose flat edges carry labels (a presentation drawn beside its presenter): the heap of
/// a process that went on to draw another graph was corrupted, and a batch crashed at random
/// ("malloc(): mismatching next->prev_size"). `vcg_repair_dot_ranks` in
/// `Sources/CGraphviz/compat.h` repairs the array before the layout is freed. Valgrind, which
/// watches every `free`, is the judge; Graphviz's own `dot` shows the same invalid free when it
/// draws that DOT twice in one process.
@Suite struct GraphvizMemoryTests {
  @Test("two diagrams with labelled flat edges in one process: no invalid free (valgrind)")
  func labelledFlatEdgesAreFreedOnce() throws {
    #if os(Linux)
      guard let valgrind = ExecutableSearch.first("valgrind") else {
        missingTool("valgrind is not installed; run scripts/setup-deps --test")
        return
      }
      let executable = try #require(vcgraphExecutable)
      let directory = try TemporaryDirectory("memory")
      // Seed 000 presents its modal beside the tab bar, with labels on the flat edges between.
      let sample = try String(
        contentsOf: repositoryRoot.appendingPathComponent("Samples/000-top-view-controller.yaml"),
        encoding: .utf8)
      try directory.write("a.yaml", sample)
      try directory.write("b.yaml", sample)
      try directory.write("out/.keep", "")
      let log = directory.url.appendingPathComponent("valgrind.log")
      let process = Process()
      process.executableURL = valgrind
      process.arguments = [
        "--log-file=\(log.path)", executable.path, "render", "a.yaml", "b.yaml", "-o", "out",
        "-f", "svg", "--jobs", "1", "--quiet",
      ]
      process.currentDirectoryURL = directory.url
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      let report = try String(contentsOf: log, encoding: .utf8)
      #expect(report.contains("ERROR SUMMARY"), "valgrind ran to the end")
      #expect(!report.contains("Invalid free"), "\(report.prefix(3000))")
      #expect(!report.contains("Invalid write"), "\(report.prefix(3000))")
      for name in ["a", "b"] {
        let svg = try String(
          contentsOf: directory.url.appendingPathComponent("out/\(name).svg"), encoding: .utf8)
        #expect(svg.contains("presents (fullScreen)"))
      }
    #endif
  }
}
