import Foundation
import GraphvizKit
import TestSupport
import Testing

@testable import VCGraphCLI

/// `scripts/release` as a maintainer runs it, once (it builds vcgraph in release with the
/// static Swift runtime: minutes on two cores the first time, into
/// `.build/release-test/graphviz-VERSION`, one per Graphviz, kept between runs): the checksums,
/// the tarball's files, the artifact bundle's `info.json` (SwiftPM's schema 1.0), and the
/// bundle's binary printing its version and rendering a sample as this build does, linking
/// only the libraries Install.md lists. On Linux.
@Suite struct ReleaseTests {
  @Test func releaseArtifactsInstallAndRun() throws {
    #if os(Linux)
      let tools = ["sha256sum", "unzip", "tar", "ldd"].map { ($0, ExecutableSearch.first($0)) }
      for (name, url) in tools where url == nil {
        Issue.record("\(name) is missing")
        return
      }
      let find = { (name: String) in tools.first { $0.0 == name }!.1! }
      let out = try TemporaryDirectory("release")
      let build = repositoryRoot.appendingPathComponent(
        ".build/release-test/graphviz-\(Graphviz.version)")
      let release = try runTool(
        repositoryRoot.appendingPathComponent("scripts/release"), [out.url.path],
        cwd: repositoryRoot, timeout: 3000, environment: ["SWIFT_BUILD_PATH": build.path])
      // SwiftPM prints compile and link errors on standard output: show both.
      #expect(
        release.exitCode == 0,
        "\(release.stdout.suffix(3000))\n\(release.stderr.suffix(3000))")
      let version = VCGraphCommandLine.version
      // `uname -m` as Install.md names it.
      var system = utsname()
      uname(&system)
      let machine = withUnsafeBytes(of: &system.machine) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      let arch = machine == "aarch64" || machine == "arm64" ? "aarch64" : "x86_64"
      let name = "vcgraph-\(version)-linux-\(arch)"
      #expect(out.names() == ["SHA256SUMS", "\(name).tar.gz", "vcgraph.artifactbundle.zip"])

      let sums = try runTool(find("sha256sum"), ["-c", "SHA256SUMS"], cwd: out.url)
      #expect(sums.exitCode == 0, "\(sums.stdout)\(sums.stderr)")
      #expect(sums.stdout.split(separator: "\n").count == 2)

      let listing = try runTool(find("tar"), ["-tzf", out.path("\(name).tar.gz")])
      let files = Set(listing.stdout.split(separator: "\n").map(String.init))
      for file in [
        "bin/vcgraph", "share/man/man1/vcgraph.1", "LICENSE", "README.md", "CHANGELOG.md",
        "share/bash-completion/completions/vcgraph", "share/zsh/site-functions/_vcgraph",
        "share/fish/vendor_completions.d/vcgraph.fish",
      ] {
        #expect(files.contains("\(name)/\(file)"), "\(file)")
      }

      // The bundle as SwiftPM reads it: vcgraph.artifactbundle/info.json at the top.
      let unpacked = try TemporaryDirectory("bundle")
      let unzip = try runTool(
        find("unzip"), ["-q", out.path("vcgraph.artifactbundle.zip"), "-d", unpacked.url.path])
      #expect(unzip.exitCode == 0, "\(unzip.stderr)")
      let bundle = unpacked.url.appendingPathComponent("vcgraph.artifactbundle")
      let info = try #require(
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: bundle.appendingPathComponent("info.json")))
          as? [String: Any])
      #expect(info["schemaVersion"] as? String == "1.0")
      let artifacts = try #require(info["artifacts"] as? [String: Any])
      #expect(Array(artifacts.keys) == ["vcgraph"])
      let artifact = try #require(artifacts["vcgraph"] as? [String: Any])
      #expect(artifact["type"] as? String == "executable")
      #expect(artifact["version"] as? String == version)
      let variants = try #require(artifact["variants"] as? [[String: Any]])
      #expect(variants.count == 1)
      #expect(variants.first?["supportedTriples"] as? [String] == ["\(arch)-unknown-linux-gnu"])
      let path = try #require(variants.first?["path"] as? String)
      #expect(path == "\(name)/bin/vcgraph")
      let binary = bundle.appendingPathComponent(path)
      #expect(FileManager.default.isExecutableFile(atPath: binary.path))

      // It runs with no Swift toolchain on PATH, and draws what this build draws.
      let environment = ["PATH": "/usr/bin:/bin"]
      let printed = try runTool(binary, ["--version"], environment: environment)
      #expect(printed.exitCode == 0)
      #expect(printed.stdout.split(separator: "\n").first == "vcgraph \(version)")
      let sample = repositoryRoot.appendingPathComponent("Samples/000-top-view-controller.yaml")
      let drawn = try runTool(
        binary, ["render", sample.path, "-o", "-", "-f", "svg"], environment: environment)
      #expect(drawn.exitCode == 0, "\(drawn.stderr)")
      let expected = try vcgraph(["render", sample.path, "-o", "-", "-f", "svg"])
      #expect(drawn.stdout.hasPrefix("<?xml"))
      #expect(drawn.stdout == expected.stdout)

      // Only the libraries Install.md lists ("Release binaries and the artifact bundle").
      let readme = try String(
        contentsOf: repositoryRoot.appendingPathComponent("Documentation/Install.md"),
        encoding: .utf8)
      let paragraph = try #require(
        readme.components(separatedBy: "The Linux binary needs no Swift toolchain:").dropFirst()
          .first?.components(separatedBy: "checks that list").first)
      let listed = Set(ReleaseFilesTests.captures("`([A-Za-z0-9_+.-]+)`", in: paragraph))
      #expect(listed.contains("libgvc") && listed.contains("libstdc++"))
      let ldd = try runTool(find("ldd"), [binary.path])
      #expect(ldd.exitCode == 0)
      let libraries = ldd.stdout.split(separator: "\n").compactMap { line -> String? in
        guard let first = line.split(separator: " ").first?.split(separator: "\t").last
        else { return nil }
        let file = String(first.split(separator: "/").last ?? first)
        return file.components(separatedBy: ".so").first
      }
      #expect(libraries.count >= 8)
      let unlisted = libraries.filter { !listed.contains($0) }
      #expect(unlisted.isEmpty, "not in Install.md: \(unlisted)")
      #expect(!libraries.contains { $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") })
    #endif
  }
}
