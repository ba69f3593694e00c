import VCGraphCore

/// Writes a `ScanResult` as the bytes `result.json.formatted() + "\n"` would be, straight into
/// one byte buffer: the scan's output of thousands of edges built as nested `JSON` values and
/// joined strings cost about 7% of the scan's instructions (BENCHMARKS.md). Keys in the order of
/// `ScanResult.json` (`Schemas/scan.v1.schema.json`); a string that is not plain printable
/// ASCII goes through `JSON.quote`, the quoting of everything vcgraph prints as JSON.
/// `ScanJSONWriterTests` compares the bytes with the formatter's.
package struct ScanJSONWriter {
  /// The bytes so far.
  package private(set) var bytes: [UInt8] = []

  package init() {}

  /// `result` as JSON, version 1, and a line feed.
  package static func bytes(_ result: ScanResult) -> [UInt8] {
    var writer = ScanJSONWriter()
    writer.bytes.reserveCapacity(256 + result.edges.count * 400 + result.controllers.count * 150)
    writer.write(result)
    return writer.bytes
  }

  mutating func write(_ result: ScanResult) {
    raw("{\n  \"version\": ")
    int(ScanResult.version)
    raw(",\n  \"controllers\": ")
    array(result.controllers) { writer, controller in writer.write(controller) }
    raw(",\n  \"edges\": ")
    array(result.edges) { writer, edge in writer.write(edge) }
    raw(",\n  \"entryPoints\": ")
    array(result.entryPoints) { writer, entry in
      writer.raw("{\n      \"type\": ")
      writer.string(entry.type)
      writer.raw(",\n      \"how\": ")
      writer.string(entry.how)
      writer.raw("\n    }")
    }
    raw("\n}\n")
  }

  /// An array of objects in the top-level object: `[]`, or one object per line at indent 4.
  private mutating func array<T>(_ items: [T], _ item: (inout ScanJSONWriter, T) -> Void) {
    guard !items.isEmpty else { return raw("[]") }
    raw("[\n")
    for (index, element) in items.enumerated() {
      raw(index == 0 ? "    " : ",\n    ")
      item(&self, element)
    }
    raw("\n  ]")
  }

  private mutating func write(_ controller: ScanController) {
    raw("{\n      \"name\": ")
    string(controller.name)
    raw(",\n      \"kind\": ")
    string(controller.kind.rawValue)
    raw(",\n      \"superclass\": ")
    optional(controller.superclass)
    raw(",\n      \"file\": ")
    string(controller.file)
    raw(",\n      \"line\": ")
    int(controller.line)
    raw("\n    }")
  }

  private mutating func write(_ edge: ScanEdge) {
    raw("{\n      \"from\": ")
    string(edge.from)
    raw(",\n      \"fromKind\": ")
    string(edge.fromKind.rawValue)
    raw(",\n      \"on\": ")
    optional(edge.on)
    raw(",\n      \"to\": ")
    optional(edge.to)
    raw(",\n      \"operation\": ")
    string(edge.operation.rawValue)
    raw(",\n      \"style\": ")
    optional(edge.style)
    raw(",\n      \"animated\": ")
    optional(edge.animated)
    raw(",\n      \"file\": ")
    string(edge.file)
    raw(",\n      \"line\": ")
    int(edge.line)
    raw(",\n      \"column\": ")
    int(edge.column)
    raw(",\n      \"via\": ")
    string(edge.via.rawValue)
    raw(",\n      \"confidence\": ")
    string(edge.confidence.rawValue)
    raw(",\n      \"reason\": ")
    optional(edge.reason)
    if let identifier = edge.identifier {
      raw(",\n      \"identifier\": ")
      string(identifier)
    }
    if let transition = edge.transition {
      raw(",\n      \"transition\": ")
      string(transition)
    }
    if let anchor = edge.anchor {
      raw(",\n      \"anchor\": ")
      string(anchor)
    }
    if let defines = edge.definesPresentationContext {
      raw(",\n      \"definesPresentationContext\": ")
      raw(defines ? "true" : "false")
    }
    if let helper = edge.helper {
      raw(",\n      \"helper\": ")
      string(helper)
    }
    raw("\n    }")
  }

  /// Text known to need no quoting (the writer's own punctuation and keys).
  private mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func int(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  private mutating func optional(_ value: String?) {
    if let value { string(value) } else { raw("null") }
  }

  private mutating func optional(_ value: Bool?) {
    switch value {
    case true?: raw("true")
    case false?: raw("false")
    case nil: raw("null")
    }
  }

  /// A JSON string: copied between quotes when every byte is printable ASCII other than `"`
  /// and `\`, else as `JSON.quote` writes it.
  private mutating func string(_ text: String) {
    // The text is copied first and checked in the array (a String's bytes one by one cost
    // 20 instructions each, half the writer's work): printable ASCII without `"` or `\`
    // stands as it is, anything else is quoted by `JSON.quote`.
    let start = bytes.count
    bytes.append(0x22)
    bytes.append(contentsOf: text.utf8)
    for index in (start + 1)..<bytes.count {
      let byte = bytes[index]
      if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C {
        bytes.removeSubrange(start...)
        bytes.append(contentsOf: JSON.quote(text).utf8)
        return
      }
    }
    bytes.append(0x22)
  }
}
