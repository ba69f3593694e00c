import Foundation
import TestSupport
import Testing

// `vcgraph simulate` run as a process: the files it writes, its summary, its refusals, and
// the review page as headless Chromium displays it.

/// What a run of a program produced.
private struct SimulateRun {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// The repository root (this file is Tests/VCGraphCLITests/SimulateCommandTests.swift).
private let simulateRepositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func sample(_ name: String) -> String {
  simulateRepositoryRoot.appendingPathComponent("Samples/\(name)").path
}

/// Runs a program (`vcgraph` or Chromium), killing it after `timeout` seconds.
private func runProgram(
  _ executable: URL, _ arguments: [String], cwd: URL? = nil, timeout: Double = 120
) throws -> SimulateRun {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let cwd { process.currentDirectoryURL = cwd }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try process.run()
  // Read both pipes while the process runs so a full pipe cannot block it.
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  let group = DispatchGroup()
  group.enter()
  DispatchQueue.global().async {
    outData = out.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  group.enter()
  DispatchQueue.global().async {
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(20_000) }
  if process.isRunning {
    process.terminate()
    usleep(500_000)
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
  process.waitUntilExit()
  group.wait()
  return SimulateRun(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self))
}

/// Runs the built `vcgraph` (it sits next to the test bundle). Private to this file so it
/// does not depend on Support/Run.swift, whose `vcgraph(_:)` does the same.
private func runVCGraphBinary(_ arguments: [String], cwd: URL? = nil) throws -> SimulateRun {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("vcgraph")
  return try runProgram(binary, arguments, cwd: cwd)
}

private func freshDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "vcgraph-simulate-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

private func read(_ url: URL) throws -> String {
  String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

/// The text between `start` (included) and the next `end` (included) after it.
private func slice(_ text: String, from start: String, to end: String) -> String? {
  guard let lower = text.range(of: start),
    let upper = text.range(of: end, range: lower.upperBound..<text.endIndex)
  else { return nil }
  return String(text[lower.lowerBound..<upper.upperBound])
}

@Suite("simulate command")
struct SimulateCommandTests {
  @Test("a scenario writes one SVG per state, summary.json and index.html; one line per step")
  func writesEveryState() throws {
    let dir = try freshDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("review")
    let run = try runVCGraphBinary([
      "simulate", sample("scenario-000-tabs-modal.yaml"), "-o", out.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(
      names == [
        ".vcgraph", "index.html", "step-0.svg", "step-1.svg", "step-2.svg", "step-3.svg",
        "step-4.svg",
        "step-5.svg", "summary.json",
      ])
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 7)
    #expect(lines[0] == "step 0: initial state; top: feed")
    #expect(
      lines[2]
        == "step 2 (line 34): post presents replyNav (pageSheet); presenter: tabs; added replyNav,"
        + " reply; top: post → reply")
    #expect(lines[6] == "review page: \(out.path)/index.html")
    // Each diagram marks its step: the caption and the change badges.
    let step2 = try read(out.appendingPathComponent("step-2.svg"))
    #expect(step2.contains("Step 2 of 5 · post presents replyNav (pageSheet); presenter: tabs"))
    #expect(step2.contains("✚ added"))
    #expect(step2.contains("★ top view controller"))
    let step4 = try read(out.appendingPathComponent("step-4.svg"))
    #expect(step4.contains("removed: replyNav, reply"))

    let summary = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("summary.json")))
        as? [String: Any])
    let steps = try #require(summary["steps"] as? [[String: Any]])
    #expect(steps.count == 5)
    #expect(steps[2]["description"] as? String == "select tab 2 (profileNav) on tabs")
    #expect(steps[2]["newlyOnScreen"] as? [String] == ["profileNav", "profile"])
    #expect((steps[3]["topViewController"] as? [String: Any])?["after"] as? String == "profile")
  }

