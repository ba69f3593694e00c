/// The value of one Graphviz attribute, tagged with how it must reach Graphviz.
public enum AttributeValue: Sendable, Equatable, Hashable {
  /// Literal user text, rendered exactly as written.
  ///
  /// For attributes Graphviz treats as escape strings (`label`, `xlabel`, `headlabel`,
  /// `taillabel`, `tooltip`, `id`, `URL`, ...), the text is escaped so that backslash
  /// sequences such as `\N`, `\G`, `\l` and `\n` are *not* interpreted and HTML entities
  /// such as `&amp;` are not decoded. A newline character in the Swift string becomes a
  /// centered line break. Other attributes receive the text unchanged.
  case text(String)
  /// An HTML-like label (the content between the outer `<` and `>` in DOT syntax).
  ///
  /// The caller is responsible for escaping user text inside it with ``HTML/escape(_:)``.
  case html(String)
  /// A value passed to Graphviz unchanged: numbers, colors, `"rounded,filled"`, or escape
  /// strings that deliberately use `\N`, `\l` and friends.
  case raw(String)

  /// The number of lines Graphviz lays out for this value as a label (`\n`, `\l`, `\r` in raw
  /// escape strings, newlines in text, `<BR/>` in HTML); Graphviz 2.42 crashes at 32,768.
  public var lineCount: Int { Preparation.lineCount(of: self) }

  /// The string payload, whatever the case.
  public var string: String {
    switch self {
    case .text(let value), .html(let value), .raw(let value): return value
    }
  }
}

/// An ordered set of Graphviz attributes.
///
/// Insertion order is preserved (replacing a value keeps its original position) so that
/// the graph handed to Graphviz, and therefore its output, is deterministic. Equality is
/// order-sensitive for the same reason.
public struct Attributes: Sendable, Equatable, Hashable {
  struct Entry: Sendable, Equatable, Hashable {
    var name: String
    var value: AttributeValue
  }

  /// The attributes in insertion order; read in place by ``Preparation``.
  private(set) var storage: [Entry] = []

  /// Creates an empty attribute set.
  public init() {}

  /// Creates an attribute set from name/value pairs, in order. A later pair with the same
  /// name replaces the earlier value.
  public init(_ entries: [(String, AttributeValue)]) {
    for (name, value) in entries { self[name] = value }
  }

  /// The raw escape hatch: reads or writes the attribute called `name`.
  /// Assigning `nil` removes the attribute.
  public subscript(name: String) -> AttributeValue? {
    get { storage.first { $0.name == name }?.value }
    set {
      let index = storage.firstIndex { $0.name == name }
      switch (index, newValue) {
      case (let index?, let value?): storage[index].value = value
      case (let index?, nil): storage.remove(at: index)
      case (nil, let value?): storage.append(Entry(name: name, value: value))
      case (nil, nil): break
      }
    }
  }

  /// Whether no attribute is set.
  public var isEmpty: Bool { storage.isEmpty }

  /// The number of attributes set.
  public var count: Int { storage.count }

  /// All attributes, in insertion order.
  public var entries: [(name: String, value: AttributeValue)] {
    storage.map { (name: $0.name, value: $0.value) }
  }

  /// Returns a copy with every attribute of `other` set on top of these.
  public func merging(_ other: Attributes) -> Attributes {
    var result = self
    for entry in other.storage { result[entry.name] = entry.value }
    return result
  }

  // MARK: Typed conveniences

  private func string(_ name: String) -> String? { self[name]?.string }

  private mutating func setRaw(_ name: String, _ value: String?) {
    self[name] = value.map(AttributeValue.raw)
  }

  private mutating func setText(_ name: String, _ value: String?) {
    self[name] = value.map(AttributeValue.text)
  }

  private func number(_ name: String) -> Double? { string(name).flatMap(Double.init) }

  private mutating func setNumber(_ name: String, _ value: Double?) {
    self[name] = value.map { .raw(Attributes.format($0)) }
  }

