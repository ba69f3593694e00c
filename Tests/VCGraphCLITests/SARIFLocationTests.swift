import Foundation
import Testing
import VCGraphCore

/// Where `check --format sarif` says findings are: URIs relative to `%SRCROOT%` (the git work
/// tree holding the inputs, else the working directory) whatever directory vcgraph runs in, and
/// a log (never nothing) when an input is missing. Every log is validated against the schema.
@Suite struct SARIFLocationTests {
  static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/sarif/sarif-schema-2.1.0.json")

  static let example = Rule.tabBarNotRoot.documentation.example + "\n"

  /// The run's only run object.
  static func run(_ result: RunResult) throws -> [String: Any] {
    let log = try SARIFTests.object(JSONSerialization.jsonObject(with: Data(result.stdoutBytes)))
    return try SARIFTests.object(SARIFTests.array(log["runs"]).first)
  }

  /// Validates the log against the SARIF 2.1.0 schema (a failure, not a skip, under CI=true).
  static func validate(_ result: RunResult, in directory: TemporaryDirectory) throws {
    guard let python = SchemaValidator.python() else {
      SchemaValidator.missing()
      return
    }
    let path = try directory.write("checked-\(UUID().uuidString).sarif", bytes: result.stdoutBytes)
    let check = try SchemaValidator.validate(path, schema: schema.path, python: python)
    #expect(check.exitCode == 0, "\(check.stdout)\(check.stderr)")
  }

  /// The `artifactLocation` of the first result.
  static func artifact(_ run: [String: Any]) throws -> [String: Any] {
    let result = try SARIFTests.object(SARIFTests.array(run["results"]).first)
    let location = try SARIFTests.object(SARIFTests.array(result["locations"]).first)
    return try SARIFTests.object(
      SARIFTests.object(location["physicalLocation"])["artifactLocation"])
  }

  @Test("inside a git work tree: URIs relative to its root, from any directory within it")
  func relativeToTheWorkTree() throws {
    let directory = try TemporaryDirectory("sarif-root")
    try FileManager.default.createDirectory(
      atPath: directory.path("repo/.git"), withIntermediateDirectories: true)
    try directory.write("repo/App/Screens/tab bar.yaml", Self.example)
    let root = URL(fileURLWithPath: directory.path("repo")).standardizedFileURL.path
    // The same file from three working directories: the repository root, a subdirectory of
    // it, and outside it by an absolute path.
    let runs = [
      (["App/Screens/tab bar.yaml"], directory.url.appendingPathComponent("repo")),
      (["tab bar.yaml"], directory.url.appendingPathComponent("repo/App/Screens")),
      ([directory.path("repo/App/Screens/tab bar.yaml")], directory.url),
    ]
    for (arguments, cwd) in runs {
      let result = try vcgraph(
        ["check"] + arguments + ["--format", "sarif", "--no-config"], cwd: cwd)
      #expect(result.exitCode == 0, "\(result.stderr)")
      let run = try Self.run(result)
      let artifact = try Self.artifact(run)
      #expect(artifact["uri"] as? String == "App/Screens/tab%20bar.yaml", "\(cwd.path)")
      #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
      let bases = try SARIFTests.object(run["originalUriBaseIds"])
      let base = try SARIFTests.object(bases["%SRCROOT%"])
      // SARIF 2.1.0 §3.14.14: an originalUriBaseIds URI is absolute and ends with a slash.
      #expect(base["uri"] as? String == "file://" + root + "/")
      try Self.validate(result, in: directory)
    }
  }

  @Test("outside a work tree: relative to the working directory, which is %SRCROOT%")
  func relativeToTheWorkingDirectory() throws {
    let directory = try TemporaryDirectory("sarif-cwd")
    try directory.write("Screens/a.yaml", Self.example)
    let cwd = URL(fileURLWithPath: directory.path("Screens")).standardizedFileURL
    let result = try vcgraph(["check", "a.yaml", "--format", "sarif", "--no-config"], cwd: cwd)
    let run = try Self.run(result)
    #expect(try Self.artifact(run)["uri"] as? String == "a.yaml")
    let base = try SARIFTests.object(SARIFTests.object(run["originalUriBaseIds"])["%SRCROOT%"])
    #expect(base["uri"] as? String == "file://" + cwd.path + "/")
    try Self.validate(result, in: directory)
  }

  @Test("a missing input: a log with executionSuccessful false and the notification, exit 66")
  func missingInput() throws {
    let directory = try TemporaryDirectory("sarif-missing")
    for arguments in [["nope.yaml"], ["nope.yaml", "gone/"]] {
      let result = try vcgraph(
        ["check"] + arguments + ["--format", "sarif", "--no-config"], cwd: directory.url)
      #expect(result.exitCode == 66)
      #expect(result.stderr.contains("nope.yaml: no such file or directory"))
      let run = try Self.run(result)
      let invocation = try SARIFTests.object(SARIFTests.array(run["invocations"]).first)
      #expect(invocation["executionSuccessful"] as? Bool == false)
      let notifications = try SARIFTests.array(invocation["toolExecutionNotifications"])
        .map(SARIFTests.object)
      #expect(notifications.count == arguments.count)
      let message = try SARIFTests.object(notifications.first?["message"])
      #expect((message["text"] as? String)?.hasPrefix("nope.yaml: no such file") == true)
      #expect(notifications.first?["level"] as? String == "error")
      #expect(try SARIFTests.array(run["results"]).isEmpty)
      try Self.validate(result, in: directory)
    }
    // One input missing beside one that is read: its findings, and the failure.
    try directory.write("a.yaml", Self.example)
    let result = try vcgraph(
      ["check", "a.yaml", "nope.yaml", "--format", "sarif", "--no-config"], cwd: directory.url)
    #expect(result.exitCode == 66)
    let run = try Self.run(result)
    let invocation = try SARIFTests.object(SARIFTests.array(run["invocations"]).first)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    #expect(try SARIFTests.array(invocation["toolExecutionNotifications"]).count == 1)
    #expect(try SARIFTests.array(run["results"]).count == 1)
    try Self.validate(result, in: directory)
  }
}
