/// How serious a diagnostic or finding is.
public enum Severity: String, Sendable, Comparable, Codable {
  case info, warning, error

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// What kind of failure an error is. Core says what went wrong and where; the command line
/// decides the exit code of each kind (`VCGraphCLI/ExitCode.swift`, `cli.md`).
public enum FailureKind: Sendable, Equatable, CaseIterable {
  /// The request is wrong: an option, a question asked of the hierarchy, a layout engine.
  case usage
  /// The input data is wrong, or over a limit.
  case dataError
  /// An input is missing or unreadable.
  case noInput
  /// A bug, or an unexpected failure of a library.
  case software
  /// An output cannot be created.
  case cantCreate
  /// Writing an output failed.
  case ioError
}

/// An error with an optional source position, printed like a compiler diagnostic.
public struct VCGraphError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure this is (the command line maps it to an exit code).
  public var kind: FailureKind
  public var message: String
  public var location: SourceLocation?
  /// A follow-up line such as "did you mean 'viewControllers'?".
  public var hint: String?
  /// For a step UIKit refuses, the console line UIKit prints (placeholder addresses), if any.
  public var uikitMessage: String?

  public init(
    _ kind: FailureKind, _ message: String, at location: SourceLocation? = nil,
    hint: String? = nil, uikitMessage: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.location = location
    self.hint = hint
    self.uikitMessage = uikitMessage
  }

  /// Shorthand for an input-data error at a position.
  public static func data(
    _ message: String, at location: SourceLocation?, hint: String? = nil,
    uikitMessage: String? = nil
  ) -> VCGraphError {
    VCGraphError(.dataError, message, at: location, hint: hint, uikitMessage: uikitMessage)
  }

  public var description: String {
    var text = location.map { "\($0): error: \(message)" } ?? "error: \(message)"
    if let hint { text += " (\(hint))" }
    return text
  }
}

/// Renders diagnostics as `path:line:column: severity: message`, then the source line and a
/// caret under the column.
public struct DiagnosticPrinter: Sendable {
  /// Source text by path, used to quote the offending line.
  public var sources: [String: String]

  public init(sources: [String: String] = [:]) { self.sources = sources }

  /// Formats one diagnostic; the result ends with a newline. A UIKit message becomes a
  /// `note: UIKit prints: …` line after the hint.
  public func format(
    severity: Severity, message: String, location: SourceLocation?, hint: String? = nil,
    suffix: String = "", uikitMessage: String? = nil
  ) -> String {
    var out: String
    if let location {
      out = "\(location): \(severity.rawValue): \(message)\(suffix)\n"
      if let line = sourceLine(location) {
        out += line + "\n"
        out += caretLine(for: line, column: location.column) + "\n"
      }
    } else {
      out = "\(severity.rawValue): \(message)\(suffix)\n"
    }
    if let hint { out += "note: \(hint)\n" }
    if let uikitMessage { out += "note: UIKit prints: \(uikitMessage)\n" }
    return out
  }

  /// Formats an error.
  public func format(_ error: VCGraphError) -> String {
    format(
      severity: .error, message: error.message, location: error.location, hint: error.hint,
      uikitMessage: error.uikitMessage)
  }

  private func sourceLine(_ location: SourceLocation) -> String? {
    guard let text = sources[location.path], location.line >= 1 else { return nil }
    var current = 1
    var start = text.unicodeScalars.startIndex
    let scalars = text.unicodeScalars
    while current < location.line {
      guard let newline = scalars[start...].firstIndex(of: "\n") else { return nil }
      start = scalars.index(after: newline)
      current += 1
    }
    let end = scalars[start...].firstIndex(of: "\n") ?? scalars.endIndex
    var line = String(scalars[start..<end])
    if line.hasSuffix("\r") { line.removeLast() }
    // Keep the quoted line printable: control characters would garble a terminal.
    line = String(
      String.UnicodeScalarView(
        line.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" ? "?" : $0 }))
    if line.unicodeScalars.count > 200 {
      line = String(String.UnicodeScalarView(line.unicodeScalars.prefix(200))) + "…"
    }
    return line
  }

  private func caretLine(for line: String, column: Int) -> String {
    // Tabs are echoed so the caret lines up under the column in a terminal.
    var caret = ""
    for (offset, scalar) in line.unicodeScalars.enumerated() where offset < column - 1 {
      caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
    }
    return caret + "^"
  }
}
