import Foundation

/// Loads description files (`format.md`) into a `Hierarchy`, with every error positioned.
public struct DescriptionLoader: Sendable {
  public var limits: InputLimits
  /// Kinds declared on the command line (`--class NAME=KIND`), applied before `classes`.
  public var declaredKinds: [String: ControllerKind]

  public init(limits: InputLimits = .default, declaredKinds: [String: ControllerKind] = [:]) {
    self.limits = limits
    self.declaredKinds = declaredKinds
  }

  /// Loads a description from UTF-8 bytes; `path` names it in errors.
  public func load(bytes: [UInt8], path: String) throws(VCGraphError) -> Hierarchy {
    if bytes.count > limits.maxInputBytes {
      throw VCGraphError.data(
        "the file is \(bytes.count) bytes, more than the limit of \(limits.maxInputBytes)",
        at: SourceLocation(path: path, line: 1, column: 1),
        hint: "raise it with --max-input-bytes")
    }
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      throw VCGraphError.data(
        "the file is empty", at: SourceLocation(path: path, line: 1, column: 1),
        hint: "a description needs a `window`, `windows` or `scenes` key")
    }
    try TextEncodingCheck.rejectNonUTF8Text(bytes, path: path, what: Self.formatName)
    // Decoding recurses once per nesting level (and a debug build's frame is large), so a
    // depth limit raised with --max-depth could overflow an ordinary thread's stack: read on
    // a thread whose stack fits the limit.
    let (limits, declaredKinds) = (self.limits, self.declaredKinds)
    return try LargeStack.run(depth: limits.maxDepth) { () throws(VCGraphError) -> Hierarchy in
      let root = try YAMLReader(bytes: bytes, path: path, limits: limits).read()
      var decoder = DescriptionDecoder(path: path, limits: limits, declaredKinds: declaredKinds)
      decoder.reserveCapacity(forControllersIn: bytes)
      do throws(VCGraphError) {
        return try decoder.decodeDocument(root)
      } catch {
        throw decoder.problems.finish(error)
      }
    }
  }

  /// Loads a steps file (`steps:`, and `classes:` for its inline controllers) to apply to
  /// `hierarchy` (any input's): the steps of `simulate --steps FILE`.
  public func loadSteps(
    bytes: [UInt8], path: String, for hierarchy: Hierarchy
  ) throws(VCGraphError) -> [Step] {
    if bytes.count > limits.maxInputBytes {
      throw VCGraphError.data(
        "the file is \(bytes.count) bytes, more than the limit of \(limits.maxInputBytes)",
        at: SourceLocation(path: path, line: 1, column: 1),
        hint: "raise it with --max-input-bytes")
    }
    try TextEncodingCheck.rejectNonUTF8Text(bytes, path: path, what: "steps files")
    let (limits, declaredKinds) = (self.limits, self.declaredKinds)
    return try LargeStack.run(depth: limits.maxDepth) { () throws(VCGraphError) -> [Step] in
      let root = try YAMLReader(bytes: bytes, path: path, limits: limits).read()
      var decoder = DescriptionDecoder(path: path, limits: limits, declaredKinds: declaredKinds)
      decoder.hierarchy.superclasses = hierarchy.superclasses
      return try decoder.decodeStepsDocument(root)
    }
  }

  /// Loads a description from text.
  public func load(text: String, path: String) throws(VCGraphError) -> Hierarchy {
    try load(bytes: Array(text.utf8), path: path)
  }
}

extension DescriptionLoader: HierarchyReader {
  public static let formatName = "descriptions"
  public static let extensions = ["yaml", "yml"]

  /// Never by content: YAML has no signature. A description is read by its extension, or as
  /// `InputFormats.fallback` when no reader recognises an input.
  public static func recognizes(_ bytes: [UInt8]) -> Bool { false }

  /// A `.yaml` file in a directory is a description when a line starts with one of the keys
  /// a description needs (`window:`, `windows:`, `scenes:`, `detached:`), or when it is one
  /// flow mapping (`{ window: ... }`) that names one; a workflow or other YAML is not.
  public static func belongsInDirectory(_ bytes: [UInt8]) -> Bool {
    let keys = ["window", "windows", "scenes", "detached"].map { Array($0.utf8) }
    var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var firstContent = true
    while lineStart < bytes.count {
      let end = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
      var line = bytes[lineStart..<end]
      if line.first == 0x22 || line.first == 0x27 { line = line.dropFirst() }
      for key in keys where line.starts(with: key) {
        let rest = line.dropFirst(key.count).drop { $0 == 0x22 || $0 == 0x27 || $0 == 0x20 }
        if rest.first == 0x3A { return true }
      }
      let trimmed = line.drop { $0 == 0x20 }
      if firstContent, let first = trimmed.first, first != 0x23, first != 0x0D {
        firstContent = false
        if first == 0x7B {
          let text = String(decoding: bytes[lineStart...], as: UTF8.self)
          return ["window", "scenes", "detached"].contains { text.contains($0) }
        }
      }
      lineStart = end + 1
    }
    return false
  }

  public static func read(
    bytes: [UInt8], path: String, options: ReadOptions
  ) throws(VCGraphError) -> Hierarchy {
    try DescriptionLoader(limits: options.limits, declaredKinds: options.declaredKinds)
      .load(bytes: bytes, path: path)
  }
}
