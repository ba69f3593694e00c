/// Limits on what one input may contain, checked by every reader; each is a clear error at a
/// position, never a crash or a hang. (Limits on drawing, such as label lines and layout size
/// and time, belong to the command line: `VCGraphCLI/LayoutLimits.swift`.)
public struct InputLimits: Sendable, Equatable {
  /// Bytes in one input file.
  public var maxInputBytes: Int = 32 * 1024 * 1024
  /// Nesting of mappings and sequences (a dump's levels), checked while reading.
  public var maxDepth: Int = 64
  /// Controllers in one input; in a description, controllers and views together.
  public var maxControllers: Int = 200_000
  /// Unicode scalars in one scalar value (a dump's class name).
  public var maxScalarLength: Int = 4_096

  public init() {}

  /// The defaults.
  public static let `default` = InputLimits()
}