  @Test("the review page is self-contained: inline SVGs, no network, one section per state")
  func reviewPageIsSelfContained() throws {
    let dir = try freshDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try runVCGraphBinary(
      ["simulate", sample("scenario-002-dismiss-back.yaml"), "-o", dir.path, "--quiet"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    let html = try read(dir.appendingPathComponent("index.html"))
    for forbidden in ["<link", "src=", "@import", "url(http", "fetch(", "XMLHttpRequest"] {
      #expect(!html.contains(forbidden), "the page must not load \(forbidden)")
    }
    // The only absolute URLs are the SVG namespace names, which are never fetched.
    let urls = html.components(separatedBy: "http").dropFirst().map { String($0.prefix(30)) }
    #expect(urls.allSatisfy { $0.hasPrefix("://www.w3.org/") }, "\(urls)")
    for n in 0...6 {
      #expect(html.contains("<section class=\"step\" id=\"step-\(n)\""))
      #expect(html.contains("<title id=\"s\(n)-title\">"))
    }
    #expect(html.components(separatedBy: "<svg").count - 1 == 14)  // a diagram and a legend each
    #expect(html.contains("<a rel=\"next\" href=\"#step-4\">"))
    #expect(html.contains("<a rel=\"prev\" href=\"#step-2\">"))
    #expect(html.contains("\"ArrowRight\"") && html.contains("\"j\""))
    #expect(html.contains("\"ArrowLeft\"") && html.contains("\"k\""))
    // Ids inside each inline SVG are prefixed per state, so they stay unique in the page.
    #expect(html.contains("id=\"s3-vc&#45;A\""))
    #expect(!html.contains("id=\"vc&#45;A\""))
  }

  @Test("the same input gives byte-identical outputs")
  func deterministic() throws {
    let dir = try freshDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["a", "b"] {
      let run = try runVCGraphBinary(
        [
          "simulate", sample("scenario-001-switcher.yaml"), "-o",
          dir.appendingPathComponent(name).path, "-q",
        ])
      #expect(run.status == 0, "\(run.stderr)")
    }
    for file in ["index.html", "summary.json", "step-0.svg", "step-3.svg", "step-5.svg"] {
      let a = try Data(contentsOf: dir.appendingPathComponent("a/\(file)"))
      let b = try Data(contentsOf: dir.appendingPathComponent("b/\(file)"))
      #expect(a == b, "\(file) differs between two runs")
    }
  }

  @Test("--format json prints summary.json")
  func jsonSummary() throws {
    let dir = try freshDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try runVCGraphBinary(
      ["simulate", sample("scenario-001-switcher.yaml"), "-o", dir.path, "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == (try read(dir.appendingPathComponent("summary.json"))))
  }

  @Test("a refused step: compiler-style error at the step, exit 65, nothing written")
  func refusedStep() throws {
    let dir = try freshDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("refused.yaml")
    try """
    window:
      root:
        class: UINavigationController
        id: nav
        viewControllers: [ { class: UIViewController, id: home } ]
    steps:
      - push: { on: nav, controller: { class: UIViewController, id: detail } }
      - pop: { on: nav }
      - pop: { on: nav }
      - push: { on: nav, controller: { class: UIViewController, id: never } }
    """.write(to: input, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let run = try runVCGraphBinary(["simulate", input.path, "-o", out.path])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.hasPrefix(
        "\(input.path):9:5: error: cannot pop 'home', the root of 'nav': UIKit's"
          + " popViewController returns nil when only the root is left\n"))
    #expect(run.stderr.contains("  - pop: { on: nav }\n    ^\n"))
    #expect(run.stderr.contains("note: step 3 is refused; steps 1–2 apply; nothing was written"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test("a description without steps is an error; -o - is a usage error")
  func badRequests() throws {
    let dir = try freshDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let none = try runVCGraphBinary(
      ["simulate", sample("002-dismiss-multiple-levels.yaml"), "-o", dir.path])
    #expect(none.status == 65)
    #expect(none.stderr.contains("there are no `steps` to simulate"))
    let dash = try runVCGraphBinary(["simulate", sample("scenario-000-tabs-modal.yaml"), "-o", "-"])
    #expect(dash.status == 64)
  }

  @Test("without -o the outputs go to NAME-simulation in the current directory")
  func defaultDirectory() throws {
    let dir = try freshDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = try runVCGraphBinary(
      ["simulate", sample("scenario-002-dismiss-back.yaml"), "-q"], cwd: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: dir.appendingPathComponent("scenario-002-dismiss-back-simulation/index.html").path))
  }

  @Test("simulate is listed in the help")
  func help() throws {
    let main = try runVCGraphBinary(["--help"])
    #expect(
      main.stdout.range(
        of: #"\n  simulate +apply a description's steps"#, options: .regularExpression) != nil)
    let own = try runVCGraphBinary(["simulate", "--help"])
    #expect(own.stdout.contains("USAGE: vcgraph simulate [<options>] [<input> ...]"))
  }

  @Test("the scenario samples render as diagrams of their initial state")
  func samplesRender() throws {
    let dir = try freshDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in [
      "scenario-000-tabs-modal", "scenario-001-switcher", "scenario-002-dismiss-back",
    ] {
      let run = try runVCGraphBinary(
        ["render", sample("\(name).yaml"), "-o", dir.appendingPathComponent("\(name).svg").path])
      #expect(run.status == 0, "\(name): \(run.stderr)")
      let check = try runVCGraphBinary(["check", sample("\(name).yaml")])
      #expect(check.status == 0, "\(name): \(check.stdout)\(check.stderr)")
    }
  }
}

@Suite("simulate review page in headless Chromium")
struct SimulateReviewPageBrowserTests {
  /// Chromium from Debian (`scripts/setup-deps` installs it), or another Chrome on PATH.
  static func chromium() -> URL? {
    ExecutableSearch.first("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
  }

  @Test("#step-3 shows step 3: its description and its diagram, and only those")
  func targetedStepIsShown() throws {
    guard let browser = Self.chromium() else {
      missingTool(
        "chromium is not installed: the review page cannot be checked in a browser; run"
          + " scripts/setup-deps (it installs Debian's chromium package)")
      return
    }
    let dir = try freshDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("review")
    let run = try runVCGraphBinary([
      "simulate", sample("scenario-000-tabs-modal.yaml"), "-o", out.path, "-q",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let summary = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: out.appendingPathComponent("summary.json")))
        as? [String: Any])
    let steps = try #require(summary["steps"] as? [[String: Any]])
    let description = try #require(steps[2]["description"] as? String)
    #expect(description == "select tab 2 (profileNav) on tabs")

    let page = out.appendingPathComponent("index.html").absoluteString + "#step-3"
    let profile = dir.appendingPathComponent("profile")
    let browsed = try runProgram(
      browser,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--no-first-run", "--user-data-dir=\(profile.path)", "--window-size=1400,900",
        "--virtual-time-budget=5000", "--dump-dom", page,
      ], timeout: 120)
    #expect(browsed.status == 0, "chromium failed: \(browsed.stderr.suffix(2000))")
    let dom = browsed.stdout
    try #require(
      dom.contains("<section"), "chromium printed no DOM: \(browsed.stderr.suffix(2000))")
    // The script ran and chose state 3; layout shows exactly that section.
    #expect(dom.contains("data-current=\"3\""))
    #expect(dom.contains("data-shown=\"step-3\""))
    #expect(dom.components(separatedBy: "class=\"step current\"").count - 1 == 1)
    let shown = try #require(
      slice(dom, from: "<section class=\"step current\" id=\"step-3\"", to: "</section>"))
    #expect(shown.contains("<h2 id=\"step-3-heading\" class=\"description\">\(description)</h2>"))
    #expect(shown.contains("<title id=\"s3-title\">Step 3: \(description)</title>"))
    #expect(shown.contains("Step 3 of 5 · \(description)"))  // the diagram's own caption
    #expect(shown.contains("Step 3 of 5"))
    // The step list marks step 3 as the current one.
    #expect(dom.contains("<a href=\"#step-3\" data-step=\"3\" aria-current=\"step\">"))
    // The other states are in the page but not displayed.
    for n in [0, 1, 2, 4, 5] {
      #expect(dom.contains("<section class=\"step\" id=\"step-\(n)\""))
    }
  }
}
