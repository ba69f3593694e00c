import VCGraphCore

/// Text made safe for XML 1.0 attribute values and character data, shown literally: the five
/// predefined entities for `&`, `<`, `>`, `"` and `'`; tab, line feed and carriage return as
/// character references (an attribute value keeps them then, instead of having them
/// normalised to spaces); every other character vcgraph's text policy refuses as its
/// `ControlCharacters.picture(of:)` (the C0 controls and DEL as control pictures, C1 controls,
/// U+2028, U+2029, U+FFFE and U+FFFF as U+FFFD). Used by every XML reporter.
enum XMLText {
  static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t": out += "&#9;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      default:
        out.unicodeScalars.append(ControlCharacters.picture(of: scalar) ?? scalar)
      }
    }
    return out
  }

  /// `name="value"` with the value escaped.
  static func attribute(_ name: String, _ value: String) -> String {
    "\(name)=\"\(escaped(value))\""
  }

  /// The declaration every XML report starts with.
  static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
