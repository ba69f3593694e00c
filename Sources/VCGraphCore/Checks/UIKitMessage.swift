/// A line UIKit prints in the console, or the reason of an exception it raises, with
/// placeholders for the objects it names, so a finding or a refused step can say exactly what
/// a developer would see in Xcode's console (and match it against a log).
///
/// Placeholders: `{name}` becomes an object's description with a placeholder address,
/// `<ClassName: 0x…>`; `{name.class}` becomes the bare class name. UIKit prints Swift classes
/// module-qualified (`<MyApp.FeedViewController: 0x…>`); vcgraph prints the class as written.
/// Since iOS 14 the presentation messages are `os_log` messages that Xcode shows with a
/// `[Presentation] ` prefix; the prefix is not part of the message.
public struct UIKitMessage: Sendable, Equatable {
  /// What UIKit does besides printing.
  public enum Kind: Sendable, Equatable {
    /// A log line; the call is ignored or goes ahead.
    case log
    /// An exception with this name; uncaught, it ends the app with `*** Terminating app due to
    /// uncaught exception '<name>', reason: '<message>'`.
    case exception(String)
  }

  /// The current wording, with `{name}` and `{name.class}` placeholders.
  public let template: String
  /// A log line or an exception.
  public let kind: Kind
  /// Where the wording was read: a public issue or pull request quoting a real console, or
  /// Apple's documentation.
  public let source: String
  /// Older wordings UIKit printed for the same situation (with the same placeholders), so a
  /// log from an older iOS can be matched too.
  public let aliases: [String]

  /// A message; declared once in `UIKitMessages`, beside its source.
  public init(_ template: String, kind: Kind, source: String, aliases: [String] = []) {
    self.template = template
    self.kind = kind
    self.source = source
    self.aliases = aliases
  }

  /// An object's description as UIKit prints it, with a placeholder address.
  public static func object(_ className: String) -> String { "<\(className): 0x…>" }

  /// The message with each placeholder replaced: `values` maps a placeholder's name to the
  /// class name of the object it stands for, or to `(null)`, which UIKit prints for nil.
  public func render(_ values: [String: String]) -> String {
    Self.render(template, values)
  }

  /// The console line as an app prints it: the message for a log; for an exception, the line
  /// an uncaught exception ends the app with, `*** Terminating app due to uncaught exception
  /// 'NAME', reason: 'MESSAGE'`. Findings and refused steps carry this line.
  public func line(_ values: [String: String] = [:]) -> String {
    let message = render(values)
    guard case .exception(let name) = kind else { return message }
    return "*** Terminating app due to uncaught exception '\(name)', reason: '\(message)'"
  }

  /// A template with its placeholders replaced; a placeholder without a value is kept.
  public static func render(_ template: String, _ values: [String: String]) -> String {
    var out = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      out += rest[..<open]
      let name = rest[rest.index(after: open)..<close]
      if name.hasSuffix(".class"), let value = values[String(name.dropLast(6))] {
        out += value
      } else if let value = values[String(name)] {
        out += value == "(null)" ? value : object(value)
      } else {
        out += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return out + rest
  }
}
