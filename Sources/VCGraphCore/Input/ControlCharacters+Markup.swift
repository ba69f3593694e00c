extension ControlCharacters {
  /// Where escaped text goes in an HTML or XML document. The markup characters are escaped
  /// in every context; the contexts differ only in what the document's grammar asks of
  /// quotes and line breaks, and a refused character is always its `picture(of:)`.
  public enum MarkupContext: Sendable, CaseIterable {
    /// HTML text and double- or single-quoted attribute values (the review page): `&`, `<`,
    /// `>`, `"` and `'` as `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`; every refused
    /// character (tab and line feed too: the page's text is one line each) as its picture.
    case html
    /// XML 1.0 attribute values and character data (the JUnit and Checkstyle reports): the
    /// five predefined entities (`&apos;` for `'`), and tab, line feed and carriage return as
    /// `&#9;`, `&#10;` and `&#13;` (an attribute value keeps them then, instead of having
    /// them normalised to spaces); every other refused character as its picture.
    case xml
    /// XML character data shown as one line (an SVG's `<title>` and `<desc>`, which screen
    /// readers speak): `&`, `<` and `>` escaped, quotes kept, tab and line feed as spaces;
    /// every other refused character as its picture.
    case xmlLine
  }

  /// `text` made safe for `context` and shown literally: nothing in it can end an element or
  /// an attribute value, start a tag or an entity, or put a character into the document that
  /// XML 1.0 does not allow. Escaping goes by Unicode scalar, as HTML and XML parsers read:
  /// a quote followed by a combining mark (one `Character` in Swift) still ends a quoted
  /// attribute value there, so it is escaped too. O(n); text with nothing to escape is
  /// handed back as it is.
  public static func markup(_ text: String, for context: MarkupContext) -> String {
    guard text.utf8.contains(where: { mayStartRefused($0) || isMarkupByte($0) }) else {
      return text
    }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if let replacement = markupReplacement(of: scalar, for: context) {
        out += replacement
      } else {
        out.unicodeScalars.append(picture(of: scalar) ?? scalar)
      }
    }
    return out
  }

  private static func isMarkupByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
      UInt8(ascii: "'"):
      true
    default: false
    }
  }

  /// What `scalar` is written as in `context` when it is not written as itself or as its
  /// picture.
  private static func markupReplacement(
    of scalar: Unicode.Scalar, for context: MarkupContext
  ) -> String? {
    switch scalar {
    case "&": return "&amp;"
    case "<": return "&lt;"
    case ">": return "&gt;"
    default: break
    }
    switch context {
    case .html:
      switch scalar {
      case "\"": return "&quot;"
      case "'": return "&#39;"
      default: return nil
      }
    case .xml:
      switch scalar {
      case "\"": return "&quot;"
      case "'": return "&apos;"
      case "\t": return "&#9;"
      case "\n": return "&#10;"
      case "\r": return "&#13;"
      default: return nil
      }
    case .xmlLine:
      switch scalar {
      case "\t", "\n": return " "
      default: return nil
      }
    }
  }
}
