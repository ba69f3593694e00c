import VCGraphCore

/// One option a configuration file can give a default for: its key in `.vcgraph.yml`, the
/// option it stands for (`--max-depth`), how the value is written, and how it is checked.
struct ConfigurableOption: Sendable {
  enum Shape: Sendable {
    /// The scalar is the option's value (`layout: neato`).
    case value
    /// `true` gives the flag; `inverted`: `false` gives it (`legend: false` is `--no-legend`).
    case flag(inverted: Bool)
    /// Each `NAME: VALUE` entry is one `--option NAME=VALUE` (`classes: { FeedNav: navigation }`
    /// is `--class FeedNav=navigation`).
    case mapping
  }

  /// The key (`max_depth`).
  let key: String
  /// The long option (`--max-depth`).
  let flag: String
  let shape: Shape
  /// Parses one value as the option does.
  let parse: @Sendable (String) throws(ValueProblem) -> Void

  static func value<Value>(
    _ key: String, _ flag: String, _ parse: @escaping ValueParser<Value>
  ) -> ConfigurableOption {
    ConfigurableOption(key: key, flag: flag, shape: .value) { text throws(ValueProblem) in
      _ = try parse(text)
    }
  }

  static func flag(_ key: String, _ flag: String, inverted: Bool = false) -> ConfigurableOption {
    ConfigurableOption(key: key, flag: flag, shape: .flag(inverted: inverted)) { _ in }
  }

  static func mapping<Value>(
    _ key: String, _ flag: String, _ parse: @escaping ValueParser<Value>
  ) -> ConfigurableOption {
    ConfigurableOption(key: key, flag: flag, shape: .mapping) { text throws(ValueProblem) in
      _ = try parse(text)
    }
  }

  /// The file's shape of the value.
  var valueShape: ConfigurationFile.ValueShape {
    switch shape {
    case .value: .scalar
    case .flag: .flag
    case .mapping: .mapping
    }
  }

  /// Checks a value of the file as the option would check it on the command line.
  func check(_ value: ConfigurationFile.OptionValue) throws(VCGraphError) {
    for text in value.texts {
      if case .flag = shape { return }
      do {
        try parse(text)
      } catch {
        throw VCGraphError.data(
          error.message(key: key, text: text), at: value.location, hint: error.hint)
      }
    }
  }

  /// The command-line words that give the file's texts to the option.
  func arguments(for texts: [String]) -> [String] {
    switch shape {
    case .value: texts.last.map { ["\(flag)=\($0)"] } ?? []
    case .flag(let inverted): (texts == ["true"]) != inverted ? [flag] : []
    case .mapping: texts.map { "\(flag)=\($0)" }
    }
  }
}

/// The options `.vcgraph.yml` sets defaults for. A command uses the keys of the options it has
/// and ignores the others, so one file serves every command. A new option is one line here.
enum ConfigurableOptions {
  static let all: [ConfigurableOption] = [
    .value("layout", "--layout", Parse.text),
    .flag("legend", "--no-legend", inverted: true),
    .flag("expand_all", "--expand-all"),
    .value("theme", "--theme", Parse.choice(ThemeChoice.self)),
    .flag("warnings_as_errors", "--warnings-as-errors"),
    .value("rules_url", "--rules-url", Parse.webAddress),
    .mapping("classes", "--class", ClassOptions.declaration),
    .value("max_input_bytes", "--max-input-bytes", Parse.positiveInt),
    .value("max_depth", "--max-depth", Parse.positiveInt),
    .value("max_controllers", "--max-controllers", Parse.positiveInt),
    .value("max_scalar_length", "--max-scalar-length", Parse.positiveInt),
    .value("max_label_lines", "--max-label-lines", LimitOptions.labelLines),
    .value("max_layout_nodes", "--max-layout-nodes", Parse.positiveInt),
    .value("layout_timeout", "--layout-timeout", LayoutLimitOptions.seconds),
    // `render`'s and `scan`'s reading width. `--strict` has no key: `simulate`'s `--strict`
    // means something else, and a key gives every command that has the option its default.
    .value("max_width", "--max-width", ReadingOptions.width),
  ]

  /// Every key with the shape of its value.
  static var keys: [String: ConfigurationFile.ValueShape] {
    Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0.valueShape) })
  }

  /// The words that give a command the file's option values: for each option the command
  /// takes (`accepted`) that the command line (`given`, after the command's name) does not
  /// name; placed before the command line's own words.
  static func arguments(
    from file: ConfigurationFile, accepted: Set<String>, given words: [String]
  ) -> [String] {
    let named = words.prefix { $0 != "--" }
    var arguments: [String] = []
    for value in file.options {
      guard let option = all.first(where: { $0.key == value.key }),
        accepted.contains(option.flag),
        !named.contains(where: { $0 == option.flag || $0.hasPrefix(option.flag + "=") })
      else { continue }
      arguments += option.arguments(for: value.texts)
    }
    return arguments
  }
}
