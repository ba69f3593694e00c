import Foundation
import Testing

/// `render -f mermaid` and `-f md` through the built binary: file names, `--image`, usage
/// errors, Mermaid's size limits, determinism and worker processes.
@Suite struct TextFormatTests {
  static let sample = repositoryRoot.appendingPathComponent(
    "Samples/000-top-view-controller.yaml"
  ).path

  @Test func formatsComeFromTheirNamesAndExtensions() throws {
    let directory = try TemporaryDirectory("text-formats")
    let mermaid = try vcgraph(["render", Self.sample, "-o", directory.path("a.mmd")])
    #expect(mermaid.exitCode == 0, "\(mermaid.stderr)")
    let page = try vcgraph(["render", Self.sample, "-o", directory.path("b.md")])
    #expect(page.exitCode == 0, "\(page.stderr)")
    // `mmd`, the extension, names the format too.
    let named = try vcgraph(["render", Self.sample, "-f", "mmd", "-o", "-"])
    #expect(named.exitCode == 0)
    let text = String(decoding: directory.bytes("a.mmd") ?? [], as: UTF8.self)
    #expect(text.hasPrefix("---\ntitle: \"Seed 000: the top view controller"))
    #expect(text.contains("\nflowchart TB\n"))
    #expect(named.stdout == text)
    let markdown = String(decoding: directory.bytes("b.md") ?? [], as: UTF8.self)
    #expect(markdown.hasPrefix("# Seed 000: the top view controller"))
    // The block's front matter holds only Mermaid's `config` (the page's heading is the title).
    #expect(markdown.contains("\n```mermaid\n---\nconfig:\n"))
    #expect(!markdown.contains("```mermaid\n---\ntitle:"))
    #expect(markdown.contains("\nflowchart TB\n"))
    // Several formats into a directory: NAME.mmd and NAME.md beside NAME.svg.
    let all = try vcgraph([
      "render", Self.sample, "-f", "svg,mermaid,md", "-o", directory.path("all"),
    ])
    // A missing output folder is created, as `swift build` and docc create theirs (issue 35).
    #expect(all.exitCode == 0, "\(all.stderr)")
    #expect(directory.names(in: "all").count == 3, "\(directory.names(in: "all"))")
    let again = try vcgraph([
      "render", Self.sample, "-f", "svg,mermaid,md", "-o", directory.path("all"),
    ])
    #expect(again.exitCode == 0, "\(again.stderr)")
    #expect(
      directory.names(in: "all")
        == [
          "000-top-view-controller.md", "000-top-view-controller.mmd",
          "000-top-view-controller.svg",
        ])
  }

  @Test func imageOptionWritesTheDiagramBesideThePage() throws {
    let directory = try TemporaryDirectory("image")
    let run = try vcgraph([
      "render", Self.sample, "-f", "md", "--image", "svg", "-o", directory.path("docs page.md"),
    ])
    #expect(run.exitCode == 0, "\(run.stderr)")
    #expect(directory.names() == ["docs page.md", "docs page.svg"])
    let page = String(decoding: directory.bytes("docs page.md") ?? [], as: UTF8.self)
    #expect(
      page.contains(
        "![Seed 000: the top view controller of a tab app with a full-screen modal]"
          + "(docs%20page.svg)"))
    #expect(!page.contains("```mermaid"))
    // The image is the diagram `-f svg` draws.
    let svg = try vcgraph(["render", Self.sample, "-f", "svg", "-o", "-"])
    #expect(directory.bytes("docs page.svg") == svg.stdoutBytes)

    // PNG, for several inputs into a directory.
    let many = try vcgraph([
      "render", Self.sample,
      repositoryRoot.appendingPathComponent("Samples/mail-split-ipad.yaml").path, "-f", "md",
      "--image", "png", "-o", directory.url.path, "--jobs", "1",
    ])
    #expect(many.exitCode == 0, "\(many.stderr)")
    for name in ["000-top-view-controller", "mail-split-ipad"] {
      let png = try #require(directory.bytes("\(name).png"))
      #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
      let text = String(decoding: directory.bytes("\(name).md") ?? [], as: UTF8.self)
      #expect(text.contains("](\(name).png)"))
    }
  }

  @Test func imageOptionUsageErrors() throws {
    let directory = try TemporaryDirectory("image-errors")
    let cases: [([String], String)] = [
      (
        ["--image", "gif", "-f", "md", "-o", directory.path("p.md")],
        "Please provide one of 'svg' and 'png'"
      ),
      (["--image", "svg", "-f", "mermaid", "-o", directory.path("p.mmd")], "Markdown pages"),
      (["--image", "png", "-f", "md", "-o", "-"], "beside the page"),
    ]
    for (options, message) in cases {
      let run = try vcgraph(["render", Self.sample] + options)
      #expect(run.exitCode == 64, "\(options)")
      #expect(run.stderr.contains(message), "\(run.stderr)")
    }
    #expect(directory.names().isEmpty)
  }

  @Test func mermaidOverItsDefaultLimitsIsWrittenWithAWarning() throws {
    let directory = try TemporaryDirectory("mermaid-limits")
    var yaml = "window:\n  root:\n    class: UINavigationController\n    id: nav\n"
    yaml += "    viewControllers:\n"
    for index in 0..<520 { yaml += "      - { class: UIViewController, id: screen\(index) }\n" }
    let path = try directory.write("big.yaml", yaml)
    let big = try vcgraph(["render", path, "-f", "mermaid", "-o", directory.path("big.mmd")])
    #expect(big.exitCode == 0)
    #expect(big.stderr.contains("warning: \(path): the Mermaid text has"))
    #expect(big.stderr.contains("than the 50000 that Mermaid draws by default"))
    #expect(directory.bytes("big.mmd") != nil)
    let small = try vcgraph(["render", Self.sample, "-f", "mermaid,md", "-o", directory.path("")])
    #expect(small.exitCode == 0)
    #expect(small.stderr.isEmpty)
  }

  @Test func outputsAreDeterministicAndWorkersWriteTheSame() throws {
    let one = try TemporaryDirectory("text-one")
    let two = try TemporaryDirectory("text-two")
    let samples = repositoryRoot.appendingPathComponent("Samples").path
    let first = try vcgraph(["render", samples, "-f", "mermaid,md", "-o", one.url.path, "-j", "1"])
    #expect(first.exitCode == 0, "\(first.stderr)")
    let second = try vcgraph(["render", samples, "-f", "mermaid,md", "-o", two.url.path, "-j", "2"])
    #expect(second.exitCode == 0, "\(second.stderr)")
    #expect(one.names().count == 2 * sampleFiles().count)
    #expect(one.names() == two.names())
    for name in one.names() { #expect(one.bytes(name) == two.bytes(name), "\(name)") }
  }

  @Test func renderHelpListsTheTextFormats() throws {
    let help = try vcgraph(["render", "--help"])
    #expect(help.stdout.contains("svg,png,pdf,dot,json,mermaid,md"))
    #expect(help.stdout.contains("--image <image>") && help.stdout.contains("(values: svg, png)"))
  }
}
