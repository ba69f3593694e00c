/// What a finding reporter is given: the findings of one run, whatever found them (`check`'s
/// hierarchy rules today; any other source of located, rule-identified findings later), the
/// rules they come from, the inputs that could not be read, and where the run's files are.
/// Nothing in it refers to a particular rule system, so every reporter serves every source.
public struct FindingReport: Sendable {
  /// The tool that made the findings (SARIF's `tool.driver`).
  public var tool: SARIFLog.Tool
  /// Every rule the source has, in its order, as configured for this run.
  public var rules: [ReportRule]
  /// The findings reported, in order (by file, then position).
  public var findings: [ReportedFinding]
  /// Inputs that could not be read or checked.
  public var failures: [ReportFailure]
  /// The input files read, as the user spelled them (standard input is `-`).
  public var inputs: [String]
  /// Whether warnings are reported as errors (`--warnings-as-errors`).
  public var strict: Bool
  /// The absolute directory that relative paths are relative to (SARIF's `%SRCROOT%`,
  /// `WorkspacePath.sourceRoot`).
  public var sourceRoot: String
  /// The working directory the inputs' paths are relative to when they are not absolute.
  public var workingDirectory: String
  /// The inputs' text by path as given, for quoting lines.
  public var sources: [String: String]
  /// What links to a file's line start with (`https://github.com/o/r/blob/SHA/`), or nil
  /// for links relative to the source root.
  public var linkBase: String?
  /// The `version` of the JSON document (`JSONOutputVersion`; `check`'s by default).
  public var jsonVersion = JSONOutputVersion.check

  public init(
    tool: SARIFLog.Tool, rules: [ReportRule], findings: [ReportedFinding],
    failures: [ReportFailure] = [], inputs: [String] = [], strict: Bool = false,
    sourceRoot: String, workingDirectory: String, sources: [String: String] = [:],
    linkBase: String? = nil
  ) {
    self.tool = tool
    self.rules = rules
    self.findings = findings
    self.failures = failures
    self.inputs = inputs
    self.strict = strict
    self.sourceRoot = sourceRoot
    self.workingDirectory = workingDirectory
    self.sources = sources
    self.linkBase = linkBase
  }

  /// The severity a finding is reported at: a warning is an error when `strict`.
  public func level(of finding: ReportedFinding) -> Severity {
    strict && finding.severity == .warning ? .error : finding.severity
  }

  /// The numbers of findings reported at each level.
  public var counts: (errors: Int, warnings: Int, notes: Int) {
    var counts = (errors: 0, warnings: 0, notes: 0)
    for finding in findings {
      switch level(of: finding) {
      case .error: counts.errors += 1
      case .warning: counts.warnings += 1
      case .info: counts.notes += 1
      }
    }
    return counts
  }

  /// A path as given, relative to the source root (`Screens/a.yaml`), or absolute when the
  /// file is outside it; standard input stays `-`.
  public func rootRelative(_ path: String) -> String {
    if path == "-" { return path }
    let absolute = WorkspacePath.absolute(path, in: workingDirectory)
    let prefix = sourceRoot == "/" ? "/" : sourceRoot + "/"
    guard absolute.hasPrefix(prefix) else { return absolute }
    return WorkspacePath.relative(absolute, to: sourceRoot)
  }
}

/// An input that could not be read or checked.
public struct ReportFailure: Sendable {
  /// The error, at a position when known.
  public var error: VCGraphError
  /// The file it concerns, as given: the error's location's, else the input's path when known.
  public var path: String?

  public init(_ error: VCGraphError, path: String? = nil) {
    self.error = error
    self.path = error.location?.path ?? path
  }

  /// The message with its hint, as one line.
  public var message: String { error.message + (error.hint.map { " (\($0))" } ?? "") }
}

