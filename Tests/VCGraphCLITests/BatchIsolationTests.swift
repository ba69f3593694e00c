import Foundation
import Testing

// Runs over many inputs, through the built binary: one crashing input never costs another its
// output, workers end with the process that started them, progress is shown with workers, and
// what `render` finds is said.

private let small =
  "window: { root: { class: UINavigationController, id: nav, viewControllers: [A] } }\n"

/// A custom container with `count` attached children: large enough to go to a layout worker.
private func wide(_ count: Int) -> String {
  var text = "window:\n  root:\n    class: UIViewController\n    id: root\n    children:\n"
  for index in 0..<count { text += "      - { class: C, id: c\(index) }\n" }
  return text
}

@Suite("Batches: crashes, workers, progress")
struct BatchIsolationTests {
  @Test func aWindowLevelOutOfRangeIsRefusedNotACrash() throws {
    let directory = try TemporaryDirectory("level")
    for (name, level, message) in [
      ("huge", "1e19", "decimal number"), ("max", "9223372036854775807", "between"),
      ("hex", "0x10", "decimal number"), ("nan", ".nan", "decimal number"),
    ] {
      try directory.write("\(name).yaml", "windows:\n  - { level: \(level), root: A }\n")
      let result = try vcgraph(["render", "\(name).yaml", "-o", "\(name).svg"], cwd: directory.url)
      #expect(result.exitCode == 65, "\(name): \(result.stderr)")
      #expect(result.stderr.contains("\(name).yaml:2:14: error: "), "\(result.stderr)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
    try directory.write("ok.yaml", "windows:\n  - { level: -2.5, root: A }\n")
    #expect(try vcgraph(["render", "ok.yaml", "-o", "ok.svg"], cwd: directory.url).exitCode == 0)
  }

  /// Three inputs, the middle one crashing the process that draws it.
  private func crashingBatch() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory("crash-batch")
    for name in ["a", "b", "c"] { try directory.write("in/\(name).yaml", small) }
    try FileManager.default.createDirectory(
      atPath: directory.path("out"), withIntermediateDirectories: true)
    return directory
  }

  @Test(arguments: ["1", "2"])
  func aCrashInOneInputCostsNoOtherInputItsOutput(jobs: String) throws {
    let directory = try crashingBatch()
    let result = try vcgraph(
      ["render", "in", "-o", "out", "--jobs", jobs], stdinBytes: nil, cwd: directory.url,
      environment: ["VCGRAPH_TEST_CRASH_ON": "b.yaml"])
    #expect(result.exitCode == 70, "exit \(result.exitCode): \(result.stderr)")
    #expect(result.stderr.contains("in/b.yaml: vcgraph crashed (signal"), "\(result.stderr)")
    #expect(!result.stderr.contains("in/a.yaml"), "\(result.stderr)")
    #expect(!result.stderr.contains("in/c.yaml"), "\(result.stderr)")
    #expect(directory.names(in: "out") == ["a.svg", "c.svg"])
    #expect(!directory.names(in: "out").contains { $0.hasSuffix(".tmp") })
  }

  @Test func aCrashInTheOnlyInputIs70WithAMessage() throws {
    let directory = try TemporaryDirectory("crash-one")
    try directory.write("b.yaml", small)
    let result = try vcgraph(
      ["render", "b.yaml", "-o", "b.svg"], stdinBytes: nil, cwd: directory.url,
      environment: ["VCGRAPH_TEST_CRASH_ON": "b.yaml"])
    #expect(result.exitCode == 70, "\(result.stderr)")
    #expect(result.stderr.contains("b.yaml: vcgraph crashed (signal"), "\(result.stderr)")
    #expect(!result.stderr.contains("Backtrac"))
    #expect(directory.names() == ["b.yaml"])
  }

  #if os(Linux)
    /// Starts a program with SIGINT and SIGTERM at their default actions and no signal blocked
    /// (a test runner's threads may ignore or block them, which a child would inherit), its
    /// standard error discarded; returns its pid.
    private func spawnWithDefaultSignals(
      _ path: String, _ arguments: [String], environment: [String: String]
    ) throws -> pid_t {
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var defaults = sigset_t()
      sigemptyset(&defaults)
      sigaddset(&defaults, SIGINT)
      sigaddset(&defaults, SIGTERM)
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      // Test threads may block signals, which a child would inherit too.
      var none = sigset_t()
      sigemptyset(&none)
      posix_spawnattr_setsigmask(&attributes, &none)
      posix_spawnattr_setflags(
        &attributes, Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      let argv = ([path] + arguments).map { strdup($0) } + [nil]
      let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { for pointer in argv + envp { free(pointer) } }
      var pid: pid_t = 0
      let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
      guard code == 0 else { throw RunError(description: "posix_spawn failed: \(code)") }
      return pid
    }

    /// The pids of processes whose environment holds `token`.
    private func processes(holding token: String) -> [Int32] {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap(Int32.init).filter { pid in
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else {
          return false
        }
        return String(decoding: data, as: UTF8.self).contains(token)
      }
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGKILL])
    func workersEndWithTheirParent(signal: Int32) throws {
      let directory = try TemporaryDirectory("orphans")
      for index in 0..<4 { try directory.write("in/w\(index).yaml", wide(200)) }
      try FileManager.default.createDirectory(
        atPath: directory.path("out"), withIntermediateDirectories: true)
      let token = "VCGRAPH_TEST_TOKEN=\(UUID().uuidString)"
      var environment = ProcessInfo.processInfo.environment
      environment["VCGRAPH_TEST_TOKEN"] = String(token.dropFirst("VCGRAPH_TEST_TOKEN=".count))
      // Every layout goes to a layout worker and takes a minute.
      environment["VCGRAPH_IN_PROCESS_LAYOUT_LIMIT"] = "0"
      environment["VCGRAPH_TEST_LAYOUT_DELAY"] = "60"
      let parent = try spawnWithDefaultSignals(
        try #require(vcgraphExecutable).path,
        ["render", directory.path("in"), "-o", directory.path("out"), "--jobs", "2"],
        environment: environment)
      // Wait until both render workers and a layout worker under one of them are running.
      func started() -> Bool {
        let commands = processes(holding: token).compactMap { pid in
          FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map {
            String(decoding: $0, as: UTF8.self)
          }
        }
        return commands.filter { $0.contains("__render-worker") }.count == 2
          && commands.contains { $0.contains("__layout-worker") }
      }
      let deadline = Date().addingTimeInterval(60)
      var running = started()
      while !running && Date() < deadline {
        usleep(50_000)
        running = started()
      }
      #expect(running, "the workers did not start")
      kill(parent, signal)
      var status: Int32 = 0
      waitpid(parent, &status, 0)
      let end = Date().addingTimeInterval(10)
      while !processes(holding: token).isEmpty && Date() < end { usleep(50_000) }
      let left = processes(holding: token)
      for pid in left { kill(pid, SIGKILL) }
      #expect(left.isEmpty, "\(left.count) worker processes outlived their parent")
      #expect(directory.names(in: "out").allSatisfy { !$0.hasSuffix(".tmp") })
    }

