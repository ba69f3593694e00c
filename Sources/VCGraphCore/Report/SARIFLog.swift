/// `check --format sarif`: a SARIF 2.1.0 log (OASIS) with the subset GitHub code scanning reads
/// (its "SARIF support for code scanning" page): one run whose `tool.driver` declares every
/// registered rule with its descriptions, level, help (and `helpUri` when the tool names a
/// page with the rules' sections), then one result per finding with its rule's id and index,
/// level, message, location (a URI relative to `%SRCROOT%`, the git work tree holding the
/// inputs or else the working directory, and a region) and a `partialFingerprints` entry that
/// stays the same when lines are inserted above the finding.
public enum SARIFLog {
  /// The schema the log declares (the OASIS standard's, errata 01).
  public static let schema =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
  /// The `partialFingerprints` key of vcgraph's fingerprint (GitHub computes and uses its own
  /// `primaryLocationLineHash` beside it).
  public static let fingerprintKey = "vcgraphFindingPath/v1"
  /// The `uriBaseId` of every relative URI; `originalUriBaseIds` says where it is.
  public static let sourceRootID = "%SRCROOT%"

  /// The analysis tool.
  public struct Tool: Sendable {
    public var name: String
    public var version: String
    /// A page whose anchors are the rules' README sections (`helpUri` = this + `#anchor`), or
    /// nil: the rules then carry their help text only, with no link.
    public var rulesURI: String?

    public init(name: String, version: String, rulesURI: String? = nil) {
      self.name = name
      self.version = version
      self.rulesURI = rulesURI
    }
  }

  /// SARIF's name for a severity.
  public static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  /// The whole log of a report: its rules, findings and failures.
  public static func document(_ report: FindingReport) -> JSON {
    let rules = report.rules
    let index = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    let failed = !report.failures.isEmpty
    var invocation: [(String, JSON)] = [("executionSuccessful", .bool(!failed))]
    let overrides = ruleOverrides(rules)
    if !overrides.isEmpty { invocation.append(("ruleConfigurationOverrides", .array(overrides))) }
    if failed {
      let notifications = report.failures.map { json(for: $0, in: report) }
      invocation.append(("toolExecutionNotifications", .array(notifications)))
    }
    var occurrences: [String: Int] = [:]
    let resultObjects = report.findings.map { finding -> JSON in
      let uri = uri(finding.location.path, in: report)
      let identity = [
        finding.ruleID, uri,
        finding.logicalPath.isEmpty ? finding.message.filter { !$0.isNumber } : finding.logicalPath,
      ].joined(separator: "\n")
      occurrences[identity, default: 0] += 1
      return json(
        for: finding, level: report.level(of: finding), uri: uri, ruleIndex: index[finding.ruleID],
        fingerprint: FindingPath.hash(identity + "\n\(occurrences[identity]!)"))
    }
    let tool = report.tool
    let driver: JSON = .object([
      ("name", .string(tool.name)),
      ("version", .string(tool.version)),
      ("semanticVersion", .string(tool.version)),
      ("rules", .array(rules.map(descriptor(for:)))),
    ])
    let run: JSON = .object([
      ("tool", .object([("driver", driver)])),
      ("invocations", .array([.object(invocation)])),
      (
        "originalUriBaseIds",
        .object([
          (
            sourceRootID,
            .object([("uri", .string(WorkspacePath.directoryURI(report.sourceRoot)))])
          )
        ])
      ),
      ("columnKind", .string("unicodeCodePoints")),
      ("results", .array(resultObjects)),
    ])
    return .object([
      ("$schema", .string(schema)),
      ("version", .string("2.1.0")),
      ("runs", .array([run])),
    ])
  }

  /// A path as given as a URI relative to `%SRCROOT%`, or an absolute `file:` URI outside it.
  static func uri(_ path: String, in report: FindingReport) -> String {
    let relative = report.rootRelative(path)
    return relative.hasPrefix("/")
      ? "file://" + WorkspacePath.uri(relative) : WorkspacePath.uri(relative)
  }

