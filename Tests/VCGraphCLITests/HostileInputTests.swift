import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

// Hostile input and failure safety, through the built binary: every bad input ends in a
// positioned error and the documented exit code (cli.md), nothing crashes or hangs, and an
// existing output is never damaged.

/// A valid description used wherever the input itself is not the point.
private let validDescription = """
  title: A small app
  window:
    root:
      class: UINavigationController
      id: nav
      viewControllers:
        - { class: FeedViewController, id: feed }

  """

/// The bytes every test puts into an existing output before a run that must fail.
private let previousOutput = Array("<svg>the previous diagram, which must survive</svg>\n".utf8)

// MARK: - Helpers

/// Checks that `stderr` carries `file:line:column: error:` with `message`, and that the caret
/// under the quoted source line points at `column`.
private func expectDiagnostic(
  _ result: RunResult, file: String, line: Int, column: Int, message: String,
  hint: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
  let header = "\(file):\(line):\(column): error: "
  let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(
    String.init)
  guard let index = lines.firstIndex(where: { $0.hasPrefix(header) }) else {
    Issue.record(
      "expected a diagnostic starting \(header)\(message); stderr was:\n\(result.stderr)",
      sourceLocation: sourceLocation)
    return
  }
  #expect(
    lines[index].contains(message), "\(lines[index]) lacks '\(message)'",
    sourceLocation: sourceLocation)
  // Source line then caret (unless the line could not be quoted, or was shortened).
  if index + 2 < lines.count, !lines[index + 1].hasSuffix("…"),
    let caret = lines[index + 2].unicodeScalars.firstIndex(of: "^"),
    lines[index + 2].unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "^" })
  {
    let offset = lines[index + 2].unicodeScalars.distance(
      from: lines[index + 2].unicodeScalars.startIndex, to: caret)
    #expect(
      offset == column - 1, "the caret is under column \(offset + 1), not \(column)",
      sourceLocation: sourceLocation)
  }
  if let hint {
    #expect(
      result.stderr.contains("note: ") && result.stderr.contains(hint),
      "the hint '\(hint)' is missing from:\n\(result.stderr)", sourceLocation: sourceLocation)
  }
}

/// A rejected input: its bytes, where the error must point, and what it must say.
struct Rejection: Sendable, CustomTestStringConvertible {
  var name: String
  var file = "input.yaml"
  var bytes: [UInt8]
  var line: Int
  var column: Int
  var message: String
  var hint: String?
  var options: [String] = []

  init(
    _ name: String, _ text: String, line: Int, column: Int, message: String,
    hint: String? = nil, file: String = "input.yaml", options: [String] = []
  ) {
    self.init(
      name, bytes: Array(text.utf8), line: line, column: column, message: message, hint: hint,
      file: file, options: options)
  }

  init(
    _ name: String, bytes: [UInt8], line: Int, column: Int, message: String,
    hint: String? = nil, file: String = "input.yaml", options: [String] = []
  ) {
    self.name = name
    self.bytes = bytes
    self.line = line
    self.column = column
    self.message = message
    self.hint = hint
    self.file = file
    self.options = options
  }

  var testDescription: String { name }
}

private func bytes(_ text: String, replacing marker: String, with raw: [UInt8]) -> [UInt8] {
  let parts = text.components(separatedBy: marker)
  var result: [UInt8] = []
  for (index, part) in parts.enumerated() {
    if index > 0 { result += raw }
    result += Array(part.utf8)
  }
  return result
}

/// A nested chain of presented controllers `levels` deep (about `levels + 2` YAML levels).
private func presentationChain(_ levels: Int) -> String {
  var text = "window:\n  root: "
  for index in 0..<levels { text += "{ class: V\(index), presents: " }
  text += "{ class: Last }" + String(repeating: " }", count: levels) + "\n"
  return text
}

private let billionLaughs = """
  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
  window: { root: *d }

  """

