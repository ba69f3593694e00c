/// Text made safe for XML 1.0 attribute values and character data, shown literally: the five
/// predefined entities for `&`, `<`, `>`, `"` and `'`; tab, line feed and carriage return as
/// character references (an attribute value keeps them then, instead of having them
/// normalised to spaces); characters XML 1.0 does not allow at all (the other C0 controls,
/// U+FFFE, U+FFFF) as their control picture or U+FFFD. Used by every XML reporter.
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
        if let picture = VisibleText.controlPicture(scalar), scalar.value < 0x20 {
          out.unicodeScalars.append(picture)
        } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out.unicodeScalars.append("\u{FFFD}")
        } else {
          out.unicodeScalars.append(scalar)
        }
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
