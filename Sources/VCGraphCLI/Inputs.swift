import Foundation
import VCGraphCore

/// One input file, read.
struct LoadedInput {
  /// The path as the user spelled it (`-` for standard input).
  var path: String
  var hierarchy: Hierarchy
  /// For a storyboard: its map, launch state (`hierarchy`) and segues.
  var storyboard: StoryboardDocument?
}

/// Finds and loads inputs: files, directories (the inputs inside, sorted by path; see
/// `expand(_:selection:)`) and `-` for standard input, in every format `InputFormats` reads.
final class InputLoader {
  let options: ReadOptions
  let console: Console
  /// The bytes of every input read so far, for quoting source lines in diagnostics.
  private var sourceBytes: [String: [UInt8]] = [:]
  /// Where storyboard references are looked for after the referencing file's own folder: the
  /// directories given as inputs, then the folder of every input file, in order.
  var searchFolders: [String] = []

  /// The text of every input read so far, decoded only when a diagnostic quotes a line (a large
  /// description is not kept twice in memory).
  var sources: [String: String] { sourceBytes.mapValues(SourceText.display) }

  /// The text of one input read so far, for a diagnostic about it.
  func sources(for path: String?) -> [String: String] {
    guard let path, let bytes = sourceBytes[path] else { return [:] }
    return [path: SourceText.display(bytes)]
  }

  /// The configuration files whose `excluded` and `included` patterns leave files out.
  let configurations: NestedConfigurations
  /// The base configuration file, named in messages.
  var configuration: ConfigurationFile? { configurations.base }

  init(
    options: ReadOptions, console: Console,
    excluding configurations: NestedConfigurations = NestedConfigurations(
      base: nil, nested: false)
  ) {
    self.options = options
    self.console = console
    self.configurations = configurations
  }

  private var limits: InputLimits { options.limits }

  /// Whether the configuration files that apply to `path` leave it out (`excluded`, or
  /// `included` patterns it does not match): files found in input directories, and with
  /// `--force-exclude` files named on the command line too.
  func isExcluded(_ path: String) -> Bool { configurations.excludes(path) }

  /// Reads an input's bytes, refusing (without reading it all) one that is over the size
  /// limit, and anything but standard input (`-`) and regular files (`InputFileReading`).
  func read(_ path: String) throws(VCGraphError) -> [UInt8] {
    if path == "-" {
      if console.inputIsDirectory {
        throw VCGraphError(.noInput, "standard input (-) is a directory")
      }
      let bytes = console.input(atMost: limits.maxInputBytes + 1)
      if bytes.count > limits.maxInputBytes { throw tooLarge(path, size: nil) }
      return bytes
    }
    return try InputFileReading.read(path, limit: limits.maxInputBytes)
  }

  private func tooLarge(_ path: String, size: Int?) -> VCGraphError {
    InputFileReading.tooLarge(path, size: size, limit: limits.maxInputBytes)
  }

  /// Loads an input with the reader its extension or content calls for; a storyboard with its
  /// map and segues, references looked for in the input directories too.
  func load(_ path: String) throws(VCGraphError) -> LoadedInput {
    let bytes = try read(path)
    sourceBytes[path] = bytes
    var options = self.options
    options.searchFolders += searchFolders.filter { !options.searchFolders.contains($0) }
    guard InputFormats.reader(forPath: path, bytes: bytes) is StoryboardHierarchyReader.Type
    else {
      let hierarchy = try InputFormats.read(bytes: bytes, path: path, options: options)
      return LoadedInput(path: path, hierarchy: hierarchy)
    }
    do {
      let document = try StoryboardDocument.read(bytes: bytes, path: path, options: options)
      // Findings and errors may point into the storyboards its references lead to.
      for other in document.map.storyboards.dropFirst() { remember(other.path) }
      return LoadedInput(path: path, hierarchy: document.launch.hierarchy, storyboard: document)
    } catch {
      if let other = error.location?.path { remember(other) }
      throw error
    }
  }

  /// Reads a file besides the inputs that diagnostics may quote (a steps file).
  func readSource(_ path: String) throws(VCGraphError) -> [UInt8] {
    let bytes = try read(path)
    sourceBytes[path] = bytes
    return bytes
  }

  /// Keeps the bytes of a file that diagnostics may quote, if it can be read.
  private func remember(_ path: String) {
    guard sourceBytes[path] == nil, path != "-" else { return }
    sourceBytes[path] = try? read(path)
  }
}
