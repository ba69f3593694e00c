/// The names that can make a navigation site, found in a file's bytes before its tree is
/// visited, so that `OperationCollector` can skip a function (or a type's members, at file
/// level) whose bytes hold none of them: nothing in it can be a site. The table is built from
/// the tables the collector matches with (`UIKitTable.signatures`, `OperationCollector`'s
/// SwiftUI modifiers and calls, and its constructions and assignments), and any occurrence
/// counts, in a comment or a string too: the bytes only ever make the scan visit more, the
/// sites come from SwiftSyntax's tree. Whether the table misses a name the collector matches
/// is tested by scanning with and without skipping (`ScanSkippingTests`, and every snippet
/// the scan tests read).
///
/// The calls of router helpers are the other thing a skipped function could hold: a helper is
/// known only once every file is read, so the words that may name a called function (followed
/// by `(`) in skipped ranges are kept as hashes of the name and its first argument's label
/// (`route(to:`, or `route(_` for none; the name alone when something else follows it), and a
/// file where one may call a helper is read again with those calls counted (`Scanner`).
enum ScanKeywords {
  /// Names assigned to that make sites (`viewControllers =`, `window.rootViewController =`).
  static let assigned: [String] = ["viewControllers", "rootViewController"]
  /// Names of the constructions that make sites: an argument label
  /// (`UINavigationController(rootViewController:)`, or a subclass's, or `super.init`'s) and
  /// the hosting controller (`UIHostingController(rootView:)`).
  static let constructions: [String] = ["rootViewController", "UIHostingController"]

  /// Every name that can make a site.
  static let names: Set<String> = {
    var names = Set(UIKitTable.signatures.keys)
    names.formUnion(OperationCollector.modifiers.keys)
    names.formUnion(OperationCollector.swiftUICalls)
    names.formUnion(constructions)
    names.formUnion(assigned)
    return names
  }()

  /// Names' bytes, with the lengths of those starting with each byte (bit `n` for length
  /// `n`): what `index` looks words up in.
  struct Table: Sendable {
    var lengths = [UInt64](repeating: 0, count: 256)
    /// The names by their first byte: a word is compared only with those (`self` with `show`,
    /// not with every name of four letters).
    var names = [[[UInt8]]](repeating: [], count: 256)

    init(_ names: Set<String>) {
      for name in names.sorted() {
        let bytes = Array(name.utf8)
        lengths[Int(bytes[0])] |= 1 << UInt64(min(bytes.count, 63))
        self.names[Int(bytes[0])].append(bytes)
      }
    }

    /// Whether `name` may be one of the names: some name has its first byte and length
    /// (most words have none, answered without comparing).
    func mayContain(_ name: String) -> Bool {
      guard let first = name.utf8.first else { return false }
      return lengths[Int(first)] & (1 << UInt64(min(name.utf8.count, 63))) != 0
    }

    /// Whether `bytes[range]` is one of the names.
    @inline(__always)
    func contains(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
      let first = Int(bytes[range.lowerBound])
      guard lengths[first] & (1 << UInt64(min(range.count, 63))) != 0 else { return false }
      for name in names[first] where name.count == range.count {
        if bytes[range].elementsEqual(name) { return true }
      }
      return false
    }
  }

  /// `names` as a table.
  static func table(_ names: Set<String>) -> Table { Table(names) }

  /// The table of `names`.
  static let byFirstByte = Table(names)

  /// What one pass over a file's bytes finds.
  struct Index {
    /// The byte offsets of the names that can make a site (and of the extra callees asked
    /// for), ascending.
    var marks: [Int] = []
    /// Words that may name a called function: (offset, `key`), ascending by offset.
    var callees: [(offset: Int, key: UInt32)] = []
    /// The offsets of the words `return`, ascending (`DeclarationCollector`).
    var returns: [Int] = []
    /// The offsets where lines start, as `SourceLines` counts them (the same pass makes them).
    var lineStarts: [Int] = [0]
  }

