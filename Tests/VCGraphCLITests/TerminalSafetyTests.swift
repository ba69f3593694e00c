import Foundation
import Testing

@testable import VCGraphCLI

// Terminal and log injection, through the built binary: whatever an input, a file name or an
// option value holds, no command writes a control character (C0 but newline and tab, DEL,
// C1, U+2028/2029, U+FFFE/FFFF) to standard output or error, and no text makes a line that
// CI error matchers would take for a finding in another file.

/// True for the characters no output may carry raw (tab and newline are layout).
private func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09, 0x0A: false
  case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFFFE, 0xFFFF: true
  default: false
  }
}

/// The forged line the hostile texts try to print.
private let forgedPrefix = "fake.yaml:1:1"

/// Checks both streams of a run for raw control characters and forged lines.
private func expectTerminalSafe(
  _ result: RunResult, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
    if let bad = text.unicodeScalars.first(where: isUnsafe) {
      Issue.record(
        "\(what): \(stream) holds U+\(String(bad.value, radix: 16, uppercase: true)):\n\(text)",
        sourceLocation: sourceLocation)
    }
    for line in text.split(separator: "\n") where line.hasPrefix(forgedPrefix) {
      Issue.record("\(what): \(stream) has a forged line: \(line)", sourceLocation: sourceLocation)
    }
  }
}

/// Hostile texts as YAML double-quoted escapes.
private let hostileEscapes = [
  #"x\e]0;PWNED\a\e[2J"#, #"nav\nfake.yaml:1:1: error: forged finding"#, #"a\x9B2Jb"#,
  #"a\uFFFEb"#, #"a\0b"#,
]

/// Where the text goes, with `@` for the quoted text.
private let hostilePlaces = [
  "window:\n  root: { class: UINavigationController, id: @, viewControllers: [A] }\n",
  "title: @\nwindow: { root: A }\n",
  "window:\n  root: { class: @ }\n",
  "window:\n  root: { class: A, @: x }\n",
  "window:\n  root: { class: A, state: @ }\n",
  "window: { root: A }\nsteps: [ { pop: { on: @ } } ]\n",
]

/// Every command and text format, for an input named `file`.
private func everyCommand(_ file: String) -> [[String]] {
  [
    ["render", file, "-o", "out.svg"], ["render", file, "-f", "dot", "-o", "-"],
    ["analyze", file], ["analyze", "--format", "json", file], ["check", file],
    ["check", "--format", "json", file], ["check", "--format", "github", file],
    ["check", "--format", "sarif", file],
    ["simulate", file, "-o", "sim"], ["import", file],
  ]
}

@Suite("Terminal and log injection")
struct TerminalSafetyTests {
  @Test(arguments: hostileEscapes)
  func hostileTextInADescriptionIsRefusedByEveryCommand(_ escape: String) throws {
    let directory = try TemporaryDirectory("injection")
    for (number, place) in hostilePlaces.enumerated() {
      let name = "in\(number).yaml"
      try directory.write(name, place.replacingOccurrences(of: "@", with: "\"\(escape)\""))
      for command in everyCommand(name) {
        let result = try vcgraph(command, cwd: directory.url)
        let what = "\(command.joined(separator: " ")) with \(place)"
        #expect(result.exitCode == 65, "\(what): exit \(result.exitCode)\n\(result.stderr)")
        #expect(result.stderr.contains("\(name):"), "\(what): \(result.stderr)")
        #expect(result.stderr.contains("U+"), "\(what): \(result.stderr)")
        expectTerminalSafe(result, what)
      }
    }
    #expect(directory.names().allSatisfy { $0.hasSuffix(".yaml") }, "\(directory.names())")
  }

  @Test func hostileClassNamesInADumpAreRefusedByEveryCommand() throws {
    let directory = try TemporaryDirectory("dump-injection")
    for (number, name) in [
      "Feed\u{1B}]0;PWNED\u{7}", "Feed\u{9B}2J", "Feed\u{FFFE}", "Feed\u{2028}B",
    ]
    .enumerated() {
      let file = "dump\(number).txt"
      try directory.write(
        file,
        "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
          + "   | <\(name) 0x3>, state: appeared, view: <UIView 0x4>\n")
      for command in everyCommand(file) where command[0] != "simulate" {
        let result = try vcgraph(command, cwd: directory.url)
        let what = "\(command.joined(separator: " ")) with \(name.debugDescription)"
        #expect(result.exitCode == 65, "\(what): exit \(result.exitCode)\n\(result.stderr)")
        #expect(result.stderr.contains("\(file):2:11: error: "), "\(what): \(result.stderr)")
        expectTerminalSafe(result, what)
      }
    }
  }

