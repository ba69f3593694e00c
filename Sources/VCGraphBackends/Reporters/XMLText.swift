import VCGraphCore

/// Text made safe for XML 1.0 attribute values and character data, shown literally: the five
/// predefined entities for `&`, `<`, `>`, `"` and `'`; tab, line feed and carriage return as
/// character references (an attribute value keeps them then, instead of having them
/// normalised to spaces); every other character vcgraph's text policy refuses as its
/// `ControlCharacters.picture(of:)` (the C0 controls and DEL as control pictures, C1 controls,
/// U+2028, U+2029, U+FFFE and U+FFFF as U+FFFD). Used by every XML reporter; the policy is
/// `ControlCharacters.MarkupContext.xml`, written once in Core.
enum XMLText {
  /// `text` escaped for XML (`ControlCharacters.markup(_:for:)`, context `.xml`).
  static func escaped(_ text: String) -> String {
    ControlCharacters.markup(text, for: .xml)
  }

  /// `name="value"` with the value escaped.
  static func attribute(_ name: String, _ value: String) -> String {
    "\(name)=\"\(escaped(value))\""
  }

  /// The declaration every XML report starts with.
  static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
