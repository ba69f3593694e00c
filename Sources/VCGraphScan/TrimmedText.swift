import SwiftSyntax

extension SyntaxProtocol {
  /// The node's source text without the leading trivia of its first token and the trailing
  /// trivia of its last: `trimmedDescription`'s text, read from the parsed bytes
  /// (`syntaxTextBytes`) instead of building two trimmed copies of the node to print one. A
  /// node with missing or unexpected parts (`hasError`), or with any byte outside ASCII, gets
  /// `trimmedDescription` itself, so the text is always the same (`TrimmedTextTests`).
  package var trimmedText: String {
    guard !hasError else { return trimmedDescription }
    let bytes = syntaxTextBytes
    let leading = leadingTriviaLength.utf8Length
    let end = bytes.count - trailingTriviaLength.utf8Length
    guard leading <= end else { return trimmedDescription }
    let text = bytes[leading..<end]
    guard text.allSatisfy({ $0 < 0x80 }) else { return trimmedDescription }
    return String(decoding: text, as: UTF8.self)
  }
}
