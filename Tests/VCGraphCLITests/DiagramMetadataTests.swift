import Foundation
import Testing

/// Outputs that do not depend on where vcgraph runs, SVG metadata for documentation sites,
/// themes, dark variants and PNG scale, through the built binary.
@Suite(.serialized)
struct DiagramMetadataTests {
  static let yaml = """
    title: Mail & more
    window:
      root:
        class: UINavigationController
        id: nav
        viewControllers:
          - { class: InboxViewController, id: inbox }
          - { class: MessageViewController, id: message }
    """

  @Test(
    "render gives the same bytes from any working directory and any spelling of the path",
    arguments: ["svg", "dot", "json", "mermaid", "md"])
  func sameBytesFromAnywhere(format: String) throws {
    let directory = try TemporaryDirectory("identity")
    let file = try directory.write("work/docs/mail.yaml", Self.yaml)
    let runs: [(cwd: URL, path: String)] = [
      (directory.url.appendingPathComponent("work"), "docs/mail.yaml"),
      (directory.url.appendingPathComponent("work"), "./docs//mail.yaml"),
      (directory.url.appendingPathComponent("work/docs"), "mail.yaml"),
      (directory.url, file),
    ]
    var outputs: [[UInt8]] = []
    for run in runs {
      let result = try vcgraph(["render", run.path, "-f", format, "-o", "-"], cwd: run.cwd)
      #expect(result.exitCode == 0, "\(result.stderr)")
      #expect(!result.stdout.contains("docs/"), "\(format) names the path: \(run.path)")
      #expect(!result.stdout.contains(directory.url.path))
      outputs.append(result.stdoutBytes)
    }
    #expect(Set(outputs).count == 1, "\(format) differs between working directories or spellings")
    #expect(outputs[0].count > 100)
    // With --show-path the path as given is there.
    let shown = try vcgraph(
      ["render", "docs/mail.yaml", "-f", format, "-o", "-", "--show-path"],
      cwd: directory.url.appendingPathComponent("work"))
    if format != "mermaid" {
      #expect(shown.stdout.contains("docs/mail.yaml"), "\(format) with --show-path")
    }
  }

  @Test("the SVG names itself: title, description, role and aria-labelledby on the root")
  func svgMetadata() throws {
    let directory = try TemporaryDirectory("metadata")
    let file = try directory.write("mail.yaml", Self.yaml)
    let result = try vcgraph(["render", file, "-f", "svg", "-o", "-"])
    let svg = result.stdout
    let root = try #require(svg.firstMatch(of: /<svg [^>]*>/)).0
    #expect(root.contains(#"role="img""#))
    #expect(root.contains(#"aria-labelledby="vcgraph-title vcgraph-desc""#))
    // The first elements inside the root, before Graphviz's own groups.
    let after = svg[root.endIndex...].trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      after.hasPrefix(#"<title id="vcgraph-title">Mail &amp; more</title>"#), "\(after.prefix(200))"
    )
    #expect(
      after.contains(
        #"<desc id="vcgraph-desc">top view controller: message (MessageViewController) · 2 of 3 controllers on screen</desc>"#
      ))
    // Every controller keeps its group id.
    for id in ["nav", "inbox", "message"] { #expect(svg.contains(#"<g id="vc&#45;\#(id)""#)) }
    // --title overrides; a description without a title is named by its file.
    let titled = try vcgraph(["render", file, "-f", "svg", "-o", "-", "--title", "Inbox <flow>"])
    #expect(titled.stdout.contains(#"<title id="vcgraph-title">Inbox &lt;flow&gt;</title>"#))
    let untitled = try directory.write(
      "plain-app.yaml", Self.yaml.replacingOccurrences(of: "title: Mail & more\n", with: ""))
    let named = try vcgraph(["render", untitled, "-f", "svg", "-o", "-"])
    #expect(named.stdout.contains(#"<title id="vcgraph-title">plain-app</title>"#))
    // Fonts with fallbacks reach the SVG.
    #expect(svg.contains(#"font-family="DejaVu Sans,Helvetica,Arial,sans-serif""#))
  }

