import Foundation

/// A configuration file (`.vcgraph.yml`): which rules run and at what severity, which files
/// inside input directories are left out, and default values for command-line options. The
/// command line says which option keys exist (`OptionKey`); this type reads and checks the
/// file with the description reader's positioned errors and "did you mean" hints.
public struct ConfigurationFile: Sendable {
  /// The name looked for in the working directory and the directories above it.
  public static let fileName = ".vcgraph.yml"

  /// How the command line wants an option key's value written.
  public enum ValueShape: Sendable, Equatable {
    /// One scalar (`layout: neato`, `max_depth: 100`).
    case scalar
    /// `true` or `false`.
    case flag
    /// A mapping of names to scalars (`classes: { FeedNav: navigation }`), given to the
    /// option as `NAME=VALUE`, one value per entry.
    case mapping
  }

  /// One option default as written in the file.
  public struct OptionValue: Sendable, Equatable {
    /// The key (`max_depth`).
    public var key: String
    /// The value's text: one scalar, `true`/`false` for a flag, `NAME=VALUE` per entry of a
    /// mapping.
    public var texts: [String]
    /// Where the value starts.
    public var location: SourceLocation
  }

  /// The file's path as found or given.
  public var path: String
  /// The rules' configuration (`disabled_rules`, `opt_in_rules`, `severity`).
  public var rules = RuleConfiguration()
  /// The `excluded` patterns, relative to the file's directory.
  public var excluded: [PathGlob] = []
  /// The `included` patterns, relative to the file's directory: when there are some, only
  /// files they match are inputs.
  public var included: [PathGlob] = []
  /// The `baseline` file (`check --baseline`), resolved against the file's directory, and
  /// where the file names it.
  public var baseline: (path: String, location: SourceLocation)?
  /// The option defaults, in file order.
  public var options: [OptionValue] = []

  /// The keys of the file besides the option keys.
  public static let ruleKeys = [
    "disabled_rules", "opt_in_rules", "only_rules", "excluded", "included", "severity", "baseline",
  ]

  /// The keys a nested configuration file (one nearer an input than the base one) may have:
  /// those about rules and files. Option defaults and the baseline are the run's, set once.
  public static let nestedKeys = [
    "disabled_rules", "opt_in_rules", "only_rules", "excluded", "included", "severity",
  ]

  /// The directory the file is in (its relative paths are relative to it), absolute.
  public var directory: String {
    URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
  }

  /// Reads a configuration file; `optionKeys` are the option keys the command line accepts.
  /// `nested`: a nested file, which may only have `nestedKeys`.
  public static func load(
    bytes: [UInt8], path: String, optionKeys: [String: ValueShape], nested: Bool = false
  ) throws(VCGraphError) -> ConfigurationFile {
    var file = ConfigurationFile(path: path)
    if SmallYAMLFile.isEmpty(bytes) { return file }
    let root = try SmallYAMLFile.read(bytes, path: path, what: "configuration files")
    var decoder = ConfigurationDecoder(path: path, optionKeys: optionKeys, nested: nested)
    try decoder.decode(root, into: &file)
    return file
  }

  /// The configuration file that applies in `directory`: `.vcgraph.yml` there or in the
  /// nearest directory above it that has one.
  public static func find(from directory: String) -> String? {
    var current = URL(fileURLWithPath: directory).standardizedFileURL
    while true {
      let candidate = current.appendingPathComponent(fileName).path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return candidate
      }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { return nil }
      current = parent
    }
  }

  /// Whether a file is left out: `absolutePath` relative to the configuration file's
  /// directory matches an `excluded` pattern, or there are `included` patterns and it matches
  /// none (a file outside the directory is never left out).
  public func excludes(absolutePath: String) -> Bool {
    guard !excluded.isEmpty || !included.isEmpty else { return false }
    let base = directory
    let target = URL(fileURLWithPath: absolutePath).standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    guard target.hasPrefix(prefix) else { return false }
    let relative = String(target.dropFirst(prefix.count))
    if excluded.contains(where: { $0.matches(relative) }) { return true }
    return !included.isEmpty && !included.contains { $0.matches(relative) }
  }
}

/// Decodes a configuration file's document.
struct ConfigurationDecoder: YAMLValueReading {
  let path: String
  let optionKeys: [String: ConfigurationFile.ValueShape]
  var nested = false

