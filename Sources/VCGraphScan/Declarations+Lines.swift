import SwiftSyntax

extension Declarations {
  /// Every type and extension `tree` declares, as the scan collects them, with lines and
  /// columns from `lines` (the table of the bytes `tree` was parsed from).
  package static func of(
    _ tree: SourceFileSyntax, file: String, lines: SourceLines
  ) -> [TypeFact] {
    let collector = DeclarationCollector(file: file, lines: lines)
    collector.walk(tree)
    return collector.types
  }
}
