/// A position inside one input, 1-based, without the path (kept small: a large description has
/// millions of nodes).
public struct Mark: Sendable, Equatable {
  public var line: Int32
  public var column: Int32

  public init(line: Int, column: Int) {
    self.line = Int32(clamping: line)
    self.column = Int32(clamping: column)
  }

  /// The full location in a file.
  public func location(in path: String) -> SourceLocation {
    SourceLocation(path: path, line: Int(line), column: Int(column))
  }
}

/// A YAML node of the subset vcgraph reads: scalars, mappings and sequences with their marks.
public struct YAMLNode: Sendable, Equatable {
  public enum Value: Sendable, Equatable {
    /// A scalar's text exactly as written; `plain` is false for quoted and block scalars.
    case scalar(String, plain: Bool)
    case mapping([YAMLPair])
    case sequence([YAMLNode])
  }

  public var value: Value
  public var mark: Mark

  public init(_ value: Value, mark: Mark) {
    self.value = value
    self.mark = mark
  }

  /// The scalar text, if this is a scalar.
  public var scalar: String? {
    if case .scalar(let text, _) = value { return text }
    return nil
  }

  /// "a string", "a mapping" or "a list", for messages.
  public var kindDescription: String {
    switch value {
    case .scalar: "a scalar"
    case .mapping: "a mapping"
    case .sequence: "a list"
    }
  }
}

/// One key and value of a mapping; keys are scalars.
public struct YAMLPair: Sendable, Equatable {
  public var key: String
  public var keyMark: Mark
  public var value: YAMLNode

  public init(key: String, keyMark: Mark, value: YAMLNode) {
    self.key = key
    self.keyMark = keyMark
    self.value = value
  }
}

/// Limits on what one input may contain; each is a clear error, never a crash or a hang.
public struct InputLimits: Sendable, Equatable {
  /// Bytes in one input file.
  public var maxInputBytes: Int = 32 * 1024 * 1024
  /// Nesting of mappings and sequences, checked while reading events.
  public var maxDepth: Int = 64
  /// Controllers in one description.
  public var maxControllers: Int = 200_000
  /// Unicode scalars in one scalar value.
  public var maxScalarLength: Int = 4_096
  /// Lines in one label drawn on a diagram.
  public var maxLabelLines: Int = 64
  /// Nodes plus edges of a diagram (after collapsing) that `render` lays out.
  public var maxLayoutNodes: Int = 5_000
  /// Seconds a layout may take; layouts of more than 300 nodes and edges run in a worker
  /// process that is stopped at this budget.
  public var layoutTimeout: Double = 60

  public init() {}

  /// The defaults.
  public static let `default` = InputLimits()
}
