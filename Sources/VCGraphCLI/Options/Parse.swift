import ArgumentParser
import Foundation
import VCGraphCore

/// A value an option refuses: what the option takes, as a noun phrase (`a positive whole
/// number`). The command line says "The value 'x' is invalid for '--jobs <n>': not a positive
/// whole number"; a configuration file, "'max_depth' takes a positive whole number, not 'x'"
/// at the value's line and column.
struct ValueProblem: Error, CustomStringConvertible, Sendable {
  /// What the option takes.
  var expected: String
  /// A follow-up ("did you mean 'pushed-twice'?").
  var hint: String?

  init(_ expected: String, hint: String? = nil) {
    self.expected = expected
    self.hint = hint
  }

  var description: String { "not \(expected)" + (hint.map { " (\($0))" } ?? "") }

  /// The configuration file's error for `text` given to `key`.
  func message(key: String, text: String) -> String {
    "'\(key)' takes \(expected), not '\(text)'"
  }
}

/// Turns one value's text into an option's value (an `@Option`'s `transform`, and the check a
/// configuration file's value gets).
typealias ValueParser<Value> = @Sendable (String) throws(ValueProblem) -> Value

/// The value parsers options share.
enum Parse {
  /// The text as given.
  static let text: ValueParser<String> = { $0 }

  /// An absolute `https:` or `http:` address with a host and no fragment.
  static let webAddress: ValueParser<String> = { text throws(ValueProblem) in
    let scheme = text.prefix { $0 != ":" }.lowercased()
    guard scheme == "https" || scheme == "http", let url = URL(string: text),
      url.host?.isEmpty == false, url.fragment == nil
    else { throw ValueProblem("an https: or http: address without a '#'") }
    return text
  }

  /// A positive whole number.
  static let positiveInt: ValueParser<Int> = { text throws(ValueProblem) in
    guard let number = Int(text), number > 0 else {
      throw ValueProblem("a positive whole number")
    }
    return number
  }

  /// One of an enumeration's raw values.
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _: Choice.Type
  ) -> ValueParser<Choice> where Choice.RawValue == String {
    { text throws(ValueProblem) in
      guard let choice = Choice(rawValue: text) else {
        throw ValueProblem("one of " + Choice.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return choice
    }
  }

  /// `parse` as an `@Option`'s `transform`.
  static func option<Value>(
    _ parse: @escaping ValueParser<Value>
  ) -> @Sendable (String) throws -> Value {
    { text in try parse(text) }
  }
}
