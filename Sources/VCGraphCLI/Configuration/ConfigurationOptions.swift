import Foundation
import VCGraphCore

/// `--config FILE` and `--no-config`: which `.vcgraph.yml` applies (every command). Without
/// either, the one in the working directory or the nearest directory above it.
struct ConfigurationOptions: OptionGroup {
  static let title = "configuration"
  static let config = Option(
    "config", value: "FILE",
    help: "the configuration file (default: \(ConfigurationFile.fileName) here or above)",
    parse: Parse.text)
  static let noConfig = Option(
    flag: "no-config", help: "read no configuration file")

  static let options = [config.declaration, noConfig.declaration]

  var path: String?
  var none: Bool

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    path = try arguments.value(of: Self.config)
    none = try arguments.value(of: Self.noConfig)
  }

  func validate() throws(VCGraphError) {
    if path != nil && none {
      throw VCGraphError(.usage, "'--config' and '--no-config' cannot be used together")
    }
  }

  /// Reads the configuration file that applies, checks its option values as the options
  /// would, and makes them the defaults of the options `accepted` declares.
  func load(
    into arguments: inout ParsedArguments, accepted: [OptionDeclaration]
  ) throws(VCGraphError) -> ConfigurationFile? {
    if none { return nil }
    let found = path ?? ConfigurationFile.find(from: FileManager.default.currentDirectoryPath)
    guard let found else { return nil }
    // A regular file only, like every file vcgraph reads (a FIFO would block the run).
    let bytes = try InputFileReading.read(found, limit: InputLimits.default.maxInputBytes)
    let file = try ConfigurationFile.load(
      bytes: bytes, path: found, optionKeys: ConfigurableOptions.keys)
    let names = Set(accepted.map(\.name))
    for value in file.options {
      guard let option = ConfigurableOptions.all.first(where: { $0.key == value.key }) else {
        continue
      }
      let texts = option.values(value.texts)
      do {
        try option.check(texts ?? [], value.key)
      } catch {
        throw VCGraphError.data(error.message, at: value.location, hint: error.hint)
      }
      if let texts, names.contains(option.declaration.name) {
        arguments.setDefault(texts, for: option.declaration)
      }
    }
    return file
  }
}
