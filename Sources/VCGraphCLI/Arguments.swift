import VCGraphCore

/// A command line split into the command, its positional inputs and its options, checked
/// against what the command accepts.
struct Arguments {
  /// An option a command accepts: its long name, an optional short name, and whether it takes
  /// a value.
  struct Option {
    var name: String
    var short: Character?
    var takesValue: Bool
    var repeatable: Bool = false
    var help: String
  }

  var positional: [String] = []
  /// Every option as given, in order, for forwarding to worker processes.
  private(set) var given: [(name: String, value: String?)] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []

  /// Parses `words` (without the command name) against `options`.
  init(_ words: [String], options: [Option]) throws(VCGraphError) {
    var index = 0
    var onlyPositional = false
    func find(_ word: String) -> Option? {
      if word.hasPrefix("--") { return options.first { "--\($0.name)" == word } }
      if word.count == 2, word.hasPrefix("-") {
        return options.first { $0.short == word.last }
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
        let names = options.map { "--\($0.name)" }
        let hint = suggestion(for: name, among: names)
        throw VCGraphError(.usage, "unknown option '\(name)'", hint: hint)
      }
      if option.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < words.count else {
            throw VCGraphError(.usage, "option '--\(option.name)' needs a value")
          }
          value = words[index]
          index += 1
        }
        if !option.repeatable, values[option.name] != nil {
          throw VCGraphError(.usage, "option '--\(option.name)' is given twice")
        }
        values[option.name, default: []].append(value)
        given.append((option.name, value))
      } else {
        if inlineValue != nil {
          throw VCGraphError(.usage, "option '--\(option.name)' takes no value")
        }
        flags.insert(option.name)
        given.append((option.name, nil))
      }
    }
  }

  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

  /// An option's value as a positive whole number.
  func positiveInt(_ name: String) throws(VCGraphError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), number > 0 else {
      throw VCGraphError(.usage, "'--\(name)' takes a positive whole number, not '\(text)'")
    }
    return number
  }

  /// A value from a fixed set.
  func choice(_ name: String, among choices: [String]) throws(VCGraphError) -> String? {
    guard let text = value(name) else { return nil }
    guard choices.contains(text) else {
      throw VCGraphError(
        .usage, "'--\(name)' takes one of \(choices.joined(separator: ", ")), not '\(text)'")
    }
    return text
  }
}
