import Foundation

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
  /// A program or service this needs is not there (`vcgraph scan` without `vcgraph-swift`).
  case unavailable
}

/// An error with an optional source position, printed like a compiler diagnostic.
public struct VCGraphError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure this is (the command line maps it to an exit code).
  public var kind: FailureKind
  public var message: String
  public var location: SourceLocation?
  /// A follow-up line such as "did you mean 'viewControllers'?".
  public var hint: String?
  /// Further errors found in the same input, reported with this one (a description's
  /// independent mistakes, up to a limit).
  public var related: [VCGraphError] = []
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
///
/// Every line it writes is safe for a terminal and a CI log: refused characters
/// (`ControlCharacters`) in the path, the message or the hint are shown escaped, and in the
/// quoted source line as `?`, so nothing can forge a line or drive the terminal.
public struct DiagnosticPrinter: Sendable {
  /// Source text by path, used to quote the offending line.
  public var sources: [String: String]
  /// Where each source's lines start, found once per source however many diagnostics quote it.
  let lineStarts = LineStarts()
  /// The widest source line quoted whole; a longer one is shown as a window around the column.
  static let quotedWidth = 200

  public init(sources: [String: String] = [:]) { self.sources = sources }

  /// Formats one diagnostic; the result ends with a newline. A UIKit message becomes a
  /// `note: UIKit prints: …` line after the hint.
  public func format(
    severity: Severity, message: String, location: SourceLocation?, hint: String? = nil,
    suffix: String = "", uikitMessage: String? = nil
  ) -> String {
    var out: String
    if let location {
      out = ControlCharacters.escaped("\(location): \(severity.rawValue): \(message)\(suffix)")
      out += "\n"
      if let line = sourceLine(location) {
        let (shown, offset) = Self.window(of: line, column: location.column)
        out += shown + "\n" + Self.caretLine(for: shown, offset: offset) + "\n"
      }
    } else {
      out = ControlCharacters.escaped("\(severity.rawValue): \(message)\(suffix)") + "\n"
    }
    if let hint { out += "note: \(ControlCharacters.escaped(hint))\n" }
    if let uikitMessage {
      out += "note: UIKit prints: \(ControlCharacters.escaped(uikitMessage))\n"
    }
    return out
  }

  /// Formats an error, and the errors found with it.
  public func format(_ error: VCGraphError) -> String {
    ([error] + error.related).map { error in
      format(
        severity: .error, message: error.message, location: error.location, hint: error.hint,
        uikitMessage: error.uikitMessage)
    }.joined()
  }

  /// The source line of `location`, printable (`ControlCharacters.printableQuote(_:)`):
  /// what could drive a terminal or forge a CI line becomes `?`, which keeps the caret's
  /// column.
  private func sourceLine(_ location: SourceLocation) -> String? {
    guard let text = sources[location.path],
      var line = lineStarts.line(location.line, of: location.path, in: text).map(String.init)
    else { return nil }
    if line.hasSuffix("\r") { line.removeLast() }
    return ControlCharacters.printableQuote(line)
  }

  /// The part of `line` shown: all of it when it is at most `quotedWidth` characters, else
  /// `quotedWidth` characters around the column with `…` where text is left out; and the
  /// offset of the column in what is shown.
  static func window(of line: String, column: Int) -> (shown: String, offset: Int) {
    let scalars = Array(line.unicodeScalars)
    let target = max(0, column - 1)
    guard scalars.count > quotedWidth else { return (line, target) }
    let start = target < quotedWidth - 20 ? 0 : min(target - quotedWidth / 2, scalars.count)
    let end = min(scalars.count, start + quotedWidth)
    var shown = String.UnicodeScalarView(scalars[start..<end])
    if start > 0 { shown.insert("…", at: shown.startIndex) }
    if end < scalars.count { shown.append("…") }
    return (String(shown), target - start + (start > 0 ? 1 : 0))
  }

  private static func caretLine(for line: String, offset: Int) -> String {
    // Tabs are echoed so the caret lines up under the column in a terminal.
    var caret = ""
    for (index, scalar) in line.unicodeScalars.enumerated() where index < offset {
      caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
    }
    return caret + "^"
  }
}

/// The start of every line of each source a printer quotes, found on first use: a `check`
/// that prints 20,000 findings of one file reads the file once, not once per finding.
final class LineStarts: @unchecked Sendable {
  private let lock = NSLock()
  private var starts: [String: (length: Int, starts: [String.Index])] = [:]
  /// Bytes read to find line starts so far (the work, for tests).
  private(set) var scannedBytes = 0

  /// Line `number` (1-based) of `text`, without its line end.
  func line(_ number: Int, of path: String, in text: String) -> Substring? {
    let lines = lock.withLock { () -> [String.Index] in
      if let known = starts[path], known.length == text.utf8.count { return known.starts }
      var found = [text.startIndex]
      for index in text.utf8.indices where text.utf8[index] == 0x0A {
        found.append(text.utf8.index(after: index))
      }
      scannedBytes += text.utf8.count
      starts[path] = (text.utf8.count, found)
      return found
    }
    guard number >= 1, number <= lines.count else { return nil }
    let start = lines[number - 1]
    let end = number < lines.count ? text.utf8.index(before: lines[number]) : text.endIndex
    return text[start..<end]
  }
}
