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

/// A YAML document of the subset vcgraph reads (scalars, mappings and sequences with their
/// marks), stored flat so that a million controllers do not cost a million small arrays:
/// each mapping's pairs lie side by side in `pairs`, each sequence's items in `items`, and
/// every scalar's text is an index into `strings`, where keys and repeated long values (class
/// names) are stored once. `YAMLNode` and `YAMLPair` are light handles into it. The reader
/// builds it; the decoder walks it, and it is freed when decoding is done.
final class YAMLDocument {
  /// One node: what it is, where it starts, and its text or its children.
  struct Record {
    enum Kind: UInt8 {
      case plainScalar, quotedScalar, mapping, sequence
    }

    var mark: Mark
    /// A scalar's index in `strings`; a container's first child in `pairs` or `items`.
    var payload: Int32
    /// A container's number of children.
    var count: Int32
    var kind: Kind

    /// "a scalar", "a mapping" or "a list", for messages.
    var kindDescription: String {
      switch kind {
      case .plainScalar, .quotedScalar: "a scalar"
      case .mapping: "a mapping"
      case .sequence: "a list"
      }
    }
  }

  /// One mapping entry: the key's index in `strings`, where the key starts, and the value.
  struct PairRecord {
    var key: Int32
    var keyMark: Mark
    var value: Record
  }

  // Constants once read, so that the decoder's reads need no exclusivity checks.
  let strings: [String]
  let items: [Record]
  let pairs: [PairRecord]

  init(strings: [String], items: [Record], pairs: [PairRecord]) {
    self.strings = strings
    self.items = items
    self.pairs = pairs
  }
}

/// A node of a `YAMLDocument`.
struct YAMLNode {
  enum Value {
    /// A scalar's text exactly as written; `plain` is false for quoted and block scalars.
    case scalar(String, plain: Bool)
    case mapping(YAMLPairs)
    case sequence(YAMLItems)
  }

  let document: YAMLDocument
  let record: YAMLDocument.Record

  var mark: Mark { record.mark }

  var value: Value {
    switch record.kind {
    case .plainScalar: .scalar(document.strings[Int(record.payload)], plain: true)
    case .quotedScalar: .scalar(document.strings[Int(record.payload)], plain: false)
    case .mapping:
      .mapping(YAMLPairs(document: document, start: Int(record.payload), count: Int(record.count)))
    case .sequence:
      .sequence(YAMLItems(document: document, start: Int(record.payload), count: Int(record.count)))
    }
  }

  /// The scalar text, if this is a scalar.
  var scalar: String? {
    switch record.kind {
    case .plainScalar, .quotedScalar: document.strings[Int(record.payload)]
    case .mapping, .sequence: nil
    }
  }

  /// "a scalar", "a mapping" or "a list", for messages.
  var kindDescription: String { record.kindDescription }
}

/// One key and value of a mapping; keys are scalars.
struct YAMLPair {
  let document: YAMLDocument
  let record: YAMLDocument.PairRecord

  var key: String { document.strings[Int(record.key)] }
  var keyMark: Mark { record.keyMark }
  var value: YAMLNode { YAMLNode(document: document, record: record.value) }
}

/// The pairs of one mapping, in document order.
struct YAMLPairs: RandomAccessCollection {
  let document: YAMLDocument
  let start: Int
  let count: Int

  /// No pairs (a controller written as a bare class name).
  init(empty document: YAMLDocument) {
    self.init(document: document, start: 0, count: 0)
  }

  init(document: YAMLDocument, start: Int, count: Int) {
    self.document = document
    self.start = start
    self.count = count
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> YAMLPair {
    YAMLPair(document: document, record: document.pairs[start + position])
  }
}

/// The items of one sequence, in document order.
struct YAMLItems: RandomAccessCollection {
  let document: YAMLDocument
  let start: Int
  let count: Int

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> YAMLNode {
    YAMLNode(document: document, record: document.items[start + position])
  }
}