let rejections: [Rejection] = [
  // Empty and binary files.
  Rejection("empty file", "", line: 1, column: 1, message: "the file is empty", hint: "window"),
  Rejection("only blank lines", "  \n\n   \n", line: 1, column: 1, message: "the file is empty"),
  Rejection(
    "only a comment", "# nothing here\n", line: 2, column: 1, message: "the file is empty"),
  Rejection(
    "binary file", bytes: [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x41],
    line: 1, column: 8, message: "the file contains a NUL byte", hint: "binary"),
  Rejection(
    "NUL byte", bytes: bytes("window:\n  root: A@\n", replacing: "@", with: [0]), line: 2,
    column: 10, message: "NUL byte"),
  Rejection(
    "UTF-16 file", bytes: [0xFF, 0xFE] + Array("window:".utf8).flatMap { [$0, 0] }, line: 1,
    column: 1, message: "UTF-16", hint: "save it as UTF-8"),
  Rejection(
    "invalid UTF-8 lead byte",
    bytes: bytes("window:\n  root: Ab@cd\n", replacing: "@", with: [0xFF, 0xFE]), line: 2,
    column: 11, message: "not valid UTF-8", hint: "save the file as UTF-8"),
  Rejection(
    "truncated UTF-8 sequence after multi-byte text",
    bytes: bytes("title: café € x@\nwindow: { root: A }\n", replacing: "@", with: [0xC3]),
    line: 1, column: 16, message: "not valid UTF-8"),
  Rejection(
    "control character", bytes: bytes("title: a@b\n", replacing: "@", with: [0x07]), line: 1,
    column: 9, message: "control character U+0007"),
  // Layout of the text.
  Rejection(
    "tab indentation", "window:\n\troot: A\n", line: 2, column: 1,
    message: "a tab is used for indentation", hint: "YAML indents with spaces"),
  Rejection(
    "tab indentation inside a mapping",
    "window:\n  root:\n    class: A\n\t  id: b\n", line: 4, column: 1,
    message: "a tab is used for indentation"),
  Rejection(
    "unterminated double quote", "title: \"abc\nwindow:\n  root: A\n", line: 1, column: 8,
    message: "this quoted text is never closed", hint: "add the closing quote"),
  Rejection(
    "unterminated single quote", "window:\n  root: { class: 'A }\n", line: 2, column: 18,
    message: "never closed"),
  Rejection(
    "unterminated list", "window:\n  root: { class: A, viewControllers: [B, C\n", line: 2,
    column: 38, message: "the `[` opened here is not closed", hint: "`]`"),
  Rejection(
    "unterminated mapping", "window:\n  root: { class: A\ntitle: x\n", line: 2, column: 9,
    message: "the `{` opened here is not closed", hint: "`}`"),
  Rejection(
    "bad escape in double quotes", "title: \"C:\\q\"\nwindow: { root: A }\n", line: 1,
    column: 11, message: "double-quoted text", hint: "single quotes"),
  Rejection(
    "missing colon", "window:\n  root\n    class: A\n", line: 3, column: 10,
    message: "a `:` followed by a space is not allowed here"),
  Rejection(
    "misaligned key", "window:\n    root: A\n  id: x\n", line: 3, column: 3,
    message: "did not find expected key", hint: "line up in one column"),
  Rejection(
    "second document", "window: { root: A }\n---\nwindow: { root: B }\n", line: 2, column: 1,
    message: "a second YAML document starts here", hint: "one document"),
  // YAML features outside the subset.
  Rejection(
    "anchor", "window: &w { root: A }\n", line: 1, column: 9,
    message: "YAML anchors (`&w`) are not supported"),
  Rejection(
    "alias", "window:\n  root: *w\n", line: 2, column: 9,
    message: "YAML aliases (`*name`) are not supported"),
  Rejection(
    "alias bomb", billionLaughs, line: 1, column: 4, message: "YAML anchors (`&a`)"),
  Rejection(
    "merge key", "window:\n  <<: { root: A }\n", line: 2, column: 3,
    message: "YAML merge keys (`<<`) are not supported"),
  Rejection(
    "standard tag", "window: !!map { root: A }\n", line: 1, column: 9,
    message: "YAML tags (`tag:yaml.org,2002:map`) are not supported"),
  Rejection(
    "local tag", "window:\n  root: !controller A\n", line: 2, column: 9,
    message: "YAML tags (`!controller`)"),
  Rejection(
    "complex key", "? [a, b]\n: c\n", line: 1, column: 3,
    message: "a mapping key must be a plain name"),
  // Keys and values.
  Rejection(
    "duplicate key", "window:\n  root: A\n  root: B\n", line: 3, column: 3,
    message: "duplicate key 'root' (first at line 2)"),
  Rejection(
    "duplicate class declaration",
    "classes: { A: UIViewController, A: UINavigationController }\nwindow: { root: A }\n",
    line: 1, column: 33, message: "duplicate key 'A'"),
  Rejection(
    "YAML 1.1 boolean yes", "windows:\n  - { root: A, key: yes }\n", line: 2, column: 21,
    message: "`key` must be true or false, found 'yes'", hint: "write true"),
  Rejection(
    "YAML 1.1 boolean Off",
    "window:\n  root: { class: UISplitViewController, collapsed: Off }\n", line: 2,
    column: 52, message: "found 'Off'", hint: "write false"),
  Rejection(
    "quoted boolean", "scenes:\n  - { foreground: \"false\", windows: [ { root: A } ] }\n",
    line: 2, column: 19, message: "quoted text 'false'", hint: "without quotes"),
  Rejection(
    "list where a class name belongs", "window:\n  root:\n    class: [UIViewController]\n",
    line: 3, column: 12, message: "`class` must be text, found a list"),
  Rejection(
    "text where a list belongs",
    "window:\n  root:\n    class: UINavigationController\n    viewControllers: A\n", line: 4,
    column: 22, message: "`viewControllers` must be a list", hint: "`- ` items"),
  Rejection(
    "text where a number belongs",
    "window:\n  root: { class: UITabBarController, selectedIndex: one, viewControllers: [A] }\n",
    line: 2, column: 53, message: "`selectedIndex` must be a decimal whole number"),
  Rejection(
    "number too large",
    "window:\n  root: { class: UITabBarController, selectedIndex: 99999999999999999999, viewControllers: [A] }\n",
    line: 2, column: 53, message: "too large"),
  Rejection(
    "list at the top level", "- a\n- b\n", line: 1, column: 1,
    message: "expected a mapping for the top level"),
  Rejection(
    "unknown key", "window:\n  root: { class: A, tilte: x }\n", line: 2, column: 21,
    message: "unknown key 'tilte'", hint: "did you mean 'title'?"),
  Rejection(
    "key of another kind", "window:\n  root: { class: UINavigationController, selectedIndex: 0 }\n",
    line: 2, column: 42, message: "`selectedIndex` is not allowed in a UINavigationController"),
  Rejection(
    "unknown id",
    "window:\n  root: { class: A, id: compose }\nanalyze:\n  - dismiss: { from: compse }\n",
    line: 4, column: 22, message: "no controller has the id 'compse'",
    hint: "did you mean 'compose'?"),
  Rejection(
    "id used twice by different classes",
    "window:\n  root:\n    class: UINavigationController\n    viewControllers:\n      - { class: A, id: x }\n      - { class: B, id: x }\n",
    line: 6, column: 25, message: "the id 'x' is already used at line 5"),
  // Cycles.
  Rejection(
    "hosting cycle",
    """
    window:
      root:
        class: UIViewController
        id: a
        children:
          - { class: UIViewController, id: b, view: { subviews: [ { hosts: a } ] } }
        view:
          subviews:
            - { hosts: b }

    """, line: 6, column: 72, message: "makes the view trees a cycle"),
  Rejection(
    "superclass cycle", "classes:\n  A: B\n  B: A\nwindow: { root: A }\n", line: 2, column: 3,
    message: "the superclasses of 'A' form a cycle"),
  // Positions after byte-order marks, CRLF and Unicode line separators.
  Rejection(
    "error after a byte-order mark",
    bytes: [0xEF, 0xBB, 0xBF] + Array("window:\n  root: { class: A, bad: 1 }\n".utf8), line: 2,
    column: 21, message: "unknown key 'bad'"),
  Rejection(
    "error after CRLF lines", "title: x\r\nwindow:\r\n  root: { class: A, bad: 1 }\r\n",
    line: 3, column: 21, message: "unknown key 'bad'"),
  Rejection(
    "error after a line separator in a comment",
    "title: x # a\u{2028}# b\nwindow:\n  root: { class: A, bad: 1 }\n", line: 3, column: 21,
    message: "unknown key 'bad'"),
  Rejection(
    "quoted line separator", "title: \"a\u{2028}b\"\nwindow: { root: A }\n", line: 1,
    column: 8, message: "U+2028 (line separator)", hint: "text is one line"),
  Rejection(
    "plain line separator", "title: a\u{2028}b\nwindow: { root: A }\n", line: 1, column: 10,
    message: "expected `:` after this key", hint: "Unicode line separator"),
  // Limits.
  Rejection(
    "nesting bomb", String(repeating: "[", count: 200_000), line: 1, column: 65,
    message: "nesting is deeper than the limit of 64 levels", hint: "--max-depth"),
  Rejection(
    "deep presentation chain", presentationChain(80), line: 2, column: 1487,
    message: "nesting is deeper than the limit of 64", hint: "--max-depth"),
  Rejection(
    "long value", "title: \(String(repeating: "x", count: 5000))\nwindow: { root: A }\n",
    line: 1, column: 8, message: "5000 characters long, more than the limit of 4096",
    hint: "--max-scalar-length"),
  Rejection(
    "too many controllers",
    "window:\n  root:\n    class: UINavigationController\n    viewControllers: [\(Array(repeating: "A", count: 30).joined(separator: ", "))]\n",
    line: 4, column: 95, message: "more than 25 controllers", hint: "--max-controllers",
    options: ["--max-controllers", "25"]),
  Rejection(
    "file over the size limit", validDescription, line: 1, column: 1,
    message: "more than the limit of 40 bytes", hint: "--max-input-bytes",
    options: ["--max-input-bytes", "40"]),
  // Dumps.
  Rejection(
    "dump with invalid UTF-8",
    bytes: bytes(
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A@ 0x3>\n",
      replacing: "@", with: [0xFF]), line: 2, column: 8, message: "not valid UTF-8",
    file: "dump.txt"),
  Rejection(
    "dump with a NUL byte",
    bytes: bytes(
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n   | <A@ 0x3>\n",
      replacing: "@", with: [0]), line: 2, column: 8, message: "NUL byte", file: "dump.txt"),
  Rejection(
    "binary file named .txt", bytes: Array("PK\u{3}\u{4}".utf8) + [0x14, 0, 0, 0, 8, 0],
    line: 1, column: 6, message: "NUL byte", file: "dump.txt"),
  Rejection("empty dump", "", line: 1, column: 1, message: "the dump is empty", file: "dump.txt"),
]

