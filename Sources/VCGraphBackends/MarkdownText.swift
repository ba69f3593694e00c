/// Text made safe for GitHub-flavoured Markdown (CommonMark with tables), shown literally.
enum MarkdownText {
  /// Characters that can start Markdown syntax inside a line; each is written with a
  /// backslash (CommonMark lets any ASCII punctuation be escaped so). `$` is GitHub's math.
  private static let special: Set<Unicode.Scalar> = [
    "\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "#", "!", "~", "$",
  ]

  /// Plain text: punctuation that could start emphasis, links, HTML, entities or table cells
  /// is escaped, and control characters (a newline included, which would end a table row or
  /// a heading) become their Unicode control pictures.
  static func text(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in VisibleText.of(text).unicodeScalars {
      if special.contains(scalar) { result += "\\" }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  /// An identifier as inline code, in a table cell when `inTable`.
  ///
  /// The fence is one backtick longer than the longest run inside, and a space pads content
  /// that starts or ends with a backtick or with spaces on both sides (CommonMark strips one
  /// from each side). In a table a `|` is written `\|`, which GitHub's tables read as part of
  /// the cell even inside code; a `\` right before a `|` cannot be written so, and that rare
  /// text is written as escaped plain text instead.
  static func code(_ text: String, inTable: Bool = false) -> String {
    var content = VisibleText.of(text)
    if inTable {
      if content.contains("\\|") { return Self.text(content) }
      content = content.replacingPipes()
    }
    var longest = 0
    var run = 0
    for scalar in content.unicodeScalars {
      run = scalar == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let allSpaces = content.unicodeScalars.allSatisfy { $0 == " " }
    let pad =
      content.hasPrefix("`") || content.hasSuffix("`")
      || (content.hasPrefix(" ") && content.hasSuffix(" ") && !allSpaces)
    return pad ? "\(fence) \(content) \(fence)" : "\(fence)\(content)\(fence)"
  }
}

extension String {
  fileprivate func replacingPipes() -> String {
    var result = ""
    for scalar in unicodeScalars {
      if scalar == "|" { result += "\\" }
      result.unicodeScalars.append(scalar)
    }
    return result
  }
}
