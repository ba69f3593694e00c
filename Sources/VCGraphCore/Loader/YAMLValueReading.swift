/// A reader of YAML nodes that reports each mistake at the node's position in `path`: the
/// description decoder, the configuration file and the baseline share its typed value readers
/// (`DescriptionDecoder+Values.swift`) and so give the same errors and hints.
protocol YAMLValueReading {
  /// The input's path, for error locations.
  var path: String { get }
  /// Where independent errors are collected, for a reader that reports them together.
  var collectedProblems: DecodingProblems? { get }
}

extension YAMLValueReading {
  func loc(_ mark: Mark) -> SourceLocation { mark.location(in: path) }
  var collectedProblems: DecodingProblems? { nil }
}

extension DescriptionDecoder: YAMLValueReading {
  var collectedProblems: DecodingProblems? { problems }
}

/// Reads a small YAML (or JSON) file of vcgraph's own, such as `.vcgraph.yml` or a baseline,
/// with the description reader's limits and errors.
enum SmallYAMLFile {
  /// Whether the text holds no YAML node: only blank lines and comments.
  static func isEmpty(_ bytes: [UInt8]) -> Bool {
    var inComment = false
    for byte in bytes {
      if byte == 0x0A {
        inComment = false
      } else if !inComment && byte == UInt8(ascii: "#") {
        inComment = true  // the first thing on its line, or the loop would have returned
      } else if !inComment && byte != 0x20 && byte != 0x09 && byte != 0x0D {
        return false
      }
    }
    return true
  }

  /// The root node of a file's single document.
  static func read(
    _ bytes: [UInt8], path: String, what: String
  ) throws(VCGraphError) -> YAMLNode {
    try TextEncodingCheck.rejectNonUTF8Text(bytes, path: path, what: what)
    return try YAMLReader(bytes: bytes, path: path, limits: .default).read()
  }
}
