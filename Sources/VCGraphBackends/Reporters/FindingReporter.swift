import VCGraphCore

/// A way of printing the findings of a run: `check --format ID` (and any other command that
/// reports located, rule-identified findings) picks one by its identifier. Modelled on
/// SwiftLint's reporters: one type per format, each in its own file, registered in
/// `FindingReporters.all`; a reporter gets the whole run (`FindingReport`) and returns the text
/// for standard output. Every reporter's output is safe to print: data cannot start a line with
/// a CI workflow command (the console escapes what a reporter does not), and XML reporters
/// escape every value (`XMLText`).
public protocol FindingReporter: Sendable {
  /// The `--format` value (`sarif`).
  static var identifier: String { get }
  /// One line for the option's help and the documentation.
  static var description: String { get }
  /// Whether the output is CI workflow commands whose own `::` starts lines (`github`): the
  /// console writes them as they are, still escaping the data in them.
  static var writesWorkflowCommands: Bool { get }
  /// Whether a run in which no input could be read still prints a report (holding the
  /// failures), because the file is read by a machine that must see the run failed (`sarif`);
  /// otherwise the errors on standard error are all.
  static var reportsFailedRuns: Bool { get }
  /// The report, as printed to standard output (empty or ending with a newline).
  static func report(_ report: FindingReport) -> String
}

extension FindingReporter {
  public static var writesWorkflowCommands: Bool { false }
  public static var reportsFailedRuns: Bool { false }
}

/// The registry of reporters.
public enum FindingReporters {
  /// Every reporter, in the order `--help` lists them. A new format is one line here.
  public static let all: [any FindingReporter.Type] = [
    TextReporter.self,
    JSONReporter.self,
    GitHubReporter.self,
    SARIFReporter.self,
    MarkdownReporter.self,
    JUnitReporter.self,
    CheckstyleReporter.self,
    GitLabReporter.self,
  ]

  /// The reporter with that identifier.
  public static func named(_ identifier: String) -> (any FindingReporter.Type)? {
    all.first { $0.identifier == identifier }
  }
}
