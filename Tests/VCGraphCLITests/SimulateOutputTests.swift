import Foundation
import Testing

// `vcgraph simulate`'s limits and its output directory, through the built binary: a step
// limit, an output budget and the layout limits; and the directory replaced as a whole (a
// full disk, a shorter run after a longer one, two runs at once, a directory someone else
// wrote).

/// A navigation scenario of `steps` pushes.
private func pushes(_ steps: Int, title: String = "pushes") -> String {
  var text = "title: \(title)\nwindow:\n  root: { class: UINavigationController, id: nav,"
  text += " viewControllers: [A] }\nsteps:\n"
  for index in 0..<steps { text += "  - push: { on: nav, controller: { class: P\(index) } }\n" }
  return text
}

/// Every file in a directory (hidden ones too) with its bytes.
private func contents(_ directory: TemporaryDirectory, _ name: String) -> [String: [UInt8]] {
  var result: [String: [UInt8]] = [:]
  for file in directory.names(in: name) { result[file] = directory.bytes("\(name)/\(file)") }
  return result
}

@Suite("simulate: limits and the output directory")
struct SimulateOutputTests {
  @Test func moreStepsThanTheLimitAreRefusedAtTheFirstOneOver() throws {
    let directory = try TemporaryDirectory("max-steps")
    try directory.write("s.yaml", pushes(6))
    let result = try vcgraph(
      ["simulate", "s.yaml", "-o", "out", "--max-steps", "5"], cwd: directory.url)
    #expect(result.exitCode == 65, "\(result.stderr)")
    #expect(result.stderr.contains("s.yaml:10:5: error: "), "\(result.stderr)")
    #expect(result.stderr.contains("more than the limit of 5 steps"), "\(result.stderr)")
    #expect(result.stderr.contains("--max-steps"))
    #expect(directory.names() == ["s.yaml"])
    let help = try vcgraph(["simulate", "--help"])
    #expect(help.stdout.contains("--max-steps <n>"), "\(help.stdout)")
    #expect(help.stdout.contains("(default 1000)"))
  }

