/// Where each key's value of one mapping starts, for findings and errors about that key.
///
/// A compact replacement for `[String: SourceLocation]`: a description can hold a million
/// controllers, and a dictionary per controller cost more than the controller itself. Lookups
/// scan a handful of entries; all entries share one path.
public struct KeyLocations: Sendable, Equatable {
  private struct Entry: Sendable, Equatable {
    var key: String
    var line: Int32
    var column: Int32
  }

  private var path = ""
  private var entries: [Entry] = []

  public init() {}

  /// The location of a key's value, if it was written.
  public subscript(key: String) -> SourceLocation? {
    get {
      guard let entry = entries.first(where: { $0.key == key }) else { return nil }
      return SourceLocation(path: path, line: Int(entry.line), column: Int(entry.column))
    }
    set {
      let index = entries.firstIndex { $0.key == key }
      guard let newValue else {
        if let index { entries.remove(at: index) }
        return
      }
      path = newValue.path
      let entry = Entry(
        key: key, line: Int32(clamping: newValue.line), column: Int32(clamping: newValue.column))
      if let index { entries[index] = entry } else { entries.append(entry) }
    }
  }

  /// The keys written, in the order they were recorded.
  public var keys: [String] { entries.map(\.key) }

  public var isEmpty: Bool { entries.isEmpty }
}
