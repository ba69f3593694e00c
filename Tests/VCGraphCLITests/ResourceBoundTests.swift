import Foundation
import Testing

// Inputs that cost more than their size (issue 26, "Denial of service"): each is a clear error
// or linear work. Costs are ratios of one command at n and at 4n in the same run (linear work
// gives about 4, start-up counting at both sizes; quadratic work about 16), never seconds.

private let description = """
  window:
    root:
      class: UINavigationController
      id: nav
      viewControllers:
        - { class: FeedViewController, id: feed }

  """

/// Runs the built `vcgraph ARGS` (standard streams on /dev/null) and returns its exit status
/// and the CPU time it used, user and system, as `wait4` reports it: unlike the time on the
/// clock, that does not grow with what else the machine runs. Nil when it was still running
/// after `timeout` seconds (it is killed).
private func cpuTime(_ arguments: [String], timeout: Double = 60) throws -> (
  status: Int32, seconds: Double
)? {
  #if os(Linux)
    let binary = try #require(vcgraphExecutable).path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, binary, &actions, nil, argv, envp)
    guard code == 0 else { throw RunError(description: "posix_spawn failed: \(code)") }
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, WNOHANG, &usage) == 0 {
      if Date() > deadline {
        kill(pid, SIGKILL)
        _ = wait4(pid, &status, 0, &usage)
        return nil
      }
      usleep(10_000)
    }
    let seconds =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return (status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), seconds)
  #else
    // Elsewhere the time on the clock stands in for it.
    let start = Date()
    guard let result = try? vcgraph(arguments, stdinBytes: nil, timeout: timeout) else {
      return nil
    }
    return (result.exitCode, Date().timeIntervalSince(start))
  #endif
}

/// The median CPU time of three runs of `vcgraph ARGS`, each of which must exit `status`.
private func medianCPUTime(
  _ arguments: [String], status: Int32, timeout: Double = 60,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> Double {
  var times: [Double] = []
  for _ in 0..<3 {
    let run = try #require(
      try cpuTime(arguments, timeout: timeout), "vcgraph \(arguments) ran over \(timeout) s",
      sourceLocation: sourceLocation)
    #expect(
      run.status == status, "\(arguments): exit \(run.status)", sourceLocation: sourceLocation)
    times.append(run.seconds)
  }
  return times.sorted()[1]
}

/// The largest ratio of the 4n run's median to the n run's that counts as linear.
private let linearRatio = 6.0

