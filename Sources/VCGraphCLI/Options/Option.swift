import Foundation
import VCGraphCore

/// What the parser and the help need to know of an option: its names, whether it takes a
/// value (and how the help shows it), whether it may be repeated, and its help line.
struct OptionDeclaration: Sendable {
  /// The long name without dashes (`max-depth`).
  let name: String
  /// The one-letter name, if any (`-o`).
  let short: Character?
  /// How the help shows the value (`N`, `PATH`); nil for a flag.
  let valueName: String?
  /// Whether the option may be given more than once.
  let repeatable: Bool
  /// One line for the help, with the default when there is one.
  let help: String

  /// `--name`, as users type it and messages quote it.
  var flag: String { "--\(name)" }
  var takesValue: Bool { valueName != nil }
}

/// A typed command-line option, declared once with its names, value syntax, help, default and
/// validation, in the shape of swift-argument-parser's `@Option` and `@Flag`. A command's
/// options struct declares its options as static constants and reads them in `init(_:)` with
/// `ParsedArguments.value(of:)`.
struct Option<Value>: Sendable {
  let declaration: OptionDeclaration
  /// Turns every value given (in order; none when the option is absent) into the typed value;
  /// the second argument is the option as typed, for messages.
  let convert: @Sendable ([String], String) throws(VCGraphError) -> Value
}

/// Converts one value's text (the second argument is the option as typed, for messages).
typealias OptionParser<Value> = @Sendable (String, String) throws(VCGraphError) -> Value

extension Option where Value == Bool {
  /// A flag: true when given.
  init(flag name: String, short: Character? = nil, help: String) {
    declaration = OptionDeclaration(
      name: name, short: short, valueName: nil, repeatable: false, help: help)
    convert = { values, _ in !values.isEmpty }
  }
}

extension Option {
  /// An option given at most once, `defaultValue` when absent; the help shows the default as
  /// `defaultText`, else as the value itself.
  init(
    _ name: String, short: Character? = nil, value valueName: String, help: String,
    default defaultValue: Value, defaultText: String? = nil, parse: @escaping OptionParser<Value>
  ) where Value: Sendable {
    let shown = defaultText ?? "\(defaultValue)"
    declaration = OptionDeclaration(
      name: name, short: short, valueName: valueName, repeatable: false,
      help: "\(help) (default \(shown))")
    convert = { values, flag throws(VCGraphError) in
      guard let text = values.last else { return defaultValue }
      return try parse(text, flag)
    }
  }

  /// An option given at most once, nil when absent.
  init<Wrapped>(
    _ name: String, short: Character? = nil, value valueName: String, help: String,
    parse: @escaping OptionParser<Wrapped>
  ) where Value == Wrapped? {
    declaration = OptionDeclaration(
      name: name, short: short, valueName: valueName, repeatable: false, help: help)
    convert = { values, flag throws(VCGraphError) in
      guard let text = values.last else { return nil }
      return try parse(text, flag)
    }
  }

  /// An option that may be repeated: every value, in order.
  init<Element>(
    repeating name: String, value valueName: String, help: String,
    parse: @escaping OptionParser<Element>
  ) where Value == [Element] {
    declaration = OptionDeclaration(
      name: name, short: nil, valueName: valueName, repeatable: true,
      help: "\(help) (repeatable)")
    convert = { values, flag throws(VCGraphError) in
      var result: [Element] = []
      for text in values { result.append(try parse(text, flag)) }
      return result
    }
  }
}

/// The value parsers options share; each refuses a bad value with a usage error that quotes
/// the option.
enum Parse {
  /// The text as given.
  static let text: OptionParser<String> = { text, _ in text }

  /// An absolute `https:` or `http:` address with a host and no fragment.
  static let webAddress: OptionParser<String> = { text, flag throws(VCGraphError) in
    let scheme = text.prefix { $0 != ":" }.lowercased()
    guard scheme == "https" || scheme == "http", let url = URL(string: text),
      url.host?.isEmpty == false, url.fragment == nil
    else {
      throw VCGraphError(
        .usage, "'\(flag)' takes an https: or http: address without a '#', not '\(text)'")
    }
    return text
  }

  /// A positive whole number.
  static let positiveInt: OptionParser<Int> = { text, flag throws(VCGraphError) in
    guard let number = Int(text), number > 0 else {
      throw VCGraphError(.usage, "'\(flag)' takes a positive whole number, not '\(text)'")
    }
    return number
  }

  /// One of a fixed set of names (an enumeration's raw values).
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _: Choice.Type
  ) -> OptionParser<Choice> where Choice.RawValue == String {
    { text, flag throws(VCGraphError) in
      guard let choice = Choice(rawValue: text) else {
        let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        throw VCGraphError(.usage, "'\(flag)' takes one of \(names), not '\(text)'")
      }
      return choice
    }
  }
}

/// Options under one heading of a command's help.
struct OptionSection: Sendable {
  var title: String
  var options: [OptionDeclaration]
}

/// A command's options, parsed and checked: the shape of swift-argument-parser's
/// `ParsableArguments`. Conforming types declare their options as static `Option` constants,
/// list them in `sections` (the help's order), read them in `init(_:)` and check combinations
/// in `validate()`.
protocol ParsableOptions {
  /// Every option accepted, under the headings the help shows.
  static var sections: [OptionSection] { get }
  /// Reads every declared option's typed value (defaults for those not given).
  init(_ arguments: ParsedArguments) throws(VCGraphError)
  /// Checks what no single option can: combinations. Called after `init(_:)`.
  func validate() throws(VCGraphError)
}

extension ParsableOptions {
  func validate() throws(VCGraphError) {}

  /// Every declared option, for the parser.
  static var declarations: [OptionDeclaration] { sections.flatMap(\.options) }

  /// Parses and validates.
  static func parse(_ arguments: ParsedArguments) throws(VCGraphError) -> Self {
    let options = try Self(arguments)
    try options.validate()
    return options
  }
}

/// Options several commands share, under one heading: swift-argument-parser's `@OptionGroup`.
protocol OptionGroup: ParsableOptions {
  /// The heading in the help.
  static var title: String { get }
  /// The group's options, in help order.
  static var options: [OptionDeclaration] { get }
}

extension OptionGroup {
  static var sections: [OptionSection] { [OptionSection(title: title, options: options)] }
}