/// One finding as every reporter takes it.
public struct ReportedFinding: Sendable, Equatable {
  /// The rule's id (`tab-bar-not-root`).
  public var ruleID: String
  /// The finding's severity as configured (before `--warnings-as-errors`).
  public var severity: Severity
  /// What is wrong and what to change.
  public var message: String
  /// Where: the path as the user spelled it, line and column (1-based).
  public var location: SourceLocation
  /// The column just past the finding's region on its line.
  public var endColumn: Int
  /// Where the finding is in its input's structure, stable across edits elsewhere in the file
  /// (`FindingPath`; empty when it has none).
  public var logicalPath: String
  /// The console line the runtime prints for it, if any (`check`: UIKit's message).
  public var uikitMessage: String?

  public init(
    ruleID: String, severity: Severity, message: String, location: SourceLocation,
    endColumn: Int? = nil, logicalPath: String = "", uikitMessage: String? = nil
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.message = message
    self.location = location
    self.endColumn = max(endColumn ?? 0, location.column + 1)
    self.logicalPath = logicalPath
    self.uikitMessage = uikitMessage
  }

  /// A `check` finding, placed at `logicalPath`.
  public init(_ finding: Finding, logicalPath: String, endColumn: Int? = nil) {
    self.init(
      ruleID: finding.rule.rawValue, severity: finding.severity, message: finding.message,
      location: finding.location, endColumn: endColumn, logicalPath: logicalPath,
      uikitMessage: finding.uikitMessage)
  }
}

/// A rule as reporters describe it (SARIF's `reportingDescriptor`): its documentation as
/// Markdown and as plain text, its default level, and what this run's configuration changed.
public struct ReportRule: Sendable, Equatable {
  public var id: String
  /// The id in UpperCamelCase (`TabBarNotRoot`).
  public var name: String
  public var summaryMarkdown: String
  public var summaryText: String
  public var descriptionMarkdown: String
  public var descriptionText: String
  public var helpMarkdown: String
  public var helpText: String
  /// The rule's own severity.
  public var severity: Severity
  /// Whether it runs unless configured otherwise (false for an opt-in rule).
  public var enabledByDefault: Bool
  /// A page explaining it, if the run names one.
  public var helpURI: String?
  /// Whether this run's configuration switched it on (true) or off (false); nil: unchanged.
  public var configuredEnabled: Bool?
  /// The severity this run's configuration gives it, when that is not its own.
  public var configuredSeverity: Severity?

  public init(
    id: String, name: String, summaryMarkdown: String, summaryText: String,
    descriptionMarkdown: String, descriptionText: String, helpMarkdown: String,
    helpText: String, severity: Severity, enabledByDefault: Bool = true,
    helpURI: String? = nil, configuredEnabled: Bool? = nil, configuredSeverity: Severity? = nil
  ) {
    self.id = id
    self.name = name
    self.summaryMarkdown = summaryMarkdown
    self.summaryText = summaryText
    self.descriptionMarkdown = descriptionMarkdown
    self.descriptionText = descriptionText
    self.helpMarkdown = helpMarkdown
    self.helpText = helpText
    self.severity = severity
    self.enabledByDefault = enabledByDefault
    self.helpURI = helpURI
    self.configuredEnabled = configuredEnabled
    self.configuredSeverity = configuredSeverity
  }

  /// A `check` rule, with the README section it has on the page `rulesURI` names and what
  /// `configuration` changes.
  public init(_ rule: Rule, rulesURI: String?, configuration: RuleConfiguration) {
    let runs = configuration.runs(rule, optIn: rule.isOptIn)
    let enabled: Bool? = runs == !rule.isOptIn ? nil : runs
    let severity = configuration.severities[rule.rawValue].flatMap {
      $0 == rule.severity ? nil : $0
    }
    self.init(
      id: rule.rawValue,
      name: rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
        .joined(),
      summaryMarkdown: rule.summary, summaryText: RuleReference.plain(rule.summary),
      descriptionMarkdown: rule.documentation.uikit,
      descriptionText: RuleReference.plain(rule.documentation.uikit),
      helpMarkdown: RuleReference.section(rule), helpText: RuleReference.text(rule),
      severity: rule.severity, enabledByDefault: !rule.isOptIn,
      helpURI: rulesURI.map { $0 + "#" + rule.readmeAnchor }, configuredEnabled: enabled,
      configuredSeverity: severity)
  }
}
