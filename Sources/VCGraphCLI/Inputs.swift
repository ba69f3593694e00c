import Foundation
import VCGraphCore

/// One input file, read.
struct LoadedInput {
  /// The path as the user spelled it (`-` for standard input).
  var path: String
  var hierarchy: Hierarchy
  /// The source text, for quoting lines in diagnostics.
  var text: String
}

/// Finds and loads inputs: files, directories (every input file inside, sorted by path) and
/// `-` for standard input; descriptions and debugger dumps alike.
final class InputLoader {
  let limits: InputLimits
  let declaredKinds: [String: ControllerKind]
  let console: Console
  /// The text of every input read so far, for quoting source lines in diagnostics.
  private(set) var sources: [String: String] = [:]

  init(limits: InputLimits, declaredKinds: [String: ControllerKind], console: Console) {
    self.limits = limits
    self.declaredKinds = declaredKinds
    self.console = console
  }

  static let extensions = ["yaml", "yml", "txt"]

  /// Expands directories into the input files they hold.
  func expand(_ arguments: [String]) throws(VCGraphError) -> [String] {
    var result: [String] = []
    let manager = FileManager.default
    for argument in arguments {
      if argument == "-" {
        result.append(argument)
        continue
      }
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        throw VCGraphError(.noInput, "\(argument): no such file or directory")
      }
      guard isDirectory.boolValue else {
        result.append(argument)
        continue
      }
      guard let enumerator = manager.enumerator(atPath: argument) else {
        throw VCGraphError(.noInput, "\(argument): cannot read the directory")
      }
      var found: [String] = []
      while let item = enumerator.nextObject() as? String {
        let ext = (item as NSString).pathExtension.lowercased()
        if Self.extensions.contains(ext) {
          found.append((argument as NSString).appendingPathComponent(item))
        }
      }
      if found.isEmpty {
        throw VCGraphError(
          .noInput, "\(argument): the directory holds no .yaml, .yml or .txt file")
      }
      result += found.sorted()
    }
    return result
  }

  /// Reads an input's bytes.
  func read(_ path: String) throws(VCGraphError) -> [UInt8] {
    if path == "-" { return console.input() }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw VCGraphError(
        .noInput, "\(path): " + (exists ? "cannot be read (permission denied?)" : "no such file"))
    }
    defer { try? handle.close() }
    do {
      // Read at most one byte past the limit: a huge file fails fast without being loaded.
      let data = try handle.read(upToCount: limits.maxInputBytes + 1) ?? Data()
      return [UInt8](data)
    } catch {
      throw VCGraphError(.noInput, "\(path): cannot be read (\(error.localizedDescription))")
    }
  }

  /// Loads a description or a dump.
  func load(_ path: String) throws(VCGraphError) -> LoadedInput {
    let bytes = try read(path)
    let text = String(decoding: bytes, as: UTF8.self)
    sources[path] = text
    let ext = (path as NSString).pathExtension.lowercased()
    let isYAML = ext == "yaml" || ext == "yml"
    if !isYAML && (ext == "txt" || DumpReader.looksLikeDump(text)) {
      if bytes.count > limits.maxInputBytes {
        throw VCGraphError.data(
          "the file is more than the limit of \(limits.maxInputBytes) bytes",
          at: SourceLocation(path: path, line: 1, column: 1),
          hint: "raise it with --max-input-bytes")
      }
      let reader = DumpReader(limits: limits, declaredKinds: declaredKinds)
      return LoadedInput(path: path, hierarchy: try reader.read(text: text, path: path), text: text)
    }
    let loader = DescriptionLoader(limits: limits, declaredKinds: declaredKinds)
    return LoadedInput(path: path, hierarchy: try loader.load(bytes: bytes, path: path), text: text)
  }
}
