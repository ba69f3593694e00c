import Foundation
import Testing

// Small refusals and options, through the built binary: each says what is wrong with the
// exit code Documentation/CommandLine.md gives it.

@Suite("Small refusals")
struct SmallRefusalTests {
  @Test func standardInputThatIsADirectorySaysSo() throws {
    let directory = try TemporaryDirectory("stdin-directory")
    guard let executable = vcgraphExecutable else { throw RunError(description: "no binary") }
    for command in [["analyze", "-"], ["render", "-", "-o", "x.svg"], ["check", "-"]] {
      // `sh` opens the folder as standard input, as `vcgraph analyze - < folder` does.
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      let quoted = command.map { "'\($0)'" }.joined(separator: " ")
      process.arguments = ["-c", "'\(executable.path)' \(quoted) < . 2> err.txt"]
      process.currentDirectoryURL = directory.url
      try process.run()
      process.waitUntilExit()
      let stderr = String(decoding: directory.bytes("err.txt") ?? [], as: UTF8.self)
      #expect(process.terminationStatus == 66, "\(command): \(stderr)")
      #expect(stderr.contains("standard input (-) is a directory"), "\(command): \(stderr)")
      #expect(!stderr.contains("empty"), "\(command): \(stderr)")
    }
  }

  @Test(arguments: ["nop", "nop1", "nop2"])
  func layoutEnginesThatNeedPositionsAreRefusedWithTheList(_ engine: String) throws {
    let directory = try TemporaryDirectory("layout-\(engine)")
    try directory.write("a.yaml", "window: { root: { class: A, id: a, presents: B } }\n")
    for command in [
      ["render", "a.yaml", "--layout", engine, "-o", "a.svg"],
      ["simulate", "a.yaml", "--layout", engine, "-o", "sim"],
    ] {
      let result = try vcgraph(command, cwd: directory.url)
      #expect(result.exitCode == 64, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("'\(engine)'"), "\(result.stderr)")
      #expect(result.stderr.contains("engines: "), "\(result.stderr)")
      #expect(result.stderr.contains("dot"), "\(result.stderr)")
      let list = result.stderr.components(separatedBy: "engines: ").last ?? ""
      #expect(!list.contains("nop"), "\(result.stderr)")
    }
    #expect(directory.bytes("a.svg") == nil)
  }

  @Test func twopiDrawsADiagram() throws {
    let directory = try TemporaryDirectory("twopi")
    try directory.write(
      "a.yaml",
      "window:\n  root: { class: UINavigationController, id: nav, viewControllers: [A, B] }\n")
    let result = try vcgraph(
      ["render", "a.yaml", "--layout", "twopi", "-o", "a.svg"], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let svg = String(decoding: directory.bytes("a.svg") ?? [], as: UTF8.self)
    #expect(svg.contains("<svg") && svg.contains("nav"), "\(svg.prefix(300))")
  }

  @Test func anUnknownAcceleratorModeIsRefused() throws {
    let directory = try TemporaryDirectory("accelerators")
    try directory.write("a.yaml", "window: { root: { class: A, id: a } }\n")
    for command in [["render", "a.yaml", "-o", "a.svg"], ["--version"], ["analyze", "a.yaml"]] {
      let result = try vcgraph(
        command, stdinBytes: nil, cwd: directory.url,
        environment: ["GRAPHVIZKIT_ACCELERATORS": "offf"])
      #expect(result.exitCode == 64, "\(command): \(result.stderr)")
      #expect(
        result.stderr.contains(
          "GRAPHVIZKIT_ACCELERATORS=offf is not one of on, off, no-lookup, text-cache-only,"
            + " coordinate-printer-only"), "\(result.stderr)")
    }
    #expect(directory.bytes("a.svg") == nil)
    let valid = try vcgraph(
      ["--version"], stdinBytes: nil, cwd: directory.url,
      environment: ["GRAPHVIZKIT_ACCELERATORS": "off"])
    #expect(valid.exitCode == 0, "\(valid.stderr)")
  }

  @Test func quietIsAcceptedByEveryCommand() throws {
    let directory = try TemporaryDirectory("quiet")
    try directory.write("a.yaml", "window: { root: { class: A, id: a } }\n")
    try directory.write(
      "dump.txt",
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n")
    for command in [
      ["analyze", "a.yaml"], ["diff", "a.yaml", "a.yaml"], ["import", "dump.txt"], ["rules"],
      ["check", "a.yaml"], ["render", "a.yaml", "-o", "a.svg"],
    ] {
      for flag in ["-q", "--quiet"] {
        let result = try vcgraph(command + [flag], cwd: directory.url)
        #expect(result.exitCode == 0, "\(command) \(flag): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(command) \(flag): \(result.stderr)")
      }
      let help = try vcgraph([command[0], "--help"], cwd: directory.url)
      #expect(help.stdout.contains("--quiet"), "\(command[0]) --help")
    }
  }

  @Test func theReviewPageKeepsUrlReferencesInUserText() throws {
    let directory = try TemporaryDirectory("review-url")
    try directory.write(
      "flow.yaml",
      "title: 'Go to url(#x)'\n"
        + "window: { root: { class: UINavigationController, id: nav, viewControllers: [A] } }\n"
        + "steps:\n  - push: { on: nav, controller: { class: B, title: 'url(#y)' } }\n"
        + "    note: see url(#z)\n")
    let result = try vcgraph(["simulate", "flow.yaml", "-o", "review"], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let page = String(decoding: directory.bytes("review/index.html") ?? [], as: UTF8.self)
    #expect(page.contains("Go to url(#x)"))
    #expect(page.contains("see url(#z)"))
    // The title drawn in each step's SVG (inlined with its ids prefixed) keeps its text.
    #expect(page.contains("“url(#y)”"), "the title of B was rewritten")
    #expect(!page.contains("url(#s"), "\(page.components(separatedBy: "url(#s").count)")
  }
}
