/// Findings recorded to be tolerated (`check --write-baseline`, `check --baseline`): each by
/// rule, file and its `FindingPath`, never by line, so that edits elsewhere in a file keep
/// matching. A baseline is a multiset: an entry absorbs one finding, so a second finding of the
/// same rule on the same controller is new.
public struct Baseline: Sendable, Equatable {
  /// One tolerated finding.
  public struct Entry: Sendable, Hashable, Comparable {
    public var rule: String
    /// The input's path relative to the baseline file's directory (`WorkspacePath.relative`;
    /// in a version 1 baseline, to the working directory).
    public var path: String
    /// Where in the hierarchy (`FindingPath`).
    public var controllerPath: String

    public init(rule: String, path: String, controllerPath: String) {
      self.rule = rule
      self.path = path
      self.controllerPath = controllerPath
    }

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.path, lhs.rule, lhs.controllerPath) < (rhs.path, rhs.rule, rhs.controllerPath)
    }
  }

  /// The file format's version written: 2, whose paths are relative to the baseline file's
  /// directory, so that `check` run from any directory (and a baseline named by a
  /// configuration file) matches. Version 1 (paths relative to the working directory) is read.
  public static let version = 2

  /// The version of the file read (`version` for a baseline made now).
  public private(set) var version: Int

  /// The entries, sorted.
  public private(set) var entries: [Entry]

  public init(entries: [Entry], version: Int = Baseline.version) {
    self.entries = entries.sorted()
    self.version = version
  }

  /// The JSON written by `--write-baseline`: deterministic, one entry per finding, sorted.
  public var json: JSON {
    .object([
      ("version", .int(version)),
      (
        "findings",
        .array(
          entries.map { entry in
            .object([
              ("rule", .string(entry.rule)), ("path", .string(entry.path)),
              ("controller", .string(entry.controllerPath)),
            ])
          })
      ),
    ])
  }

  /// For each entry given, whether the baseline holds it (each baseline entry absorbs one).
  public func absorbs(_ findings: [Entry]) -> [Bool] {
    var remaining: [Entry: Int] = [:]
    for entry in entries { remaining[entry, default: 0] += 1 }
    return findings.map { entry in
      guard let count = remaining[entry], count > 0 else { return false }
      remaining[entry] = count - 1
      return true
    }
  }

  /// Reads a baseline file (the JSON `json` writes), with positioned errors.
  public static func load(bytes: [UInt8], path: String) throws(VCGraphError) -> Baseline {
    if SmallYAMLFile.isEmpty(bytes) {
      throw VCGraphError.data(
        "the baseline is empty", at: SourceLocation(path: path, line: 1, column: 1),
        hint: "write one with `vcgraph check ... --write-baseline \(path)`")
    }
    let root = try SmallYAMLFile.read(bytes, path: path, what: "baselines")
    return try BaselineDecoder(path: path).decode(root)
  }
}

/// Decodes a baseline file.
struct BaselineDecoder: YAMLValueReading {
  let path: String

  func decode(_ root: YAMLNode) throws(VCGraphError) -> Baseline {
    let pairs = try mapping(root, what: "a baseline")
    try checkKeys(pairs, allowed: ["version", "findings"], in: "a baseline")
    let version = try required("version", in: pairs, at: root.mark)
    let number = try integer(version, key: "version")
    guard (1...Baseline.version).contains(number) else {
      throw error(
        "this baseline is version \(version.scalar ?? "?"); vcgraph reads versions 1 to"
          + " \(Baseline.version)", at: version.mark,
        hint: "write it again with --write-baseline")
    }
    var entries: [Baseline.Entry] = []
    for item in try sequence(try required("findings", in: pairs, at: root.mark), key: "findings") {
      let fields = try mapping(item, what: "a baseline finding")
      try checkKeys(fields, allowed: ["rule", "path", "controller"], in: "a baseline finding")
      entries.append(
        Baseline.Entry(
          rule: try string(try required("rule", in: fields, at: item.mark), key: "rule"),
          path: try string(try required("path", in: fields, at: item.mark), key: "path"),
          controllerPath: try string(
            try required("controller", in: fields, at: item.mark), key: "controller")))
    }
    return Baseline(entries: entries, version: number)
  }
}
