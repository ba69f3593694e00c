import Foundation

/// The input formats vcgraph reads, and how an input's format is found.
public enum InputFormats {
  /// Every reader, in the order their extensions are listed and their content checks are
  /// tried. A new input format is a `HierarchyReader` and one line here.
  public static let readers: [any HierarchyReader.Type] = [
    DescriptionLoader.self,
    DumpReader.self,
    StoryboardHierarchyReader.self,
  ]

  /// The reader for an input nothing recognises: YAML has no signature, and the description
  /// loader's errors say what a description needs.
  public static let fallback: any HierarchyReader.Type = DescriptionLoader.self

  /// Every registered extension, in `readers` order.
  public static var extensions: [String] { readers.flatMap { $0.extensions } }

  /// The reader for an input: the one whose extensions name the path's extension, else the
  /// first that recognises the content, else `fallback`.
  public static func reader(forPath path: String, bytes: [UInt8]) -> any HierarchyReader.Type {
    let ext = (path as NSString).pathExtension.lowercased()
    if let named = readers.first(where: { $0.extensions.contains(ext) }) { return named }
    return readers.first { $0.recognizes(bytes) } ?? fallback
  }

  /// Whether a file found inside a directory given as input is an input: its extension
  /// names a format and its content is of that format.
  public static func belongsInDirectory(path: String, bytes: [UInt8]) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    guard let named = readers.first(where: { $0.extensions.contains(ext) }) else { return false }
    return named.belongsInDirectory(bytes)
  }

  /// Reads an input with the reader its path or content calls for.
  public static func read(
    bytes: [UInt8], path: String, options: ReadOptions = .default
  ) throws(VCGraphError) -> Hierarchy {
    try reader(forPath: path, bytes: bytes).read(bytes: bytes, path: path, options: options)
  }
}