@Suite("Hostile inputs through the binary")
struct HostileInputTests {
  // MARK: Rejections

  @Test(
    "a bad input fails with 65 at its position and leaves the outputs alone", arguments: rejections)
  func rejected(_ rejection: Rejection) throws {
    let directory = try TemporaryDirectory("hostile")
    try directory.write(rejection.file, bytes: rejection.bytes)
    try directory.write("out.svg", bytes: previousOutput)
    let before = directory.names()
    let started = Date()
    let result = try vcgraph(
      ["render", rejection.file, "-o", "out.svg"] + rejection.options, cwd: directory.url)
    #expect(result.exitCode == 65, "exit \(result.exitCode): \(result.stderr)")
    expectDiagnostic(
      result, file: rejection.file, line: rejection.line, column: rejection.column,
      message: rejection.message, hint: rejection.hint)
    #expect(directory.bytes("out.svg") == previousOutput)
    #expect(directory.names() == before, "files appeared or vanished: \(directory.names())")
    #expect(Date().timeIntervalSince(started) < 10, "a rejection must be quick")
    // `check` rejects the same way (one error, nothing else).
    let check = try vcgraph(
      ["check", "--quiet", rejection.file] + rejection.options, cwd: directory.url)
    #expect(check.exitCode == 65)
    expectDiagnostic(
      check, file: rejection.file, line: rejection.line, column: rejection.column,
      message: rejection.message)
  }

  @Test func standardInputErrorsArePositionedAsDash() throws {
    let result = try vcgraph(["check", "-"], stdin: "window:\n\troot: A\n")
    #expect(result.exitCode == 65)
    expectDiagnostic(result, file: "-", line: 2, column: 1, message: "a tab is used")
  }

  @Test func nestingBombFailsInMilliseconds() throws {
    let directory = try TemporaryDirectory("bomb")
    try directory.write("deep.yaml", String(repeating: "[", count: 200_000))
    try directory.write("deep-map.yaml", "a: " + String(repeating: "{a: ", count: 100_000))
    for name in ["deep.yaml", "deep-map.yaml"] {
      let started = Date()
      let result = try vcgraph(["check", name], cwd: directory.url)
      #expect(result.exitCode == 65)
      #expect(result.stderr.contains("nesting is deeper than the limit of 64 levels"))
      #expect(Date().timeIntervalSince(started) < 3)
    }
  }

