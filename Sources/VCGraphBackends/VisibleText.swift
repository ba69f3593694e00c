import VCGraphCore

/// How text backends show user text that holds control characters: vcgraph's one text-safety
/// policy in its diagram and document form (`ControlCharacters.pictured(_:)`).
public enum VisibleText {
  /// The text with C0 controls and DEL as their Unicode control pictures (␊ for a newline,
  /// ␉ for a tab, ␡), and C1 controls, the Unicode line and paragraph separators and the
  /// noncharacters U+FFFE and U+FFFF as U+FFFD.
  public static func of(_ text: String) -> String { ControlCharacters.pictured(text) }
}
