// Pure Swift: attribute names resolved once each, to a small fixed number and to how Graphviz
// reads their text. Preparation used to ask up to seven sets of strings about every attribute
// (is it a label, a tooltip, an escape string, a hyperlink, ...), and the builder asked
// cgraph's dictionary for the attribute's symbol on every object; one table look-up now answers
// both, and the builder keeps each symbol in an array by that number.

/// How Graphviz reads the text of an attribute, which decides how a `.text` value is escaped.
enum TextRole: UInt8, Sendable {
  /// Not an escape string: the text reaches Graphviz unchanged.
  case plain
  /// Attributes laid out as text lines (`label`, `xlabel`, `headlabel`, `taillabel`).
  /// Graphviz decodes HTML entities in them, expands `\N`, `\G`, `\E`, `\T`, `\H`, `\L`, and
  /// ends lines at `\n`, `\l`, `\r`; `\\` is a backslash. A line break becomes `\n`.
  case label
  /// Tooltips: Graphviz 2.42 decodes HTML entities, then turns `\n`/`\l`/`\r` into line
  /// ends and drops the backslash of any other escape, and only *then* expands `\N` & co.
  /// (where `\\` is a backslash). A literal backslash therefore needs four.
  case tooltip
  /// The other `escString` attributes (`id`, `target`, ...): `\N` & co. are expanded, `\\` is
  /// a backslash, and SVG output decodes entities.
  case escString
  /// Hyperlinks (`URL`, `href`, ...), escape strings too. Graphviz 2.42 writes them into SVG
  /// escaping only `&`, so a raw `"` or `<` would break the SVG; `.text` percent-encodes `"`,
  /// `<` and `>` in them.
  case url
}

/// The attribute names a graph uses, numbered: the names vcgraph's drawings use have fixed
/// numbers (``known``), and any other name gets the next free number the first time a graph
/// names it.
enum AttributeNames {
  /// The names with fixed numbers, in number order. The escape strings come first: every
  /// name ``Preparation`` escapes is here, so a name missing from ``numbers`` is plain text.
  static let known: [String] = [
    "label", "xlabel", "headlabel", "taillabel",
    "tooltip", "headtooltip", "tailtooltip", "labeltooltip", "edgetooltip",
    "id", "target", "headtarget", "tailtarget", "labeltarget", "edgetarget",
    "URL", "href", "headURL", "tailURL", "labelURL", "edgeURL",
    "headhref", "tailhref", "labelhref", "edgehref",
    // Plain attributes vcgraph's drawings set.
    "shape", "style", "color", "fillcolor", "fontcolor", "fontname", "fontsize", "bgcolor",
    "penwidth", "margin", "width", "height", "group", "rank", "weight", "minlen",
    "constraint", "arrowhead", "arrowtail", "arrowsize", "dir", "lhead", "ltail",
    "rankdir", "newrank", "compound", "ordering", "nodesep", "ranksep", "pad", "labelloc",
    "labeljust", "splines", "dpi", "key",
  ]

  /// Each known name's number and text role.
  static let numbers: [String: (number: Int, role: TextRole)] = {
    var table: [String: (number: Int, role: TextRole)] = [:]
    for (number, name) in known.enumerated() {
      table[name] = (number, role(ofKnown: number))
    }
    return table
  }()

  /// The number of `label`, the one attribute whose neutral node default is `\N`.
  static let label = 0

  /// The number of `key` (an edge key, which ``ReadBackOrder`` does not model).
  static let key = known.count - 1

  private static func role(ofKnown number: Int) -> TextRole {
    switch number {
    case 0..<4: .label
    case 4..<9: .tooltip
    case 9..<15: .escString
    case 15..<25: .url
    default: .plain
    }
  }

  /// The text role of the attribute called `name`.
  static func role(of name: String) -> TextRole {
    numbers[name]?.role ?? .plain
  }
}

/// The numbers of one graph's attribute names: the known ones, then the others in the order
/// the graph first names them.
struct AttributeNumbering {
  /// Every name by number.
  private(set) var names: [String] = AttributeNames.known
  private var others: [String: Int] = [:]

  /// The number and text role of `name`, numbering it if it is new.
  mutating func resolve(_ name: String) -> (number: Int, role: TextRole) {
    if let known = AttributeNames.numbers[name] { return known }
    if let number = others[name] { return (number, .plain) }
    let number = names.count
    names.append(name)
    others[name] = number
    return (number, .plain)
  }
}
