/// A JSON value with ordered object keys, printed deterministically.
public indirect enum JSON: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// Pretty-printed text with 2-space indentation; short arrays of scalars stay on one line.
  public func formatted(indent: Int = 0) -> String {
    let pad = String(repeating: " ", count: indent)
    let inner = String(repeating: " ", count: indent + 2)
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .string(let value): return JSON.quote(value)
    case .array(let items):
      if items.isEmpty { return "[]" }
      if items.allSatisfy(\.isScalar) {
        let line = "[" + items.map { $0.formatted() }.joined(separator: ", ") + "]"
        if line.count + indent <= 100 { return line }
      }
      return "[\n" + items.map { inner + $0.formatted(indent: indent + 2) }.joined(separator: ",\n")
        + "\n" + pad + "]"
    case .object(let pairs):
      if pairs.isEmpty { return "{}" }
      return "{\n"
        + pairs.map { inner + JSON.quote($0.0) + ": " + $0.1.formatted(indent: indent + 2) }
        .joined(separator: ",\n") + "\n" + pad + "}"
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  /// A JSON string literal.
  public static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        // Control characters, the line separators, U+FFFE/FFFF and the bidirectional
        // controls are escaped, so JSON printed to a terminal cannot drive or reorder it.
        if ControlCharacters.isEscaped(scalar) {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