  private func bool(_ name: String) -> Bool? {
    guard let value = string(name)?.lowercased() else { return nil }
    switch value {
    case "true", "yes", "1": return true
    case "false", "no", "0", "": return false
    default: return nil
    }
  }

  private mutating func setBool(_ name: String, _ value: Bool?) {
    self[name] = value.map { .raw($0 ? "true" : "false") }
  }

  /// Formats a number the way Graphviz expects: integral values without a fraction.
  static func format(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }

  /// `label`: the main label of a graph, cluster, node or edge.
  public var label: AttributeValue? {
    get { self["label"] }
    set { self["label"] = newValue }
  }

  /// `xlabel`: an external label placed near a node or edge.
  public var xlabel: AttributeValue? {
    get { self["xlabel"] }
    set { self["xlabel"] = newValue }
  }

  /// `headlabel`: the label near the head of an edge.
  public var headlabel: AttributeValue? {
    get { self["headlabel"] }
    set { self["headlabel"] = newValue }
  }

  /// `taillabel`: the label near the tail of an edge.
  public var taillabel: AttributeValue? {
    get { self["taillabel"] }
    set { self["taillabel"] = newValue }
  }

  /// `shape` of a node (stored raw), e.g. `"box"`, `"plain"`, `"record"`.
  public var shape: String? {
    get { string("shape") }
    set { setRaw("shape", newValue) }
  }

  /// `style` (stored raw), e.g. `"rounded,filled"`, `"dashed"`.
  public var style: String? {
    get { string("style") }
    set { setRaw("style", newValue) }
  }

  /// `color` (stored raw), e.g. `"#336699"` or `"red"`.
  public var color: String? {
    get { string("color") }
    set { setRaw("color", newValue) }
  }

  /// `fillcolor` (stored raw).
  public var fillcolor: String? {
    get { string("fillcolor") }
    set { setRaw("fillcolor", newValue) }
  }

  /// `fontcolor` (stored raw).
  public var fontcolor: String? {
    get { string("fontcolor") }
    set { setRaw("fontcolor", newValue) }
  }

  /// `bgcolor` of a graph or cluster (stored raw).
  public var bgcolor: String? {
    get { string("bgcolor") }
    set { setRaw("bgcolor", newValue) }
  }

  /// `fontname` (stored raw), e.g. `"Helvetica"`.
  public var fontname: String? {
    get { string("fontname") }
    set { setRaw("fontname", newValue) }
  }

  /// `fontsize` in points.
  public var fontsize: Double? {
    get { number("fontsize") }
    set { setNumber("fontsize", newValue) }
  }

  /// `penwidth` in points.
  public var penwidth: Double? {
    get { number("penwidth") }
    set { setNumber("penwidth", newValue) }
  }

  /// `width` of a node in inches.
  public var width: Double? {
    get { number("width") }
    set { setNumber("width", newValue) }
  }

  /// `height` of a node in inches.
  public var height: Double? {
    get { number("height") }
    set { setNumber("height", newValue) }
  }

  /// `margin` (stored raw), e.g. `"0.1"` or `"0.1,0.05"`.
  public var margin: String? {
    get { string("margin") }
    set { setRaw("margin", newValue) }
  }

  /// `tooltip` (stored as literal ``AttributeValue/text(_:)``).
  public var tooltip: String? {
    get { string("tooltip") }
    set { setText("tooltip", newValue) }
  }

  /// `id` used for the SVG element (stored as literal ``AttributeValue/text(_:)``).
  public var id: String? {
    get { string("id") }
    set { setText("id", newValue) }
  }

  /// `URL` / hyperlink (stored as literal ``AttributeValue/text(_:)``).
  public var url: String? {
    get { string("URL") }
    set { setText("URL", newValue) }
  }

  /// `rankdir` of a graph (stored raw), e.g. `"LR"`.
  public var rankdir: String? {
    get { string("rankdir") }
    set { setRaw("rankdir", newValue) }
  }

