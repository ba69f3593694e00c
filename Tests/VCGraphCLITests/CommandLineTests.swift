import Foundation
import Testing

/// The built `vcgraph` binary as a user runs it: outputs, exit codes, messages.
@Suite struct CommandLineTests {
  static let modal = """
    title: Modal stack
    classes: { AViewController: UIViewController }
    window:
      root:
        class: AViewController
        id: A
        presents:
          class: UIViewController
          id: B
          modalPresentationStyle: fullScreen
          presents: { class: UIViewController, id: C, modalPresentationStyle: fullScreen }
    """

  @Test func helpAndVersion() throws {
    let help = try vcgraph(["--help"])
    #expect(help.exitCode == 0)
    #expect(help.stdout.contains("render"))
    #expect(help.stdout.contains("check"))
    let renderHelp = try vcgraph(["render", "--help"])
    #expect(renderHelp.exitCode == 0)
    #expect(renderHelp.stdout.contains("--format"))
    let version = try vcgraph(["--version"])
    #expect(version.exitCode == 0)
    #expect(version.stdout.hasPrefix("vcgraph "))
  }

  @Test func usageErrorsExit64WithASuggestion() throws {
    let command = try vcgraph(["rendr", "x.yaml"])
    #expect(command.exitCode == 64)
    #expect(command.stderr.contains("did you mean 'render'?"))
    let option = try vcgraph(["render", "--fromat", "svg", "x.yaml"])
    #expect(option.exitCode == 64)
    #expect(option.stderr.contains("Did you mean '--format'?"))
    let noInput = try vcgraph(["analyze"])
    #expect(noInput.exitCode == 64)
  }

