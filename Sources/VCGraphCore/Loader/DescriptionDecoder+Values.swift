/// Reading typed values from YAML nodes, each mistake an error at the node's position.
extension YAMLValueReading {
  func error(_ message: String, at mark: Mark, hint: String? = nil) -> VCGraphError {
    VCGraphError.data(message, at: loc(mark), hint: hint)
  }

  func value(_ key: String, in pairs: YAMLPairs) -> YAMLNode? {
    pairs.first { $0.key == key }?.value
  }

  func required(
    _ key: String, in pairs: YAMLPairs, at mark: Mark
  ) throws(VCGraphError) -> YAMLNode {
    guard let node = value(key, in: pairs) else {
      throw error("`\(key)` is required here", at: mark)
    }
    return node
  }

  func mapping(_ node: YAMLNode, what: String) throws(VCGraphError) -> YAMLPairs {
    guard case .mapping(let pairs) = node.value else {
      throw error("expected a mapping for \(what), found \(node.kindDescription)", at: node.mark)
    }
    return pairs
  }

  func sequence(_ node: YAMLNode, key: String) throws(VCGraphError) -> YAMLItems {
    guard case .sequence(let items) = node.value else {
      throw error(
        "`\(key)` must be a list, found \(node.kindDescription)", at: node.mark,
        hint: "write it as `[ ... ]` or as `- ` items")
    }
    return items
  }

  func string(_ node: YAMLNode, key: String) throws(VCGraphError) -> String {
    guard let text = node.scalar else {
      throw error("`\(key)` must be text, found \(node.kindDescription)", at: node.mark)
    }
    return text
  }

  /// An id or a reference to one: non-empty text.
  func identifier(_ node: YAMLNode, key: String) throws(VCGraphError) -> String {
    let text = try string(node, key: key)
    if text.isEmpty { throw error("`\(key)` must not be empty", at: node.mark) }
    return text
  }

  func bool(_ node: YAMLNode, key: String) throws(VCGraphError) -> Bool {
    guard case .scalar(let text, let plain) = node.value else {
      throw error("`\(key)` must be true or false, found \(node.kindDescription)", at: node.mark)
    }
    if plain && text == "true" { return true }
    if plain && text == "false" { return false }
    let lower = text.lowercased()
    let yaml11True = ["yes", "on", "y", "true"]
    let yaml11False = ["no", "off", "n", "false"]
    if !plain && (text == "true" || text == "false") {
      throw error(
        "`\(key)` must be true or false, found the quoted text '\(text)'", at: node.mark,
        hint: "write \(text) without quotes")
    }
    let isYAML11 = yaml11True.contains(lower) || yaml11False.contains(lower)
    throw error(
      "`\(key)` must be true or false, found '\(text)'", at: node.mark,
      hint: isYAML11
        ? "YAML 1.1 spellings are not booleans here; write \(yaml11True.contains(lower) ? "true" : "false")"
        : nil)
  }

  func integer(_ node: YAMLNode, key: String) throws(VCGraphError) -> Int {
    guard case .scalar(let text, _) = node.value else {
      throw error("`\(key)` must be a whole number, found \(node.kindDescription)", at: node.mark)
    }
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw error(
        "`\(key)` must be a decimal whole number, found '\(text)'", at: node.mark)
    }
    guard let number = Int(text) else {
      throw error("`\(key)` is too large: \(text)", at: node.mark)
    }
    return number
  }

  /// A one-key mapping such as `dismiss: { from: C }`: the key, its value and its pairs.
  func singleKey(
    _ node: YAMLNode, what: String
  ) throws(VCGraphError) -> (YAMLPair, YAMLNode, YAMLPairs) {
    let pairs = try mapping(node, what: what)
    guard pairs.count == 1 else {
      throw error("\(what) has exactly one key, the operation; found \(pairs.count)", at: node.mark)
    }
    let arguments = try mapping(pairs[0].value, what: "the arguments of `\(pairs[0].key)`")
    return (pairs[0], pairs[0].value, arguments)
  }

  /// Duplicate and unknown keys, with a "did you mean" suggestion.
  func checkKeys(
    _ pairs: YAMLPairs, allowed: [String], in what: @autoclosure () -> String,
    otherKeys: [String] = []
  ) throws(VCGraphError) {
    // Mappings have a handful of keys: a scan beats hashing every key of a million mappings.
    for (position, pair) in pairs.enumerated() {
      if let first = pairs[..<position].first(where: { $0.key == pair.key }) {
        throw error(
          "duplicate key '\(pair.key)' (first at line \(first.keyMark.line))", at: pair.keyMark,
          hint: "each key appears once in a mapping")
      }
      if allowed.contains(pair.key) { continue }
      if otherKeys.contains(pair.key) {
        throw error("`\(pair.key)` is not allowed in \(what())", at: pair.keyMark)
      }
      throw error(
        "unknown key '\(pair.key)' in \(what())", at: pair.keyMark,
        hint: suggestion(for: pair.key, among: allowed))
    }
  }
}
