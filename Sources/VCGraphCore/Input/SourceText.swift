import Foundation

/// The text of an input as positions count it.
public enum SourceText {
  /// The text without a byte-order mark and with lone CR line ends made `\n`, so lines and
  /// columns match the positions errors carry (diagnostics quote lines from it).
  public static func display(_ bytes: [UInt8]) -> String {
    var slice = bytes[...]
    if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
    var text = String(decoding: slice, as: UTF8.self)
    if slice.contains(0x0D) {
      text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
        of: "\r", with: "\n")
    }
    return text
  }
}
