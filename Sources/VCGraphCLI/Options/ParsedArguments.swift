import VCGraphCore

/// A command line split into positional inputs and the options given, checked against the
/// options a command declares. Values are read only through those declarations
/// (`value(of:)`), never by a name spelled elsewhere.
struct ParsedArguments {
  /// The positional words (inputs), in order.
  private(set) var positional: [String] = []
  /// Every option as given, in order, for forwarding to worker processes.
  private(set) var given: [(name: String, value: String?)] = []
  /// The text of every value given, by option name (a flag's occurrences are empty strings).
  private var values: [String: [String]] = [:]
  /// Values from a configuration file, for options not given on the command line.
  private var defaults: [String: [String]] = [:]

  /// Parses `words` (without the command name) against `declarations`: `--name VALUE`,
  /// `--name=VALUE`, `-x VALUE`, flags, `--` before positional words that start with `-`, and
  /// `-` (standard input) as a positional word.
  init(_ words: [String], accepting declarations: [OptionDeclaration]) throws(VCGraphError) {
    var index = 0
    var onlyPositional = false
    func find(_ word: String) -> OptionDeclaration? {
      if word.hasPrefix("--") { return declarations.first { $0.flag == word } }
      if word.count == 2, word.hasPrefix("-") {
        return declarations.first { $0.short == word.last }
      }
      return nil
    }
    while index < words.count {
      let word = words[index]
      index += 1
      if onlyPositional || word == "-" || !word.hasPrefix("-") {
        positional.append(word)
        continue
      }
      if word == "--" {
        onlyPositional = true
        continue
      }
      var name = word
      var inlineValue: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        inlineValue = String(word[word.index(after: equals)...])
      }
      guard let option = find(name) else {
        let hint = suggestion(for: name, among: declarations.map(\.flag))
        throw VCGraphError(.usage, "unknown option '\(name)'", hint: hint)
      }
      if option.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < words.count else {
            throw VCGraphError(.usage, "option '\(option.flag)' needs a value")
          }
          value = words[index]
          index += 1
        }
        if !option.repeatable, values[option.name] != nil {
          throw VCGraphError(.usage, "option '\(option.flag)' is given twice")
        }
        values[option.name, default: []].append(value)
        given.append((option.name, value))
      } else {
        if inlineValue != nil {
          throw VCGraphError(.usage, "option '\(option.flag)' takes no value")
        }
        values[option.name, default: []].append("")
        given.append((option.name, nil))
      }
    }
  }

  /// The typed value of a declared option: the configuration file's value when it was not
  /// given, else its default.
  func value<Value>(of option: Option<Value>) throws(VCGraphError) -> Value {
    let name = option.declaration.name
    return try option.convert(values[name] ?? defaults[name] ?? [], option.declaration.flag)
  }

  /// Sets the values an option has when the command line does not give it (a configuration
  /// file's); a flag's value is `[""]` when set.
  mutating func setDefault(_ texts: [String], for declaration: OptionDeclaration) {
    defaults[declaration.name] = texts
  }
}
