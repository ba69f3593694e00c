// Turns a `Graph` value into exactly the strings handed to Graphviz, and validates it, in
// pure Swift: nothing here touches Graphviz, so a rejected graph never reaches it.

/// One attribute as it will be handed to Graphviz.
struct PreparedAttribute: Equatable {
  var name: String
  /// The exact C string for Graphviz (already escaped).
  var value: String
  /// Whether `value` must be made an HTML string (`agstrdup_html`).
  var isHTML: Bool
}

/// A node as it will be handed to Graphviz.
struct PreparedNode {
  var name: String
  var attributes: [PreparedAttribute]
}

/// An edge as it will be handed to Graphviz.
struct PreparedEdge {
  var tail: String
  var head: String
  var attributes: [PreparedAttribute]
}

/// A graph or subgraph as it will be handed to Graphviz.
struct PreparedGraph {
  var name: String
  var directed: Bool
  var strict: Bool
  var attributes: [PreparedAttribute]
  var nodeDefaults: [PreparedAttribute]
  var edgeDefaults: [PreparedAttribute]
  var nodes: [PreparedNode]
  var edges: [PreparedEdge]
  var subgraphs: [PreparedGraph]
}

enum Preparation {
  /// Attributes laid out as text lines. Graphviz decodes HTML entities in them, expands
  /// `\N`, `\G`, `\E`, `\T`, `\H`, `\L`, and ends lines at `\n`, `\l`, `\r`; `\\` is a
  /// backslash.
  static let labelAttributes: Set<String> = ["label", "xlabel", "headlabel", "taillabel"]

  /// Tooltips: Graphviz 2.42 decodes HTML entities, then turns `\n`/`\l`/`\r` into line
  /// ends and drops the backslash of any other escape, and only *then* expands `\N` & co.
  /// (where `\\` is a backslash). A literal backslash therefore needs four.
  static let tooltipAttributes: Set<String> = [
    "tooltip", "headtooltip", "tailtooltip", "labeltooltip", "edgetooltip",
  ]

  /// The other `escString` attributes: `\N` & co. are expanded, `\\` is a backslash, and
  /// SVG output decodes entities.
  static let otherEscStringAttributes: Set<String> = [
    "id", "URL", "href", "headURL", "tailURL", "labelURL", "edgeURL",
    "headhref", "tailhref", "labelhref", "edgehref",
    "target", "headtarget", "tailtarget", "labeltarget", "edgetarget",
  ]

  /// Hyperlink attributes. Graphviz 2.42 writes them into SVG escaping only `&`, so a raw
  /// `"` or `<` would break the SVG; `.text` percent-encodes `"`, `<` and `>` in them.
  static let urlAttributes: Set<String> = [
    "URL", "href", "headURL", "tailURL", "labelURL", "edgeURL",
    "headhref", "tailhref", "labelhref", "edgehref",
  ]

  /// The HTML comment appended to an HTML label whose text equals a plain string of the
  /// same graph. cgraph keeps one shared copy per distinct string and remembers "is HTML"
  /// on that copy, so without it an HTML label could come out as plain text (or a plain
  /// label as HTML). Graphviz's HTML lexer drops comments, so the drawing is unchanged.
  static let htmlDisambiguator = "<!---->"

  /// Whether `.text` values of `attribute` are escaped (labels, tooltips, other escape
  /// strings), so a NUL in them is shown as U+FFFD rather than refused.
  static func escapesText(of attribute: String) -> Bool {
    labelAttributes.contains(attribute) || tooltipAttributes.contains(attribute)
      || otherEscStringAttributes.contains(attribute)
  }

