/// A path pattern of a configuration file's `excluded` list, matched against paths relative to
/// the configuration file's directory: `*` matches any run of characters within one path
/// component, `?` one character, `**` any number of whole components; a pattern that matches a
/// directory matches everything inside it.
public struct PathGlob: Sendable, Equatable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  private let components: [Substring]

  public init(_ pattern: String) {
    self.pattern = pattern
    var trimmed = Substring(pattern)
    while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
  }

  public var description: String { pattern }

  /// Whether a relative path (components separated by `/`) or one of its parent directories
  /// matches.
  ///
  /// The pattern is run as a set of positions over the path's components, one component at a
  /// time: `**` keeps its position (it takes the component) and lets the next one try it too.
  /// That is O(path × pattern) component matches whatever the pattern; trying each way a
  /// `**` could split the path, as backtracking does, costs exponentially in repeated `**/`.
  public func matches(_ relativePath: String) -> Bool {
    let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true)
    guard !components.isEmpty else { return false }
    let patterns = components.map { Array($0) }
    let end = patterns.count
    // Positions reached, with those a `**` reaches by matching no component added.
    func closure(_ positions: inout [Bool]) {
      for position in 0..<end where positions[position] && components[position] == "**" {
        positions[position + 1] = true
      }
    }
    var positions = [Bool](repeating: false, count: end + 1)
    positions[0] = true
    closure(&positions)
    for part in parts {
      // A pattern used up on a prefix of the path matches that parent directory.
      if positions[end] { return true }
      let text = Array(part)
      var next = [Bool](repeating: false, count: end + 1)
      var any = false
      for position in 0..<end where positions[position] {
        if components[position] == "**" {
          next[position] = true
          any = true
        } else if Self.matchComponent(patterns[position], text) {
          next[position + 1] = true
          any = true
        }
      }
      guard any else { return false }
      closure(&next)
      positions = next
    }
    return positions[end]
  }

  /// `*` and `?` within one component.
  private static func matchComponent(_ pattern: [Character], _ text: [Character]) -> Bool {
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    while t < text.count {
      if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
        p += 1
        t += 1
      } else if p < pattern.count && pattern[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if let star {
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
