// Turns a `Graph` value into exactly the strings handed to Graphviz, and validates it, in
// pure Swift: nothing here touches Graphviz, so a rejected graph never reaches it.

/// One attribute as it will be handed to Graphviz.
struct PreparedAttribute: Equatable {
  var name: String
  /// The exact C string for Graphviz (already escaped).
  var value: String
  /// Whether `value` must be made an HTML string (`agstrdup_html`).
  var isHTML: Bool
  /// The name's number in the graph's ``AttributeNumbering`` (``PreparedGraph/names``).
  var number: Int
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
  /// The attribute names by number (``PreparedAttribute/number``); set on the root only.
  var names: [String] = []
}

enum Preparation {
  /// The HTML comment appended to an HTML label whose text equals a plain string of the
  /// same graph. cgraph keeps one shared copy per distinct string and remembers "is HTML"
  /// on that copy, so without it an HTML label could come out as plain text (or a plain
  /// label as HTML). Graphviz's HTML lexer drops comments, so the drawing is unchanged.
  static let htmlDisambiguator = "<!---->"

  /// Whether `.text` values of `attribute` are escaped (labels, tooltips, other escape
  /// strings), so a NUL in them is shown as U+FFFD rather than refused.
  static func escapesText(of attribute: String) -> Bool {
    AttributeNames.role(of: attribute) != .plain
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
    escapeText(text, role: AttributeNames.role(of: attribute))
  }

  /// Escapes literal text for an attribute whose text Graphviz reads as `role`.
  static func escapeText(_ text: String, role: TextRole) -> String {
    let backslash: String
    let newline: String?
    switch role {
    case .plain: return text
    case .label: (backslash, newline) = ("\\\\", "\\n")
    case .tooltip: (backslash, newline) = ("\\\\\\\\", "\\n")
    case .escString, .url: (backslash, newline) = ("\\\\", nil)
    }
    // One pass over the bytes: most text has nothing to escape and is handed back as it is.
    let (needsWork, hasNotXML) = scan(text)
    guard needsWork || hasNotXML else { return text }
    var text = text
    // Characters SVG cannot hold (a NUL would end the C string) are shown as U+FFFD.
    if hasNotXML {
      text = String(
        String.UnicodeScalarView(text.unicodeScalars.map { isNotXML($0) ? "\u{FFFD}" : $0 }))
    }
    let isURL = role == .url
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

  /// Whether `text` has a byte escaping changes (`\\`, `&`, `"`, `<`, `>`, CR, LF), and
  /// whether it has a character XML does not allow (``isNotXML(_:)``: a control byte other
  /// than tab, LF and CR, or U+FFFE or U+FFFF, whose UTF-8 is EF BF BE and EF BF BF).
  static func scan(_ text: String) -> (needsWork: Bool, hasNotXML: Bool) {
    var text = text
    return text.withUTF8 { bytes in
      var needsWork = false
      var hasNotXML = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "<"),
          UInt8(ascii: ">"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
          needsWork = true
        case 0x09:
          break
        case 0x00...0x1F:
          hasNotXML = true
        case 0xEF:
          if index + 2 < bytes.count, bytes[index + 1] == 0xBF,
            bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF
          {
            hasNotXML = true
          }
        default:
          break
        }
        index += 1
      }
      return (needsWork, hasNotXML)
    }
  }

  /// Whether `string` contains a NUL byte; eight bytes at a time (a word has a zero byte when
  /// `(w - 0x01…01) & ~w & 0x80…80` is not zero), as every value handed to Graphviz is asked.
  static func containsNUL(_ string: String) -> Bool {
    var string = string
    return string.withUTF8 { bytes in
      let raw = UnsafeRawBufferPointer(bytes)
      var index = 0
      while index + 8 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
        index += 8
      }
      while index < raw.count {
        if raw[index] == 0 { return true }
        index += 1
      }
      return false
    }
  }

  /// The number of lines Graphviz will lay out for `value`.
  static func lineCount(of value: AttributeValue) -> Int {
    switch value {
    case .text(let text):
      // CR and LF are ASCII: counting bytes counts the same line ends as scalars.
      var breaks = 0
      var previousWasCR = false
      for byte in text.utf8 {
        if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "\n") && !previousWasCR) {
          breaks += 1
        }
        previousWasCR = byte == UInt8(ascii: "\r")
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
      var text = text
      return text.withUTF8 { bytes in
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
  }

  /// Validates `graph` and converts it to the strings Graphviz will see.
  static func prepare(_ graph: Graph) throws(GraphvizError) -> PreparedGraph {
    var context = Context()
    var prepared = try context.prepare(graph, path: "graph \"\(graph.name)\"", isRoot: true)
    let disambiguated = context.disambiguatedHTML()
    if !disambiguated.isEmpty {
      rewriteHTML(in: &prepared, using: disambiguated)
    }
    prepared.names = context.numbering.names
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
    /// Every HTML string by its UTF-8 length, with repeats: a plain string is only compared
    /// with those of its length, and no long label is hashed.
    var htmlStrings: [Int: [String]] = [:]
    /// The graph's attribute names, each resolved once per attribute.
    var numbering = AttributeNumbering()

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
      if Preparation.containsNUL(name) {
        throw .invalidGraph("\(what) \"\(name)\" in \(path) contains a NUL character")
      }
    }

    private mutating func prepare(
      _ attributes: Attributes, of owner: @autoclosure () -> String
    ) throws(GraphvizError) -> [PreparedAttribute] {
      var result: [PreparedAttribute] = []
      result.reserveCapacity(attributes.count)
      for entry in attributes.storage {
        let name = entry.name
        let value = entry.value
        if name.isEmpty { throw .invalidGraph("empty attribute name on \(owner())") }
        let (number, role) = numbering.resolve(name)
        let shownAsReplacement =
          if case .text = value { role != .plain } else { false }
        if Preparation.containsNUL(name)
          || (!shownAsReplacement && Preparation.containsNUL(value.string))
        {
          throw .invalidGraph("attribute \"\(name)\" of \(owner()) contains a NUL character")
        }
        // A label of fewer bytes than the line limit cannot have more lines: every line end
        // takes at least one byte. Only longer ones are counted.
        if role == .label, value.string.utf8.count >= Graphviz.maxLabelLines {
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
          let escaped = Preparation.escapeText(text, role: role)
          plainStrings.append(escaped)
          result.append(
            PreparedAttribute(name: name, value: escaped, isHTML: false, number: number))
        case .raw(let text):
          plainStrings.append(text)
          result.append(PreparedAttribute(name: name, value: text, isHTML: false, number: number))
        case .html(let text):
          htmlStrings[text.utf8.count, default: []].append(text)
          result.append(PreparedAttribute(name: name, value: text, isHTML: true, number: number))
        }
      }
      return result
    }

    /// HTML strings that collide with a plain string, mapped to a non-colliding variant.
    func disambiguatedHTML() -> [String: String] {
      guard !htmlStrings.isEmpty else { return [:] }
      var colliding: Set<String> = []
      for plain in plainStrings {
        if let sameLength = htmlStrings[plain.utf8.count], sameLength.contains(plain) {
          colliding.insert(plain)
        }
      }
      guard !colliding.isEmpty else { return [:] }
      // Variants must avoid every plain string, not only those of an HTML string's length.
      let plainStrings = Set(self.plainStrings)
      let htmlStrings = Set(self.htmlStrings.values.joined())
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
