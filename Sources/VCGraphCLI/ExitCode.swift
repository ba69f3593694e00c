import VCGraphCore

/// The process's exit codes (`cli.md`; the values of BSD's `sysexits.h`). Core reports a kind
/// of failure; this is the one place that turns a kind into a number.
enum ExitCode {
  /// Everything worked.
  static let success: Int32 = 0
  /// `check` found an error-severity finding (or a warning, with `--warnings-as-errors`).
  static let findings: Int32 = 1
  /// `diff --exit-code` found a difference.
  static let differences: Int32 = 1
  /// `analyze` answered what it could, but a question has no answer.
  static let unanswered: Int32 = 1

  /// The exit code of a kind of failure.
  static func of(_ kind: FailureKind) -> Int32 {
    switch kind {
    case .usage: 64  // EX_USAGE
    case .dataError: 65  // EX_DATAERR
    case .noInput: 66  // EX_NOINPUT
    case .software: 70  // EX_SOFTWARE
    case .cantCreate: 73  // EX_CANTCREAT
    case .ioError: 74  // EX_IOERR
    case .unavailable: 69  // EX_UNAVAILABLE
    }
  }
}

extension VCGraphError {
  /// The exit code for this error.
  var exitCode: Int32 { ExitCode.of(kind) }
}
