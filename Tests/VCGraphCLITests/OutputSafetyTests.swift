import Foundation
import Testing

// Outputs that must not be lost (issue 26, "Losing data"): two outputs of one run at one path,
// standard output that cannot be written. (A simulate directory vcgraph did not write is in
// SimulateOutputTests, a link named as the output in HostileInputTests, an interrupted run
// with workers in BatchIsolationTests.)

private let description = """
  window:
    root:
      class: UINavigationController
      id: nav
      viewControllers:
        - { class: FeedViewController, id: feed }

  """

@Suite("outputs: collisions and standard output")
struct OutputSafetyTests {
  /// `a~dark.yaml`'s own image and `a.yaml`'s dark variant are both `a~dark.svg`: one render
  /// would be lost. The run is refused before anything is read or written, with one worker
  /// or two, whether the inputs are named or found in a folder.
  @Test(arguments: ["1", "2"])
  func darkVariantCollisionIsRefusedBeforeWriting(jobs: String) throws {
    let directory = try TemporaryDirectory("dark-clash")
    try directory.write("in/a.yaml", description)
    try directory.write("in/a~dark.yaml", description.replacingOccurrences(of: "feed", with: "x"))
    try FileManager.default.createDirectory(
      atPath: directory.path("out"), withIntermediateDirectories: true)
    for inputs in [["in/a.yaml", "in/a~dark.yaml"], ["in"]] {
      let result = try vcgraph(
        ["render"] + inputs + ["-o", "out", "--dark-variant", "-f", "svg,png", "--jobs", jobs],
        cwd: directory.url)
      #expect(result.exitCode == 64, "\(inputs): exit \(result.exitCode) \(result.stderr)")
      #expect(
        result.stderr.contains("in/a~dark.yaml and in/a.yaml would both write out/a~dark.svg"),
        "\(result.stderr)")
      #expect(directory.names(in: "out").isEmpty, "\(directory.names(in: "out"))")
    }
    // Without the variant, or with inputs whose names do not meet, every file is written.
    try FileManager.default.moveItem(
      atPath: directory.path("in/a~dark.yaml"), toPath: directory.path("in/b.yaml"))
    let fine = try vcgraph(
      ["render", "in", "-o", "out", "--dark-variant", "--jobs", jobs], cwd: directory.url)
    #expect(fine.exitCode == 0, "\(fine.stderr)")
    #expect(directory.names(in: "out") == ["a.svg", "a~dark.svg", "b.svg", "b~dark.svg"])
  }

  /// Runs `vcgraph ARGS` through the shell with standard output redirected as `redirection`
  /// says (`>/dev/full`, `>&-`).
  private func run(
    _ arguments: [String], redirection: String, in directory: TemporaryDirectory
  ) throws -> (status: Int32, stderr: String) {
    let binary = try #require(vcgraphExecutable)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirection)", binary.path] + arguments
    process.currentDirectoryURL = directory.url
    let errors = Pipe()
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Every command that writes to standard output fails with 74 and says so when it cannot:
  /// a full device or a closed stream loses the output, and exit 0 would hide that.
  @Test(arguments: [">/dev/full", ">&-"])
  func unwritableStandardOutputIs74(redirection: String) throws {
    #if os(Linux)
      let directory = try TemporaryDirectory("stdout")
      try directory.write("a.yaml", description)
      try directory.write("b.yaml", description.replacingOccurrences(of: "feed", with: "other"))
      try directory.write(
        "s.yaml",
        description
          + "steps:\n  - push: { on: nav, controller: { class: PostViewController, id: post } }\n")
      try directory.write(
        "dump.txt",
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n")
      let commands: [[String]] = [
        ["--version"], ["--help"], ["rules"], ["rules", "pushed-twice"], ["analyze", "a.yaml"],
        ["analyze", "a.yaml", "--format", "json"], ["check", "a.yaml", "--format", "json"],
        ["import", "dump.txt"], ["render", "a.yaml", "-o", "-", "-f", "dot"],
        ["simulate", "s.yaml", "-o", "sim"], ["diff", "a.yaml", "b.yaml"],
      ]
      for arguments in commands {
        let result = try run(arguments, redirection: redirection, in: directory)
        #expect(result.status == 74, "\(arguments) \(redirection): exit \(result.status)")
        #expect(
          result.stderr.contains("error: cannot write to standard output"),
          "\(arguments) \(redirection): \(result.stderr)")
      }
      // A run that writes nothing there does not care, and its file is written whole: the
      // closed descriptor is not handed to the output file.
      let quiet = try run(
        ["render", "a.yaml", "-o", "a.svg"], redirection: redirection, in: directory)
      #expect(quiet.status == 0, "\(quiet.stderr)")
      let svg = String(decoding: directory.bytes("a.svg") ?? [], as: UTF8.self)
      #expect(svg.hasPrefix("<?xml") && svg.contains("</svg>"))
    #endif
  }
}
