import Foundation
import SwiftParser
import SwiftSyntax
import VCGraphCore
import VCGraphScan

/// `vcgraph lint`'s engine (run by `vcgraph-swift lint`): parses the Swift files in parallel,
/// once each; every rule's check reads the tree and leaves candidates, the file's types and
/// suppression comments are kept, the tree is dropped; then the candidates are decided with
/// every file's types known and the suppressed ones left out. A file SwiftSyntax cannot parse
/// cleanly is still read: the parser recovers around what it does not understand (missing
/// braces, code of a newer Swift) and the rules see the rest; only an unreadable file, or one
/// over `maxFileBytes`, is a problem.
public struct Linter: Sendable {
  /// Files larger than this are not parsed (reported): generated sources of many megabytes.
  public var maxFileBytes = 8 << 20

  public init() {}

  /// Every rule with a check over Swift code, in `LintRules.rules` order.
  package static let checks: [any LintCheck.Type] = LintRules.rules.compactMap {
    $0 as? any LintCheck.Type
  }

  /// What one file leaves for the decisions.
  struct FileOutcome: Sendable {
    var types: [TypeFact] = []
    var candidates: [(rule: Rule, candidate: LintCandidate)] = []
    var facts: [String: Set<String>] = [:]
    var suppression: Suppression? = nil
    var problems: [String] = []
    var lines = 0
    var read = false
  }

  /// Lints the files at `paths` (findings carry the paths as given).
  public func lint(_ paths: [String]) -> LintResult {
    // The files' types are merged while later files are parsed.
    let table = TypeTable.Merging(count: paths.count)
    let limit = maxFileBytes
    let outcomes = parallelMap(paths.count) { index in
      let path = paths[index]
      let outcome: FileOutcome
      // A regular file only, never blocking (a FIFO named `x.swift`), at most `limit` bytes,
      // as the scan reads.
      do throws(VCGraphError) {
        let bytes = try InputFileReading.read(path, limit: limit)
        outcome = Self.outcome(source: bytes, path: path)
      } catch {
        let message = error.location == nil ? error.message : "\(path): \(error.message)"
        outcome = FileOutcome(problems: [message + "; not read"])
      }
      table.add(index, outcome.types)
      return outcome
    }
    return Self.decide(outcomes, table: table.finish())
  }

  /// Lints source texts given as `(path, text)` (tests and tools); `skipping: false` walks
  /// every function's body (what `LintFile`'s skipping is compared with).
  public static func lint(sources: [(String, String)], skipping: Bool = true) -> LintResult {
    decide(sources.map { outcome(source: Array($0.1.utf8), path: $0.0, skipping: skipping) })
  }

  static let knownIDs = Set(Rule.all.map(\.rawValue))

  /// One file: parse, collect its types, run every check, read its suppression comments.
  static func outcome(source: [UInt8], path: String, skipping: Bool = true) -> FileOutcome {
    let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let file = LintFile(path: path, tree: tree, source: source, skipping: skipping)
    var outcome = FileOutcome(
      types: Declarations.of(tree, file: path, lines: file.lines), read: true)
    for check in checks {
      outcome.candidates += check.candidates(in: file).map { (check.rule, $0) }
      outcome.facts.merge(check.facts(in: file)) { $0.union($1) }
    }
    // Most files have no command: their tokens' comments are not read at all.
    if Self.mentionsPrefix(source) {
      let suppression = Suppression(file, knownIDs: knownIDs)
      outcome.problems = suppression.problems
      outcome.suppression = suppression
    }
    outcome.lines = file.lines.lineCount(tree)
    return outcome
  }

  /// Whether the source holds `vcgraph:` anywhere.
  static func mentionsPrefix(_ source: [UInt8]) -> Bool {
    let prefix = Array(Suppression.prefix.utf8)
    guard source.count >= prefix.count else { return false }
    var index = 0
    while index <= source.count - prefix.count {
      if source[index] == prefix[0], source[index..<index + prefix.count].elementsEqual(prefix) {
        return true
      }
      index += 1
    }
    return false
  }

  /// The findings once every file's types are known.
  /// `table`: the table of the outcomes' types, in order (made while the files were parsed).
  static func decide(_ outcomes: [FileOutcome], table: TypeTable? = nil) -> LintResult {
    var facts: [String: Set<String>] = [:]
    for outcome in outcomes { facts.merge(outcome.facts) { $0.union($1) } }
    let types = LintTypes(table ?? TypeTable(outcomes.flatMap(\.types)), facts: facts)
    var findings: [Finding] = []
    for outcome in outcomes {
      for (rule, candidate) in outcome.candidates {
        if outcome.suppression?.suppresses(rule.rawValue, at: candidate.location) == true {
          continue
        }
        guard let decision = candidate.decide(types) else { continue }
        var finding = Finding(
          rule, decision.message, at: candidate.location, uikitMessage: decision.uikitMessage)
        finding.place = candidate.place
        findings.append(finding)
      }
    }
    findings.sort {
      ($0.location.path, $0.location.line, $0.location.column, $0.rule.rawValue)
        < ($1.location.path, $1.location.line, $1.location.column, $1.rule.rawValue)
    }
    return LintResult(
      findings: findings, problems: outcomes.flatMap(\.problems),
      files: outcomes.filter(\.read).count, lines: outcomes.reduce(0) { $0 + $1.lines })
  }
}
