/// What every reader is given besides the bytes: the limits on what one input may contain and
/// the kinds declared for custom classes on the command line (`--class NAME=KIND`), which a
/// reader applies before any kind it reads or infers.
public struct ReadOptions: Sendable, Equatable {
  /// What one input may contain.
  public var limits: InputLimits
  /// Custom class name to kind, applied before what the input says or a reader infers.
  public var declaredKinds: [String: ControllerKind]
  /// Folders where a reader looks for the files an input refers to (storyboard references),
  /// after the input's own folder.
  public var searchFolders: [String]

  public init(
    limits: InputLimits = .default, declaredKinds: [String: ControllerKind] = [:],
    searchFolders: [String] = []
  ) {
    self.limits = limits
    self.declaredKinds = declaredKinds
    self.searchFolders = searchFolders
  }

  /// The default limits and no declared kinds.
  public static let `default` = ReadOptions()
}

/// One input format: how it is recognised and how it becomes a `Hierarchy`.
///
/// A reader positions every error (`VCGraphError` with a location, kind `dataError`), checks
/// `options.limits` while it reads (never a crash or a hang on hostile input), and fills
/// `Controller.location` and `keyLocations` so findings point into the input. Readers are
/// registered in `InputFormats.readers`; adding a format is a new reader and one line there.
public protocol HierarchyReader: Sendable {
  /// The format's name, plural, for messages ("descriptions", "dumps").
  static var formatName: String { get }
  /// File extensions (lowercased, without the dot) that name this format. An input with one
  /// of them is read by this reader whatever its content; a directory given as input yields
  /// the files with any registered extension.
  static var extensions: [String] { get }
  /// Whether the input looks like this format, for an input whose extension names no format
  /// (standard input, `.log`, no extension). Should look at little more than the start.
  static func recognizes(_ bytes: [UInt8]) -> Bool
  /// Whether a file with one of `extensions`, found inside a directory given as input, is an
  /// input of this format: a stray `notes.txt` or `ci.yml` is not. `recognizes` by default.
  static func belongsInDirectory(_ bytes: [UInt8]) -> Bool
  /// Reads one input; `path` names it in errors and becomes `Hierarchy.path`.
  static func read(
    bytes: [UInt8], path: String, options: ReadOptions
  ) throws(VCGraphError) -> Hierarchy
}

extension HierarchyReader {
  public static func belongsInDirectory(_ bytes: [UInt8]) -> Bool { recognizes(bytes) }
}