  @Test func renderOneFileFormatFromTheExtension() throws {
    let directory = try TemporaryDirectory("render")
    let input = try directory.write("modal.yaml", Self.modal)
    let png = try vcgraph(["render", input, "-o", directory.path("out.png")])
    #expect(png.exitCode == 0, "\(png.stderr)")
    let bytes = directory.bytes("out.png") ?? []
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let pdf = try vcgraph(["render", input, "-o", directory.path("out.pdf")])
    #expect(pdf.exitCode == 0)
    #expect(directory.bytes("out.pdf")?.starts(with: Array("%PDF".utf8)) == true)
    // -f wins over the extension.
    let dot = try vcgraph(["render", input, "-f", "dot", "-o", directory.path("graph.txt")])
    #expect(dot.exitCode == 0)
    #expect(
      String(decoding: directory.bytes("graph.txt") ?? [], as: UTF8.self).hasPrefix("digraph"))
  }

  @Test func renderToStandardOutputAndFromStandardInput() throws {
    let result = try vcgraph(["render", "-", "-f", "svg", "-o", "-"], stdin: Self.modal)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout.contains("<svg"))
    #expect(result.stdout.contains("Modal stack"))
    let two = try vcgraph(["render", "-", "-f", "svg,png", "-o", "-"], stdin: Self.modal)
    #expect(two.exitCode == 64)
  }

  @Test func renderSeveralInputsAndDirectoriesIntoADirectory() throws {
    let directory = try TemporaryDirectory("batch")
    try directory.write("in/a.yaml", Self.modal)
    try directory.write("in/nested/b.yml", Self.modal)
    try directory.write("in/notes.md", "not an input")
    try FileManager.default.createDirectory(
      atPath: directory.path("out"), withIntermediateDirectories: true)
    let result = try vcgraph([
      "render", directory.path("in"), "-o", directory.path("out"), "-f", "svg,dot,json",
    ])
    #expect(result.exitCode == 0, "\(result.stderr)")
    // A file in a subfolder keeps its place under -o.
    #expect(directory.names(in: "out") == ["a.dot", "a.json", "a.svg", "nested"])
    #expect(directory.names(in: "out/nested") == ["b.dot", "b.json", "b.svg"])
    let json = String(decoding: directory.bytes("out/a.json") ?? [], as: UTF8.self)
    #expect(json.contains("\"topViewController\""))
  }

  @Test func manyInputsUseOneWorkerPerCoreByDefault() throws {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let directory = try TemporaryDirectory("default-jobs")
    let count = 16 * 2
    for index in 0..<count {
      try directory.write(
        "in/m\(index).yaml",
        Self.modal.replacingOccurrences(
          of: "Modal stack", with: "Modal stack \(index)"))
    }
    for name in ["default", "single"] {
      try FileManager.default.createDirectory(
        atPath: directory.path(name), withIntermediateDirectories: true)
    }
    guard let real = vcgraphExecutable?.path else { return }
    // Counts the worker processes the pool starts.
    let wrapper = try directory.write(
      "worker.sh",
      "#!/bin/sh\necho started >> \"\(directory.path("workers.log"))\"\nexec \"\(real)\" \"$@\"\n")
    chmod(wrapper, 0o755)
    let byDefault = try vcgraph(
      ["render", "in", "-o", "default"], stdinBytes: nil, cwd: directory.url,
      environment: ["VCGRAPH_EXECUTABLE": wrapper])
    let single = try vcgraph(["render", "in", "-o", "single", "--jobs", "1"], cwd: directory.url)
    #expect(byDefault.exitCode == 0, "\(byDefault.stderr)")
    #expect(single.exitCode == 0, "\(single.stderr)")
    let workers = (directory.bytes("workers.log") ?? []).filter { $0 == UInt8(ascii: "\n") }.count
    #expect(workers >= (cores > 1 ? 2 : 0), "\(workers) workers on \(cores) cores")
    #expect(directory.names(in: "default").count == count)
    for index in 0..<count {
      #expect(directory.bytes("default/m\(index).svg") == directory.bytes("single/m\(index).svg"))
    }
  }

  @Test func missingInputIs66AndAFileWhereTheOutputFolderMustBeIs73() throws {
    let directory = try TemporaryDirectory("missing")
    let missing = try vcgraph(["render", directory.path("nope.yaml")])
    #expect(missing.exitCode == 66)
    #expect(missing.stderr.contains("nope.yaml"))
    let input = try directory.write("m.yaml", Self.modal)
    try directory.write("absent", "a file, not a folder\n")
    let noDirectory = try vcgraph(["render", input, "-o", directory.path("absent/x.svg")])
    #expect(noDirectory.exitCode == 73)
    #expect(directory.names() == ["absent", "m.yaml"])
  }

  @Test func badInputIs65AtItsLineAndColumnWithTheSourceLine() throws {
    let directory = try TemporaryDirectory("bad")
    let input = try directory.write(
      "bad.yaml",
      """
      window:
        root:
          class: UINavigationController
          viewControlers: [ A ]
      """)
    let result = try vcgraph(["analyze", input])
    #expect(result.exitCode == 65)
    #expect(
      result.stderr.hasPrefix(
        "\(input):4:5: error: unknown key 'viewControlers' in a UINavigationController\n"))
    #expect(result.stderr.contains("    viewControlers: [ A ]\n    ^\n"))
    #expect(result.stderr.contains("did you mean 'viewControllers'?"))
  }

  @Test func badLayoutEngineIsAUsageErrorCarryingGraphvizMessage() throws {
    let directory = try TemporaryDirectory("layout")
    let input = try directory.write("m.yaml", Self.modal)
    let result = try vcgraph(["render", input, "--layout", "nosuch", "-o", directory.path("x.svg")])
    #expect(result.exitCode == 64)
    #expect(result.stderr.contains("nosuch"))
    #expect(directory.bytes("x.svg") == nil)
  }

  @Test func analyzeJSONHasTheDocumentedShape() throws {
    let result = try vcgraph(
      ["analyze", "-", "--format", "json", "--dismiss", "C:2"], stdin: Self.modal)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(
      Set(json.keys) == [
        "input", "topViewController", "visiblePath", "visible", "visibleLeaves", "scenes",
        "refusedPresentations", "dismissals", "responderChains", "unanswered", "findings", "notes",
        "version",
      ])
    let top = try #require(json["topViewController"] as? [String: String])
    #expect(top == ["id": "C", "class": "UIViewController"])
    let dismissal = try #require((json["dismissals"] as? [[String: Any]])?.first)
    #expect(dismissal["receiver"] as? String == "A")
    #expect(dismissal["removed"] as? [String] == ["B", "C"])
    #expect(dismissal["animated"] as? String == "C")
    #expect(dismissal["topViewControllerAfter"] as? String == "A")
  }

  @Test func analyzeRefusesAnImpossibleDismissal() throws {
    let result = try vcgraph(["analyze", "-", "--dismiss", "C:5"], stdin: Self.modal)
    #expect(result.exitCode == 1)
    #expect(result.stderr.contains("only 2 presentation levels exist"), "\(result.stderr)")
  }

  /// One impossible question among several: the others are answered, the bad ones said (on
  /// standard error and in the output), exit 1. A presents B presents C (both full screen):
  /// `dismiss` two levels from C goes to A and removes B and C (Semantics S3).
  @Test func analyzeAnswersTheQuestionsItCanAndExits1() throws {
    let questions = [
      "--dismiss", "C:5", "--dismiss", "C:2", "--responder-chain", "nosuch",
      "--responder-chain", "C",
    ]
    let text = try vcgraph(["analyze", "-"] + questions, stdin: Self.modal)
    #expect(text.exitCode == 1, "\(text.stderr)")
    #expect(
      text.stdout.contains(
        "dismiss(from: C, levels: 2):\n  receiver: A (AViewController)\n  removed: B, C\n"),
      "\(text.stdout)")
    #expect(text.stdout.contains("responder chain from C: C → B → A"), "\(text.stdout)")
    #expect(
      text.stdout.contains(
        "not answered:\n  dismiss(from: C, levels: 5): cannot dismiss 5 presentation levels"
          + " from 'C': only 2 presentation levels exist at and below it\n"
          + "  responder chain from nosuch: no view or controller has the id 'nosuch'\n"),
      "\(text.stdout)")
    #expect(
      text.stderr.contains(
        "error: dismiss(from: C, levels: 5): cannot dismiss 5 presentation levels from 'C'"),
      "\(text.stderr)")
    #expect(
      text.stderr.contains(
        "error: responder chain from nosuch: no view or controller has the id 'nosuch'"),
      "\(text.stderr)")

    let json = try vcgraph(["analyze", "-", "--format", "json"] + questions, stdin: Self.modal)
    #expect(json.exitCode == 1, "\(json.stderr)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let dismissals = try #require(document["dismissals"] as? [[String: Any]])
    #expect(dismissals.count == 1)
    #expect(dismissals.first?["removed"] as? [String] == ["B", "C"])
    #expect((document["responderChains"] as? [Any])?.count == 1)
    let unanswered = try #require(document["unanswered"] as? [[String: Any]])
    #expect(unanswered.map { $0["question"] as? String } == ["dismiss", "responderChain"])
    #expect(unanswered.first?["from"] as? String == "C")
    #expect(unanswered.first?["levels"] as? Int == 5)
    #expect(
      (unanswered.last?["message"] as? String)?.contains("no view or controller has the id")
        == true)

    // Every question answered: exit 0 and an empty list.
    let good = try vcgraph(
      ["analyze", "-", "--format", "json", "--dismiss", "C:2"], stdin: Self.modal)
    #expect(good.exitCode == 0, "\(good.stderr)")
    #expect(good.stdout.contains("\"unanswered\": []"), "\(good.stdout)")
  }

  /// A description's own `analyze:` entry that cannot be answered is reported at its line.
  @Test func analyzeReportsAFileQuestionAtItsLine() throws {
    let directory = try TemporaryDirectory("unanswered")
    let input = try directory.write(
      "q.yaml",
      Self.modal + "\nanalyze:\n  - dismiss: { from: A, levels: 1 }\n"
        + "  - dismiss: { from: C, levels: 1 }\n")
    let result = try vcgraph(["analyze", input])
    #expect(result.exitCode == 1, "\(result.stderr)")
    #expect(
      result.stdout.contains("dismiss(from: C, levels: 1):\n  receiver: B"), "\(result.stdout)")
    #expect(
      result.stderr.contains(
        "\(input):13:5: error: dismiss(from: A, levels: 1): cannot dismiss 1 presentation level"
          + " from 'A': only 0 presentation levels exist at and below it"),
      "\(result.stderr)")
  }

  @Test func checkExitCodes() throws {
    let directory = try TemporaryDirectory("check")
    let clean = try directory.write("clean.yaml", Self.modal)
    let warning = try directory.write(
      "warning.yaml",
      """
      window:
        root:
          class: UIViewController
          children: [ { class: UITabBarController, viewControllers: [ A ] } ]
      """)
    let broken = try directory.write(
      "broken.yaml",
      "window: { root: { class: UITabBarController, selectedIndex: 3, viewControllers: [ A ] } }")
    #expect(try vcgraph(["check", clean]).exitCode == 0)
    let warned = try vcgraph(["check", warning])
    #expect(warned.exitCode == 0)
    #expect(warned.stdout.contains("warning: tab bar controller"))
    #expect(warned.stdout.hasSuffix("[tab-bar-not-root]\n") == false)
    #expect(try vcgraph(["check", warning, "--warnings-as-errors"]).exitCode == 1)
    let failed = try vcgraph(["check", clean, broken])
    #expect(failed.exitCode == 1)
    #expect(failed.stdout.hasPrefix("\(broken):1:61: error: selectedIndex 3 is out of range"))
    let github = try vcgraph(["check", broken, "--format", "github"])
    #expect(github.exitCode == 1)
    #expect(
      github.stdout.hasPrefix(
        "::error file=\(broken),line=1,col=61,title=selected-index-out-of-range::"))
    let json = try vcgraph(["check", broken, warning, "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(
      findings.map { $0["rule"] as? String } == ["selected-index-out-of-range", "tab-bar-not-root"])
  }
}
