import ArgumentParser
import Foundation
import VCGraphCore

/// `--config FILE` and `--no-config`: which `.vcgraph.yml` applies (every command). Without
/// either, the one in the working directory or the nearest directory above it.
struct ConfigurationOptions: ParsableArguments {
  static let title = "configuration"

  @Option(
    help: ArgumentHelp(
      "the configuration file (default: \(ConfigurationFile.fileName) here or above)",
      valueName: "file"),
    completion: .file(extensions: ["yml", "yaml"]))
  var config: String?

  @Flag(help: "read no configuration file")
  var noConfig = false

  func validate() throws {
    if config != nil && noConfig {
      throw ValidationError("'--config' and '--no-config' cannot be used together")
    }
  }

  /// Reads the configuration file that applies and checks its option values as the options
  /// would (a bad one is an error at its line and column).
  func load() throws(VCGraphError) -> ConfigurationFile? {
    if noConfig { return nil }
    let found = config ?? ConfigurationFile.find(from: FileManager.default.currentDirectoryPath)
    guard let found else { return nil }
    // A regular file only, like every file vcgraph reads (a FIFO would block the run).
    let bytes = try InputFileReading.read(found, limit: InputLimits.default.maxInputBytes)
    let file = try ConfigurationFile.load(
      bytes: bytes, path: found, optionKeys: ConfigurableOptions.keys)
    for value in file.options {
      guard let option = ConfigurableOptions.all.first(where: { $0.key == value.key }) else {
        continue
      }
      try option.check(value)
    }
    return file
  }
}
