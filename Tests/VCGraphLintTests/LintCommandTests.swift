import Foundation
import XCTest

/// `vcgraph lint` end to end through the built `vcgraph` and `vcgraph-swift`: exit codes,
/// formats, suppression, configuration files and baselines.
final class LintCommandTests: XCTestCase {
  /// A built program in `.build/debug` (or next to the test bundle).
  static func built(_ name: String) throws -> URL {
    var folders: [URL] = []
    if let first = CommandLine.arguments.first {
      folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    folders.append(repositoryRoot.appendingPathComponent(".build/debug"))
    for folder in folders {
      let url = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw XCTSkip("\(name) is not built next to the tests")
  }

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `vcgraph ARGUMENTS` in `directory`.
  func vcgraph(
    _ arguments: [String], in directory: URL, environment: [String: String] = [:]
  ) throws -> Run {
    let process = Process()
    process.executableURL = try Self.built("vcgraph")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var variables = ProcessInfo.processInfo.environment
    variables["VCGRAPH_SWIFT"] = try Self.built("vcgraph-swift").path
    process.environment = variables.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
      stderr: String(decoding: errors, as: UTF8.self))
  }

  var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lint-" + UUID().uuidString)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
    // One error (present-while-presenting, line 5) and one warning (popover-without-anchor,
    // line 10).
    try write(
      "Sources/App.swift",
      """
      import UIKit
      final class ProfileViewController: UIViewController {
        func show() {
          present(UIViewController(), animated: true)
          present(UIViewController(), animated: true)
        }

        @objc func share() {
          let activity = UIActivityViewController(activityItems: [], applicationActivities: nil)
          present(activity, animated: true)
        }
      }

      """)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func write(_ path: String, _ text: String) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  func testTextFindingsAndExitCodes() throws {
    let run = try vcgraph(["lint", "Sources"], in: folder)
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(
      run.stdout.hasPrefix(
        "Sources/App.swift:5:5: error: 'self' is still presenting UIViewController (line 4)"),
      run.stdout)
    XCTAssertTrue(run.stdout.contains(" [present-while-presenting]\n"), run.stdout)
    XCTAssertTrue(
      run.stdout.contains("Sources/App.swift:10:5: warning: activity view controller"), run.stdout)
    XCTAssertTrue(run.stdout.contains("[popover-without-anchor]"), run.stdout)
    XCTAssertTrue(run.stdout.contains("which is already presenting"), run.stdout)
    XCTAssertEqual(run.stderr, "1 Swift file linted: 1 error, 1 warning\n")

    // Without the error, a warning alone passes, unless warnings are errors.
    try write(
      ".vcgraph.yml", "disabled_rules: [present-while-presenting]\n")
    XCTAssertEqual(try vcgraph(["lint", "Sources"], in: folder).status, 0)
    let strict = try vcgraph(["lint", "Sources", "--warnings-as-errors"], in: folder)
    XCTAssertEqual(strict.status, 1)
    XCTAssertFalse(strict.stdout.contains("present-while-presenting"))
  }

  func testConfigurationSeveritiesExclusionsAndSuppression() throws {
    try write(".vcgraph.yml", "severity:\n  present-while-presenting: warning\n")
    let lowered = try vcgraph(["lint", "Sources"], in: folder)
    XCTAssertEqual(lowered.status, 0)
    XCTAssertTrue(lowered.stdout.contains("5:5: warning:"), lowered.stdout)

    try write(".vcgraph.yml", "only_rules: [push-container]\n")
    let only = try vcgraph(["lint", "Sources"], in: folder)
    XCTAssertEqual([only.status, Int32(only.stdout.count)], [0, 0], only.stdout)

    try write(".vcgraph.yml", "excluded: [Sources/Generated/**]\n")
    try write("Sources/Generated/Copy.swift", try String(
      contentsOf: folder.appendingPathComponent("Sources/App.swift"), encoding: .utf8))
    let excluded = try vcgraph(["lint", "Sources", "--format", "json"], in: folder)
    XCTAssertFalse(excluded.stdout.contains("Generated"), excluded.stdout)
    XCTAssertEqual(excluded.status, 1)

    // An unknown rule id in the configuration is refused at its position, 65.
    try write(".vcgraph.yml", "disabled_rules: [push-contianer]\n")
    let typo = try vcgraph(["lint", "Sources"], in: folder)
    XCTAssertEqual(typo.status, 65)
    XCTAssertTrue(typo.stderr.contains("unknown rule id 'push-contianer'"), typo.stderr)
    XCTAssertTrue(typo.stderr.contains("push-container"), typo.stderr)
    try FileManager.default.removeItem(at: folder.appendingPathComponent(".vcgraph.yml"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Sources/Generated"))

    // In-code suppression.
    var text = try String(
      contentsOf: folder.appendingPathComponent("Sources/App.swift"), encoding: .utf8)
    text = text.replacingOccurrences(
      of: "  func show() {", with: "  // vcgraph:disable present-while-presenting\n  func show() {")
    text = text.replacingOccurrences(
      of: "    present(activity", with: "    // vcgraph:disable:next all\n    present(activity")
    try write("Sources/App.swift", text)
    let silenced = try vcgraph(["lint", "Sources"], in: folder)
    XCTAssertEqual(silenced.status, 0, silenced.stdout)
    XCTAssertEqual(silenced.stdout, "")
  }

  func testBaselineToleratesRecordedFindings() throws {
    let record = try vcgraph(
      ["lint", "Sources", "--write-baseline", "lint-baseline.json", "--quiet"], in: folder)
    XCTAssertEqual(record.status, 1)
    let baseline = try String(
      contentsOf: folder.appendingPathComponent("lint-baseline.json"), encoding: .utf8)
    XCTAssertTrue(
      baseline.contains("\"controller\": \"swift:ProfileViewController.show()\""), baseline)
    // An edit elsewhere in the file (lines move) keeps the findings tolerated.
    let text = try String(
      contentsOf: folder.appendingPathComponent("Sources/App.swift"), encoding: .utf8)
    try write("Sources/App.swift", "// Profile screen.\n\n" + text)
    let tolerated = try vcgraph(
      ["lint", "Sources", "--baseline", "lint-baseline.json"], in: folder)
    XCTAssertEqual(tolerated.status, 0, tolerated.stdout)
    XCTAssertEqual(tolerated.stderr, "1 Swift file linted: 0 errors, 0 warnings (and 2 in the baseline)\n")
  }

  func testMachineFormats() throws {
    let sarif = try vcgraph(["lint", "Sources", "--format", "sarif"], in: folder)
    XCTAssertEqual(sarif.status, 1)
    let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
    let run = (log?["runs"] as? [[String: Any]])?.first
    let driver = (run?["tool"] as? [String: Any])?["driver"] as? [String: Any]
    let ruleIDs = (driver?["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    for id in [
      "present-before-window", "present-while-presenting", "popover-without-anchor",
      "push-container", "unbalanced-containment",
    ] {
      XCTAssertTrue(ruleIDs.contains(id), id)
    }
    XCTAssertEqual(Set(ruleIDs).count, ruleIDs.count)
    let results = run?["results"] as? [[String: Any]] ?? []
    XCTAssertEqual(
      results.compactMap { $0["ruleId"] as? String },
      ["present-while-presenting", "popover-without-anchor"])
    XCTAssertTrue(sarif.stdout.contains("\"uri\" : \"Sources/App.swift\"")
      || sarif.stdout.contains("\"uri\": \"Sources/App.swift\""), sarif.stdout)

    let github = try vcgraph(["lint", "Sources", "--format", "github"], in: folder)
    XCTAssertTrue(
      github.stdout.hasPrefix("::error file=Sources/App.swift,line=5,col=5"), github.stdout)

    let json = try vcgraph(["lint", "Sources", "--format", "json"], in: folder)
    let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
    XCTAssertNotNil(document as? [String: Any], json.stdout)
    XCTAssertTrue(json.stdout.contains("present-while-presenting"))

    for format in ["markdown", "junit", "checkstyle"] {
      let run = try vcgraph(["lint", "Sources", "--format", format], in: folder)
      XCTAssertEqual(run.status, 1, format)
      XCTAssertTrue(run.stdout.contains("popover-without-anchor"), "\(format): \(run.stdout)")
    }
  }

  func testUsageMissingInputsAndAMissingVCGraphSwift() throws {
    XCTAssertEqual(try vcgraph(["lint"], in: folder).status, 64)
    try write("Empty/readme.txt", "no Swift here\n")
    let none = try vcgraph(["lint", "Empty"], in: folder)
    XCTAssertEqual(none.status, 66)
    XCTAssertTrue(none.stderr.contains("no .swift file under Empty"), none.stderr)
    XCTAssertEqual(try vcgraph(["lint", "Nope"], in: folder).status, 66)
    let missing = try vcgraph(
      ["lint", "Sources"], in: folder, environment: ["VCGRAPH_SWIFT": "/nonexistent/vcgraph-swift"])
    XCTAssertEqual(missing.status, 69)
    XCTAssertTrue(missing.stderr.contains("swift build -c release --product vcgraph-swift"))
  }
}