  @Test("a dump's diagram is titled by the dump's name and names controllers by class")
  func dumpNaming() throws {
    let dump = repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/printHierarchy/04-dingtalk-tab-5-navs-chat.txt")
    let result = try vcgraph(["render", dump.path, "-f", "dot", "-o", "-"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(!result.stdout.contains(repositoryRoot.path))
    #expect(result.stdout.contains("04-dingtalk-tab-5-navs-chat"))
    // The class in bold, the address small; clusters say the presenter's class.
    #expect(
      result.stdout.contains("<B>DTTabBarController</B>")
        || result.stdout.contains("<B>UITabBarController</B>"))
    #expect(!result.stdout.contains("<B>0x"))
    #expect(!result.stdout.contains("presented by 0x"))
  }

  @Test("--dark-variant writes NAME~dark.svg beside NAME.svg; --scale sizes the PNG")
  func darkVariantAndScale() throws {
    let directory = try TemporaryDirectory("variant")
    let file = try directory.write("mail.yaml", Self.yaml)
    let out = directory.url.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let result = try vcgraph(["render", file, "-o", out.path, "-f", "svg,png", "--dark-variant"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(
      directory.names(in: "out") == ["mail.png", "mail.svg", "mail~dark.png", "mail~dark.svg"])
    let light = String(decoding: directory.bytes("out/mail.svg") ?? [], as: UTF8.self)
    let dark = String(decoding: directory.bytes("out/mail~dark.svg") ?? [], as: UTF8.self)
    #expect(light.contains(##"<polygon fill="#ffffff""##))
    #expect(dark.contains(##"<polygon fill="#0d1117""##))
    let normal = try #require(pngSize(directory.bytes("out/mail.png") ?? []))
    let scaled = try vcgraph(["render", file, "-o", directory.path("big.png"), "--scale", "2"])
    #expect(scaled.exitCode == 0, "\(scaled.stderr)")
    let big = try #require(pngSize(directory.bytes("big.png") ?? []))
    #expect(abs(big.width - 2 * normal.width) <= 4, "\(big) vs \(normal)")
    let bad = try vcgraph(["render", file, "-o", "-", "--dark-variant"])
    #expect(bad.exitCode == 64)
    let both = try vcgraph([
      "render", file, "-o", directory.path("x.png"), "--scale", "2", "--dpi", "90",
    ])
    #expect(both.exitCode == 64)
  }

  @Test("the legend lists only what the diagram uses; --legend none and --no-legend leave it out")
  func legendContents() throws {
    let directory = try TemporaryDirectory("legend")
    // Nothing on screen: controllers in no window.
    let file = try directory.write(
      "detached.yaml",
      "detached:\n  - { class: UINavigationController, id: nav, viewControllers: [ A, B ] }\n")
    let dot = try vcgraph(["render", file, "-f", "dot", "-o", "-"]).stdout
    #expect(dot.contains("cluster_legend"))
    #expect(!dot.contains("top view controller"))
    #expect(!dot.contains("legend_on\t"))
    #expect(dot.contains("legend_off"))
    for flags in [["--legend", "none"], ["--no-legend"]] {
      let bare = try vcgraph(["render", file, "-f", "dot", "-o", "-"] + flags).stdout
      #expect(!bare.contains("cluster_legend"), "\(flags)")
    }
    let mermaid = try vcgraph(["render", file, "-f", "mermaid", "-o", "-", "--theme", "dark"])
    #expect(
      mermaid.stdout.hasPrefix(
        "---\ntitle: \"detached\"\nconfig:\n  theme: dark\n  flowchart:\n    nodeSpacing: 16\n"
          + "    rankSpacing: 54\n    padding: 6\n    subGraphTitleMargin:\n      top: 2\n"
          + "      bottom: 8\n  themeVariables:\n"
          + "    edgeLabelBackground: \"#0d1117\"\n---\n"),
      "\(mermaid.stdout.prefix(80))")
  }
}