  @Test func outputsOverTheBudgetAreRefusedBeforeAnythingIsWritten() throws {
    let directory = try TemporaryDirectory("budget")
    try directory.write("s.yaml", pushes(4))
    let result = try vcgraph(
      ["simulate", "s.yaml", "-o", "out", "--max-output-bytes", "30000"], cwd: directory.url)
    #expect(result.exitCode == 65, "\(result.stderr)")
    #expect(
      result.stderr.contains("more than the limit of 30000 bytes"), "\(result.stderr)")
    #expect(result.stderr.contains("--max-output-bytes"))
    #expect(directory.names() == ["s.yaml"])
    #expect(
      try vcgraph(["simulate", "s.yaml", "-o", "out", "-q"], cwd: directory.url).exitCode == 0)
  }

  @Test func theLayoutLimitsApplyAndSayOnlyWhatWasGiven() throws {
    let directory = try TemporaryDirectory("layout-limits")
    try directory.write("s.yaml", pushes(2))
    let small = try vcgraph(
      ["simulate", "s.yaml", "-o", "out", "--max-layout-nodes", "5", "--layout-timeout", "30"],
      cwd: directory.url)
    #expect(small.exitCode == 65, "\(small.stderr)")
    #expect(small.stderr.contains("more than the layout limit of 5"), "\(small.stderr)")
    #expect(small.stderr.contains("--max-layout-nodes"))
    #expect(!small.stderr.contains("--expand-all"), "\(small.stderr)")
    let expanded = try vcgraph(
      ["simulate", "s.yaml", "-o", "out", "--max-layout-nodes", "5", "--expand-all"],
      cwd: directory.url)
    #expect(expanded.stderr.contains("leave out --expand-all"), "\(expanded.stderr)")
    #expect(directory.names() == ["s.yaml"])
  }

  @Test func aShorterRunLeavesNoStaleStepsOfALongerOne() throws {
    let directory = try TemporaryDirectory("stale")
    try directory.write("long.yaml", pushes(5))
    try directory.write("short.yaml", pushes(2))
    for name in ["long", "short"] {
      let result = try vcgraph(["simulate", "\(name).yaml", "-o", "out", "-q"], cwd: directory.url)
      #expect(result.exitCode == 0, "\(result.stderr)")
    }
    #expect(
      directory.names(in: "out") == [
        ".vcgraph", "index.html", "step-0.svg", "step-1.svg", "step-2.svg", "summary.json",
      ])
    #expect(directory.names().filter { $0.hasPrefix(".") }.isEmpty)
  }

  @Test(.enabled(if: Mounts.available, "needs permission to mount a tmpfs (root)"))
  func aFullDiskLeavesThePreviousRunWhole() throws {
    let directory = try TemporaryDirectory("full-simulate")
    try directory.write("long.yaml", pushes(8))
    try directory.write("other.yaml", pushes(3, title: "other"))
    let mount = try Mounts.tmpfs(at: directory.path("disk"), size: "1m")
    defer { mount.unmount() }
    let first = try vcgraph(["simulate", "long.yaml", "-o", "disk/out", "-q"], cwd: directory.url)
    #expect(first.exitCode == 0, "\(first.stderr)")
    let before = contents(directory, "disk/out")
    // Fill what is left of the disk but a little, so the next run starts but cannot finish.
    let filler = directory.path("disk/filler")
    _ = FileManager.default.createFile(atPath: filler, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: filler))
    while (try? handle.write(contentsOf: Data(repeating: 1, count: 4096))) != nil {}
    try handle.close()
    let size = (try FileManager.default.attributesOfItem(atPath: filler)[.size] as? Int) ?? 0
    truncate(filler, off_t(max(0, size - 16_384)))
    let second = try vcgraph(["simulate", "other.yaml", "-o", "disk/out"], cwd: directory.url)
    #expect(second.exitCode == 74, "exit \(second.exitCode): \(second.stderr)")
    #expect(second.stderr.contains("No space left on device"), "\(second.stderr)")
    let after = contents(directory, "disk/out")
    let unchanged = after == before
    #expect(unchanged, "the previous run changed: now \(after.keys.sorted())")
    #expect(directory.names(in: "disk") == ["filler", "out"])
  }

  @Test func concurrentRunsLeaveOneWholeRun() throws {
    let directory = try TemporaryDirectory("concurrent")
    try directory.write("a.yaml", pushes(4, title: "run a"))
    try directory.write("b.yaml", pushes(2, title: "run b"))
    for name in ["a", "b"] {
      let result = try vcgraph(
        ["simulate", "\(name).yaml", "-o", "ref-\(name)", "-q"], cwd: directory.url)
      #expect(result.exitCode == 0, "\(result.stderr)")
    }
    let expected = [contents(directory, "ref-a"), contents(directory, "ref-b")]
    for _ in 0..<3 {
      let group = DispatchGroup()
      for name in ["a", "b", "a", "b"] {
        group.enter()
        DispatchQueue.global().async {
          _ = try? vcgraph(["simulate", "\(name).yaml", "-o", "out", "-q"], cwd: directory.url)
          group.leave()
        }
      }
      group.wait()
      let result = contents(directory, "out")
      let whole = expected.contains(result)
      #expect(whole, "the directory mixes runs: \(result.keys.sorted())")
    }
    #expect(directory.names().filter { $0.hasPrefix(".") }.isEmpty, "\(directory.names())")
  }

  @Test func aDirectoryVCGraphDidNotWriteIsNotReplaced() throws {
    let directory = try TemporaryDirectory("foreign")
    try directory.write("s.yaml", pushes(2))
    try directory.write("docs/notes.md", "# my notes\n")
    let result = try vcgraph(["simulate", "s.yaml", "-o", "docs"], cwd: directory.url)
    #expect(result.exitCode == 73, "\(result.stderr)")
    #expect(result.stderr.contains("notes.md"), "\(result.stderr)")
    #expect(directory.names(in: "docs") == ["notes.md"])
    // An empty directory is replaced, and so is one a run wrote (it holds the marker).
    try FileManager.default.createDirectory(
      atPath: directory.path("empty"), withIntermediateDirectories: true)
    for name in ["empty", "empty"] {
      let run = try vcgraph(["simulate", "s.yaml", "-o", name, "-q"], cwd: directory.url)
      #expect(run.exitCode == 0, "\(name): \(run.stderr)")
      #expect(directory.names(in: name).contains("step-2.svg"))
    }
    // Files merely named like simulate's, without the marker, are the user's own: a page,
    // a summary and a screenshot that must survive.
    let own = [
      ("index.html", "<html>my page</html>"), ("summary.json", "{\"mine\": true}"),
      ("step-1.png", "my screenshot"),
    ]
    for (name, text) in own { try directory.write("own/\(name)", text) }
    let refused = try vcgraph(["simulate", "s.yaml", "-o", "own"], cwd: directory.url)
    #expect(refused.exitCode == 73, "\(refused.stderr)")
    #expect(
      refused.stderr.contains("own: refusing to replace a directory vcgraph did not write"),
      "\(refused.stderr)")
    #expect(directory.names(in: "own") == own.map(\.0).sorted())
    for (name, text) in own { #expect(directory.bytes("own/\(name)") == Array(text.utf8)) }
    // The input inside the output directory would be lost with it.
    try directory.write("inside/s.yaml", pushes(2))
    let inside = try vcgraph(["simulate", "inside/s.yaml", "-o", "inside"], cwd: directory.url)
    #expect(inside.exitCode == 73, "\(inside.stderr)")
    #expect(directory.names(in: "inside") == ["s.yaml"])
  }

  @Test func leftoversOfAKilledRunAreRemovedByTheNext() throws {
    let directory = try TemporaryDirectory("leftover")
    try directory.write("s.yaml", pushes(1))
    // What a run killed with SIGKILL leaves: a sibling directory named after a dead process.
    try directory.write(".out.vcgraph-2147483646-1.tmp/.vcgraph", "vcgraph simulate\n")
    try directory.write(".out.vcgraph-2147483646-1.tmp/step-0.svg", "<svg/>")
    let result = try vcgraph(["simulate", "s.yaml", "-o", "out", "-q"], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(directory.names() == ["out", "s.yaml"])
  }
}
