import Foundation
import TestSupport
import Testing

/// `action.yml`, the composite GitHub Action, as GitHub reads it: valid against the action
/// metadata schema (`check-jsonschema --builtin-schema vendor.github-actions`), its scripts
/// clean under shellcheck, and CI.md's workflow, which uses it, clean under `actionlint`
/// (which also checks the `with:` inputs against `action.yml`'s). The tools come from
/// `Tests/.venv` (`scripts/setup-test-python`) and Debian's shellcheck; under `CI=true` a
/// missing one fails.
@Suite struct ActionTests {
  static func tool(_ name: String) -> URL? {
    let url = DocsTools.venv.appendingPathComponent("bin/\(name)")
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }

  static let action = repositoryRoot.appendingPathComponent("action.yml")

  @Test func actionMatchesTheActionSchema() throws {
    guard let checker = Self.tool("check-jsonschema") else {
      missingTool("check-jsonschema is missing: scripts/setup-test-python installs it")
      return
    }
    let valid = try runTool(
      checker, ["--builtin-schema", "vendor.github-actions", Self.action.path])
    #expect(valid.exitCode == 0, "\(valid.stdout)\(valid.stderr)")
    // The schema notices a composite step without its shell (a near miss).
    let text = try String(contentsOf: Self.action, encoding: .utf8)
    let directory = try TemporaryDirectory("action")
    let broken = try directory.write(
      "action.yml",
      text.replacingOccurrences(
        of: "      shell: bash\n      run: '\"$GITHUB_ACTION_PATH/scripts/setup-deps\"'",
        with: "      run: '\"$GITHUB_ACTION_PATH/scripts/setup-deps\"'"))
    #expect(try String(contentsOfFile: broken, encoding: .utf8) != text)
    let refused = try runTool(checker, ["--builtin-schema", "vendor.github-actions", broken])
    #expect(refused.exitCode != 0)
  }

  @Test func actionScriptsPassShellcheck() throws {
    guard let python = Self.tool("python"), let shellcheck = ExecutableSearch.first("shellcheck")
    else {
      missingTool("shellcheck or Tests/.venv is missing: scripts/setup-deps --test installs them")
      return
    }
    // ruamel.yaml comes with check-jsonschema: each step's `run`, as a file of its own.
    let directory = try TemporaryDirectory("action-scripts")
    let extract = try runTool(
      python,
      [
        "-c",
        """
        import sys, ruamel.yaml
        action = ruamel.yaml.YAML(typ="safe").load(open(sys.argv[1]))
        for number, step in enumerate(action["runs"]["steps"]):
            if "run" in step:
                assert step["shell"] == "bash", step
                assert "${{" not in step["run"], "inputs reach scripts through env only"
                open(f"{sys.argv[2]}/step{number}.sh", "w").write(step["run"])
        """,
        Self.action.path, directory.url.path,
      ])
    #expect(extract.exitCode == 0, "\(extract.stderr)")
    let scripts = directory.names().map { directory.path($0) }
    #expect(scripts.count == 5)
    // From the repository root, as the action runs them from its own checkout (`-x`: the
    // scripts they source are read too).
    let check = try runTool(
      shellcheck, ["-x", "--shell=bash", "--severity=style"] + scripts, cwd: repositoryRoot)
    #expect(check.exitCode == 0, "\(check.stdout)")
  }

  /// CI.md's workflow ("The GitHub Action"), with the action taken from this checkout (`uses: ./`), in a
  /// throwaway repository: actionlint reads the local action's inputs from its `action.yml`.
  @Test func readmeWorkflowPassesActionlint() throws {
    guard let actionlint = Self.tool("actionlint") else {
      missingTool("actionlint is missing: scripts/setup-test-python installs it")
      return
    }
    let page = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Documentation/CI.md"), encoding: .utf8)
    let workflow = try #require(
      MarkdownBlocks.fencedYAML(in: page).first { $0.contains("uses: OWNER/vcgraph@main") })
    #expect(workflow.hasPrefix("name: vcgraph\non:"))
    let directory = try TemporaryDirectory("workflow")
    try directory.write(
      ".github/workflows/vcgraph.yml",
      workflow.replacingOccurrences(of: "uses: OWNER/vcgraph@main", with: "uses: ./"))
    try directory.write("action.yml", try String(contentsOf: Self.action, encoding: .utf8))
    // actionlint wants a repository.
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let lint = try runTool(actionlint, ["-no-color"], cwd: directory.url)
    #expect(lint.exitCode == 0, "\(lint.stdout)\(lint.stderr)")
    // An input the action does not have is an error actionlint reports.
    try directory.write(
      ".github/workflows/vcgraph.yml",
      workflow.replacingOccurrences(of: "uses: OWNER/vcgraph@main", with: "uses: ./")
        .replacingOccurrences(of: "paths: Hierarchies", with: "path: Hierarchies"))
    let typo = try runTool(actionlint, ["-no-color"], cwd: directory.url)
    #expect(typo.exitCode == 1)
    #expect(typo.stdout.contains("path"), "\(typo.stdout)")
  }
}

/// Fenced blocks of a Markdown page.
enum MarkdownBlocks {
  /// The bodies of the page's ```` ```yaml ```` blocks, in order.
  static func fencedYAML(in page: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```yaml" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n") + "\n")
        current = nil
      } else if current != nil {
        current!.append(line)
      }
    }
    return blocks
  }
}