/// A storyboard whose launch state is a navigation controller with `home` at its root; `home`
/// shows `extra` (scene elements) and carries `attributes` on its element.
private func storyboard(attributes: String = "", extra: String = "") -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
  initialViewController="nav">
      <scenes>
          <scene sceneID="s0">
              <objects>
                  <navigationController id="nav" sceneMemberID="viewController">
                      <connections>
                          <segue destination="home" kind="relationship" \
  relationship="rootViewController" id="r1"/>
                      </connections>
                  </navigationController>
              </objects>
          </scene>
          <scene sceneID="s1">
              <objects>
                  <viewController id="home" sceneMemberID="viewController"\(attributes)>
                      <connections>
                          <segue destination="ref" kind="show" identifier="next" id="g1"/>
                      </connections>
                  </viewController>
              </objects>
          </scene>
  \(extra)
      </scenes>
  </document>

  """
}

/// A storyboard of one plain scene, for a reference to land on.
private let referencedStoryboard = """
  <?xml version="1.0" encoding="UTF-8"?>
  <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
  initialViewController="other">
      <scenes>
          <scene sceneID="o0">
              <objects>
                  <viewController id="other" sceneMemberID="viewController"/>
              </objects>
          </scene>
      </scenes>
  </document>

  """

/// A scene holding a reference to the storyboard `name`.
private func referenceScene(_ name: String) -> String {
  """
          <scene sceneID="s2">
              <objects>
                  <viewControllerPlaceholder storyboardName="\(name)" id="ref" \
  sceneMemberID="viewController"/>
              </objects>
          </scene>
  """
}

/// Runs `vcgraph ARGS` with a pipe on standard input that stays open (a terminal that is
/// never typed into); nil when it was still running after `timeout` seconds (then killed).
private func runWithOpenInput(
  _ arguments: [String], cwd: URL, timeout: Double = 30
) throws -> RunResult? {
  let binary = try #require(vcgraphExecutable)
  let process = Process()
  process.executableURL = binary
  process.arguments = arguments
  process.currentDirectoryURL = cwd
  let input = Pipe()
  let errors = Pipe()
  process.standardInput = input
  process.standardOutput = FileHandle.nullDevice
  process.standardError = errors
  let finished = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in finished.signal() }
  try process.run()
  defer { try? input.fileHandleForWriting.close() }
  if finished.wait(timeout: .now() + timeout) == .timedOut {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return nil
  }
  let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  return RunResult(
    exitCode: process.terminationStatus, stdout: "", stdoutBytes: [], stderr: text)
}

@Suite("hostile inputs: bounded cost")
struct ResourceBoundTests {
  /// `**/**/…/x` was matched by trying every way each `**` could split the path: 8 of them on
  /// a deep path took 19 s. Matched as a set of positions, 12 cost what 3 do.
  @Test func excludedGlobsWithRepeatedDoubleStarsAreLinear() throws {
    let directory = try TemporaryDirectory("glob")
    let deep = (1...20).map { "d\($0)" }.joined(separator: "/")
    try directory.write("in/\(deep)/a.yaml", description)
    try directory.write("in/top.yaml", description)
    func seconds(stars: Int) throws -> Double {
      let pattern = String(repeating: "**/", count: stars) + "nothing.yaml"
      let config = try directory.write("glob.yml", "excluded:\n  - \"\(pattern)\"\n")
      return try medianCPUTime(
        ["check", "--config", config, directory.path("in")], status: 0, timeout: 30)
    }
    let small = try seconds(stars: 3)
    let large = try seconds(stars: 12)
    #expect(large / small < linearRatio, "3 `**/`: \(small) s, 12: \(large) s")
    // Repeated `**` still match any number of components, none included.
    for pattern in ["**/**/d20/**", "**/**/**/a.yaml", "in/**/**/d1/**/**/d20"] {
      try directory.write(".vcgraph.yml", "excluded:\n  - \"\(pattern)\"\n")
      let result = try vcgraph(["check", "in"], cwd: directory.url)
      #expect(result.stderr.contains("1 input checked"), "\(pattern): \(result.stderr)")
    }
  }

  /// A reference that leads to a FIFO, or a storyboard that is a link to standard input,
  /// blocked the run forever: only regular files are opened, and these are refused (66).
  @Test func specialFilesAreRefusedWithoutBlocking() throws {
    let directory = try TemporaryDirectory("fifo")
    try directory.write("a/Main.storyboard", storyboard(extra: referenceScene("Pipe")))
    #expect(mkfifo(directory.path("a/Pipe.storyboard"), 0o644) == 0)
    let fifo = try #require(
      try runWithOpenInput(["check", "a/Main.storyboard"], cwd: directory.url))
    #expect(fifo.exitCode == 66, "\(fifo.stderr)")
    #expect(
      fifo.stderr.contains("a/Pipe.storyboard: is a named pipe (FIFO), not a regular file"),
      "\(fifo.stderr)")
    // A link to /dev/stdin named as the input, and one a reference finds in a folder whose
    // listing skips it (a link to a device is no input of the folder).
    try directory.write("b/Main.storyboard", storyboard(extra: referenceScene("Other")))
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("b/Other.storyboard"), withDestinationPath: "/dev/stdin")
    for arguments in [
      ["check", "b/Other.storyboard"], ["check", "b"], ["render", "b", "-o", "b"],
    ] {
      let result = try #require(
        try runWithOpenInput(arguments, cwd: directory.url), "\(arguments) blocked")
      #expect(result.exitCode == 66, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("b/Other.storyboard: is a "), "\(result.stderr)")
      #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
    }
    #expect(!directory.names(in: "b").contains { $0.hasSuffix(".svg") })
  }

  /// libxml2 compares each attribute of a start tag with every one before it: one element
  /// with 200,000 attributes took 8–17 s. More than 256 are refused at the element, found by
  /// a linear scan before libxml2 reads the file.
  @Test func attributesPerElementAreBounded() throws {
    let directory = try TemporaryDirectory("attributes")
    func attributes(_ count: Int) -> String {
      (0..<count).map { " a\($0)=\"v\"" }.joined()
    }
    try directory.write(
      "ok.storyboard", storyboard(attributes: attributes(254), extra: referenceScene("Other")))
    let ok = try vcgraph(["check", "ok.storyboard"], cwd: directory.url)
    #expect(!ok.stderr.contains("attributes"), "\(ok.stderr)")
    #expect(ok.exitCode == 0 || ok.exitCode == 1, "\(ok.stderr)")
    try directory.write("over.storyboard", storyboard(attributes: attributes(255)))
    let over = try vcgraph(["check", "over.storyboard"], cwd: directory.url)
    #expect(over.exitCode == 65, "\(over.stderr)")
    #expect(
      over.stderr.contains(
        "over.storyboard:15:17: error: the element <viewController> has more than 256"
          + " attributes"), "\(over.stderr)")
    func seconds(_ count: Int) throws -> Double {
      let path = try directory.write("many.storyboard", storyboard(attributes: attributes(count)))
      return try medianCPUTime(["check", path], status: 65, timeout: 120)
    }
    let small = try seconds(20_000)
    let large = try seconds(80_000)
    #expect(large / small < linearRatio, "20,000 attributes: \(small) s, 80,000: \(large) s")
  }

  /// Views were counted against no limit (10,000,000 `{}` subviews loaded in 2.9 GB):
  /// controllers and views together count against `--max-controllers`.
  @Test func viewsCountAgainstTheControllerLimit() throws {
    let directory = try TemporaryDirectory("views")
    try directory.write(
      "few.yaml",
      "window:\n  root:\n    class: A\n    view:\n      subviews: [{}, {}, {}, {}, {}]\n")
    let few = try vcgraph(["check", "few.yaml", "--max-controllers", "5"], cwd: directory.url)
    #expect(few.exitCode == 65, "\(few.stderr)")
    // A, its view and three subviews are five; the fourth subview is one too many.
    #expect(
      few.stderr.contains("few.yaml:5:30: error: more than 5 controllers and views"),
      "\(few.stderr)")
    #expect(few.stderr.contains("--max-controllers"))
    let raised = try vcgraph(["check", "few.yaml", "--max-controllers", "7"], cwd: directory.url)
    #expect(raised.exitCode == 0, "\(raised.stderr)")
    let many = Array(repeating: "{}", count: 200_001).joined(separator: ",")
    try directory.write(
      "many.yaml", "window:\n  root:\n    class: A\n    view:\n      subviews: [\(many)]\n")
    let limited = try vcgraph(["check", "many.yaml"], cwd: directory.url)
    #expect(limited.exitCode == 65, "\(limited.stderr.prefix(300))")
    #expect(limited.stderr.contains("more than 200000 controllers and views"))
  }

  /// `Bob's Screens` as a reference's storyboard: its link went into cairo's link tag as
  /// `uri='Bob's Screens.svg'`, whose quote ends the value; cairo then drew nothing ("cairo:
  /// out of memory") and the run wrote a blank PDF with exit 0. Links are URL references now,
  /// percent-encoded (`Bob%27s%20Screens.svg`, which a browser opens as `Bob's Screens.svg`).
  /// The referenced storyboards exist beside the map: only a file vcgraph read is linked.
  @Test func aQuoteInAReferencedNameDrawsThePDF() throws {
    let directory = try TemporaryDirectory("quote-link")
    try directory.write("Main.storyboard", storyboard(extra: referenceScene("Bob's Screens")))
    try directory.write("Bob's Screens.storyboard", referencedStoryboard)
    try directory.write("Bobs Screens.storyboard", referencedStoryboard)
    for format in ["pdf", "svg", "dot"] {
      let result = try vcgraph(
        ["render", "Main.storyboard", "-o", "m.\(format)"], cwd: directory.url)
      #expect(result.exitCode == 0, "\(format): \(result.stderr)")
      #expect(!result.stderr.contains("cairo"), "\(result.stderr)")
      let text = String(decoding: directory.bytes("m.\(format)") ?? [], as: UTF8.self)
      #expect(text.contains("Bob%27s%20Screens.svg"), "\(format) has no link to the file")
    }
    // The drawn page is as large as the same map's with a plain name (a blank one is ~400 B).
    try directory.write("Plain.storyboard", storyboard(extra: referenceScene("Bobs Screens")))
    #expect(
      try vcgraph(["render", "Plain.storyboard", "-o", "p.pdf"], cwd: directory.url).exitCode == 0)
    let quoted = directory.bytes("m.pdf")?.count ?? 0
    let plain = directory.bytes("p.pdf")?.count ?? 0
    #expect(Double(quoted) > Double(plain) * 0.8, "\(quoted) bytes against \(plain)")
  }
}