  /// Whether XML 1.0 (and so SVG, and Graphviz's HTML-like labels) does not allow `scalar`:
  /// control characters other than tab, LF and CR, and U+FFFE and U+FFFF.
  static func isNotXML(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0x00...0x1F, 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  /// Escapes literal text for attribute `attribute` so Graphviz shows it exactly.
  ///
  /// Escape strings get their backslashes doubled (quadrupled for tooltips, which are
  /// unescaped twice), `&` becomes `&amp;` (entities are decoded), and in labels and
  /// tooltips a line break becomes the centered line end `\n`. In hyperlinks `"`, `<` and
  /// `>` are percent-encoded. Other attributes receive the text unchanged.
  static func escapeText(_ text: String, attribute: String) -> String {
    let backslash: String
    let newline: String?
    if labelAttributes.contains(attribute) {
      (backslash, newline) = ("\\\\", "\\n")
    } else if tooltipAttributes.contains(attribute) {
      (backslash, newline) = ("\\\\\\\\", "\\n")
    } else if otherEscStringAttributes.contains(attribute) {
      (backslash, newline) = ("\\\\", nil)
    } else {
      return text
    }
    // Characters SVG cannot hold (a NUL would end the C string) are shown as U+FFFD.
    var text = text
    if text.unicodeScalars.contains(where: isNotXML) {
      text = String(
        String.UnicodeScalarView(text.unicodeScalars.map { isNotXML($0) ? "\u{FFFD}" : $0 }))
    }
    // Most text has nothing to escape: hand it back without building a copy.
    let needsWork = text.utf8.contains { byte in
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "<"),
        UInt8(ascii: ">"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        return true
      default:
        return false
      }
    }
    guard needsWork else { return text }
    let isURL = urlAttributes.contains(attribute)
    // Every character that changes is ASCII, so the UTF-8 bytes can be rewritten one by one.
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count + 16)
    var previousWasCR = false
    for byte in text.utf8 {
      defer { previousWasCR = byte == UInt8(ascii: "\r") }
      switch byte {
      case UInt8(ascii: "\\"): result.append(contentsOf: backslash.utf8)
      case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "\"") where isURL: result.append(contentsOf: "%22".utf8)
      case UInt8(ascii: "<") where isURL: result.append(contentsOf: "%3C".utf8)
      case UInt8(ascii: ">") where isURL: result.append(contentsOf: "%3E".utf8)
      case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        if let newline {
          if !(byte == UInt8(ascii: "\n") && previousWasCR) {
            result.append(contentsOf: newline.utf8)
          }
        } else {
          result.append(byte)
        }
      default: result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The number of lines Graphviz will lay out for `value`.
  static func lineCount(of value: AttributeValue) -> Int {
    switch value {
    case .text(let text):
      var breaks = 0
      var previousWasCR = false
      for scalar in text.unicodeScalars {
        if scalar == "\r" || (scalar == "\n" && !previousWasCR) { breaks += 1 }
        previousWasCR = scalar == "\r"
      }
      return breaks + 1
    case .raw(let text):
      var breaks = 0
      var escaped = false
      for byte in text.utf8 {
        if escaped {
          if byte == UInt8(ascii: "n") || byte == UInt8(ascii: "l")
            || byte == UInt8(ascii: "r")
          {
            breaks += 1
          }
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\n") {
          breaks += 1
        }
      }
      return breaks + 1
    case .html(let text):
      // Lines of an HTML-like label end at <BR/> elements.
      let bytes = Array(text.utf8)
      var breaks = 0
      var index = 0
      while index + 2 < bytes.count {
        if bytes[index] == UInt8(ascii: "<"),
          bytes[index + 1] | 0x20 == UInt8(ascii: "b"),
          bytes[index + 2] | 0x20 == UInt8(ascii: "r")
        {
          breaks += 1
          index += 3
        } else {
          index += 1
        }
      }
      return breaks + 1
    }
  }

  /// Validates `graph` and converts it to the strings Graphviz will see.
  static func prepare(_ graph: Graph) throws(GraphvizError) -> PreparedGraph {
    var context = Context()
    var prepared = try context.prepare(graph, path: "graph \"\(graph.name)\"", isRoot: true)
    let disambiguated = context.disambiguatedHTML()
    if !disambiguated.isEmpty {
      rewriteHTML(in: &prepared, using: disambiguated)
    }
    return prepared
  }

  private static func rewriteHTML(
    in graph: inout PreparedGraph, using map: [String: String]
  ) {
    func fix(_ attributes: inout [PreparedAttribute]) {
      for index in attributes.indices where attributes[index].isHTML {
        if let replacement = map[attributes[index].value] {
          attributes[index].value = replacement
        }
      }
    }
    fix(&graph.attributes)
    fix(&graph.nodeDefaults)
    fix(&graph.edgeDefaults)
    for index in graph.nodes.indices { fix(&graph.nodes[index].attributes) }
    for index in graph.edges.indices { fix(&graph.edges[index].attributes) }
    for index in graph.subgraphs.indices {
      rewriteHTML(in: &graph.subgraphs[index], using: map)
    }
  }

  private struct Context {
    var graphNames: Set<String> = []
    /// Every plain (non-HTML) string the graph hands to cgraph's shared string table, with
    /// repeats: most graphs have no HTML string of the same length, so few are hashed.
    var plainStrings: [String] = ["", "\\N", "\\G", "\\E", "true", "false"]
    var htmlStrings: Set<String> = []
    /// The UTF-8 lengths of `htmlStrings`, a cheap filter before hashing a plain string.
    var htmlLengths: Set<Int> = []

    mutating func prepare(
      _ graph: Graph, path: String, isRoot: Bool
    ) throws(GraphvizError) -> PreparedGraph {
      try checkName(graph.name, what: isRoot ? "graph name" : "subgraph name", in: path)
      guard graphNames.insert(graph.name).inserted else {
        throw .invalidGraph("duplicate graph or subgraph name \"\(graph.name)\"")
      }
      plainStrings.append(graph.name)
      let attributes = try prepare(graph.attributes, of: path)
      let nodeDefaults = try prepare(graph.nodeDefaults, of: "node defaults of \(path)")
      let edgeDefaults = try prepare(graph.edgeDefaults, of: "edge defaults of \(path)")
      // Owner descriptions below are only built for an error message.
      var nodes: [PreparedNode] = []
      nodes.reserveCapacity(graph.nodes.count)
      for node in graph.nodes {
        try checkName(node.name, what: "node name", in: path)
        plainStrings.append(node.name)
        nodes.append(
          PreparedNode(
            name: node.name, attributes: try prepare(node.attributes, of: "node \"\(node.name)\"")))
      }
      var edges: [PreparedEdge] = []
      edges.reserveCapacity(graph.edges.count)
      for edge in graph.edges {
        try checkName(edge.tail, what: "edge tail", in: path)
        try checkName(edge.head, what: "edge head", in: path)
        plainStrings.append(edge.tail)
        plainStrings.append(edge.head)
        edges.append(
          PreparedEdge(
            tail: edge.tail, head: edge.head,
            attributes: try prepare(
              edge.attributes, of: "edge \"\(edge.tail)\" -> \"\(edge.head)\"")))
      }
      var subgraphs: [PreparedGraph] = []
      subgraphs.reserveCapacity(graph.subgraphs.count)
      for subgraph in graph.subgraphs {
        subgraphs.append(
          try prepare(subgraph, path: "subgraph \"\(subgraph.name)\"", isRoot: false))
      }
      return PreparedGraph(
        name: graph.name, directed: graph.directed, strict: graph.strict,
        attributes: attributes, nodeDefaults: nodeDefaults, edgeDefaults: edgeDefaults,
        nodes: nodes, edges: edges, subgraphs: subgraphs)
    }

    private func checkName(
      _ name: String, what: String, in path: String
    ) throws(GraphvizError) {
      if name.isEmpty { throw .invalidGraph("empty \(what) in \(path)") }
      if name.utf8.contains(0) {
        throw .invalidGraph("\(what) \"\(name)\" in \(path) contains a NUL character")
      }
    }

    private mutating func prepare(
      _ attributes: Attributes, of owner: @autoclosure () -> String
    ) throws(GraphvizError) -> [PreparedAttribute] {
      var result: [PreparedAttribute] = []
      result.reserveCapacity(attributes.count)
      for (name, value) in attributes.entries {
        if name.isEmpty { throw .invalidGraph("empty attribute name on \(owner())") }
        let shownAsReplacement =
          if case .text = value { Preparation.escapesText(of: name) } else { false }
        if name.utf8.contains(0) || (!shownAsReplacement && value.string.utf8.contains(0)) {
          throw .invalidGraph("attribute \"\(name)\" of \(owner()) contains a NUL character")
        }
        if Preparation.labelAttributes.contains(name) {
          let lines = value.lineCount
          if lines > Graphviz.maxLabelLines {
            throw .invalidGraph(
              "\(name) of \(owner()) has \(lines) lines; at most \(Graphviz.maxLabelLines) "
                + "are supported (Graphviz 2.42 crashes at 32768)")
          }
        }
        plainStrings.append(name)
        switch value {
        case .text(let text):
          let escaped = Preparation.escapeText(text, attribute: name)
          plainStrings.append(escaped)
          result.append(PreparedAttribute(name: name, value: escaped, isHTML: false))
        case .raw(let text):
          plainStrings.append(text)
          result.append(PreparedAttribute(name: name, value: text, isHTML: false))
        case .html(let text):
          htmlStrings.insert(text)
          htmlLengths.insert(text.utf8.count)
          result.append(PreparedAttribute(name: name, value: text, isHTML: true))
        }
      }
      return result
    }

    /// HTML strings that collide with a plain string, mapped to a non-colliding variant.
    func disambiguatedHTML() -> [String: String] {
      guard !htmlStrings.isEmpty else { return [:] }
      var colliding: Set<String> = []
      for plain in plainStrings where htmlLengths.contains(plain.utf8.count) {
        if htmlStrings.contains(plain) { colliding.insert(plain) }
      }
      guard !colliding.isEmpty else { return [:] }
      // Variants must avoid every plain string, not only those of an HTML string's length.
      let plainStrings = Set(self.plainStrings)
      var map: [String: String] = [:]
      for html in colliding {
        var candidate = html
        repeat {
          candidate += Preparation.htmlDisambiguator
        } while plainStrings.contains(candidate) || htmlStrings.contains(candidate)
        map[html] = candidate
      }
      return map
    }
  }
}
