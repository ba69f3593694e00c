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

  /// Non-empty text: every text field is drawn or names something, and Graphviz rejects an
  /// empty label part.
  func string(_ node: YAMLNode, key: String) throws(VCGraphError) -> String {
    guard let text = node.scalar else {
      throw error("`\(key)` must be text, found \(node.kindDescription)", at: node.mark)
    }
    if text.isEmpty {
      throw error("`\(key)` must not be empty", at: node.mark, hint: "leave the key out instead")
    }
    return text
  }

  /// An id or a reference to one: non-empty text.
  func identifier(_ node: YAMLNode, key: String) throws(VCGraphError) -> String {
    try string(node, key: key)
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
        ? "YAML 1.1 spellings are not booleans here; write"
          + " \(yaml11True.contains(lower) ? "true" : "false")"
        : nil)
  }

  /// A split view's `displayMode`: one of `UISplitViewController.DisplayMode`'s case names.
  func splitDisplayMode(_ node: YAMLNode) throws(VCGraphError) -> SplitDisplayMode {
    let text = try string(node, key: "displayMode")
    guard let mode = SplitDisplayMode(rawValue: text) else {
      let names = SplitDisplayMode.allCases.map(\.rawValue)
      throw error(
        "unknown display mode '\(text)'", at: node.mark,
        hint: suggestion(for: text, among: names)
          ?? "use one of " + names.joined(separator: ", "))
    }
    return mode
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

  /// An index into a list (`selectedIndex`, a step's `index`): a whole number, 0 or more.
  /// Apple: `selectedIndex` "nominally represents an index into the array of the
  /// viewControllers property" (UITabBarController.selectedIndex; `NSUInteger` in
  /// Objective-C), and an index into an array is never negative.
  func index(_ node: YAMLNode, key: String) throws(VCGraphError) -> Int {
    let number = try integer(node, key: key)
    if number < 0 {
      throw error(
        "`\(key)` must be 0 or more, found \(number)", at: node.mark,
        hint: "UIKit's indexes are unsigned; the first is 0")
    }
    return number
  }

  /// A window level written as a number: decimal digits with an optional sign and fraction
  /// (`0x10`, `1e3`, `.nan` are not), within ±`WindowLevel.limit`.
  func windowLevel(_ text: String, at mark: Mark) throws(VCGraphError) -> WindowLevel {
    let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
    let isDecimal =
      (parts.count == 1 || parts.count == 2)
      && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    guard isDecimal, let number = Double(text) else {
      throw error(
        "`level` must be normal, statusBar, alert or a decimal number, found '\(text)'",
        at: mark, hint: "for example `level: 2001`")
    }
    guard abs(number) <= WindowLevel.limit else {
      let limit = Int(WindowLevel.limit)
      throw error("`level` must be between -\(limit) and \(limit), found \(text)", at: mark)
    }
    return WindowLevel(number)
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
    // Every bad key is reported; decoding goes on without it.
    for (position, pair) in pairs.enumerated() {
      try recovering { () throws(VCGraphError) in
        if let first = pairs[..<position].first(where: { $0.key == pair.key }) {
          throw error(
            "duplicate key '\(pair.key)' (first at line \(first.keyMark.line))",
            at: pair.keyMark, hint: "each key appears once in a mapping")
        }
        if allowed.contains(pair.key) { return }
        if otherKeys.contains(pair.key) {
          throw error("`\(pair.key)` is not allowed in \(what())", at: pair.keyMark)
        }
        throw error(
          "unknown key '\(pair.key)' in \(what())", at: pair.keyMark,
          hint: suggestion(for: pair.key, among: allowed)
            ?? (self is DescriptionDecoder ? Self.placeHint(for: pair.key) : nil))
      }
    }
  }

  /// Where a key that is unknown here belongs, when it belongs somewhere else (a `root:` at
  /// the top level is a window's, indented too little).
  static func placeHint(for key: String) -> String? {
    let places: [(String, [String])] = [
      ("a window (under `window:` or a `windows:` item)", ["root", "key", "level"]),
      ("the top level", DescriptionDecoder.topKeys),
      ("a controller", DescriptionDecoder.allControllerKeys),
      ("a view (under a controller's `view:`)", ["subviews", "hosts"]),
    ]
    guard let place = places.first(where: { $0.1.contains(key) }) else { return nil }
    return "`\(key)` is a key of \(place.0); check the indentation of this line"
  }

  /// Runs `body`, recording its error and going on when the reader collects errors
  /// (`DecodingProblems`), else letting it end the reading.
  func recovering(_ body: () throws(VCGraphError) -> Void) throws(VCGraphError) {
    if let collectedProblems { try collectedProblems.recover(body) } else { try body() }
  }
}
