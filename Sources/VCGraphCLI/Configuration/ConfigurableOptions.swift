import VCGraphCore

/// One option a configuration file can give a default for: its key in `.vcgraph.yml`, the
/// option it stands for, how the value is written, and how it becomes the option's values.
struct ConfigurableOption: Sendable {
  /// The key (`max_depth`).
  let key: String
  let declaration: OptionDeclaration
  let shape: ConfigurationFile.ValueShape
  /// The option's values for the file's texts; nil leaves the option unset.
  let values: @Sendable ([String]) -> [String]?
  /// Parses the values as the option would (so a bad value is reported in the file).
  let check: @Sendable ([String], String) throws(VCGraphError) -> Void

  /// A key whose scalar is the option's value (`layout: neato`).
  static func value<Value>(_ key: String, _ option: Option<Value>) -> ConfigurableOption {
    ConfigurableOption(
      key: key, declaration: option.declaration, shape: .scalar, values: { $0 },
      check: { values, flag throws(VCGraphError) in _ = try option.convert(values, flag) })
  }

  /// A key whose `true` gives a flag (`expand_all: true`); `inverted`: `false` gives it
  /// (`legend: false` is `--no-legend`).
  static func flag(
    _ key: String, _ option: Option<Bool>, inverted: Bool = false
  ) -> ConfigurableOption {
    ConfigurableOption(
      key: key, declaration: option.declaration, shape: .flag,
      values: { texts in (texts == ["true"]) != inverted ? [""] : nil }, check: { _, _ in })
  }

  /// A key whose mapping gives a repeatable option one `NAME=VALUE` each
  /// (`classes: { FeedNav: navigation }` is `--class FeedNav=navigation`).
  static func mapping<Element>(
    _ key: String, _ option: Option<[Element]>
  ) -> ConfigurableOption {
    ConfigurableOption(
      key: key, declaration: option.declaration, shape: .mapping, values: { $0 },
      check: { values, flag throws(VCGraphError) in _ = try option.convert(values, flag) })
  }
}

/// The options `.vcgraph.yml` sets defaults for. A command uses the keys of the options it has
/// and ignores the others, so one file serves every command. A new option is one line here.
enum ConfigurableOptions {
  static let all: [ConfigurableOption] = [
    .value("layout", DrawingOptions.layout),
    .flag("legend", DrawingOptions.noLegend, inverted: true),
    .flag("expand_all", DrawingOptions.expandAll),
    .value("theme", DrawingOptions.theme),
    .flag("warnings_as_errors", CheckOptions.warningsAsErrors),
    .value("rules_url", CheckOptions.rulesURL),
    .mapping("classes", ClassOptions.declaration),
    .value("max_input_bytes", LimitOptions.maxInputBytes),
    .value("max_depth", LimitOptions.maxDepth),
    .value("max_controllers", LimitOptions.maxControllers),
    .value("max_scalar_length", LimitOptions.maxScalarLength),
    .value("max_label_lines", LimitOptions.maxLabelLines),
    .value("max_layout_nodes", LayoutLimitOptions.maxLayoutNodes),
    .value("layout_timeout", LayoutLimitOptions.layoutTimeout),
  ]

  /// Every key with the shape of its value.
  static var keys: [String: ConfigurationFile.ValueShape] {
    Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0.shape) })
  }
}
