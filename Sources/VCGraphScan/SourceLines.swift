import SwiftSyntax

/// Lines and columns of positions in one file, as the scan reports them: 1-based lines, where
/// `\n`, `\r` and `\r\n` each end a line, and 1-based columns counted in UTF-8 bytes, the
/// same numbers as SwiftSyntax's `SourceLocationConverter` gives (`SourceLinesTests` compares
/// them on every token of the fixture apps). The scan makes its table in one pass over the
/// file's bytes: the converter walks every token of the tree to build its own, which cost the
/// scan about a tenth of the parse (BENCHMARKS.md); `vcgraph lint` reads its lines the same
/// way.
package struct SourceLines {
  /// The byte offset where each line starts; the first is 0.
  private let starts: [Int]

  /// The table of `bytes`, the file's text as parsed.
  package init(_ bytes: [UInt8]) {
    var starts = [0]
    starts.reserveCapacity(bytes.count / 32 + 1)
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      index += 1
      if byte == 0x0A {
        starts.append(index)
      } else if byte == 0x0D {
        if index < count && bytes[index] == 0x0A { index += 1 }
        starts.append(index)
      }
    }
    self.starts = starts
  }

  /// The table of lines starting at `starts` (0 first, ascending), as the bytes' would be.
  package init(starts: [Int]) {
    self.starts = starts
  }

  /// The line and column of the byte at `offset` (an offset at the end of the file is on the
  /// last line).
  package func location(_ offset: Int) -> (line: Int, column: Int) {
    // The last line start at or before `offset`.
    var low = 0
    var high = starts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= offset { low = middle } else { high = middle }
    }
    return (low + 1, offset - starts[low] + 1)
  }

  /// Where `node` starts, after its leading trivia (as `startLocation(converter:)`).
  package func start(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
    location(node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  /// The line of the end of `tree`: the file's number of lines.
  package func lineCount(_ tree: SourceFileSyntax) -> Int {
    location(tree.endPosition.utf8Offset).line
  }
}

extension SyntaxProtocol {
  /// The node's bytes in its file, trivia included: what the byte pass's offsets (marks,
  /// returns) are tested against.
  package var byteOffsets: Range<Int> { position.utf8Offset..<endPosition.utf8Offset }
}
