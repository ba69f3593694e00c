import Foundation

/// Graphviz's own `dot` command, the independent truth renders are compared with: found on
/// `PATH` (never at a fixed location), with the library version it reports.
public enum DotCommand {
  /// The first executable `dot` on `PATH`, if any.
  public static let url: URL? = ExecutableSearch.first("dot")

  /// The version `dot -V` prints ("dot - graphviz version 14.1.3 (0)" gives "14.1.3").
  public static let version: String? = {
    guard let url, let result = try? run(url, ["-V"], input: []) else { return nil }
    let text = String(decoding: result.output + result.errors, as: UTF8.self)
    guard let range = text.range(of: "version ") else { return nil }
    return String(text[range.upperBound...].prefix { !$0.isWhitespace })
  }()

  /// `dot -T<format>` of `source`; throws when `dot` is missing or fails.
  public static func render(_ source: String, format: String = "svg") throws -> [UInt8] {
    guard let url else { throw Failure(description: "no dot on PATH") }
    let result = try run(url, ["-T\(format)"], input: Array(source.utf8))
    guard result.status == 0 else {
      throw Failure(
        description: "dot -T\(format) exited \(result.status): "
          + String(decoding: result.errors, as: UTF8.self))
    }
    return result.output
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  private static func run(
    _ url: URL, _ arguments: [String], input: [UInt8]
  ) throws -> (status: Int32, output: [UInt8], errors: [UInt8]) {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "dot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let paths = ["in", "out", "err"].map { scratch.appendingPathComponent($0) }
    try Data(input).write(to: paths[0])
    for path in paths.dropFirst() {
      _ = FileManager.default.createFile(atPath: path.path, contents: nil)
    }
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: paths[0])
    process.standardOutput = try FileHandle(forWritingTo: paths[1])
    process.standardError = try FileHandle(forWritingTo: paths[2])
    try process.run()
    process.waitUntilExit()
    return (
      process.terminationStatus, Array(try Data(contentsOf: paths[1])),
      Array(try Data(contentsOf: paths[2]))
    )
  }
}
