import Foundation
import Testing

// `-o` and `-f` mistakes, through the built binary: each says what is wrong, and nothing is
// written.

private let small =
  "window: { root: { class: UINavigationController, id: nav, viewControllers: [A] } }\n"

@Suite("Output paths")
struct OutputPathTests {
  @Test func eachMistakeSaysWhatIsWrong() throws {
    let directory = try TemporaryDirectory("output-paths")
    try directory.write("a/mail.yaml", small)
    try directory.write("b.yaml", small)
    try FileManager.default.createDirectory(
      atPath: directory.path("o4"), withIntermediateDirectories: true)
    let before = directory.names() + directory.names(in: "a") + directory.names(in: "o4")
    for (arguments, code, message) in [
      (["a/mail.yaml", "-o", "a/mail.yaml"], 64, ".yaml is not an output format"),
      (["a/mail.yaml", "-o", "o4/out.txt"], 64, ".txt is not an output format"),
      (["a/mail.yaml", "-o", "z.jpg"], 64, ".jpg is not an output format"),
      (
        ["a/mail.yaml", "-f", "svg,png", "-o", "both.svg"], 64,
        "several formats (svg, png) cannot all be written to the one file both.svg"
      ),
      (
        ["a/mail.yaml", "-o", "y.svg", "-f", "png"], 64,
        "has the extension .svg but -f asks for png"
      ),
      (["a/mail.yaml", "b.yaml", "-o", "one.svg"], 64, "names one file, but there are 2 inputs"),
    ] {
      let result = try vcgraph(["render"] + arguments, cwd: directory.url)
      #expect(result.exitCode == Int32(code), "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    #expect(directory.names() + directory.names(in: "a") + directory.names(in: "o4") == before)
  }

  /// The command: a folder that does not exist yet is created with its parents, as
  /// `swift build` and `docc` do, in one process and with worker processes.
  @Test func aMissingOutputFolderIsCreatedWithItsParents() throws {
    let directory = try TemporaryDirectory("output-folder")
    try directory.write("a.yaml", small)
    try directory.write("b.yaml", small)
    for jobs in ["1", "2"] {
      let folder = "made-\(jobs)/diagrams"
      let result = try vcgraph(
        ["render", "a.yaml", "b.yaml", "-o", folder, "--jobs", jobs], cwd: directory.url)
      #expect(result.exitCode == 0, "--jobs \(jobs): \(result.stderr)")
      #expect(directory.names(in: folder) == ["a.svg", "b.svg"], "--jobs \(jobs)")
    }
    // One input without -f into a folder named without an extension: a folder too.
    let one = try vcgraph(["render", "a.yaml", "-o", "single"], cwd: directory.url)
    #expect(one.exitCode == 0, "\(one.stderr)")
    #expect(directory.names(in: "single") == ["a.svg"])
    // A trailing slash names a folder even for one format of one input, with --split too
    // (its parts were written beside the folder as `single-png-01-window`, with no extension).
    let slash = try vcgraph(["render", "a.yaml", "-f", "png", "-o", "pngs/"], cwd: directory.url)
    #expect(slash.exitCode == 0, "\(slash.stderr)")
    #expect(directory.names(in: "pngs") == ["a.png"])
    let split = try vcgraph(
      ["render", "a.yaml", "--split", "-f", "png", "-o", "parts/"], cwd: directory.url)
    #expect(split.exitCode == 0, "\(split.stderr)")
    #expect(directory.names(in: "parts") == ["a-01-window.png", "a.md"])
    #expect(!directory.names().contains { $0.hasPrefix("parts-") }, "\(directory.names())")
    // One file in folders that do not exist yet.
    let file = try vcgraph(["render", "a.yaml", "-o", "deep/er/a.png"], cwd: directory.url)
    #expect(file.exitCode == 0, "\(file.stderr)")
    #expect(directory.bytes("deep/er/a.png")?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
  }

  /// What stands in the way is refused (73), and nothing is made beside it.
  @Test func anOutputPathThatIsAFileIsRefused() throws {
    let directory = try TemporaryDirectory("output-file")
    try directory.write("a.yaml", small)
    try directory.write("b.yaml", small)
    try directory.write("taken", "a file\n")
    for arguments in [
      ["a.yaml", "b.yaml", "-o", "taken"], ["a.yaml", "b.yaml", "-o", "taken/sub"],
      ["a.yaml", "-o", "taken/a.svg"],
    ] {
      let result = try vcgraph(["render"] + arguments, cwd: directory.url)
      #expect(result.exitCode == 73, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("taken"), "\(arguments): \(result.stderr)")
    }
    #expect(directory.names() == ["a.yaml", "b.yaml", "taken"])
    #expect(directory.bytes("taken") == Array("a file\n".utf8))
  }

  @Test func anUnknownExtensionWithOneFormatNamedIsThatFile() throws {
    let directory = try TemporaryDirectory("gv")
    try directory.write("a.yaml", small)
    let result = try vcgraph(["render", "a.yaml", "-f", "dot", "-o", "a.gv"], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(String(decoding: directory.bytes("a.gv") ?? [], as: UTF8.self).hasPrefix("digraph"))
  }

  @Test func importWritesYAMLOnlyUnderAYAMLName() throws {
    let directory = try TemporaryDirectory("import-name")
    try directory.write(
      "dump.txt",
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n")
    let json = try vcgraph(["import", "dump.txt", "-o", "q.json"], cwd: directory.url)
    #expect(json.exitCode == 64, "\(json.stderr)")
    #expect(json.stderr.contains("import writes a description (YAML)"), "\(json.stderr)")
    #expect(directory.names() == ["dump.txt"])
    for name in ["q.yaml", "q.yml"] {
      let result = try vcgraph(["import", "dump.txt", "-o", name], cwd: directory.url)
      #expect(result.exitCode == 0, "\(result.stderr)")
    }
  }
}
