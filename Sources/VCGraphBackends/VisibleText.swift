/// How text backends show user text that holds control characters: nothing in an id or a
/// title may break a line, a table row or a label.
public enum VisibleText {
  /// The text with C0 controls and DEL as their Unicode control pictures (␊ for a newline,
  /// ␉ for a tab, ␡), and C1 controls and the Unicode line and paragraph separators as
  /// U+FFFD.
  public static func of(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let picture = controlPicture(scalar) {
        result.unicodeScalars.append(picture)
      } else if (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028
        || scalar.value == 0x2029
      {
        result.unicodeScalars.append("\u{FFFD}")
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The control picture of a C0 control character or DEL.
  static func controlPicture(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value)
    case 0x7F: Unicode.Scalar(0x2421)
    default: nil
    }
  }
}
