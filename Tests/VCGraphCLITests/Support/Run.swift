import Foundation

/// What one run of the built `vcgraph` binary produced.
struct RunResult: Sendable {
  var exitCode: Int32
  var stdout: String
  var stdoutBytes: [UInt8]
  var stderr: String
}

/// Errors of the run helper itself (not of `vcgraph`).
struct RunError: Error, CustomStringConvertible {
  var description: String
}

/// The `vcgraph` executable built next to the test bundle (`swift build` puts both in the same
/// directory), else `.build/debug/vcgraph` of the package this file belongs to.
let vcgraphExecutable: URL? = {
  // Another build (an older one, to see a new test fail) can be named explicitly.
  if let path = ProcessInfo.processInfo.environment["VCGRAPH_TEST_BINARY"] {
    return URL(fileURLWithPath: path)
  }
  var candidates: [URL] = []
  if let first = CommandLine.arguments.first {
    candidates.append(
      URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("vcgraph"))
  }
  if let path = Bundle.main.executablePath {
    candidates.append(
      URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("vcgraph"))
  }
  // .../Tests/VCGraphCLITests/Support/Run.swift -> the package root.
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  candidates.append(root.appendingPathComponent(".build/debug/vcgraph"))
  return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// Runs `vcgraph ARGS` and waits for it. `stdin` is written to its standard input (empty
/// when nil); standard output and error are collected through files, so a large output can
/// never fill a pipe and stall the run.
func vcgraph(_ args: [String], stdin: String? = nil, cwd: URL? = nil) throws -> RunResult {
  try vcgraph(args, stdinBytes: stdin.map { Array($0.utf8) }, cwd: cwd)
}

/// `vcgraph(_:stdin:cwd:)` with raw standard-input bytes and extra environment variables. A
/// run still going after `timeout` seconds is killed and reported as an error (a hang).
func vcgraph(
  _ args: [String], stdinBytes: [UInt8]?, cwd: URL? = nil, environment: [String: String] = [:],
  timeout: Double = 600
) throws -> RunResult {
  guard let executable = vcgraphExecutable else {
    throw RunError(description: "the vcgraph binary was not found; run `swift build` first")
  }
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
    "vcgraph-run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  let inURL = scratch.appendingPathComponent("stdin")
  let outURL = scratch.appendingPathComponent("stdout")
  let errURL = scratch.appendingPathComponent("stderr")
  try Data(stdinBytes ?? []).write(to: inURL)
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let input = try FileHandle(forReadingFrom: inURL)
  let output = try FileHandle(forWritingTo: outURL)
  let errors = try FileHandle(forWritingTo: errURL)
  defer {
    try? input.close()
    try? output.close()
    try? errors.close()
  }
  let process = Process()
  process.executableURL = executable
  process.arguments = args
  if let cwd { process.currentDirectoryURL = cwd }
  var env = ProcessInfo.processInfo.environment
  env["VCGRAPH_EXECUTABLE"] = executable.path
  for (key, value) in environment { env[key] = value }
  process.environment = env
  process.standardInput = input
  process.standardOutput = output
  process.standardError = errors
  let finished = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in finished.signal() }
  try process.run()
  if finished.wait(timeout: .now() + timeout) == .timedOut {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    throw RunError(
      description: "vcgraph \(args.joined(separator: " ")) was still running after \(timeout) s")
  }
  process.waitUntilExit()
  let outBytes = [UInt8](try Data(contentsOf: outURL))
  let errText = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
  let code =
    process.terminationReason == .uncaughtSignal
    ? 128 + process.terminationStatus : process.terminationStatus
  return RunResult(
    exitCode: code, stdout: String(decoding: outBytes, as: UTF8.self), stdoutBytes: outBytes,
    stderr: errText)
}

/// A fresh directory for one test's files, removed when the value goes away.
final class TemporaryDirectory: @unchecked Sendable {
  let url: URL

  init(_ label: String = "test") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vcgraph-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` inside the directory.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes text to `name` and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try write(name, bytes: Array(text.utf8))
  }

  /// Writes bytes to `name` and returns its path.
  @discardableResult
  func write(_ name: String, bytes: [UInt8]) throws -> String {
    let url = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// The bytes of `name`, or nil when it does not exist.
  func bytes(_ name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) }
  }

  /// The names in the directory (or a subdirectory), sorted, hidden files included.
  func names(in subdirectory: String = "") -> [String] {
    let directory = subdirectory.isEmpty ? url.path : path(subdirectory)
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }
}
