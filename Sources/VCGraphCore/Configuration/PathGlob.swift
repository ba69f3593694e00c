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
  public func matches(_ relativePath: String) -> Bool {
    let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true)
    guard !components.isEmpty else { return false }
    return Self.match(components[...], parts[...], prefixIsEnough: true)
  }

  private static func match(
    _ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>, prefixIsEnough: Bool
  ) -> Bool {
    guard let first = pattern.first else { return path.isEmpty || prefixIsEnough }
    if first == "**" {
      var rest = path
      while true {
        if match(pattern.dropFirst(), rest, prefixIsEnough: prefixIsEnough) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    }
    guard let component = path.first, matchComponent(Array(first), Array(component)) else {
      return false
    }
    return match(pattern.dropFirst(), path.dropFirst(), prefixIsEnough: prefixIsEnough)
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
