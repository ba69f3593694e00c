import Foundation
import VCGraphCore
import XCTest

/// `vcgraph scan` and `vcgraph diff` of two scans through the built binaries, and the JSON
/// checked against `Schemas/scan.v1.schema.json` with Python's jsonschema.
final class ScanCommandTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A built program next to the test bundle.
  static func built(_ name: String) throws -> URL {
    var folders: [URL] = []
    if let path = Bundle.main.executablePath {
      folders.append(URL(fileURLWithPath: path).deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first {
      folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    folders.append(root.appendingPathComponent(".build/debug"))
    for folder in folders {
      let url = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw XCTSkip("\(name) is not built next to the tests")
  }

  struct Run {
    var status: Int32
    var stdout: Data
    var stderr: String
  }

  static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
    in directory: URL? = nil
  ) throws -> Run {
    let process = Process()
    process.executableURL = executable
    if let directory { process.currentDirectoryURL = directory }
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let err = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    defer {
      try? FileManager.default.removeItem(at: out)
      try? FileManager.default.removeItem(at: err)
    }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: try Data(contentsOf: out),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
  }

  func testScanWithoutVCGraphSwiftExits69WithHowToBuildIt() throws {
    let vcgraph = try Self.built("vcgraph")
    let run = try Self.run(
      vcgraph, ["scan", Self.root.appendingPathComponent("Tests/VCGraphScanTests").path],
      environment: ["VCGRAPH_SWIFT": "/nonexistent/vcgraph-swift"])
    XCTAssertEqual(run.status, 69)
    XCTAssertTrue(run.stderr.contains("VCGRAPH_SWIFT names /nonexistent/vcgraph-swift"), run.stderr)
    XCTAssertTrue(run.stderr.contains("swift build -c release --product vcgraph-swift"), run.stderr)
  }

  func testScanJSONMatchesTheSchemaAndDiffSaysWhatChanged() throws {
    let vcgraph = try Self.built("vcgraph")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("App.swift")
    try """
      import UIKit
      final class HomeViewController: UIViewController {
        func open() {
          navigationController?.pushViewController(DetailViewController(), animated: true)
        }
      }
      final class DetailViewController: UIViewController {}
      """.write(to: source, atomically: true, encoding: .utf8)
    let before = try Self.run(vcgraph, ["scan", folder.path])
    XCTAssertEqual(before.status, 0, before.stderr)
    let beforeFile = folder.appendingPathComponent("before.json")
    try before.stdout.write(to: beforeFile)
    try """
      import UIKit
      final class HomeViewController: UIViewController {
        func open() { present(SettingsViewController(), animated: true) }
      }
      final class SettingsViewController: UIViewController {}
      """.write(to: source, atomically: true, encoding: .utf8)
    let afterFile = folder.appendingPathComponent("after.json")
    let after = try Self.run(vcgraph, ["scan", folder.path, "-o", afterFile.path])
    XCTAssertEqual(after.status, 0, after.stderr)
    let diff = try Self.run(
      vcgraph,
      ["diff", beforeFile.path, afterFile.path, "--exit-code"])
    XCTAssertEqual(diff.status, 1)
    let text = String(decoding: diff.stdout, as: UTF8.self)
    XCTAssertTrue(text.contains("1 edge added, 1 removed"), text)
    XCTAssertTrue(
      text.contains("+ HomeViewController —present→ SettingsViewController  (App.swift:3)"), text)
    XCTAssertTrue(
      text.contains("- HomeViewController —push→ DetailViewController  (App.swift:4)"), text)
    let markdown = try Self.run(
      vcgraph,
      ["diff", beforeFile.path, afterFile.path, "--format", "markdown"])
    XCTAssertEqual(markdown.status, 0)
    XCTAssertTrue(
      String(decoding: markdown.stdout, as: UTF8.self).contains(
        "| ➕ | `HomeViewController` | present | `SettingsViewController` | `App.swift:3` |"))
    try validate(before.stdout)
    // The diff's JSON is versioned too, and its schema refuses a copy without the version.
    let json = try Self.run(
      vcgraph,
      ["diff", beforeFile.path, afterFile.path, "--format", "json"])
    XCTAssertEqual(json.status, 0, json.stderr)
    let diffText = String(decoding: json.stdout, as: UTF8.self)
    XCTAssertTrue(diffText.hasPrefix("{\n  \"version\": 1,"), diffText)
    try validate(json.stdout, schema: "scan-diff.v1.schema.json")
    try validate(
      Data(diffText.replacingOccurrences(of: "\"version\": 1,", with: "").utf8),
      schema: "scan-diff.v1.schema.json", expectValid: false)
  }

  /// `.vcgraph.yml`'s `included` and `excluded` choose the files a scan reads, as they do for
  /// `check` (the same configuration discovery); a named pipe called `Pipe.swift` is reported
  /// and skipped, never read (it would block the scan).
  func testConfigurationChoosesTheFilesAndAPipeIsNotRead() throws {
    let vcgraph = try Self.built("vcgraph")
    _ = try Self.built("vcgraph-swift")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let manager = FileManager.default
    for sub in ["App", "App/Generated", "Tools"] {
      try manager.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    defer { try? manager.removeItem(at: folder) }
    func write(_ name: String, presenting target: String) throws {
      try """
        import UIKit
        final class \(target)Presenter: UIViewController {
          func open() { present(\(target)ViewController(), animated: true) }
        }
        final class \(target)ViewController: UIViewController {}
        """.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    try write("App/Home.swift", presenting: "Home")
    try write("App/Generated/Mocks.swift", presenting: "Mock")
    try write("Tools/Script.swift", presenting: "Script")
    try "included:\n  - App\nexcluded:\n  - App/Generated\n".write(
      to: folder.appendingPathComponent(".vcgraph.yml"), atomically: true, encoding: .utf8)
    XCTAssertEqual(mkfifo(folder.appendingPathComponent("App/Pipe.swift").path, 0o644), 0)
    // Run in the folder, as a project's CI does: the working directory's .vcgraph.yml is the
    // base configuration (nested ones below it apply as for `check`).
    let run = try Self.run(vcgraph, ["scan", "."], in: folder)
    XCTAssertEqual(run.status, 0, run.stderr)
    let text = String(decoding: run.stdout, as: UTF8.self)
    XCTAssertTrue(text.contains("HomeViewController"), text)
    XCTAssertFalse(text.contains("MockViewController"), "excluded: App/Generated")
    XCTAssertFalse(text.contains("ScriptViewController"), "not under included: App")
    XCTAssertTrue(
      run.stderr.contains("App/Pipe.swift: is a named pipe (FIFO), not a regular file"),
      run.stderr)
  }

  /// A storyboard the scan cannot read is one warning as every command writes one,
  /// `path:line:column: warning: why`; it used to be `warning: path:line:column: error: why`,
  /// one line with two severities, which a CI problem matcher reads as neither.
  func testAnUnreadableStoryboardIsOneWellFormedWarning() throws {
    let vcgraph = try Self.built("vcgraph")
    _ = try Self.built("vcgraph-swift")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
      import UIKit
      final class HomeViewController: UIViewController {}
      """.write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
    try "<?xml version=\"1.0\"?>\n<document>\n  <scenes>\n".write(
      to: folder.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
    let run = try Self.run(vcgraph, ["scan", "."], in: folder)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(String(decoding: run.stdout, as: UTF8.self).contains("HomeViewController"))
    let lines = run.stderr.split(separator: "\n")
    let warning = try XCTUnwrap(lines.first { $0.contains("Main.storyboard") }, run.stderr)
    XCTAssertNotNil(
      warning.wholeMatch(of: /(\.\/)?Main\.storyboard:\d+:\d+: warning: \S.*/), run.stderr)
    XCTAssertFalse(run.stderr.contains("error:"), run.stderr)
    XCTAssertEqual(lines.filter { $0.contains("warning:") }.count, 1, run.stderr)
  }

  /// A nested `.vcgraph.yml` leaves out files of its own folder and below only, and
  /// `--exclude` globs match file names (the exclusions are looked up once per folder).
  func testNestedConfigurationAndExcludeGlobs() throws {
    let vcgraph = try Self.built("vcgraph")
    _ = try Self.built("vcgraph-swift")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let manager = FileManager.default
    for sub in ["App/Old/Deep", "App/New"] {
      try manager.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    defer { try? manager.removeItem(at: folder) }
    let names = [
      "App/Home", "App/Old/Legacy", "App/Old/Kept", "App/Old/Deep/Legacy", "App/New/Legacy",
      "App/New/MockHome",
    ]
    for name in names {
      let target = name.split(separator: "/").joined()
      try """
        import UIKit
        final class \(target)Presenter: UIViewController {
          func open() { present(\(target)ViewController(), animated: true) }
        }
        """.write(
          to: folder.appendingPathComponent(name + ".swift"), atomically: true, encoding: .utf8)
    }
    try "excluded:\n  - Legacy.swift\n  - Deep\n".write(
      to: folder.appendingPathComponent("App/Old/.vcgraph.yml"), atomically: true,
      encoding: .utf8)
    let run = try Self.run(vcgraph, ["scan", "App", "--exclude", "Mock*.swift"], in: folder)
    XCTAssertEqual(run.status, 0, run.stderr)
    let text = String(decoding: run.stdout, as: UTF8.self)
    for kept in ["AppHome", "AppOldKept", "AppNewLegacy"] {
      XCTAssertTrue(text.contains("\"\(kept)ViewController\""), kept)
    }
    for left in ["AppOldLegacy", "AppOldDeepLegacy", "AppNewMockHome"] {
      XCTAssertFalse(text.contains("\(left)ViewController"), left)
    }
  }

  /// With no configuration file in the folders the walk goes into, the files that apply are
  /// looked up once for the folder given: the base one above it and one in a folder between
  /// still leave files out, as they do when asked for every folder.
  func testConfigurationsAboveTheFolderScannedApplyToAllItsFiles() throws {
    let vcgraph = try Self.built("vcgraph")
    _ = try Self.built("vcgraph-swift")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let manager = FileManager.default
    for sub in ["Sub/App/Generated", "Sub/App/Old", "Sub/App/New"] {
      try manager.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    defer { try? manager.removeItem(at: folder) }
    let names = [
      "Sub/App/Home", "Sub/App/Generated/Mocks", "Sub/App/Old/Legacy", "Sub/App/New/Fresh",
    ]
    for name in names {
      let target = name.split(separator: "/").last!
      try """
        import UIKit
        final class \(target)Presenter: UIViewController {
          func open() { present(\(target)ViewController(), animated: true) }
        }
        """.write(
          to: folder.appendingPathComponent(name + ".swift"), atomically: true, encoding: .utf8)
    }
    try "excluded:\n  - Sub/App/Generated\n".write(
      to: folder.appendingPathComponent(".vcgraph.yml"), atomically: true, encoding: .utf8)
    try "excluded:\n  - App/Old\n".write(
      to: folder.appendingPathComponent("Sub/.vcgraph.yml"), atomically: true, encoding: .utf8)
    let run = try Self.run(vcgraph, ["scan", "Sub/App"], in: folder)
    XCTAssertEqual(run.status, 0, run.stderr)
    let text = String(decoding: run.stdout, as: UTF8.self)
    for kept in ["Home", "Fresh"] {
      XCTAssertTrue(text.contains("\"\(kept)ViewController\""), kept)
    }
    for left in ["Mocks", "Legacy"] {
      XCTAssertFalse(text.contains("\(left)ViewController"), left)
    }
  }

  /// A real app's map as SVG: a code type's tooltip says where it is declared (read from
  /// Tinodios/ArchivedChatsTableViewController.swift, line 11) and no storyboard position it
  /// does not have; the segue it performs by identifier is drawn with that identifier.
  func testFixtureMapSaysWhereEachTypeIsDeclared() throws {
    let vcgraph = try Self.built("vcgraph")
    _ = try Self.built("vcgraph-swift")
    let run = try Self.run(
      vcgraph,
      ["scan", Self.root.appendingPathComponent("Tests/Fixtures/swift/tinode__ios").path,
       "-f", "svg"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let svg = String(decoding: run.stdout, as: UTF8.self)
    XCTAssertTrue(svg.hasPrefix("<?xml"), String(svg.prefix(80)))
    XCTAssertTrue(
      svg.contains("note: declared in Tinodios/ArchivedChatsTableViewController.swift:11"), svg)
    XCTAssertFalse(svg.contains(".swift.storyboard:"), "a Swift type is not a storyboard scene")
    XCTAssertFalse(svg.contains(".storyboard:0:"), "a type declared nowhere has no position")
    XCTAssertTrue(svg.contains("&#39;ArchivedChats2Messages&#39;"), "the segue's identifier")
  }

  /// A real app's scan against the schema.
  func testFixtureScanMatchesTheSchema() throws {
    let vcgraph = try Self.built("vcgraph")
    let run = try Self.run(
      vcgraph, ["scan", Self.root.appendingPathComponent("Tests/Fixtures/swift/tinode__ios").path])
    XCTAssertEqual(run.status, 0, run.stderr)
    try validate(run.stdout)
    // The schema refuses broken copies: an unknown operation, a `to: null` without a reason.
    let text = String(decoding: run.stdout, as: UTF8.self)
    for (find, replacement) in [
      ("\"operation\": \"segue\"", "\"operation\": \"teleport\""),
      ("\"reason\": \"dismiss has no destination", "\"reason\": null, \"x\": \""),
    ] {
      XCTAssertTrue(text.contains(find), find)
      let broken = text.replacingOccurrences(of: find, with: replacement)
      try validate(Data(broken.utf8), expectValid: false)
    }
  }

  func validate(
    _ json: Data, schema: String = "scan.v1.schema.json", expectValid: Bool = true
  ) throws {
    let candidates = ["/usr/bin/python3", "/usr/local/bin/python3"]
      + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
        "\($0)/python3"
      }
    let python = candidates.first { path in
      FileManager.default.isExecutableFile(atPath: path)
        && (try? Self.run(URL(fileURLWithPath: path), ["-c", "import jsonschema"]).status) == 0
    }
    guard let python else {
      let message = "python3 with jsonschema is not installed: run scripts/setup-deps --test"
      if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(message) }
      throw XCTSkip(message)
    }
    let instance = FileManager.default.temporaryDirectory.appendingPathComponent(
      UUID().uuidString + ".json")
    try json.write(to: instance)
    defer { try? FileManager.default.removeItem(at: instance) }
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      jsonschema.Draft7Validator.check_schema(schema)
      errors = list(jsonschema.Draft7Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
      for error in errors[:10]: print(list(error.absolute_path), error.message)
      sys.exit(1 if errors else 0)
      """
    let run = try Self.run(
      URL(fileURLWithPath: python),
      ["-c", script, Self.root.appendingPathComponent("Schemas/\(schema)").path, instance.path])
    if expectValid {
      XCTAssertEqual(run.status, 0, String(decoding: run.stdout, as: UTF8.self) + run.stderr)
    } else {
      XCTAssertEqual(run.status, 1, "a broken document passed the schema")
    }
  }
}
