/// Percent-encoding (RFC 3986 §2.1), written once: every byte of the text's UTF-8 that the
/// context does not keep becomes `%XX` with uppercase hex digits. Each output that needs it
/// says which bytes it keeps: a relative link (`WorkspacePath.uri`), a Markdown link
/// destination, a GitHub Actions workflow command's data and properties.
public enum PercentEncoding {
  /// `text` with every UTF-8 byte for which `keeps` is false percent-encoded. Keeping a byte
  /// of 0x80 or more keeps the scalars it belongs to (`keeps` sees each byte alone).
  public static func encoded(_ text: String, keeping keeps: (UInt8) -> Bool) -> String {
    guard !text.utf8.allSatisfy(keeps) else { return text }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      if keeps(byte) {
        out.append(byte)
      } else {
        out.append(UInt8(ascii: "%"))
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether a byte is an RFC 3986 unreserved character (`A–Z a–z 0–9 - . _ ~`).
  public static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
