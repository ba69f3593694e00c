import Foundation
import TestSupport
import Testing
import VCGraphCore

/// `check --format sarif`, read back as JSON: every field GitHub code scanning reads, for every
/// rule, and the whole log validated against the official SARIF 2.1.0 schema.
@Suite struct SARIFTests {
  /// One file per rule holding that rule's example (each fires exactly its rule), in a
  /// subdirectory so that URIs have a directory part.
  static func examples() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory("sarif")
    // `lint`'s rules read Swift code, which `check` does not.
    for rule in Rule.all where rule.documentation.exampleFormat != .swift {
      // The storyboard rules' examples are storyboards.
      let ext = rule.documentation.exampleFormat == .storyboard ? "storyboard" : "yaml"
      try directory.write("Screens/\(rule.rawValue).\(ext)", rule.documentation.example + "\n")
    }
    return directory
  }

  static func object(_ any: Any?) throws -> [String: Any] {
    try #require(any as? [String: Any])
  }

  static func array(_ any: Any?) throws -> [Any] {
    try #require(any as? [Any])
  }

  static func sarif(in directory: TemporaryDirectory, _ extra: [String] = []) throws -> (
    RunResult, [String: Any]
  ) {
    let run = try vcgraph(
      ["check", "Screens", "--format", "sarif", "--no-config"] + extra, cwd: directory.url)
    let log = try object(JSONSerialization.jsonObject(with: Data(run.stdoutBytes)))
    return (run, log)
  }

  @Test("the log, the run, the driver and every rule descriptor, field by field")
  func structure() throws {
    let directory = try Self.examples()
    let (run, log) = try Self.sarif(in: directory)
    #expect(run.exitCode == 1, "error findings fail the run as in every format")
    #expect(log["version"] as? String == "2.1.0")
    #expect(
      log["$schema"] as? String
        == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    )
    let runs = try Self.array(log["runs"])
    #expect(runs.count == 1)
    let first = try Self.object(runs.first)
    #expect(first["columnKind"] as? String == "unicodeCodePoints")
    let invocation = try Self.object(Self.array(first["invocations"]).first)
    #expect(invocation["executionSuccessful"] as? Bool == true)
    let driver = try Self.object(Self.object(first["tool"])["driver"])
    #expect(driver["name"] as? String == "vcgraph")
    #expect(driver["version"] as? String == "0.1.0")
    #expect(driver["semanticVersion"] as? String == "0.1.0")
    #expect(driver["informationUri"] == nil, "vcgraph has no home page of its own to name")
    let rules = try Self.array(driver["rules"]).map(Self.object)
    #expect(rules.count == Rule.all.count)
    for (index, rule) in Rule.all.enumerated() {
      let descriptor = rules[index]
      #expect(descriptor["id"] as? String == rule.rawValue)
      let name = try #require(descriptor["name"] as? String)
      #expect(name.lowercased() == rule.rawValue.replacingOccurrences(of: "-", with: ""))
      let short = try Self.object(descriptor["shortDescription"])
      #expect(short["text"] as? String == rule.summary.replacingOccurrences(of: "`", with: ""))
      #expect(short["markdown"] as? String == rule.summary)
      let full = try Self.object(descriptor["fullDescription"])
      let fullText = try #require(full["text"] as? String)
      #expect(fullText.count > 80 && fullText.count <= 1024, "GitHub: at most 1024 characters")
      #expect(full["markdown"] as? String == rule.documentation.uikit)
      let configuration = try Self.object(descriptor["defaultConfiguration"])
      let level = ["error": "error", "warning": "warning", "info": "note"][rule.severity.rawValue]
      #expect(configuration["level"] as? String == level)
      #expect(descriptor["helpUri"] == nil, "no link unless --rules-url names a page")
      let help = try Self.object(descriptor["help"])
      let helpText = try #require(help["text"] as? String)
      #expect(helpText.hasPrefix("\(rule.rawValue) (\(rule.severity.rawValue))\n"))
      let firstLine = rule.documentation.example.prefix { $0 != "\n" }
      let format = rule.documentation.exampleFormat.noun
      #expect(helpText.contains("\(format) that triggers it:\n  \(firstLine)\n"))
      let markdown = try #require(help["markdown"] as? String)
      #expect(markdown.hasPrefix("#### `\(rule.rawValue)`\n"), "the section of Rules.md itself")
      let properties = try Self.object(descriptor["properties"])
      #expect(properties["precision"] as? String == "very-high")
      let problem = ["error": "error", "warning": "warning", "info": "recommendation"]
      #expect(properties["problem.severity"] as? String == problem[rule.severity.rawValue])
    }
  }

  @Test("--rules-url links every rule to its section of the page named; a bad address is refused")
  func rulesURL() throws {
    let directory = try Self.examples()
    let page = "https://docs.example.com/ios/vcgraph/Documentation/Rules.md"
    let (run, log) = try Self.sarif(in: directory, ["--rules-url", page])
    #expect(run.exitCode == 1)
    let driver = try Self.object(
      Self.object(Self.object(Self.array(log["runs"]).first)["tool"])["driver"])
    let rules = try Self.array(driver["rules"]).map(Self.object)
    #expect(rules.count == Rule.all.count)
    for (descriptor, rule) in zip(rules, Rule.all) {
      // Rules.md's rule headings are `#### \`rule-id\``: GitHub's anchor is the id itself.
      #expect(descriptor["helpUri"] as? String == page + "#" + rule.rawValue)
    }
    for bad in ["README.md", "ftp://example.com/r.md", "https://example.com/r.md#x", "https://"] {
      let refused = try vcgraph(
        ["check", "Screens", "--format", "sarif", "--no-config", "--rules-url", bad],
        cwd: directory.url)
      #expect(refused.exitCode == 64, "\(bad)")
      #expect(
        refused.stderr.contains("'--rules-url <url>': not an https: or http: address"), "\(bad)")
      #expect(refused.stdoutBytes.isEmpty)
    }
  }

  @Test(
    "results: one per finding, each ruleId declared at its ruleIndex, located as --format json says"
  )
  func results() throws {
    let directory = try Self.examples()
    let (_, log) = try Self.sarif(in: directory)
    let run = try Self.object(Self.array(log["runs"]).first)
    let declared = try Self.array(Self.object(Self.object(run["tool"])["driver"])["rules"])
      .map { try #require(Self.object($0)["id"] as? String) }
    let results = try Self.array(run["results"]).map(Self.object)
    // The independent truth for positions: the JSON format's findings.
    let json = try vcgraph(
      ["check", "Screens", "--format", "json", "--no-config"], cwd: directory.url)
    let findings = try Self.array(
      Self.object(JSONSerialization.jsonObject(with: Data(json.stdoutBytes)))["findings"]
    ).map(Self.object)
    let checked = Rule.all.filter { $0.documentation.exampleFormat != .swift }
    #expect(results.count == checked.count && findings.count == results.count)
    var fingerprints = Set<String>()
    for (result, finding) in zip(results, findings) {
      let id = try #require(result["ruleId"] as? String)
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(declared.contains(id), "every ruleId is declared in tool.driver.rules")
      #expect(declared[index] == id)
      #expect(id == finding["rule"] as? String)
      let severity = try #require(finding["severity"] as? String)
      #expect(
        result["level"] as? String
          == ["error": "error", "warning": "warning", "info": "note"][severity])
      #expect(
        try Self.object(result["message"])["text"] as? String == finding["message"] as? String)
      let locations = try Self.array(result["locations"])
      #expect(locations.count == 1)
      let physical = try Self.object(Self.object(locations.first)["physicalLocation"])
      let uri = try #require(try Self.object(physical["artifactLocation"])["uri"] as? String)
      let rule = try #require(Rule(rawValue: id))
      let file =
        "Screens/\(id).\(rule.documentation.exampleFormat == .storyboard ? "storyboard" : "yaml")"
      #expect(uri == file, "relative to the working directory")
      #expect(finding["path"] as? String == file)
      let region = try Self.object(physical["region"])
      #expect(region["startLine"] as? Int == finding["line"] as? Int)
      #expect(region["startColumn"] as? Int == finding["column"] as? Int)
      #expect(region["endLine"] as? Int == finding["line"] as? Int)
      let end = try #require(region["endColumn"] as? Int)
      #expect(end > (region["startColumn"] as? Int ?? .max))
      let fingerprint = try #require(
        try Self.object(result["partialFingerprints"])["vcgraphFindingPath/v1"] as? String)
      #expect(fingerprint.count == 16)
      fingerprints.insert(fingerprint)
    }
    #expect(fingerprints.count == results.count)
    // By hand: tabs-under-more fires at the sixth tab, `About` (line 4, column 64), and its
    // region runs to the line's last character (`]`, column 70): endColumn is the next, 71.
    let more = try #require(results.first { $0["ruleId"] as? String == "tabs-under-more" })
    let region = try Self.object(
      Self.object(Self.object(Self.array(more["locations"]).first)["physicalLocation"])["region"])
    #expect(region["startLine"] as? Int == 4)
    #expect(region["startColumn"] as? Int == 64)
    #expect(region["endColumn"] as? Int == 71)
  }

  @Test("the log validates against the official SARIF 2.1.0 JSON schema (Draft 4)")
  func validatesAgainstTheSchema() throws {
    let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/sarif/sarif-schema-2.1.0.json")
    guard let python = SchemaValidator.python() else {
      SchemaValidator.missing()
      return
    }
    let directory = try Self.examples()
    // A configured run and a run with an unreadable input exercise the optional parts too.
    try directory.write(
      ".vcgraph.yml",
      "disabled_rules: [tabs-under-more]\nseverity: { tab-bar-not-root: error }\n"
        + "rules_url: https://example.com/docs/vcgraph.md\n")
    try directory.write("Screens/zz-broken.yaml", "window: [\n")
    let run = try vcgraph(["check", "Screens", "--format", "sarif"], cwd: directory.url)
    #expect(run.exitCode == 65)
    let logPath = try directory.write("log.sarif", bytes: run.stdoutBytes)
    let log = try Self.object(JSONSerialization.jsonObject(with: Data(run.stdoutBytes)))
    let invocation = try Self.object(
      Self.array(try Self.object(Self.array(log["runs"]).first)["invocations"]).first)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    #expect(try Self.array(invocation["toolExecutionNotifications"]).count == 1)
    #expect(try Self.array(invocation["ruleConfigurationOverrides"]).count == 2)
    let driver = try Self.object(
      Self.object(Self.object(Self.array(log["runs"]).first)["tool"])["driver"])
    #expect(
      try Self.object(Self.array(driver["rules"]).first)["helpUri"] as? String
        == "https://example.com/docs/vcgraph.md#\(Rule.all[0].rawValue)")
    let check = try SchemaValidator.validate(logPath, schema: schema.path, python: python)
    #expect(check.exitCode == 0, "\(check.stdout)\(check.stderr)")
    // The validator does reject what the schema forbids (this test's own near miss).
    let broken = String(decoding: run.stdoutBytes, as: UTF8.self)
      .replacingOccurrences(of: "\"startLine\": ", with: "\"startLine\": -")
    let brokenPath = try directory.write("broken.sarif", broken)
    #expect(
      try SchemaValidator.validate(brokenPath, schema: schema.path, python: python).exitCode != 0)
  }

  @Test("deterministic, and fingerprints do not move when lines are inserted above")
  func stableAcrossRunsAndEdits() throws {
    let directory = try Self.examples()
    let (first, log) = try Self.sarif(in: directory)
    let (second, _) = try Self.sarif(in: directory)
    #expect(first.stdoutBytes == second.stdoutBytes)
    let name = "Screens/tab-bar-not-root.yaml"
    let original = try #require(directory.bytes(name))
    try directory.write(name, bytes: Array("# moved down\n\n".utf8) + original)
    let (_, edited) = try Self.sarif(in: directory)
    func fingerprints(_ log: [String: Any]) throws -> [String] {
      try Self.array(try Self.object(Self.array(log["runs"]).first)["results"]).map {
        try #require(
          try Self.object(Self.object($0)["partialFingerprints"]).values.first as? String)
      }
    }
    #expect(try fingerprints(log) == fingerprints(edited))
    #expect(first.stdout != (try Self.sarif(in: directory).0.stdout), "the lines did move")
  }
}

/// Python's `jsonschema` (Debian's python3-jsonschema; `scripts/setup-deps --test`).
enum SchemaValidator {
  static func python() -> URL? {
    ExecutableSearch.all(["python3"]).first {
      (try? run($0, ["-c", "import jsonschema"]).exitCode) == 0
    }
  }

  static func missing() {
    missingTool(
      "python3 with jsonschema is not installed: SARIF cannot be checked against its schema;"
        + " run scripts/setup-deps --test")
  }

  static func validate(_ instance: String, schema: String, python: URL) throws -> RunResult {
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft4Validator.check_schema(schema)
      errors = list(jsonschema.Draft4Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
      for error in errors: print(list(error.absolute_path), error.message)
      sys.exit(1 if errors else 0)
      """
    return try run(python, ["-c", script, schema, instance])
  }

  static func run(_ executable: URL, _ arguments: [String]) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
      exitCode: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stdoutBytes: [UInt8](outData), stderr: String(decoding: errData, as: UTF8.self))
  }
}