  /// Whether at least `count` of the ascending `offsets` (an `Index`'s marks or returns) lie
  /// in `range`, by binary search: O(log n).
  static func holds(_ offsets: [Int], in range: Range<Int>, atLeast count: Int = 1) -> Bool {
    // The first offset at or after the range's start.
    var low = 0
    var high = offsets.count
    while low < high {
      let middle = (low + high) / 2
      if offsets[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
    }
    let last = low + count - 1
    return last < offsets.count && offsets[last] < range.upperBound
  }

  private static let returnWord = Array("return".utf8)

  /// Whether `byte` can be part of an identifier (any byte of a non-ASCII character can).
  @inline(__always)
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
      true
    default: false
    }
  }

  private static let basis: UInt32 = 2_166_136_261

  /// FNV-1a of bytes, from `value`.
  @inline(__always)
  static func hash(_ bytes: some Sequence<UInt8>, from value: UInt32 = basis) -> UInt32 {
    var value = value
    for byte in bytes { value = (value ^ UInt32(byte)) &* 16_777_619 }
    return value
  }

  /// The key of a callee: its name, and its first argument's label (`_` for none) when known.
  /// A collision only makes the scan read a file again.
  static func key(_ name: String, label: String? = nil) -> UInt32 {
    // Through its contiguous bytes: a String's UTF-8 view one byte at a time cost about three
    // times as much, once for every call the operations' walk meets.
    var name = name
    let named = name.withUTF8 { hash($0) }
    return label.map { hash("(\($0)".utf8, from: named) } ?? named
  }

  /// The keys a call of `helper` may have: its name alone, and with each label its first
  /// argument can have (parameters with defaults may be left out); `init`'s calls are by its
  /// type's name.
  static func keys(_ helper: HelperFact) -> [UInt32] {
    let name = helper.name == "init" ? helper.owner ?? "init" : helper.name
    var keys = [key(name)]
    for parameter in helper.parameters {
      keys.append(key(name, label: parameter.label))
      if !parameter.optional { break }
    }
    return keys
  }

  /// The names' offsets in `bytes`, and the words that may be callees; callees whose key is
  /// in `extra` count as marks too. `table` is `names`' (the tests take names out of it).
  ///
  /// The bytes are read eight at a time (`chunk`): the lanes holding a word's byte
  /// (`wordLanes`) give where words start and end, those below 0x0E (`controlLanes`) where
  /// lines may end, and only those bytes are looked at one by one.
  static func index(
    _ bytes: [UInt8], extra: Set<UInt32> = [], table: Table = byFirstByte
  ) -> Index {
    var index = Index()
    let count = bytes.count
    index.lineStarts.reserveCapacity(count / 32 + 1)
    index.callees.reserveCapacity(count / 64 + 1)
    // The offset of the word being read, -1 between words.
    var start = -1
    // 0x80 when the chunk before ends in a word's byte (its last lane's top bit, lowest).
    var carry: UInt64 = 0
    var base = 0
    while base <= count &- 8 {
      read(chunk(bytes, at: base), at: base, of: bytes, extra, table, &start, &carry, &index)
      base &+= 8
    }
    // The last bytes and spaces after them: a word that ends the bytes ends there.
    read(tail(bytes, at: base), at: base, of: bytes, extra, table, &start, &carry, &index)
    return index
  }

  /// Reads the chunk `value` at `base` for `index`: notes the words that end in it (`start`
  /// is the offset of the word being read, -1 between words; `carry` 0x80 when the chunk
  /// before ends in a word's byte) and the lines that start after it.
  @inline(__always)
  private static func read(
    _ value: UInt64, at base: Int, of bytes: [UInt8], _ extra: Set<UInt32>, _ table: Table,
    _ start: inout Int, _ carry: inout UInt64, _ index: inout Index
  ) {
    let count = bytes.count
    let words = wordLanes(value)
    // The lanes whose byte is not of the kind of the one before it: a word's first byte, or
    // the first after a word.
    var changes = words ^ (words << 8 | carry)
    carry = words >> 56
    while changes != 0 {
      let offset = base &+ changes.trailingZeroBitCount &>> 3
      if start < 0 {
        start = offset
      } else {
        word(start..<offset, of: bytes, extra: extra, table: table, into: &index)
        start = -1
      }
      changes &= changes - 1
    }
    // LF, and CR but not before LF, end a line (as `SourceLines` counts them).
    var controls = controlLanes(value)
    while controls != 0 {
      let offset = base &+ controls.trailingZeroBitCount &>> 3
      let byte = bytes[offset]
      if byte == 0x0A || (byte == 0x0D && (offset + 1 == count || bytes[offset + 1] != 0x0A)) {
        index.lineStarts.append(offset + 1)
      }
      controls &= controls - 1
    }
  }

  /// Notes the word at `range` in `index`: as a mark, a `return`, a callee.
  @inline(__always)
  private static func word(
    _ range: Range<Int>, of bytes: [UInt8], extra: Set<UInt32>, table: Table,
    into index: inout Index
  ) {
    let start = range.lowerBound
    let count = bytes.count
    if table.contains(bytes, range) {
      index.marks.append(start)
    } else if range.count == 6 && bytes[start] == UInt8(ascii: "r")
      && bytes[range].elementsEqual(returnWord)
    {
      index.returns.append(start)
    }
    // A callee is followed by `(` (perhaps after spaces); a generic `<`, a comment or a
    // backquote after it leave the label unknown.
    var next = range.upperBound
    while next < count && (bytes[next] == 0x20 || bytes[next] == 0x09) { next += 1 }
    guard next < count else { return }
    let key: UInt32
    switch bytes[next] {
    case UInt8(ascii: "("): key = labelKey(bytes, after: next + 1, named: hash(bytes[range]))
    case UInt8(ascii: "<"), UInt8(ascii: "/"), UInt8(ascii: "`"): key = hash(bytes[range])
    default: return
    }
    index.callees.append((start, key))
    if !extra.isEmpty && extra.contains(key) && index.marks.last != start {
      index.marks.append(start)
    }
  }

  /// The key of a call whose name hashes to `named` and whose `(` is just before `position`:
  /// with the first argument's label, the word before a `:` (`_` when the argument has none),
  /// or the name alone when a comment or a backquote leaves the label unknown.
  private static func labelKey(_ bytes: [UInt8], after position: Int, named: UInt32) -> UInt32 {
    let count = bytes.count
    var start = position
    while start < count
      && (bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0A
        || bytes[start] == 0x0D)
    {
      start += 1
    }
    guard start < count, bytes[start] != UInt8(ascii: "/"), bytes[start] != UInt8(ascii: "`")
    else { return named }
    var end = start
    while end < count && isWordByte(bytes[end]) { end += 1 }
    var colon = end
    while colon < count && (bytes[colon] == 0x20 || bytes[colon] == 0x09) { colon += 1 }
    let open = hash(CollectionOfOne(UInt8(ascii: "(")), from: named)
    guard end > start, colon < count, bytes[colon] == UInt8(ascii: ":") else {
      return hash(CollectionOfOne(UInt8(ascii: "_")), from: open)
    }
    return hash(bytes[start..<end], from: open)
  }

  /// The keys of the callees that lie in `ranges` (ascending, not overlapping), in order,
  /// repeats kept.
  static func callees(_ index: Index, in ranges: [Range<Int>]) -> [UInt32] {
    var found: [UInt32] = []
    var range = 0
    for callee in index.callees {
      while range < ranges.count && ranges[range].upperBound <= callee.offset { range += 1 }
      guard range < ranges.count else { break }
      if ranges[range].contains(callee.offset) { found.append(callee.key) }
    }
    return found
  }

  /// Keys as a set with a bitmap in front: most keys asked about are in no helper's keys,
  /// and the bitmap (bit `key % 65,536`) answers those without hashing the key.
  struct KeySet: Sendable {
    let keys: Set<UInt32>
    private var bits = [UInt64](repeating: 0, count: 1024)

    init(_ keys: Set<UInt32>) {
      self.keys = keys
      for key in keys { bits[Int(key >> 6 & 1023)] |= 1 << UInt64(key & 63) }
    }

    /// Whether `key` is one of the keys.
    func contains(_ key: UInt32) -> Bool {
      bits[Int(key >> 6 & 1023)] & (1 << UInt64(key & 63)) != 0 && keys.contains(key)
    }
  }
}
