/// Where each key's value of one mapping starts, for findings and errors about that key.
///
/// A compact replacement for `[String: SourceLocation]`: a description can hold a million
/// controllers, and a dictionary per controller cost more than the controller itself. Up to
/// three entries whose keys are in `knownKeys` are packed inline (key, line and column in one
/// `UInt64`), so most controllers need no allocation at all; anything else moves every entry
/// into one array, keeping the order they were recorded in. Lookups scan a handful of entries;
/// all entries share one path.
public struct KeyLocations: Sendable, Equatable {
  private struct Entry: Sendable, Equatable {
    var key: String
    var line: Int32
    var column: Int32
  }

  /// The keys the format writes positions for, most frequent first; an entry is packed with
  /// its key's index here.
  static let knownKeys = [
    "class", "id", "viewControllers", "children", "title", "presents", "view", "showing",
    "modalPresentationStyle", "definesPresentationContext", "state", "selectedIndex",
    "collapsed", "collapseSecondary", "displayMode", "subviews", "hosts", "from", "controller",
    "on", "levels", "toClass", "index",
    "parent", "attach", "container", "child", "window",
  ]

  private static let inlineCount = 3
  private static let columnBits: UInt64 = 24

  private var path = ""
  /// Packed entries in recording order, `0` for an empty slot: the key's index in `knownKeys`
  /// plus one (8 bits), the line (32 bits) and the column (24 bits).
  private var slots: (UInt64, UInt64, UInt64) = (0, 0, 0)
  /// Every entry, when one of them cannot be packed or there are more than the slots hold;
  /// the slots are then empty.
  private var spilled: [Entry] = []

  public init() {}

  public static func == (lhs: KeyLocations, rhs: KeyLocations) -> Bool {
    lhs.path == rhs.path && lhs.slots == rhs.slots && lhs.spilled == rhs.spilled
  }

  private static func keyIndex(_ key: String) -> Int? {
    knownKeys.firstIndex(of: key)
  }

  private static func pack(_ entry: Entry) -> UInt64? {
    guard let index = keyIndex(entry.key), entry.line >= 0, entry.column >= 0,
      UInt64(entry.column) < 1 << columnBits
    else { return nil }
    return UInt64(index + 1) << 56 | UInt64(entry.line) << columnBits | UInt64(entry.column)
  }

  private static func unpack(_ slot: UInt64) -> Entry {
    Entry(
      key: knownKeys[Int(slot >> 56) - 1], line: Int32(truncatingIfNeeded: slot >> columnBits),
      column: Int32(truncatingIfNeeded: slot & (1 << columnBits - 1)))
  }

  private func slot(_ position: Int) -> UInt64 {
    switch position {
    case 0: slots.0
    case 1: slots.1
    default: slots.2
    }
  }

  private mutating func setSlot(_ position: Int, _ value: UInt64) {
    switch position {
    case 0: slots.0 = value
    case 1: slots.1 = value
    default: slots.2 = value
    }
  }

  /// Every entry in recording order.
  private var entries: [Entry] {
    if !spilled.isEmpty { return spilled }
    var result: [Entry] = []
    for position in 0..<Self.inlineCount where slot(position) != 0 {
      result.append(Self.unpack(slot(position)))
    }
    return result
  }

  /// Stores entries packed when they all fit, else spilled.
  private mutating func store(_ entries: [Entry]) {
    slots = (0, 0, 0)
    spilled = []
    if entries.count <= Self.inlineCount {
      let packed = entries.compactMap(Self.pack)
      if packed.count == entries.count {
        for (position, value) in packed.enumerated() { setSlot(position, value) }
        return
      }
    }
    spilled = entries
  }

  /// The location of a key's value, if it was written.
  public subscript(key: String) -> SourceLocation? {
    get {
      let entry: Entry?
      if spilled.isEmpty {
        guard let index = Self.keyIndex(key) else { return nil }
        let tag = UInt64(index + 1)
        entry = (0..<Self.inlineCount).lazy.map(slot).first { $0 >> 56 == tag }.map(Self.unpack)
      } else {
        entry = spilled.first { $0.key == key }
      }
      guard let entry else { return nil }
      return SourceLocation(path: path, line: Int(entry.line), column: Int(entry.column))
    }
    set {
      guard let newValue else {
        var all = entries
        if let index = all.firstIndex(where: { $0.key == key }) {
          all.remove(at: index)
          store(all)
        }
        return
      }
      path = newValue.path
      let entry = Entry(
        key: key, line: Int32(clamping: newValue.line), column: Int32(clamping: newValue.column))
      // The common case: a new key appended while the slots hold the entries.
      if spilled.isEmpty, let packed = Self.pack(entry) {
        let tag = packed >> 56
        for position in 0..<Self.inlineCount {
          let current = slot(position)
          if current == 0 {
            setSlot(position, packed)
            return
          }
          if current >> 56 == tag {
            setSlot(position, packed)
            return
          }
        }
      }
      var all = entries
      if let index = all.firstIndex(where: { $0.key == key }) {
        all[index] = entry
      } else {
        all.append(entry)
      }
      store(all)
    }
  }

  /// The keys written, in the order they were recorded.
  public var keys: [String] { entries.map(\.key) }

  public var isEmpty: Bool { spilled.isEmpty && slots.0 == 0 }
}