  mutating func decode(
    _ root: YAMLNode, into file: inout ConfigurationFile
  ) throws(VCGraphError) {
    let pairs = try mapping(root, what: "a configuration file")
    let allowed = ConfigurationFile.ruleKeys + optionKeys.keys.sorted()
    try checkKeys(pairs, allowed: allowed, in: "a configuration file")
    if nested, let pair = pairs.first(where: { !ConfigurationFile.nestedKeys.contains($0.key) }) {
      throw error(
        "`\(pair.key)` belongs in the base configuration file, not in a nested one",
        at: pair.keyMark,
        hint: "a nested \(ConfigurationFile.fileName) may have "
          + ConfigurationFile.nestedKeys.map { "`\($0)`" }.joined(separator: ", "))
    }
    if let only = pairs.first(where: { $0.key == "only_rules" }),
      let other = pairs.first(where: { ["disabled_rules", "opt_in_rules"].contains($0.key) })
    {
      throw error(
        "`only_rules` cannot be used together with `\(other.key)`", at: only.keyMark,
        hint: "`only_rules` names every rule that runs; leave the others out of it")
    }
    let ids = Rule.all.map(\.rawValue)
    for pair in pairs {
      switch pair.key {
      case "disabled_rules":
        for item in try sequence(pair.value, key: pair.key) {
          file.rules.disabled.insert(try ruleID(item, key: pair.key, among: ids))
        }
      case "opt_in_rules":
        let optIn = Rule.all.filter(\.isOptIn).map(\.rawValue)
        for item in try sequence(pair.value, key: pair.key) {
          let id = try ruleID(item, key: pair.key, among: ids)
          guard optIn.contains(id) else {
            let list =
              optIn.isEmpty ? "no rule is opt-in" : "opt-in: " + optIn.joined(separator: ", ")
            throw error(
              "'\(id)' is not an opt-in rule; it runs unless `disabled_rules` lists it",
              at: item.mark, hint: list)
          }
          file.rules.optedIn.insert(id)
        }
      case "only_rules":
        var only = Set<String>()
        for item in try sequence(pair.value, key: pair.key) {
          only.insert(try ruleID(item, key: pair.key, among: ids))
        }
        file.rules.only = only
      case "excluded", "included":
        for item in try sequence(pair.value, key: pair.key) {
          let pattern = try string(item, key: pair.key)
          if pattern.isEmpty || pattern.hasPrefix("/") {
            throw error(
              "an `\(pair.key)` pattern is a path relative to the configuration file's directory",
              at: item.mark, hint: "write it as `Samples/legacy/**` or `*.generated.yaml`")
          }
          if pair.key == "excluded" {
            file.excluded.append(PathGlob(pattern))
          } else {
            file.included.append(PathGlob(pattern))
          }
        }
      case "baseline":
        let name = try string(pair.value, key: pair.key)
        if name.isEmpty {
          throw error("`baseline` names a file", at: pair.value.mark, hint: nil)
        }
        let resolved = name.hasPrefix("/") ? name : file.directory + "/" + name
        let standardized = URL(fileURLWithPath: resolved).standardizedFileURL.path
        file.baseline = (standardized, loc(pair.value.mark))
      case "severity":
        let entries = try mapping(pair.value, what: "`severity`")
        try checkKeys(entries, allowed: ids, in: "`severity` (its keys are rule ids)")
        for entry in entries {
          let text = try string(entry.value, key: entry.key)
          guard let severity = Severity(rawValue: text) else {
            throw error(
              "unknown severity '\(text)' for '\(entry.key)'", at: entry.value.mark,
              hint: suggestion(for: text, among: ["error", "warning", "info"])
                ?? "use error, warning or info")
          }
          file.rules.severities[entry.key] = severity
        }
      default:
        guard let shape = optionKeys[pair.key] else { continue }
        file.options.append(
          .init(
            key: pair.key, texts: try texts(pair.value, key: pair.key, shape: shape),
            location: loc(pair.value.mark)))
      }
    }
  }

  private func ruleID(
    _ node: YAMLNode, key: String, among ids: [String]
  ) throws(VCGraphError) -> String {
    let id = try string(node, key: key)
    guard ids.contains(id) else {
      throw error(
        "unknown rule id '\(id)'", at: node.mark, hint: suggestion(for: id, among: ids))
    }
    return id
  }

  private func texts(
    _ node: YAMLNode, key: String, shape: ConfigurationFile.ValueShape
  ) throws(VCGraphError) -> [String] {
    switch shape {
    case .scalar:
      return [try string(node, key: key)]
    case .flag:
      return [try bool(node, key: key) ? "true" : "false"]
    case .mapping:
      var out: [String] = []
      let entries = try mapping(node, what: "`\(key)`")
      try checkKeys(entries, allowed: entries.map(\.key), in: "`\(key)`")
      for entry in entries {
        out.append(entry.key + "=" + (try string(entry.value, key: entry.key)))
      }
      return out
    }
  }
}
