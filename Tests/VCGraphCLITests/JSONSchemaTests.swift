import Foundation
import Testing

// Every JSON document vcgraph prints for pipelines is checked against its schema in
// `Schemas/`, chosen by the document's own `version` field (`NAME.vVERSION.schema.json`), with
// Python's `jsonschema` (Debian's python3-jsonschema; `scripts/setup-deps --test`). The
// documents are real output of the built binary over the samples and fixtures. Each schema
// must also refuse a broken copy, so a schema that accepts anything fails here.

private let refusedSteps = """
  window:
    root:
      class: UINavigationController
      id: nav
      viewControllers: [ { class: UIViewController, id: home } ]
  steps:
    - push: { on: nav, controller: { class: UIViewController, id: detail } }
    - pop: { on: nav }
    - pop: { on: nav }
  """

@Suite("JSON outputs match their schemas")
struct JSONSchemaTests {
  /// Validates each (output name, document) against `Schemas/NAME.vVERSION.schema.json`;
  /// returns the errors found, one line each.
  private static func validate(_ documents: [(String, String)], python: URL) throws -> RunResult {
    let directory = try TemporaryDirectory("schemas")
    var arguments: [String] = []
    for (index, (name, text)) in documents.enumerated() {
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      let version = try #require(object?["version"] as? Int, "\(name): no version field")
      let schema = repositoryRoot.appendingPathComponent("Schemas/\(name).v\(version).schema.json")
      #expect(FileManager.default.fileExists(atPath: schema.path), "\(schema.path)")
      arguments += [schema.path, try directory.write("\(index)-\(name).json", text)]
    }
    let script = """
      import json, sys
      from jsonschema import validators
      failed = 0
      for schema_path, path in zip(sys.argv[1::2], sys.argv[2::2]):
          schema = json.load(open(schema_path))
          cls = validators.validator_for(schema)
          cls.check_schema(schema)
          for error in cls(schema).iter_errors(json.load(open(path))):
              failed += 1
              print(path, list(error.absolute_path), error.message[:300])
      sys.exit(1 if failed else 0)
      """
    return try SchemaValidator.run(python, ["-c", script] + arguments)
  }

  private static func python() -> URL? {
    guard let python = SchemaValidator.python() else {
      missingTool(
        "python3 with jsonschema is not installed: the JSON outputs cannot be checked against"
          + " Schemas/; run scripts/setup-deps --test")
      return nil
    }
    return python
  }

  private static func output(_ arguments: [String], exit: Int32 = 0) throws -> String {
    let result = try vcgraph(arguments, cwd: repositoryRoot)
    #expect(result.exitCode == exit, "\(arguments): \(result.stderr)")
    return result.stdout
  }

  @Test func analyzeAndRenderJSON() throws {
    guard let python = Self.python() else { return }
    var documents: [(String, String)] = []
    let samples = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Samples").path
    ).sorted()
    for sample in samples {
      documents.append(
        ("analyze", try Self.output(["analyze", "Samples/\(sample)", "--format", "json"])))
    }
    // Dismissals, responder chains and unanswered questions; a dump; a storyboard's segues.
    documents.append(
      (
        "analyze",
        try Self.output(
          [
            "analyze", "Samples/002-dismiss-multiple-levels.yaml", "--format", "json",
            "--dismiss", "C:9", "--responder-chain", "C", "--responder-chain", "nobody",
          ], exit: 1)
      ))
    documents.append(
      (
        "analyze",
        try Self.output(
          [
            "analyze", "Tests/Fixtures/printHierarchy/04-dingtalk-tab-5-navs-chat.txt",
            "--format", "json",
          ])
      ))
    let render = try Self.output(
      ["render", "Samples/mail-split-ipad.yaml", "-f", "json", "-o", "-"])
    documents.append(("analyze", render))
    #expect(documents.contains { $0.1.contains("\"segues\"") }, "a storyboard is among them")
    let result = try Self.validate(documents, python: python)
    #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
  }

  @Test func checkDiffAndSimulateJSON() throws {
    guard let python = Self.python() else { return }
    let directory = try TemporaryDirectory("schema-outputs")
    var documents: [(String, String)] = [
      ("check", try Self.output(["check", "Samples", "--format", "json", "--quiet"], exit: 1)),
      (
        "check",
        try Self.output(["check", "Samples/000-top-view-controller.yaml", "--format", "json"])
      ),
      (
        "diff",
        try Self.output(
          [
            "diff", "Samples/001-custom-tab-switcher.yaml", "Samples/001-broken-switcher.yaml",
            "--format", "json",
          ])
      ),
      (
        "diff",
        try Self.output(
          [
            "diff", "Samples/mail-split-ipad.yaml", "Samples/mail-split-ipad.yaml", "--format",
            "json",
          ])
      ),
    ]
    for scenario in ["scenario-000-tabs-modal", "scenario-002-dismiss-back"] {
      let out = directory.path(scenario)
      let printed = try Self.output(
        ["simulate", "Samples/\(scenario).yaml", "-o", out, "--format", "json"])
      documents.append(("simulate", printed))
      let summary = try String(contentsOfFile: out + "/summary.json", encoding: .utf8)
      documents.append(("simulate", summary))
    }
    let refused = try directory.write("refused.yaml", refusedSteps)
    let refusal = try vcgraph(
      ["simulate", refused, "-o", directory.path("refused-out"), "--format", "json"])
    #expect(refusal.exitCode == 65, "\(refusal.stderr)")
    #expect(refusal.stdout.contains("\"refusal\""))
    documents.append(("simulate", refusal.stdout))
    #expect(documents.contains { $0.0 == "diff" && $0.1.contains("\"identical\": false") })
    let result = try Self.validate(documents, python: python)
    #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
  }

  /// A schema that accepts anything would pass the tests above: each must refuse a document
  /// with a required field gone and one whose field has the wrong type.
  @Test func eachSchemaRefusesABrokenDocument() throws {
    guard let python = Self.python() else { return }
    let analyze = try Self.output(
      ["analyze", "Samples/002-dismiss-multiple-levels.yaml", "--format", "json"])
    let check = try Self.output(["check", "Samples", "--format", "json", "--quiet"], exit: 1)
    let diff = try Self.output(
      [
        "diff", "Samples/001-custom-tab-switcher.yaml", "Samples/001-broken-switcher.yaml",
        "--format", "json",
      ])
    let directory = try TemporaryDirectory("schema-broken")
    let out = directory.path("sim")
    let simulate = try Self.output(
      ["simulate", "Samples/scenario-000-tabs-modal.yaml", "-o", out, "--format", "json"])
    let broken: [(String, String, String)] = [
      ("analyze", analyze, "\"topViewController\": {"),
      ("analyze", analyze, "\"dismissals\": ["),
      ("check", check, "\"severity\": \"error\""),
      ("diff", diff, "\"identical\": false"),
      ("simulate", simulate, "\"steps\": ["),
    ]
    let replacements = [
      "\"topViewController\": {": "\"topViewController\": 7, \"x\": {",
      "\"dismissals\": [": "\"dismissalz\": [",
      "\"severity\": \"error\"": "\"severity\": \"fatal\"",
      "\"identical\": false": "\"identical\": \"no\"",
      "\"steps\": [": "\"steps\": [{\"step\": 0}, ",
    ]
    for (name, text, find) in broken {
      #expect(text.contains(find), "\(name): \(find)")
      let bad = text.replacingOccurrences(of: find, with: replacements[find]!)
      let result = try Self.validate([(name, bad)], python: python)
      #expect(result.exitCode == 1, "\(name) with \(find) broken passed its schema")
    }
  }
}
