import Foundation
import GraphvizKit
import TestSupport
import Testing

/// The `vcgraph` command plugin as a Swift package uses it: a throwaway package that depends
/// on this one by path renders its `Docs/Navigation` into `Docs/Images` with
/// `swift package --allow-writing-to-package-directory vcgraph render ...`.
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
    for sample in ["000-top-view-controller.yaml", "mail-split-ipad.yaml"] {
      try write(
        "Docs/Navigation/\(sample)",
        try String(
          contentsOf: repositoryRoot.appendingPathComponent("Samples/\(sample)"),
          encoding: .utf8))
    }
    try files.createDirectory(
      at: package.appendingPathComponent("Docs/Images"), withIntermediateDirectories: true)

    // Without the permission SwiftPM refuses, and nothing is written.
    let refused = try runTool(
      swift, ["package", "vcgraph", "render", "Docs/Navigation", "-o", "Docs/Images"],
      cwd: package, timeout: 1200)
    #expect(refused.exitCode != 0)
    #expect(refused.stderr.contains("--allow-writing-to-package-directory"), "\(refused.stderr)")
    #expect(try files.contentsOfDirectory(atPath: package.path + "/Docs/Images").isEmpty)

    let run = try runTool(
      swift,
      [
        "package", "--allow-writing-to-package-directory", "vcgraph", "render",
        "Docs/Navigation", "-o", "Docs/Images", "-f", "svg,mermaid,md",
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
        "package", "--allow-writing-to-package-directory", "vcgraph", "render", "Docs/Missing",
        "-o", "Docs/Images",
      ], cwd: package, timeout: 600)
    #expect(missing.exitCode != 0)
    #expect((missing.stdout + missing.stderr).contains("Docs/Missing: no such file or directory"))
  }
}