  /// A rule's `reportingDescriptor`.
  static func descriptor(for rule: ReportRule) -> JSON {
    var configuration: [(String, JSON)] = [("level", .string(level(rule.severity)))]
    if !rule.enabledByDefault { configuration.insert(("enabled", .bool(false)), at: 0) }
    let problemSeverity =
      switch rule.severity {
      case .error: "error"
      case .warning: "warning"
      case .info: "recommendation"
      }
    let link: [(String, JSON)] = rule.helpURI.map { [("helpUri", .string($0))] } ?? []
    return .object(
      [
        ("id", .string(rule.id)),
        ("name", .string(rule.name)),
        (
          "shortDescription",
          .object([
            ("text", .string(rule.summaryText)), ("markdown", .string(rule.summaryMarkdown)),
          ])
        ),
        (
          "fullDescription",
          .object([
            ("text", .string(rule.descriptionText)),
            ("markdown", .string(rule.descriptionMarkdown)),
          ])
        ),
        ("defaultConfiguration", .object(configuration)),
      ] + link + [
        (
          "help",
          .object([("text", .string(rule.helpText)), ("markdown", .string(rule.helpMarkdown))])
        ),
        (
          "properties",
          .object([
            ("tags", .array([.string("uikit"), .string("view-controllers")])),
            ("precision", .string("very-high")),
            ("problem.severity", .string(problemSeverity)),
          ])
        ),
      ])
  }

  private static func json(
    for finding: ReportedFinding, level severity: Severity, uri: String, ruleIndex: Int?,
    fingerprint: String
  ) -> JSON {
    var object: [(String, JSON)] = [("ruleId", .string(finding.ruleID))]
    if let ruleIndex { object.append(("ruleIndex", .int(ruleIndex))) }
    object.append(("level", .string(level(severity))))
    object.append(("message", .object([("text", .string(finding.message))])))
    var location: [(String, JSON)] = [
      (
        "physicalLocation",
        physicalLocation(
          uri: uri, line: finding.location.line, column: finding.location.column,
          endColumn: finding.endColumn)
      )
    ]
    if !finding.logicalPath.isEmpty {
      let last = finding.logicalPath.split(separator: "/").last.map(String.init) ?? ""
      location.append(
        (
          "logicalLocations",
          .array([
            .object([
              ("name", .string(last)), ("fullyQualifiedName", .string(finding.logicalPath)),
              ("kind", .string("object")),
            ])
          ])
        ))
    }
    object.append(("locations", .array([.object(location)])))
    object.append(("partialFingerprints", .object([(fingerprintKey, .string(fingerprint))])))
    return .object(object)
  }

  private static func physicalLocation(
    uri: String, line: Int, column: Int, endColumn: Int?
  ) -> JSON {
    var region: [(String, JSON)] = [("startLine", .int(line)), ("startColumn", .int(column))]
    if let endColumn {
      region += [("endLine", .int(line)), ("endColumn", .int(endColumn))]
    }
    return .object([
      ("artifactLocation", artifactLocation(uri)),
      ("region", .object(region)),
    ])
  }

  /// A relative URI names `%SRCROOT%` as its base; a `file:` URI stands alone.
  private static func artifactLocation(_ uri: String) -> JSON {
    if uri.hasPrefix("file:") { return .object([("uri", .string(uri))]) }
    return .object([("uri", .string(uri)), ("uriBaseId", .string(sourceRootID))])
  }

  /// An input that could not be checked, as a `toolExecutionNotifications` entry.
  private static func json(for failure: ReportFailure, in report: FindingReport) -> JSON {
    var object: [(String, JSON)] = [
      ("level", .string("error")), ("message", .object([("text", .string(failure.message))])),
    ]
    if let location = failure.error.location {
      let physical = physicalLocation(
        uri: uri(location.path, in: report), line: location.line, column: location.column,
        endColumn: nil)
      object.append(("locations", .array([.object([("physicalLocation", physical)])])))
    }
    return .object(object)
  }

  /// How the configuration file changed the rules (`ruleConfigurationOverrides`).
  private static func ruleOverrides(_ rules: [ReportRule]) -> [JSON] {
    rules.enumerated().compactMap { index, rule -> JSON? in
      var changed: [(String, JSON)] = []
      if let enabled = rule.configuredEnabled { changed.append(("enabled", .bool(enabled))) }
      if let severity = rule.configuredSeverity {
        changed.append(("level", .string(level(severity))))
      }
      guard !changed.isEmpty else { return nil }
      return .object([
        ("configuration", .object(changed)),
        ("descriptor", .object([("id", .string(rule.id)), ("index", .int(index))])),
      ])
    }
  }
}