    /// SIGTERM (or SIGINT, SIGHUP) to `render --jobs 2` while its workers hold temporary
    /// files: the parent passes the signal on and waits for the workers, which remove their
    /// own; nothing `.tmp` is left (the parent's death used to SIGKILL them mid-write).
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func interruptedWorkersLeaveNoTemporaryFiles(signal: Int32) throws {
      let directory = try TemporaryDirectory("interrupted")
      for index in 0..<4 { try directory.write("in/t\(index).yaml", small) }
      try FileManager.default.createDirectory(
        atPath: directory.path("out"), withIntermediateDirectories: true)
      let token = UUID().uuidString
      var environment = ProcessInfo.processInfo.environment
      environment["VCGRAPH_TEST_TOKEN"] = token
      // Each complete temporary file waits a minute before it is renamed into place.
      environment["VCGRAPH_TEST_WRITE_DELAY"] = "60"
      let parent = try spawnWithDefaultSignals(
        try #require(vcgraphExecutable).path,
        ["render", directory.path("in"), "-o", directory.path("out"), "--jobs", "2"],
        environment: environment)
      func temporaryFiles() -> [String] {
        directory.names(in: "out").filter { $0.hasSuffix(".tmp") }
      }
      let deadline = Date().addingTimeInterval(60)
      while temporaryFiles().count < 2 && Date() < deadline { usleep(50_000) }
      #expect(temporaryFiles().count == 2, "the workers wrote no temporary files")
      kill(parent, signal)
      var status: Int32 = 0
      waitpid(parent, &status, 0)
      // The parent ends by the signal, after its workers.
      #expect(status & 0x7F == signal, "status \(status)")
      let left = processes(holding: token)
      for pid in left { kill(pid, SIGKILL) }
      #expect(left.isEmpty, "\(left.count) workers outlived their parent")
      #expect(temporaryFiles().isEmpty, "left behind: \(temporaryFiles())")
    }

    @Test func progressIsShownWithWorkersOnATerminal() throws {
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
        let binary = vcgraphExecutable
      else { return }
      let directory = try TemporaryDirectory("progress")
      for index in 0..<6 { try directory.write("in/m\(index).yaml", small) }
      try directory.write("in/bad.yaml", "window: { root: A\n")
      try FileManager.default.createDirectory(
        atPath: directory.path("out"), withIntermediateDirectories: true)
      // `script` gives the run a terminal and copies what it writes to standard output.
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      process.arguments = [
        "-qec", "\(binary.path) render in -o out --jobs 2 2>&1", "/dev/null",
      ]
      process.currentDirectoryURL = directory.url
      let output = Pipe()
      process.standardOutput = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let text = String(decoding: data, as: UTF8.self)
      #expect(text.contains("[7/7]"), "\(text.debugDescription)")
      // The error is on a line of its own: the progress line is cleared before it.
      let error = try #require(text.range(of: "in/bad.yaml:1:9: error:"), "\(text)")
      let before = text[..<error.lowerBound]
      #expect(before.isEmpty || before.hasSuffix("\n") || before.hasSuffix("\r\u{1B}[K"))
    }
  #endif

  @Test(arguments: ["1", "2"])
  func renderSaysErrorFindingsAndSucceeds(jobs: String) throws {
    let directory = try TemporaryDirectory("findings")
    try directory.write(
      "in/tabs.yaml",
      "window:\n  root:\n    class: UITabBarController\n    selectedIndex: 5\n"
        + "    viewControllers: [A, B]\n")
    try directory.write("in/fine.yaml", small)
    try FileManager.default.createDirectory(
      atPath: directory.path("out"), withIntermediateDirectories: true)
    let result = try vcgraph(["render", "in", "-o", "out", "--jobs", jobs], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("in/tabs.yaml:4:20: error: ")
        && result.stderr.contains("[selected-index-out-of-range]"), "\(result.stderr)")
    #expect(!result.stderr.contains("fine.yaml"))
    #expect(directory.names(in: "out") == ["fine.svg", "tabs.svg"])
  }
}