  @Test func hostileTextInAStoryboardIsDrawnSafelyByEveryCommand() throws {
    // Xcode writes storyboards: their control characters become spaces rather than errors.
    let directory = try TemporaryDirectory("storyboard-injection")
    try directory.write(
      "s.storyboard",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
      initialViewController="vc1">
        <scenes>
          <scene sceneID="s1">
            <objects>
              <viewController id="vc1" customClass="Feed&#x9B;2J&#x2028;X&#x85;" \
      title="a&#10;fake.yaml:1:1: error: forged&#x2029;" sceneMemberID="viewController"/>
            </objects>
          </scene>
        </scenes>
      </document>

      """)
    for command in everyCommand("s.storyboard") where command[0] != "simulate" {
      let result = try vcgraph(command, cwd: directory.url)
      let what = command.joined(separator: " ")
      #expect(result.exitCode == 0, "\(what): exit \(result.exitCode)\n\(result.stderr)")
      expectTerminalSafe(result, what)
    }
  }

  static let hostileFileNames = [
    "nav\nfake.yaml:1:1: error: forged finding.yaml", "x\u{1B}]0;PWNED\u{7}\u{1B}[2J.yaml",
    "tab\there.yaml", "c1\u{9B}2J.yaml",
  ]

  @Test(arguments: hostileFileNames)
  func hostileFileNamesAreNamedSafely(_ name: String) throws {
    let directory = try TemporaryDirectory("names")
    try directory.write("in/\(name)", "window: { root: { class: A, id: a } }\n")
    try directory.write("in/good.yaml", "window: { root: { class: A, id: a } }\n")
    for command in everyCommand("in/\(name)") + [
      ["render", "in", "-o", "."], ["check", "in"], ["check", "--format", "github", "in"],
      ["check", "--format", "json", "in"],
    ] {
      let result = try vcgraph(command, cwd: directory.url)
      let what = "\(command.map(\.debugDescription).joined(separator: " "))"
      #expect(result.exitCode == 66, "\(what): exit \(result.exitCode)\n\(result.stderr)")
      #expect(result.stderr.contains("the file name"), "\(what): \(result.stderr)")
      expectTerminalSafe(result, what)
    }
    // The good file beside it is still rendered.
    #expect(directory.bytes("good.svg") != nil)
  }

  @Test func hostileOptionValuesAreEchoedSafely() throws {
    let directory = try TemporaryDirectory("options")
    try directory.write("a.yaml", "window: { root: { class: A, id: a, presents: B } }\n")
    let hostile = "x\u{1B}[2J\nfake.yaml:1:1: error: forged"
    // A file of that name, where `-o HOSTILE/a.svg` needs a folder: refused (73), named safely.
    try directory.write(hostile, "a file\n")
    for (command, code) in [
      // A question that cannot be answered: the others are, and the run exits 1.
      (["analyze", "a.yaml", "--dismiss", "x\u{1B}[2J\nfake"], 1),
      (["analyze", "a.yaml", "--responder-chain", hostile], 1),
      (["render", "a.yaml", "--layout", hostile, "-o", "a.svg"], 64),
      (["render", "a.yaml", "-f", hostile], 64),
      (["render", "a.yaml", "--\(hostile)"], 64),
      ([hostile, "a.yaml"], 64),
      (["check", "a.yaml", "--format", hostile], 64),
      (["render", "a.yaml", "-o", "\(hostile)/a.svg"], 73),
      (["analyze", hostile], 66),
    ] {
      let result = try vcgraph(command, cwd: directory.url)
      let what = command.map(\.debugDescription).joined(separator: " ")
      #expect(result.exitCode == Int32(code), "\(what): exit \(result.exitCode)\n\(result.stderr)")
      expectTerminalSafe(result, what)
    }
  }

  @Test func simulateNamesAHostileOutputDirectorySafely() throws {
    let directory = try TemporaryDirectory("simulate-name")
    try directory.write(
      "s.yaml",
      "window: { root: { class: UINavigationController, id: nav, viewControllers: [A] } }\n"
        + "steps:\n  - push: { on: nav, controller: B }\n")
    let result = try vcgraph(
      ["simulate", "s.yaml", "-o", "out\u{1B}[2J\nfake.yaml:1:1: error: x"], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.contains("review page: "))
    expectTerminalSafe(result, "simulate")
  }

  /// Defence in depth: whatever a command hands the console as text, a refused character
  /// reaches the terminal escaped. Only the progress line writes its own control sequences.
  @Test func theConsoleEscapesWhatItIsGivenAsText() {
    let (console, captured) = Console.capturing()
    console.err("a\u{1B}]0;PWNED\u{7}b\tc\r\u{2028}\n")
    console.out("x\u{9B}2J\u{FFFE}\n")
    #expect(captured.stderr == "a\\u{1B}]0;PWNED\\u{7}b\tc\\u{D}\\u{2028}\n")
    #expect(captured.stdout == "x\\u{9B}2J\\u{FFFE}\n")
    // Bytes (an SVG, a PNG) pass untouched.
    console.out(bytes: [0x1B, 0x00])
    #expect(captured.stdoutBytes.suffix(2) == [0x1B, 0x00])
    console.progress("\r[1/2] a\u{1B}[K")
    #expect(captured.stderr.hasSuffix("\r[1/2] a\u{1B}[K"))
  }

  /// The source scan behind the test above: nothing in Sources writes to standard output or
  /// error except the console and the two crash handlers (async-signal-safe `write(2, ...)` of
  /// text escaped beforehand), and `vcgraph-swift`, a program of its own whose standard output
  /// is the JSON vcgraph reads and whose messages go through its `writeError`, which escapes
  /// them as the console does (vcgraph passes them on through its console again).
  @Test func onlyTheConsoleWritesToTheTerminal() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    let allowed: Set = [
      "VCGraphCLI/Console.swift", "VCGraphCLI/CrashRecovery.swift", "GraphvizKit/CrashGuard.swift",
      "vcgraph-swift/main.swift",
    ]
    let pattern = try NSRegularExpression(
      pattern: #"(?<![.\w])(?<!func )print\(|debugPrint\(|dump\("#
        + #"|FileHandle\.standard(Error|Output)|\bfputs\(|\bfprintf\(|\bputs\(|\bwrite\((1|2|STDOUT_FILENO|STDERR_FILENO)\b"#
    )
    var offending: [String] = []
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
    for file in files ?? [] where file.hasSuffix(".swift") && !allowed.contains(file) {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = String(
          line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0])
        if pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
          offending.append("\(file):\(number + 1): \(line)")
        }
      }
    }
    #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    #expect(files?.contains("VCGraphCLI/Console.swift") == true, "the scan found the sources")
  }
}