  @Test func largeFileIsRefusedBeforeItIsRead() throws {
    let directory = try TemporaryDirectory("large")
    // 48 MB of text: over the default 32 MiB limit.
    let path = directory.path("huge.yaml")
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    let chunk = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
    for _ in 0..<48 { try handle.write(contentsOf: chunk) }
    try handle.close()
    let started = Date()
    let result = try vcgraph(["check", "huge.yaml"], cwd: directory.url)
    #expect(result.exitCode == 65)
    #expect(
      result.stderr.contains(
        "huge.yaml:1:1: error: the file is 50331648 bytes, more than the limit of 33554432 bytes"))
    #expect(result.stderr.contains("--max-input-bytes"))
    #expect(Date().timeIntervalSince(started) < 3)
  }

  // MARK: Limits can be raised

  @Test func limitsAreAdjustableByOptions() throws {
    let directory = try TemporaryDirectory("limits")
    try directory.write(
      "long.yaml", "title: \(String(repeating: "x", count: 5000))\nwindow: { root: A }\n")
    try directory.write("deep.yaml", presentationChain(80))
    try directory.write(
      "many.yaml",
      "window:\n  root:\n    class: UINavigationController\n    viewControllers: [\(Array(repeating: "A", count: 30).joined(separator: ", "))]\n"
    )
    #expect(try vcgraph(["check", "long.yaml"], cwd: directory.url).exitCode == 65)
    #expect(
      try vcgraph(["check", "--max-scalar-length", "6000", "long.yaml"], cwd: directory.url)
        .exitCode == 0)
    #expect(try vcgraph(["check", "deep.yaml"], cwd: directory.url).exitCode == 65)
    #expect(
      try vcgraph(["check", "--max-depth", "100", "deep.yaml"], cwd: directory.url).exitCode == 0)
    #expect(
      try vcgraph(["check", "--max-controllers", "10", "many.yaml"], cwd: directory.url).exitCode
        == 65)
    #expect(try vcgraph(["check", "many.yaml"], cwd: directory.url).exitCode == 0)
    #expect(
      try vcgraph(["check", "--max-input-bytes", "100", "many.yaml"], cwd: directory.url).exitCode
        == 65)
  }

  /// Regression: decoding recursed on the caller's stack, so `--max-depth` raised to a few
  /// hundred crashed the loader with a stack overflow (signal 11) on a deep `presents` chain.
  @Test func raisedDepthLimitDoesNotOverflowTheStack() throws {
    let directory = try TemporaryDirectory("deep-chain")
    try directory.write("chain.yaml", presentationChain(1500))
    let check = try vcgraph(["check", "--max-depth", "5000", "chain.yaml"], cwd: directory.url)
    #expect(check.exitCode == 0, "exit \(check.exitCode): \(check.stderr.prefix(500))")
    let analyze = try vcgraph(
      ["analyze", "--format", "json", "--max-depth", "5000", "chain.yaml"], cwd: directory.url)
    #expect(analyze.exitCode == 0, "exit \(analyze.exitCode)")
    #expect(analyze.stdout.contains("\"id\": \"Last\""))
    let render = try vcgraph(
      ["render", "--max-depth", "5000", "chain.yaml", "-f", "dot", "-o", "chain.dot"],
      cwd: directory.url)
    #expect(render.exitCode == 0, "exit \(render.exitCode)")
  }

  @Test func badLimitValuesAreUsageErrors() throws {
    let directory = try TemporaryDirectory("usage")
    try directory.write("a.yaml", validDescription)
    for arguments in [
      ["--max-depth", "0"], ["--max-depth", "lots"], ["--max-label-lines", "40000"],
      ["--layout-timeout", "-1"], ["--layout-timeout", "soon"], ["--max-layout-nodes", "0"],
      ["--jobs", "many"],
    ] {
      let result = try vcgraph(["render", "a.yaml", "-o", "a.svg"] + arguments, cwd: directory.url)
      #expect(result.exitCode == 64, "\(arguments): exit \(result.exitCode) \(result.stderr)")
      #expect(directory.bytes("a.svg") == nil)
    }
  }

  @Test func longLabelsAreClippedOrRefusedNeverCrash() throws {
    let directory = try TemporaryDirectory("labels")
    var text = "window:\n  root: { class: A, id: a, presents: { class: B, id: b } }\nanalyze:\n"
    text += String(repeating: "  - dismiss: { from: b }\n", count: 33_000)
    try directory.write("many-answers.yaml", text)
    try directory.write("out.svg", bytes: previousOutput)
    let result = try vcgraph(["render", "many-answers.yaml", "-o", "out.svg"], cwd: directory.url)
    // Either the diagram clips its labels, or the label limit refuses it; Graphviz must never
    // see a label of 32,768 lines (it crashes).
    #expect(
      result.exitCode == 0 || result.exitCode == 65, "exit \(result.exitCode): \(result.stderr)")
    if result.exitCode == 65 {
      #expect(result.stderr.contains("lines, more than the limit of 64"))
      #expect(result.stderr.contains("--max-label-lines"))
      #expect(directory.bytes("out.svg") == previousOutput)
    }
  }

  // MARK: Findings of `check`

  @Test func controllerInTwoPlacesIsAFinding() throws {
    let directory = try TemporaryDirectory("two-places")
    try directory.write(
      "two.yaml",
      """
      window:
        root:
          class: UITabBarController
          viewControllers:
            - { class: AViewController, id: a }
            - { class: AViewController, id: a }

      """)
    let result = try vcgraph(["check", "two.yaml"], cwd: directory.url)
    #expect(result.exitCode == 1)
    #expect(result.stdout.contains("two.yaml:6:9: error: "))
    #expect(result.stdout.contains("[controller-in-two-places]"))
    // Drawing it does not crash either.
    let render = try vcgraph(["render", "two.yaml", "-o", "two.svg"], cwd: directory.url)
    #expect(render.exitCode == 0, "\(render.stderr)")
  }

  @Test func selectedIndexOutOfRangeIsAFinding() throws {
    let directory = try TemporaryDirectory("index")
    try directory.write(
      "tabs.yaml",
      "window:\n  root:\n    class: UITabBarController\n    selectedIndex: 5\n    viewControllers: [A, B]\n"
    )
    let result = try vcgraph(["check", "tabs.yaml"], cwd: directory.url)
    #expect(result.exitCode == 1)
    #expect(result.stdout.contains("tabs.yaml:4:20: error: "))
    #expect(result.stdout.contains("[selected-index-out-of-range]"))
    let json = try vcgraph(["check", "--format", "json", "tabs.yaml"], cwd: directory.url)
    #expect(json.stdout.contains("\"rule\": \"selected-index-out-of-range\""))
    let render = try vcgraph(["render", "tabs.yaml", "-o", "tabs.svg"], cwd: directory.url)
    #expect(render.exitCode == 0, "\(render.stderr)")
  }

  // MARK: Text that reaches Graphviz

  static let hostileIDs = [
    #"nav "quoted" \N\G\l"#, #"back\slash \E\T\H\L \\"#, "a b: c", "port:sw", "rtl \u{200F}שלום",
    "<B>not bold</B>", "<TABLE><TR><TD>x</TD></TR></TABLE>", "amp &amp; &lt;", "{record|field}",
    "]]> <!-- -->", "'single'",
  ]

  @Test func userTextIsDrawnLiterally() throws {
    let directory = try TemporaryDirectory("escaping")
    func quoted(_ text: String) -> String {
      "\""
        + text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    var yaml = "title: \(quoted(#"Title "q" \N \G <i>x</i> &amp;"#))\nwindow:\n  root:\n"
    yaml += "    class: UINavigationController\n    id: \(quoted(Self.hostileIDs[0]))\n"
    yaml += "    title: \(quoted(#"<i>not italic</i> \l"#))\n    viewControllers:\n"
    for id in Self.hostileIDs.dropFirst() {
      yaml += "      - { class: \(quoted("My.Class<\(id.count)>")), id: \(quoted(id)) }\n"
    }
    try directory.write("hostile.yaml", yaml)
    let result = try vcgraph(
      ["render", "hostile.yaml", "-f", "svg,dot", "-o", "."], cwd: directory.url)
    try #require(result.exitCode == 0, "\(result.stderr)")
    let svg = try #require(directory.bytes("hostile.svg"))
    let texts = Set(try svgTexts(svg))
    for id in Self.hostileIDs {
      #expect(texts.contains(id), "the id \(id) is not drawn literally; texts: \(texts.sorted())")
    }
    #expect(texts.contains(#"Title "q" \N \G <i>x</i> &amp;"#))
    #expect(texts.contains(#"“<i>not italic</i> \l”"#))
    #expect(texts.contains("My.Class<\(Self.hostileIDs[1].count)>"))
    // Tooltips (hover text) are literal as well.
    let svgText = String(decoding: svg, as: UTF8.self)
    #expect(svgText.contains(#"xlink:title="UINavigationController nav &quot;quoted&quot; \N\G\l"#))
    // No user text became markup: the only bold text is the diagram's own.
    #expect(!texts.contains("not bold"))
    // The DOT output keeps the text escaped, so Graphviz reads back the same graph.
    let dot = String(decoding: try #require(directory.bytes("hostile.dot")), as: UTF8.self)
    #expect(dot.contains("<B>&lt;TABLE&gt;&lt;TR&gt;&lt;TD&gt;x&lt;/TD&gt;"))
  }

  // MARK: Outputs

  @Test func outputOntoTheInputIsRefusedWhateverTheSpelling() throws {
    let directory = try TemporaryDirectory("self")
    let dump =
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
    try directory.write("sub/dump.txt", dump)
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("link.yaml"), withDestinationPath: directory.path("sub/dump.txt"))
    try FileManager.default.linkItem(
      atPath: directory.path("sub/dump.txt"), toPath: directory.path("hard.yaml"))
    for output in [
      "sub/dump.txt", "./sub/../sub/dump.txt", "link.yaml", "hard.yaml",
      directory.path("sub/dump.txt"),
    ] {
      let result = try vcgraph(["import", "sub/dump.txt", "-o", output], cwd: directory.url)
      if output.hasSuffix(".txt") {
        // A name that is not .yaml is refused before the input is read.
        #expect(result.exitCode == 64, "\(output): exit \(result.exitCode)")
        #expect(result.stderr.contains("import writes a description"), "\(result.stderr)")
      } else {
        #expect(result.exitCode == 73, "\(output): exit \(result.exitCode)")
        #expect(result.stderr.contains("refusing to write over the input"), "\(result.stderr)")
      }
      #expect(directory.bytes("sub/dump.txt") == Array(dump.utf8))
    }
    // A render output that is a link to the input.
    try directory.write("a.yaml", validDescription)
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("a.svg"), withDestinationPath: "a.yaml")
    let render = try vcgraph(["render", "a.yaml", "-o", "a.svg"], cwd: directory.url)
    #expect(render.exitCode == 73)
    #expect(directory.bytes("a.yaml") == Array(validDescription.utf8))
    #expect(directory.names().filter { $0.hasSuffix(".tmp") }.isEmpty)
  }

  @Test func anOutputUnderAFileIs73() throws {
    let directory = try TemporaryDirectory("missing")
    try directory.write("a.yaml", validDescription)
    try directory.write("b.yaml", validDescription)
    try directory.write("file", "not a directory")
    let notDirectory = try vcgraph(["render", "a.yaml", "-o", "file/a.svg"], cwd: directory.url)
    #expect(notDirectory.exitCode == 73)
    #expect(notDirectory.stderr.contains("file"), "\(notDirectory.stderr)")
    let many = try vcgraph(["render", "a.yaml", "b.yaml", "-o", "file/out"], cwd: directory.url)
    #expect(many.exitCode == 73, "\(many.stderr)")
    #expect(directory.names() == ["a.yaml", "b.yaml", "file"])
  }

  @Test func outputThatIsADirectoryIs73AndNothingIsReplaced() throws {
    let directory = try TemporaryDirectory("all-or-nothing")
    try directory.write("a.yaml", validDescription)
    try directory.write("out/a.svg", bytes: previousOutput)
    try FileManager.default.createDirectory(
      atPath: directory.path("out/a.dot"), withIntermediateDirectories: true)
    let result = try vcgraph(
      ["render", "a.yaml", "-f", "svg,dot", "-o", "out"], cwd: directory.url)
    #expect(result.exitCode == 73, "\(result.stderr)")
    // The svg was complete, but the set is replaced together or not at all.
    #expect(directory.bytes("out/a.svg") == previousOutput)
    #expect(directory.names(in: "out") == ["a.dot", "a.svg"])
  }

  /// A link named as the output is replaced by the new file; the file it names (which may be
  /// anything: another project's file, a dotfile) is never written through it.
  @Test func symbolicLinkOutputIsReplacedNotWrittenThrough() throws {
    let directory = try TemporaryDirectory("link-out")
    try directory.write("a.yaml", validDescription)
    try directory.write(
      "dump.txt",
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n")
    try directory.write("elsewhere/precious.svg", bytes: previousOutput)
    try directory.write("elsewhere/precious.yaml", bytes: previousOutput)
    let runs: [(link: String, target: String, arguments: [String], mark: String)] = [
      ("link.svg", "elsewhere/precious.svg", ["render", "a.yaml", "-o", "link.svg"], "<svg"),
      ("link.yaml", "elsewhere/precious.yaml", ["import", "dump.txt", "-o", "link.yaml"], "root"),
    ]
    for run in runs {
      try FileManager.default.createSymbolicLink(
        atPath: directory.path(run.link), withDestinationPath: run.target)
      let result = try vcgraph(run.arguments, cwd: directory.url)
      #expect(result.exitCode == 0, "\(run.arguments): \(result.stderr)")
      var info = stat()
      #expect(lstat(directory.path(run.link), &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
      #expect(String(decoding: directory.bytes(run.link) ?? [], as: UTF8.self).contains(run.mark))
      #expect(directory.bytes(run.target) == previousOutput, "\(run.target) was written through")
    }
    #expect(directory.names(in: "elsewhere") == ["precious.svg", "precious.yaml"])
    #expect(!directory.names().contains { $0.hasSuffix(".tmp") })
  }

  @Test func replacedOutputKeepsItsPermissions() throws {
    let directory = try TemporaryDirectory("mode")
    try directory.write("a.yaml", validDescription)
    try directory.write("a.svg", bytes: previousOutput)
    chmod(directory.path("a.svg"), 0o640)
    let result = try vcgraph(["render", "a.yaml", "-o", "a.svg"], cwd: directory.url)
    #expect(result.exitCode == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path("a.svg"))
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(directory.bytes("a.svg") != previousOutput)
  }

  @Test(.enabled(if: Mounts.available, "needs permission to mount a tmpfs (root)"))
  func fullDiskIs74AndLeavesTheOldOutput() throws {
    let directory = try TemporaryDirectory("full")
    try directory.write("a.yaml", validDescription)
    let mount = try Mounts.tmpfs(at: directory.path("disk"), size: "64k")
    defer { mount.unmount() }
    try directory.write("disk/a.svg", bytes: previousOutput)
    // Fill the disk, then free a little: a temporary file can be created but not written.
    let filler = directory.path("disk/filler")
    _ = FileManager.default.createFile(atPath: filler, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: filler))
    while (try? handle.write(contentsOf: Data(repeating: 1, count: 1024))) != nil {}
    try handle.close()
    let size = (try FileManager.default.attributesOfItem(atPath: filler)[.size] as? Int) ?? 0
    truncate(filler, off_t(max(0, size - 2048)))
    let before = directory.names(in: "disk")
    let result = try vcgraph(["render", "a.yaml", "-o", "disk/a.svg"], cwd: directory.url)
    #expect(result.exitCode == 74, "exit \(result.exitCode): \(result.stderr)")
    #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    #expect(directory.bytes("disk/a.svg") == previousOutput)
    #expect(directory.names(in: "disk") == before)
  }

  @Test(.enabled(if: Mounts.available || geteuid() != 0, "needs a read-only directory"))
  func unwritableDirectoryIs73AndLeavesTheOldOutput() throws {
    let directory = try TemporaryDirectory("readonly")
    try directory.write("a.yaml", validDescription)
    var mount: Mounts.Mount?
    if geteuid() == 0 {
      mount = try Mounts.tmpfs(at: directory.path("locked"), size: "1m")
      try directory.write("locked/a.svg", bytes: previousOutput)
      try mount!.remountReadOnly()
    } else {
      try directory.write("locked/a.svg", bytes: previousOutput)
      chmod(directory.path("locked"), 0o555)
    }
    defer {
      mount?.unmount()
      chmod(directory.path("locked"), 0o755)
    }
    let result = try vcgraph(["render", "a.yaml", "-o", "locked/a.svg"], cwd: directory.url)
    #expect(result.exitCode == 73, "exit \(result.exitCode): \(result.stderr)")
    #expect(result.stderr.contains("cannot create the output"))
    #expect(directory.bytes("locked/a.svg") == previousOutput)
    #expect(directory.names(in: "locked") == ["a.svg"])
  }

  @Test func deviceOutputIsWrittenDirectly() throws {
    let directory = try TemporaryDirectory("device")
    try directory.write(
      "dump.txt",
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n")
    // A device is written in place: it cannot be replaced, and /dev stays as it was.
    let result = try vcgraph(["import", "dump.txt", "-o", "/dev/null"], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #if os(Linux)
      // Linux's /dev/full fails every write with ENOSPC (Darwin has no such device).
      let full = try vcgraph(["import", "dump.txt", "-o", "/dev/full"], cwd: directory.url)
      #expect(full.exitCode == 74, "\(full.stderr)")
      #expect(full.stderr.contains("No space left on device"))
    #endif
    var info = stat()
    #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    #expect(directory.names() == ["dump.txt"])
  }

  @Test func missingInputIs66() throws {
    let directory = try TemporaryDirectory("noinput")
    try directory.write("out.svg", bytes: previousOutput)
    let result = try vcgraph(["render", "absent.yaml", "-o", "out.svg"], cwd: directory.url)
    #expect(result.exitCode == 66)
    #expect(result.stderr.contains("absent.yaml"))
    #expect(directory.bytes("out.svg") == previousOutput)
  }

  // MARK: Layout budget

  /// A custom container with `count` attached children: `2 * count + 1` nodes and edges, all
  /// on screen, so nothing collapses.
  private func wide(_ count: Int) -> String {
    var text = "window:\n  root:\n    class: UIViewController\n    id: root\n    children:\n"
    for index in 0..<count { text += "      - { class: C, id: c\(index) }\n" }
    return text
  }

  @Test func graphOverTheLayoutLimitIsRefused() throws {
    let directory = try TemporaryDirectory("layout-limit")
    try directory.write("wide.yaml", wide(400))
    try directory.write("wide.svg", bytes: previousOutput)
    let result = try vcgraph(
      ["render", "wide.yaml", "-o", "wide.svg", "--max-layout-nodes", "500"], cwd: directory.url)
    #expect(result.exitCode == 65)
    #expect(result.stderr.contains("more than the layout limit of 500"), "\(result.stderr)")
    #expect(result.stderr.contains("--max-layout-nodes"))
    // The hint names --expand-all only when it was given (issue 20).
    #expect(!result.stderr.contains("--expand-all"), "\(result.stderr)")
    #expect(directory.bytes("wide.svg") == previousOutput)
    let expanded = try vcgraph(
      ["render", "wide.yaml", "-o", "wide.svg", "--max-layout-nodes", "500", "--expand-all"],
      cwd: directory.url)
    #expect(expanded.stderr.contains("leave out --expand-all"), "\(expanded.stderr)")
    // DOT needs no layout, so the limit does not apply.
    let dot = try vcgraph(
      ["render", "wide.yaml", "-f", "dot", "-o", "wide.dot", "--max-layout-nodes", "500"],
      cwd: directory.url)
    #expect(dot.exitCode == 0)
  }

  /// A layout that would take 60 seconds (a stand-in, so no Graphviz is fast enough to beat
  /// the budget) is stopped at its 0.5-second budget.
  static let slowLayout = ["VCGRAPH_TEST_LAYOUT_DELAY": "60"]

  @Test func layoutOverItsTimeBudgetIsStopped() throws {
    let directory = try TemporaryDirectory("timeout")
    try directory.write("wide.yaml", wide(300))
    try directory.write("wide.svg", bytes: previousOutput)
    let started = Date()
    let result = try vcgraph(
      ["render", "wide.yaml", "-o", "wide.svg", "--layout-timeout", "0.5"], stdinBytes: nil,
      cwd: directory.url, environment: Self.slowLayout)
    let elapsed = Date().timeIntervalSince(started)
    #expect(result.exitCode == 65, "exit \(result.exitCode): \(result.stderr)")
    #expect(
      result.stderr.contains("took longer than the limit of 0.5 seconds and was stopped"),
      "\(result.stderr)")
    #expect(result.stderr.contains("--layout-timeout"))
    #expect(elapsed < 20, "stopping took \(elapsed) s")
    #expect(directory.bytes("wide.svg") == previousOutput)
    #expect(directory.names() == ["wide.svg", "wide.yaml"])
  }

  @Test func workerLayoutMatchesInProcessLayout() throws {
    let directory = try TemporaryDirectory("worker")
    try directory.write("wide.yaml", wide(200))
    try FileManager.default.createDirectory(
      atPath: directory.path("worker"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: directory.path("local"), withIntermediateDirectories: true)
    let inWorker = try vcgraph(
      ["render", "wide.yaml", "-f", "svg,png", "-o", "worker"], stdinBytes: nil,
      cwd: directory.url, environment: ["VCGRAPH_IN_PROCESS_LAYOUT_LIMIT": "0"])
    let inProcess = try vcgraph(
      ["render", "wide.yaml", "-f", "svg,png", "-o", "local"], stdinBytes: nil,
      cwd: directory.url, environment: ["VCGRAPH_IN_PROCESS_LAYOUT_LIMIT": "1000000"])
    #expect(inWorker.exitCode == 0, "\(inWorker.stderr)")
    #expect(inProcess.exitCode == 0, "\(inProcess.stderr)")
    #expect(directory.bytes("worker/wide.svg") == directory.bytes("local/wide.svg"))
    #expect(directory.bytes("worker/wide.png") == directory.bytes("local/wide.png"))
  }

  @Test func crashingLayoutWorkerIs70AndLeavesTheOldOutput() throws {
    let directory = try TemporaryDirectory("crash")
    try directory.write("wide.yaml", wide(200))
    try directory.write("wide.svg", bytes: previousOutput)
    // A stand-in for a layout process that Graphviz brings down.
    let crasher = try directory.write("crash.sh", "#!/bin/sh\nkill -SEGV $$\n")
    chmod(crasher, 0o755)
    let result = try vcgraph(
      ["render", "wide.yaml", "-o", "wide.svg"], stdinBytes: nil, cwd: directory.url,
      environment: ["VCGRAPH_IN_PROCESS_LAYOUT_LIMIT": "0", "VCGRAPH_EXECUTABLE": crasher])
    #expect(result.exitCode == 70, "exit \(result.exitCode): \(result.stderr)")
    #expect(result.stderr.contains("wide.yaml: the layout process was stopped by signal 11"))
    #expect(directory.bytes("wide.svg") == previousOutput)
    #expect(directory.names() == ["crash.sh", "wide.svg", "wide.yaml"])
  }

  @Test func crashInAnInProcessLayoutIs70AndLeavesTheOldOutput() throws {
    let directory = try TemporaryDirectory("crash-in-process")
    try directory.write("wide.yaml", wide(400))
    try directory.write("wide.svg", bytes: previousOutput)
    // One diagram is laid out in this process at any size; a crash there must not show as a
    // crash report.
    let result = try vcgraph(
      ["render", "wide.yaml", "-o", "wide.svg"], stdinBytes: nil, cwd: directory.url,
      environment: ["VCGRAPH_TEST_CRASH_IN_LAYOUT": "1"])
    #expect(result.exitCode == 70, "exit \(result.exitCode): \(result.stderr)")
    #expect(
      result.stderr.contains("wide.yaml: Graphviz crashed while laying out the diagram"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("Backtrac"), "\(result.stderr)")
    #expect(directory.bytes("wide.svg") == previousOutput)
    #expect(directory.names() == ["wide.svg", "wide.yaml"])
  }

  @Test func layoutOverItsTimeBudgetInABatchStopsOnlyThatDiagram() throws {
    let directory = try TemporaryDirectory("timeout-batch")
    try directory.write("in/wide.yaml", wide(300))
    try directory.write("in/good.yaml", validDescription)
    try FileManager.default.createDirectory(
      atPath: directory.path("out"), withIntermediateDirectories: true)
    // Only diagrams over the in-process limit go to a worker, where the delay applies.
    var environment = Self.slowLayout
    environment["VCGRAPH_IN_PROCESS_LAYOUT_LIMIT"] = "600"
    let result = try vcgraph(
      ["render", "in", "-o", "out", "--layout-timeout", "0.5"], stdinBytes: nil,
      cwd: directory.url, environment: environment)
    #expect(result.exitCode == 65, "exit \(result.exitCode): \(result.stderr)")
    #expect(result.stderr.contains("took longer than the limit of 0.5 seconds and was stopped"))
    #expect(directory.names(in: "out") == ["good.svg"])
  }

  @Test func parallelWorkersReportEveryErrorAndRenderTheRest() throws {
    let directory = try TemporaryDirectory("jobs")
    for index in 0..<6 { try directory.write("in/good\(index).yaml", validDescription) }
    try directory.write("in/bad.yaml", "window:\n\troot: A\n")
    try directory.write("in/worse.yaml", "window: { root: A\n")
    try FileManager.default.createDirectory(
      atPath: directory.path("out"), withIntermediateDirectories: true)
    try directory.write("out/bad.svg", bytes: previousOutput)
    let result = try vcgraph(["render", "in", "-o", "out", "--jobs", "3"], cwd: directory.url)
    #expect(result.exitCode == 65, "\(result.stderr)")
    #expect(result.stderr.contains("in/bad.yaml:2:1: error: a tab is used for indentation"))
    #expect(result.stderr.contains("in/worse.yaml:1:9: error: the `{` opened here is not closed"))
    #expect(directory.bytes("out/bad.svg") == previousOutput)
    #expect(directory.names(in: "out") == ["bad.svg"] + (0..<6).map { "good\($0).svg" })
  }

  @Test func unknownLayoutEngineInAWorkerIsAUsageError() throws {
    let directory = try TemporaryDirectory("engine")
    try directory.write("wide.yaml", wide(200))
    let result = try vcgraph(
      ["render", "wide.yaml", "-o", "wide.svg", "--layout", "nonesuch"], stdinBytes: nil,
      cwd: directory.url, environment: ["VCGRAPH_IN_PROCESS_LAYOUT_LIMIT": "0"])
    #expect(result.exitCode == 64, "\(result.stderr)")
    #expect(result.stderr.contains("nonesuch"))
    #expect(directory.names() == ["wide.yaml"])
  }
}

// MARK: - SVG text

/// The character data of every `<text>` element of an SVG, entities decoded; fails when the
/// SVG is not well-formed XML.
private func svgTexts(_ svg: [UInt8]) throws -> [String] {
  final class Collector: NSObject, XMLParserDelegate {
    var texts: [String] = []
    var current: String?
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      if name == "text" { current = "" }
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      current? += string
    }
    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      if name == "text", let text = current {
        texts.append(text)
        current = nil
      }
    }
  }
  let parser = XMLParser(data: Data(svg))
  let collector = Collector()
  parser.delegate = collector
  parser.shouldResolveExternalEntities = false
  guard parser.parse() else {
    throw RunError(
      description: "the SVG is not well-formed: \(String(describing: parser.parserError))")
  }
  return collector.texts
}

// MARK: - Mounting small file systems

/// tmpfs mounts for the disk-full and read-only tests (root only; skipped elsewhere).
enum Mounts {
  struct Mount {
    var path: String

    func remountReadOnly() throws {
      try Mounts.run(["-o", "remount,ro", path])
    }

    func unmount() {
      try? Mounts.run(["-l", path], program: "/bin/umount")
    }
  }

  /// Whether this process may mount a tmpfs (tried once).
  static let available: Bool = {
    guard geteuid() == 0 else { return false }
    let probe = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vcgraph-mount-probe-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: probe) }
    guard (try? tmpfs(at: probe, size: "16k")) != nil else {
      print("note: cannot mount a tmpfs here; the full-disk test is skipped")
      return false
    }
    try? run(["-l", probe], program: "/bin/umount")
    return true
  }()

  static func tmpfs(at path: String, size: String) throws -> Mount {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try run(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path])
    return Mount(path: path)
  }

  static func run(_ arguments: [String], program: String = "/bin/mount") throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw RunError(description: "\(program) \(arguments.joined(separator: " ")) failed")
    }
  }
}
