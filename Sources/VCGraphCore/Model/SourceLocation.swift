/// A position in an input file: 1-based line and column, as editors and compilers print them.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The input's path as the user spelled it (`-` for standard input).
  public var path: String
  /// 1-based line.
  public var line: Int
  /// 1-based column, counted in Unicode scalars.
  public var column: Int

  public init(path: String, line: Int, column: Int) {
    self.path = path
    self.line = line
    self.column = column
  }

  public var description: String { "\(path):\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
  }
}