  /// `rank` of a subgraph (stored raw), e.g. `"same"`.
  public var rank: String? {
    get { string("rank") }
    set { setRaw("rank", newValue) }
  }

  /// `splines` of a graph (stored raw), e.g. `"ortho"`.
  public var splines: String? {
    get { string("splines") }
    set { setRaw("splines", newValue) }
  }

  /// `nodesep` of a graph, in inches.
  public var nodesep: Double? {
    get { number("nodesep") }
    set { setNumber("nodesep", newValue) }
  }

  /// `ranksep` of a graph (stored raw, may carry `"equally"`).
  public var ranksep: String? {
    get { string("ranksep") }
    set { setRaw("ranksep", newValue) }
  }

  /// `compound` of a graph: allow edges to clusters via `lhead`/`ltail`.
  public var compound: Bool? {
    get { bool("compound") }
    set { setBool("compound", newValue) }
  }

  /// `labelloc` (stored raw): `"t"`, `"c"` or `"b"`.
  public var labelloc: String? {
    get { string("labelloc") }
    set { setRaw("labelloc", newValue) }
  }

  /// `labeljust` (stored raw): `"l"`, `"c"` or `"r"`.
  public var labeljust: String? {
    get { string("labeljust") }
    set { setRaw("labeljust", newValue) }
  }

  /// `arrowhead` of an edge (stored raw).
  public var arrowhead: String? {
    get { string("arrowhead") }
    set { setRaw("arrowhead", newValue) }
  }

  /// `arrowtail` of an edge (stored raw).
  public var arrowtail: String? {
    get { string("arrowtail") }
    set { setRaw("arrowtail", newValue) }
  }

  /// `dir` of an edge (stored raw): `"forward"`, `"back"`, `"both"`, `"none"`.
  public var dir: String? {
    get { string("dir") }
    set { setRaw("dir", newValue) }
  }

  /// `lhead`: the cluster an edge is clipped to at its head (stored raw).
  public var lhead: String? {
    get { string("lhead") }
    set { setRaw("lhead", newValue) }
  }

  /// `ltail`: the cluster an edge is clipped to at its tail (stored raw).
  public var ltail: String? {
    get { string("ltail") }
    set { setRaw("ltail", newValue) }
  }

  /// `constraint` of an edge: whether it takes part in ranking.
  public var constraint: Bool? {
    get { bool("constraint") }
    set { setBool("constraint", newValue) }
  }

  /// `weight` of an edge.
  public var weight: Double? {
    get { number("weight") }
    set { setNumber("weight", newValue) }
  }
}

/// Helpers for building HTML-like labels.
public enum HTML {
  /// Escapes user text for inclusion in an HTML-like label:
  /// `&`, `<`, `>`, `"` and `'` become character entities, and a backslash is doubled so that
  /// Graphviz does not expand `\N`, `\G` and friends. Characters XML does not allow (control
  /// characters other than tab and line breaks, U+FFFE, U+FFFF), which make Graphviz reject
  /// the label as "not well-formed", become U+FFFD.
  public static func escape(_ text: String) -> String {
    // Most text (class names, ids, titles) has nothing to escape: hand it back without
    // rebuilding it scalar by scalar. A control byte or 0xEF (the lead byte of U+FFFE and
    // U+FFFF, among others) takes the full path below.
    let needsWork = text.utf8.contains { byte in
      switch byte {
      case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
        UInt8(ascii: "'"), UInt8(ascii: "\\"), 0x00...0x1F, 0xEF:
        return true
      default:
        return false
      }
    }
    guard needsWork else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if Preparation.isNotXML(scalar) {
        result.unicodeScalars.append("\u{FFFD}")
        continue
      }
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      // Graphviz expands \N, \G, ... inside HTML labels too; a doubled backslash is literal.
      case "\\": result += "\\\\"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
