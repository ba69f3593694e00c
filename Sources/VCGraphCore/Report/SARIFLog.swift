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

  /// One finding placed for the log.
  public struct Result: Sendable {
    public var finding: Finding
    /// The level reported (the finding's severity, or error for a warning with
    /// `--warnings-as-errors`).
    public var level: Severity
    /// The input as a URI relative to the source root (`WorkspacePath.sourceRoot`), or an
    /// absolute `file:` URI for an input outside it.
    public var uri: String
    /// The column just past the region's end on the finding's line.
    public var endColumn: Int
    /// Where in the hierarchy (`FindingPath`).
    public var controllerPath: String

    public init(
      finding: Finding, level: Severity, uri: String, endColumn: Int, controllerPath: String
    ) {
      self.finding = finding
      self.level = level
      self.uri = uri
      self.endColumn = endColumn
      self.controllerPath = controllerPath
    }
  }

  /// An input that could not be checked (`toolExecutionNotifications`).
  public struct Notification: Sendable {
    public var message: String
    public var uri: String?
    public var line: Int?
    public var column: Int?

    public init(message: String, uri: String?, line: Int?, column: Int?) {
      self.message = message
      self.uri = uri
      self.line = line
      self.column = column
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

  /// The whole log.
  /// `sourceRoot` is the absolute directory relative URIs are relative to.
  public static func document(
    tool: Tool, rules: [Rule] = Rule.all, configuration: RuleConfiguration,
    results: [Result], notifications: [Notification], sourceRoot: String
  ) -> JSON {
    let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.rawValue, $0) })
    var invocation: [(String, JSON)] = [("executionSuccessful", .bool(notifications.isEmpty))]
    let overrides = ruleOverrides(rules: rules, configuration: configuration)
    if !overrides.isEmpty { invocation.append(("ruleConfigurationOverrides", .array(overrides))) }
    if !notifications.isEmpty {
      invocation.append(("toolExecutionNotifications", .array(notifications.map(json(for:)))))
    }
    var occurrences: [String: Int] = [:]
    let resultObjects = results.map { result -> JSON in
      let identity = [
        result.finding.rule.rawValue, result.uri,
        result.controllerPath.isEmpty
          ? result.finding.message.filter { !$0.isNumber } : result.controllerPath,
      ].joined(separator: "\n")
      occurrences[identity, default: 0] += 1
      return json(
        for: result, ruleIndex: index[result.finding.rule.rawValue],
        fingerprint: FindingPath.hash(identity + "\n\(occurrences[identity]!)"))
    }
    let driver: JSON = .object([
      ("name", .string(tool.name)),
      ("version", .string(tool.version)),
      ("semanticVersion", .string(tool.version)),
      ("rules", .array(rules.map { descriptor(for: $0, tool: tool) })),
    ])
    let run: JSON = .object([
      ("tool", .object([("driver", driver)])),
      ("invocations", .array([.object(invocation)])),
      (
        "originalUriBaseIds",
        .object([
          (sourceRootID, .object([("uri", .string(WorkspacePath.directoryURI(sourceRoot)))]))
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

  /// A rule's `reportingDescriptor`.
  static func descriptor(for rule: Rule, tool: Tool) -> JSON {
    let docs = rule.documentation
    var configuration: [(String, JSON)] = [("level", .string(level(rule.severity)))]
    if rule.isOptIn { configuration.insert(("enabled", .bool(false)), at: 0) }
    let problemSeverity =
      switch rule.severity {
      case .error: "error"
      case .warning: "warning"
      case .info: "recommendation"
      }
    let link: [(String, JSON)] =
      tool.rulesURI.map {
        [("helpUri", .string($0 + "#" + rule.readmeAnchor))]
      } ?? []
    return .object(
      [
        ("id", .string(rule.rawValue)),
        ("name", .string(name(of: rule))),
        (
          "shortDescription",
          .object([
            ("text", .string(RuleReference.plain(rule.summary))),
            ("markdown", .string(rule.summary)),
          ])
        ),
        (
          "fullDescription",
          .object([
            ("text", .string(RuleReference.plain(docs.uikit))), ("markdown", .string(docs.uikit)),
          ])
        ),
        ("defaultConfiguration", .object(configuration)),
      ] + link + [
        (
          "help",
          .object([
            ("text", .string(RuleReference.text(rule))),
            ("markdown", .string(RuleReference.section(rule))),
          ])
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

  /// `view-hosted-by-non-parent` → `ViewHostedByNonParent`.
  static func name(of rule: Rule) -> String {
    rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }

  private static func json(for result: Result, ruleIndex: Int?, fingerprint: String) -> JSON {
    let finding = result.finding
    var object: [(String, JSON)] = [("ruleId", .string(finding.rule.rawValue))]
    if let ruleIndex { object.append(("ruleIndex", .int(ruleIndex))) }
    object.append(("level", .string(level(result.level))))
    object.append(("message", .object([("text", .string(finding.message))])))
    var location: [(String, JSON)] = [
      (
        "physicalLocation",
        physicalLocation(
          uri: result.uri, line: finding.location.line, column: finding.location.column,
          endColumn: max(result.endColumn, finding.location.column + 1))
      )
    ]
    if !result.controllerPath.isEmpty {
      let last = result.controllerPath.split(separator: "/").last.map(String.init) ?? ""
      location.append(
        (
          "logicalLocations",
          .array([
            .object([
              ("name", .string(last)), ("fullyQualifiedName", .string(result.controllerPath)),
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

  private static func json(for notification: Notification) -> JSON {
    var object: [(String, JSON)] = [
      ("level", .string("error")),
      ("message", .object([("text", .string(notification.message))])),
    ]
    if let uri = notification.uri {
      let physical: JSON
      if let line = notification.line, let column = notification.column {
        physical = physicalLocation(uri: uri, line: line, column: column, endColumn: nil)
      } else {
        physical = .object([("artifactLocation", artifactLocation(uri))])
      }
      object.append(("locations", .array([.object([("physicalLocation", physical)])])))
    }
    return .object(object)
  }

  /// How the configuration file changed the rules (`ruleConfigurationOverrides`).
  private static func ruleOverrides(
    rules: [Rule], configuration: RuleConfiguration
  ) -> [JSON] {
    rules.enumerated().compactMap { index, rule -> JSON? in
      var changed: [(String, JSON)] = []
      if configuration.disabled.contains(rule.rawValue) {
        changed.append(("enabled", .bool(false)))
      } else if rule.isOptIn && configuration.optedIn.contains(rule.rawValue) {
        changed.append(("enabled", .bool(true)))
      }
      if let severity = configuration.severities[rule.rawValue], severity != rule.severity {
        changed.append(("level", .string(level(severity))))
      }
      guard !changed.isEmpty else { return nil }
      return .object([
        ("configuration", .object(changed)),
        ("descriptor", .object([("id", .string(rule.rawValue)), ("index", .int(index))])),
      ])
    }
  }
}
