import Foundation
import TestSupport
import Testing

@testable import VCGraphCLI

/// The files that install vcgraph agree with the code: one version (`vcgraph --version`, the
/// changelog's newest release, the Homebrew formula's tag), the formula's dependencies with
/// `Package.swift`'s Homebrew providers, the formula's own test run on this build, and the man
/// page read by `mandoc -Tlint`. Tools that `scripts/setup-deps --test` installs (ruby, mandoc)
/// are required under `CI=true`.
@Suite struct ReleaseFilesTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The strings of `pattern`'s first capture group, in order.
  static func captures(_ pattern: String, in text: String) -> [String] {
    guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    else { return [] }
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test func oneVersionEverywhere() throws {
    let version = VCGraphCommandLine.version
    #expect(version.split(separator: ".").count == 3)
    let printed = try vcgraph(["--version"])
    #expect(printed.stdout.split(separator: "\n").first == "vcgraph \(version)")
    // Keep a Changelog: `## [Unreleased]` first, then the releases, newest first.
    let releases = Self.captures("^## \\[([^\\]]+)\\]", in: try Self.text("CHANGELOG.md"))
    #expect(releases.first == "Unreleased")
    #expect(releases.dropFirst().first == version)
    let formula = try Self.text("Formula/vcgraph.rb")
    #expect(Self.captures("^  version \"([^\"]+)\"", in: formula) == [version])
    #expect(Self.captures("^  url .*tag: \"([^\"]+)\"", in: formula) == ["v\(version)"])
    // No tag exists before the first release is cut: Install.md's SwiftPM snippet resolves
    // the branch, and no page names a `from:` version.
    let install = try Self.text("Documentation/Install.md")
    #expect(install.contains(".package(url: \"…/vcgraph\", branch: \"main\")"))
    for page in ["README.md", "Documentation/Install.md", "Documentation/Outputs.md"] {
      #expect(!(try Self.text(page)).contains(".package(url: \"…/vcgraph\", from:"), "\(page)")
    }
  }

  @Test func formulaDependenciesAreThePackageProviders() throws {
    let manifest = try Self.text("Package.swift")
    let providers = Self.captures("\\.brew\\(\\[([^\\]]*)\\]\\)", in: manifest).flatMap {
      Self.captures("\"([^\"]+)\"", in: $0)
    }
    #expect(providers.sorted() == ["graphviz", "libxml2", "libyaml"])
    let formula = try Self.text("Formula/vcgraph.rb")
    // Runtime dependencies: `depends_on "name"` alone on its line; build ones say `=> :build`.
    let runtime = Self.captures("^  depends_on \"([^\"]+)\"$", in: formula)
    #expect(runtime.sorted() == providers.sorted())
    #expect(Self.captures("^  depends_on \"([^\"]+)\" => :build$", in: formula) == ["pkgconf"])
    #expect(formula.contains("\"--disable-sandbox\", \"-c\", \"release\""))
  }

  @Test func formulaIsValidRuby() throws {
    guard let ruby = ExecutableSearch.first("ruby") else {
      missingTool("ruby is missing: scripts/setup-deps --test installs it")
      return
    }
    let result = try runTool(
      ruby,
      [
        "-c",
        repositoryRoot.appendingPathComponent(
          "Formula/vcgraph.rb"
        ).path,
      ])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(result.stdout == "Syntax OK\n")
  }

  /// The formula's `test do` block, run here on this build: the sample it writes, the
  /// commands it runs and the text it expects.
  @Test func formulaTestBlockPassesOnThisBuild() throws {
    let formula = try Self.text("Formula/vcgraph.rb")
    let block = try #require(formula.range(of: "  test do\n")).upperBound
    let body = String(formula[block...])
    let heredoc = try #require(Self.captures("<<~YAML\\n((?:.*\\n)*?) *YAML$", in: body).first)
    let indent = heredoc.prefix { $0 == " " }.count
    let lines = heredoc.split(separator: "\n", omittingEmptySubsequences: false)
    let yaml = lines.map { line -> String in
      let spaces = line.prefix { $0 == " " }.count
      return String(line.dropFirst(min(indent, spaces)))
    }.joined(separator: "\n")
    let directory = try TemporaryDirectory("formula")
    try directory.write("app.yaml", yaml)
    #expect(body.contains("system bin/\"vcgraph\", \"render\", \"app.yaml\", \"-o\", \"app.svg\""))
    let render = try vcgraph(["render", "app.yaml", "-o", "app.svg"], cwd: directory.url)
    #expect(render.exitCode == 0, "\(render.stderr)")
    let svg = String(decoding: directory.bytes("app.svg") ?? [], as: UTF8.self)
    let analysis = try vcgraph(["analyze", "app.yaml"], cwd: directory.url)
    #expect(analysis.exitCode == 0, "\(analysis.stderr)")
    // Every assert_match of the block, on the output it names.
    let expected = Self.captures(
      "assert_match \"([^\"#]+)\", (svg|shell_output\\(\"#\\{bin\\}/vcgraph analyze)", in: body)
    #expect(expected == ["<svg", "editor", "top view controller: editor"])
    for text in expected.prefix(2) { #expect(svg.contains(text), "\(text)") }
    #expect(analysis.stdout.contains(expected[2]))
  }

  /// The scripts this work added or changed, under shellcheck (`-x`: what they source too).
  @Test func releaseScriptsPassShellcheck() throws {
    guard let shellcheck = ExecutableSearch.first("shellcheck") else {
      missingTool("shellcheck is missing: scripts/setup-deps --test installs it")
      return
    }
    let scripts = ["scripts/release", "scripts/setup-deps", "scripts/setup-test-python"]
    let result = try runTool(shellcheck, ["-x", "--severity=style"] + scripts, cwd: repositoryRoot)
    #expect(result.exitCode == 0, "\(result.stdout)")
  }

  @Test func manPageLints() throws {
    guard let mandoc = ExecutableSearch.first("mandoc") else {
      missingTool("mandoc is missing: scripts/setup-deps --test installs it")
      return
    }
    let page = repositoryRoot.appendingPathComponent("Documentation/vcgraph.1").path
    let lint = try runTool(mandoc, ["-Tlint", "-W", "style", page])
    // mandoc also says when the system's mandoc.db is outdated (about dot(1)): not the page's.
    let problems = (lint.stdout + lint.stderr).split(separator: "\n").filter {
      !$0.contains("mandoc.db")
    }
    #expect(problems.isEmpty, "\(problems)")
    let rendered = try runTool(mandoc, ["-Tascii", page])
    #expect(rendered.exitCode == 0)
    // -Tascii prints bold as "c\bc": the characters alone.
    let plain = rendered.stdout.replacingOccurrences(
      of: ".\u{8}", with: "", options: .regularExpression)
    // The page names every command `vcgraph --help` lists.
    let help = runInProcess(["--help"]).stdout
    for command in VCGraphRoot.commands.map({ $0.name }) {
      #expect(help.contains("  \(command) "))
      #expect(plain.contains("vcgraph \(command)"), "\(command)")
    }
  }
}
