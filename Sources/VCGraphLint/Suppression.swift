import SwiftSyntax
import VCGraphCore

/// SwiftLint's suppression comments with vcgraph's prefix, read from a file's comments (never
/// from string literals): `// vcgraph:disable rule-id …` switches rules off from there to the
/// end of the file or to `// vcgraph:enable rule-id …`; `disable:next`, `disable:this` and
/// `disable:previous` (and the same for `enable`) act on the next line, the comment's own line
/// or the previous one. `all` stands for every rule. A rule id this build does not know is
/// reported (a typo would otherwise silence nothing).
struct Suppression: Sendable {
  /// One command.
  struct Command: Sendable {
    var disable: Bool
    /// nil: from here on; else the one line it acts on.
    var line: Int?
    var position: (line: Int, column: Int)
    var ids: Set<String>
  }

  private(set) var commands: [Command] = []
  /// `path:line:column: unknown rule id …` for each id no rule has.
  private(set) var problems: [String] = []

  static let prefix = "vcgraph:"

  init(_ file: LintFile, knownIDs: Set<String>) {
    for token in file.tree.tokens(viewMode: .sourceAccurate) {
      var offset = token.position
      for piece in token.leadingTrivia {
        read(piece, at: offset, in: file, knownIDs: knownIDs)
        offset = offset.advanced(by: piece.sourceLength.utf8Length)
      }
      offset = token.endPositionBeforeTrailingTrivia
      for piece in token.trailingTrivia {
        read(piece, at: offset, in: file, knownIDs: knownIDs)
        offset = offset.advanced(by: piece.sourceLength.utf8Length)
      }
    }
  }

  private mutating func read(
    _ piece: TriviaPiece, at position: AbsolutePosition, in file: LintFile,
    knownIDs: Set<String>
  ) {
    let text: String
    switch piece {
    case .lineComment(let comment): text = String(comment.dropFirst(2))
    case .blockComment(let comment): text = String(comment.dropFirst(2).dropLast(2))
    default: return
    }
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    guard let first = words.first, first.hasPrefix(Self.prefix) else { return }
    let action = first.dropFirst(Self.prefix.count).split(separator: ":")
    guard let verb = action.first, verb == "disable" || verb == "enable", action.count <= 2
    else { return }
    let location = file.location(at: position)
    var line: Int?
    switch action.count == 2 ? String(action[1]) : "" {
    case "": line = nil
    case "next": line = location.line + 1
    case "this": line = location.line
    case "previous": line = location.line - 1
    default: return
    }
    // Words after the ids (` - why`) are a comment, as in SwiftLint.
    var ids = Set<String>()
    for word in words.dropFirst() {
      if word == "-" { break }
      let id = String(word)
      if id != "all" && !knownIDs.contains(id) {
        problems.append(
          "\(file.path):\(location.line):\(location.column): unknown rule id '\(id)' in"
            + " \(first); `vcgraph rules` lists the ids")
        continue
      }
      ids.insert(id)
    }
    guard !ids.isEmpty else { return }
    commands.append(
      Command(
        disable: verb == "disable", line: line, position: (location.line, location.column),
        ids: ids))
  }

  /// Whether a finding of `rule` at `location` is switched off.
  func suppresses(_ rule: String, at location: SourceLocation) -> Bool {
    var disabled = false
    // The region commands before the finding, in order: the last one for the rule wins.
    for command in commands where command.line == nil {
      guard command.ids.contains(rule) || command.ids.contains("all") else { continue }
      if (command.position.line, command.position.column) < (location.line, location.column) {
        disabled = command.disable
      }
    }
    // A line command acts on its line whatever the regions say.
    for command in commands where command.line == location.line {
      if command.ids.contains(rule) || command.ids.contains("all") { disabled = command.disable }
    }
    return disabled
  }
}
