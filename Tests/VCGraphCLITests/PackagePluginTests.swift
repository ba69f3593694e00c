import Foundation
import GraphvizKit
import TestSupport
import Testing

/// The two command plugins as a Swift package uses them: a throwaway package that depends on
/// this one by path checks and analyzes its `Docs/Navigation` with the read-only
/// `swift package vcgraph ...` (no permission asked), and renders it into `Docs/Images` with
/// `swift package --allow-writing-to-package-directory vcgraph-render render ...`; a failure
/// names vcgraph's exit status and its meaning.
///
/// SwiftPM builds vcgraph for the throwaway package (a minute or two the first time), so this
/// is one test. The package's files are written afresh each run in `.build/plugin-test`, one
/// folder per Graphviz version; its own `.build` is kept there, so later runs build only what
/// changed.
@Suite struct PackagePluginTests {
  static func swift() -> URL? { ExecutableSearch.first("swift") }

  @Test func renderDocsNavigationIntoDocsImages() throws {
    let swift = try #require(Self.swift(), "swift is not on PATH")
    // One throwaway package per Graphviz version: SwiftPM keeps the package's build plan, with
    // its pkg-config flags, between runs, and a plan made for another Graphviz links the
    // wrong libgvc.
    let package = repositoryRoot.appendingPathComponent(
      ".build/plugin-test/graphviz-\(Graphviz.version)/Consumer")
    let files = FileManager.default
    for name in ["Package.swift", "Sources", "Docs"] {
      try? files.removeItem(at: package.appendingPathComponent(name))
    }
    func write(_ path: String, _ text: String) throws {
      let url = package.appendingPathComponent(path)
      try files.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try write(
      "Package.swift",
      """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "Consumer",
        dependencies: [.package(path: \(String(reflecting: repositoryRoot.path)))],
        targets: [.target(name: "Consumer")]
      )

      """)
    try write("Sources/Consumer/Consumer.swift", "public struct Consumer {}\n")
    // vcgraph's own dependencies (swift-syntax) resolve for the consumer too: on a machine
    // without GitHub through the mirrors, as this package's do (`scripts/use-mirrors`, which
    // does nothing where `../shared/mirrors` is absent).
    let mirrors = try runTool(
      repositoryRoot.appendingPathComponent("scripts/use-mirrors"), [package.path], cwd: package)
    #expect(mirrors.exitCode == 0, "\(mirrors.stderr)")
    for sample in ["000-top-view-controller.yaml", "mail-split-ipad.yaml"] {
      try write(
        "Docs/Navigation/\(sample)",
        try String(
          contentsOf: repositoryRoot.appendingPathComponent("Samples/\(sample)"),
          encoding: .utf8))
    }
    try write(
      "Docs/Broken/001-broken-switcher.yaml",
      try String(
        contentsOf: repositoryRoot.appendingPathComponent("Samples/001-broken-switcher.yaml"),
        encoding: .utf8))
    try files.createDirectory(
      at: package.appendingPathComponent("Docs/Images"), withIntermediateDirectories: true)

    let list = try runTool(swift, ["package", "plugin", "--list"], cwd: package, timeout: 600)
    #expect(list.stdout.contains("‘vcgraph’ (plugin ‘VCGraphPlugin’"), "\(list.stdout)")
    #expect(list.stdout.contains("‘vcgraph-render’ (plugin ‘VCGraphRenderPlugin’"))

    // Read-only commands need no permission; their output is vcgraph's.
    let analyze = try runTool(
      swift, ["package", "vcgraph", "analyze", "Docs/Navigation/000-top-view-controller.yaml"],
      cwd: package, timeout: 1200)
    #expect(analyze.exitCode == 0, "\(analyze.stderr.suffix(3000))")
    #expect(analyze.stdout.contains("top view controller: editor"), "\(analyze.stdout)")
    // SwiftPM builds the tool in its own configuration (debug here), which the plugin says.
    #expect((analyze.stdout + analyze.stderr).contains("swift package -c release"))
    let check = try runTool(
      swift, ["package", "vcgraph", "check", "Docs/Broken", "--quiet"], cwd: package,
      timeout: 600)
    #expect(check.exitCode != 0)
    #expect(
      (check.stdout + check.stderr).contains(
        "vcgraph exited with status 1: a finding failed `check`"), "\(check.stderr)")
    #expect(check.stdout.contains("001-broken-switcher.yaml:"))
    // Writing through the read-only plugin is refused before vcgraph runs, naming the other.
    let readOnly = try runTool(
      swift, ["package", "vcgraph", "render", "Docs/Navigation", "-o", "Docs/Images"],
      cwd: package, timeout: 600)
    #expect(readOnly.exitCode != 0)
    #expect(
      (readOnly.stdout + readOnly.stderr).contains(
        "swift package --allow-writing-to-package-directory vcgraph-render render "
          + "Docs/Navigation -o Docs/Images"), "\(readOnly.stderr)")
    #expect(try files.contentsOfDirectory(atPath: package.path + "/Docs/Images").isEmpty)

    // Without the permission SwiftPM refuses, and nothing is written.
    let refused = try runTool(
      swift, ["package", "vcgraph-render", "render", "Docs/Navigation", "-o", "Docs/Images"],
      cwd: package, timeout: 1200)
    #expect(refused.exitCode != 0)
    #expect(refused.stderr.contains("--allow-writing-to-package-directory"), "\(refused.stderr)")
    #expect(try files.contentsOfDirectory(atPath: package.path + "/Docs/Images").isEmpty)

    let run = try runTool(
      swift,
      [
        "package", "--allow-writing-to-package-directory", "vcgraph-render", "render",
        "Docs/Navigation", "-o", "Docs/Images", "-f", "svg,mermaid,md", "--jobs", "2",
      ], cwd: package, timeout: 1200)
    #expect(run.exitCode == 0, "\(run.stderr.suffix(3000))")
    let images = try files.contentsOfDirectory(atPath: package.path + "/Docs/Images").sorted()
    #expect(
      images
        == [
          "000-top-view-controller.md", "000-top-view-controller.mmd",
          "000-top-view-controller.svg", "mail-split-ipad.md", "mail-split-ipad.mmd",
          "mail-split-ipad.svg",
        ])
    // The files are what this vcgraph writes for the same inputs, paths relative to the
    // package as the plugin runs there.
    for format in ["svg", "mermaid", "md"] {
      let input = "Docs/Navigation/000-top-view-controller.yaml"
      let direct = try vcgraph(["render", input, "-f", format, "-o", "-"], cwd: package)
      #expect(direct.exitCode == 0, "\(direct.stderr)")
      let name = "000-top-view-controller." + (format == "mermaid" ? "mmd" : format)
      let written = try Data(contentsOf: package.appendingPathComponent("Docs/Images/\(name)"))
      #expect([UInt8](written) == direct.stdoutBytes, "\(name)")
    }

    // vcgraph's own errors reach the user (SwiftPM passes a plugin's output on, standard
    // error included, on its standard output) and fail the command.
    let missing = try runTool(
      swift,
      [
        "package", "--allow-writing-to-package-directory", "vcgraph-render", "render",
        "Docs/Missing", "-o", "Docs/Images",
      ], cwd: package, timeout: 600)
    #expect(missing.exitCode != 0)
    #expect((missing.stdout + missing.stderr).contains("Docs/Missing: no such file or directory"))
    #expect(
      (missing.stdout + missing.stderr).contains(
        "vcgraph exited with status 66: an input is missing or unreadable"))
  }
}
