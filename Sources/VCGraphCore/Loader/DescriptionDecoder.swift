/// Builds the model from a YAML document. Pure Swift; one instance per document.
struct DescriptionDecoder {
  let path: String
  let limits: InputLimits
  let declaredKinds: [String: ControllerKind]
  var hierarchy: Hierarchy
  /// Explicit ids with where they were written, to report duplicates.
  /// View ids with where they were written (controller ids are in `hierarchy.idIndex`).
  private var viewIDs: [String: SourceLocation] = [:]
  /// Controllers without an explicit id, named after loading.
  private var anonymous: [ControllerIndex] = []
  var pendingShowing: [(ControllerIndex, String, SourceLocation)] = []
  var pendingHosts: [(ViewIndex, String, SourceLocation)] = []

  /// Kinds of the classes named so far (`--class`, `classes:`, UIKit), each resolved once.
  var classKinds: ClassKinds
  /// Errors found so far; independent ones are all reported (`DecodingProblems`).
  let problems = DecodingProblems()

  init(path: String, limits: InputLimits, declaredKinds: [String: ControllerKind]) {
    self.path = path
    self.limits = limits
    self.declaredKinds = declaredKinds
    hierarchy = Hierarchy(path: path)
    classKinds = ClassKinds(declared: declaredKinds)
  }

  func loc(_ mark: Mark) -> SourceLocation { mark.location(in: path) }

  /// Sizes the arena from the number of `class` keys in the text (views' included), so a large
  /// description's arena is not copied while it grows: at a million controllers each copy
  /// would briefly hold the arena twice.
  mutating func reserveCapacity(forControllersIn bytes: [UInt8]) {
    guard bytes.count > 1 << 20 else { return }
    let key = Array("class:".utf8)
    var count = 0
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      while index <= buffer.count - key.count {
        // The first byte alone rules out almost every position.
        if buffer[index] == key[0], buffer[index..<(index + key.count)].elementsEqual(key) {
          count += 1
          index += key.count
        } else {
          index += 1
        }
      }
    }
    hierarchy.reserveCapacity(min(count, limits.maxControllers))
  }

  // MARK: - Document

  static let topKeys = [
    "title", "device", "classes", "window", "windows", "scenes", "detached", "analyze", "ignore",
    "steps", "delegate",
  ]

  mutating func decodeDocument(_ root: YAMLNode) throws(VCGraphError) -> Hierarchy {
    let pairs = try mapping(root, what: "the top level of a description")
    try checkKeys(pairs, allowed: Self.topKeys, in: "the top level")
    // Classes first: kinds decide which keys a controller may have.
    if let classes = value("classes", in: pairs) { try decodeClasses(classes) }
    for pair in pairs {
      try problems.recover { () throws(VCGraphError) in
        switch pair.key {
        case "title": hierarchy.title = try string(pair.value, key: "title")
        case "device":
          let text = try string(pair.value, key: "device")
          guard let device = Device(rawValue: text) else {
            throw error(
              "unknown device '\(text)'", at: pair.value.mark, hint: "use iPhone or iPad")
          }
          hierarchy.device = device
        case "ignore":
          hierarchy.ignoredRules += try ruleIDs(pair.value, key: "ignore")
        case "delegate": try decodeDelegate(pair.value)
        default: break
        }
      }
    }
    let roots = pairs.filter { ["window", "windows", "scenes"].contains($0.key) }
    let detached = value("detached", in: pairs)
    if roots.isEmpty, let detached {
      // Controllers that exist in no window (imported dumps print them presented with `(null)`).
      for item in try sequence(detached, key: "detached") {
        try problems.recover { () throws(VCGraphError) in
          hierarchy.detachedRoots.append(try decodeController(item, parent: nil))
        }
      }
      try checkDecodedParts(steps: value("steps", in: pairs))
      try nameAnonymousControllers()
      try resolveReferences()
      if let analyze = value("analyze", in: pairs) { try decodeAnalyze(analyze) }
      if let steps = value("steps", in: pairs) { try decodeSteps(steps) }
      try problems.check()
      return hierarchy
    }
    guard let rootPair = roots.first else {
      throw error(
        "a description needs one of `window`, `windows` or `scenes`", at: root.mark,
        hint: "add `window: { root: ... }`")
    }
    if roots.count > 1 {
      throw error(
        "`\(roots[1].key)` cannot be used together with `\(rootPair.key)`",
        at: roots[1].keyMark, hint: "use exactly one of window, windows, scenes")
    }
    switch rootPair.key {
    case "window":
      _ = try decodeWindow(rootPair.value, scene: nil, single: true)
    case "windows":
      if case .mapping = rootPair.value.value {
        throw error(
          "`windows` must be a list, found a mapping", at: rootPair.value.mark,
          hint: "one window is `window:` (singular); several are `- ` items under `windows:`")
      }
      for item in try sequence(rootPair.value, key: "windows") {
        try problems.recover { () throws(VCGraphError) in
          _ = try decodeWindow(item, scene: nil, single: false)
        }
      }
    default:
      for item in try sequence(rootPair.value, key: "scenes") {
        try problems.recover { () throws(VCGraphError) in try decodeScene(item) }
      }
    }
    if let detached {
      for item in try sequence(detached, key: "detached") {
        try problems.recover { () throws(VCGraphError) in
          hierarchy.detachedRoots.append(try decodeController(item, parent: nil))
        }
      }
    }
    // References are checked once every part decoded: an error there would follow from one
    // already reported.
    try checkDecodedParts(steps: value("steps", in: pairs))
    try nameAnonymousControllers()
    try resolveReferences()
    try checkKeyWindows(rootPair)
    try checkFocusedScenes()
    if let analyze = value("analyze", in: pairs) { try decodeAnalyze(analyze) }
    if let steps = value("steps", in: pairs) { try decodeSteps(steps) }
    try problems.check()
    return hierarchy
  }

  mutating func decodeClasses(_ node: YAMLNode) throws(VCGraphError) {
    for pair in try mapping(node, what: "`classes`") {
      let superclass = try string(pair.value, key: pair.key)
      if pair.key == superclass {
        throw error("class '\(pair.key)' cannot be its own superclass", at: pair.value.mark)
      }
      hierarchy.superclasses[pair.key] = superclass
      hierarchy.superclassLocations[pair.key] = loc(pair.value.mark)
      classKinds.declare(pair.key, superclass: superclass)
    }
    // A cycle would leave a class without a kind.
    for name in hierarchy.superclasses.keys.sorted() where kind(of: name) == nil {
      let pair = try mapping(node, what: "`classes`").first { $0.key == name }!
      throw error(
        "the superclasses of '\(name)' form a cycle", at: pair.keyMark,
        hint: "every class must lead to a UIKit class")
    }
  }

  /// The kind of a class: `--class`, then the `classes` chain, then built-ins; nil on a cycle.
  mutating func kind(of className: String) -> ControllerKind? {
    classKinds.kind(of: className)
  }

  // MARK: - Windows and scenes

  private mutating func decodeScene(_ node: YAMLNode) throws(VCGraphError) {
    let pairs = try mapping(node, what: "a scene")
    try checkKeys(pairs, allowed: ["id", "foreground", "focused", "windows"], in: "a scene")
    let index = hierarchy.scenes.count
    let id = try value("id", in: pairs).map { v throws(VCGraphError) in try string(v, key: "id") }
    let foreground = try value("foreground", in: pairs).map { v throws(VCGraphError) in
      try bool(v, key: "foreground")
    }
    hierarchy.scenes.append(
      Scene(
        id: id ?? "scene-\(index + 1)", isForeground: foreground ?? true,
        location: loc(node.mark)))
    if let focused = value("focused", in: pairs) {
      hierarchy.scenes[index].isFocused = try bool(focused, key: "focused")
      focusedMarks[index] = focused.mark
    }
    guard let windows = value("windows", in: pairs) else {
      throw error("a scene needs `windows`", at: node.mark)
    }
    for item in try sequence(windows, key: "windows") {
      try problems.recover { () throws(VCGraphError) in
        let window = try decodeWindow(item, scene: index, single: false)
        hierarchy.scenes[index].windows.append(window)
      }
    }
  }

  private mutating func decodeWindow(
    _ node: YAMLNode, scene: Int?, single: Bool
  ) throws(VCGraphError) -> Int {
    let pairs = try mapping(node, what: "a window")
    try checkKeys(pairs, allowed: ["root", "id", "key", "level"], in: "a window")
    guard let rootNode = value("root", in: pairs) else {
      throw error("a window needs a `root` controller", at: node.mark)
    }
    let index = hierarchy.windows.count
    let id = try value("id", in: pairs).map { v throws(VCGraphError) in try string(v, key: "id") }
    let isKey = try value("key", in: pairs).map { v throws(VCGraphError) in try bool(v, key: "key")
    }
    var level = WindowLevel.normal
    if let levelNode = value("level", in: pairs) {
      let text = try string(levelNode, key: "level")
      switch text {
      case "normal": level = .normal
      case "statusBar": level = .statusBar
      case "alert": level = .alert
      default: level = try windowLevel(text, at: levelNode.mark)
      }
    }
    let root = try decodeController(rootNode, parent: nil)
    hierarchy.windows.append(
      Window(
        id: id ?? (single ? "window" : "window-\(index + 1)"), isKey: isKey ?? single,
        level: level, root: root, scene: scene, location: loc(node.mark)))
    if isKey != nil { keyMarks[index] = value("key", in: pairs)!.mark }
    return index
  }

  private var keyMarks: [Int: Mark] = [:]
  /// Where each scene's `focused` value is written, by scene index.
  var focusedMarks: [Int: Mark] = [:]

  /// Exactly one key window per foreground scene; with one window it is key.
  private mutating func checkKeyWindows(_ rootPair: YAMLPair) throws(VCGraphError) {
    var groups: [(scene: Int?, windows: [Int])] = []
    if hierarchy.scenes.isEmpty {
      groups = [(nil, Array(hierarchy.windows.indices))]
    } else {
      groups = hierarchy.scenes.indices.map { ($0, hierarchy.scenes[$0].windows) }
    }
    for group in groups {
      let foreground = group.scene.map { hierarchy.scenes[$0].isForeground } ?? true
      if group.windows.count == 1, keyMarks[group.windows[0]] == nil {
        hierarchy.windows[group.windows[0]].isKey = foreground
        continue
      }
      let keys = group.windows.filter { hierarchy.windows[$0].isKey }
      if keys.count > 1 {
        throw error(
          "two key windows in one scene", at: keyMarks[keys[1]] ?? rootPair.keyMark,
          hint: "mark exactly one window `key: true`")
      }
      if keys.isEmpty && foreground {
        let place = group.scene.map { hierarchy.scenes[$0].location } ?? loc(rootPair.keyMark)
        throw VCGraphError.data(
          "no window is marked `key: true`", at: place,
          hint: "mark exactly one window of each foreground scene `key: true`")
      }
    }
  }

  // MARK: - Controllers

  static let commonKeys = [
    "class", "id", "title", "presents", "modalPresentationStyle", "definesPresentationContext",
    "view", "state", "ignore", "popoverAnchor",
  ]

  static func allowedKeys(for kind: ControllerKind) -> [String] {
    switch kind {
    case .plain: commonKeys + ["children", "showing"]
    case .navigation, .page: commonKeys + ["viewControllers"]
    case .tabBar: commonKeys + ["viewControllers", "selectedIndex"]
    case .split: commonKeys + ["viewControllers", "collapsed", "collapseSecondary", "displayMode"]
    case .alert: commonKeys + ["preferredStyle"]
    }
  }

  // Built once: a million controllers would otherwise build their allowed keys a million times.
  private static let plainKeys = allowedKeys(for: .plain)
  private static let navigationKeys = allowedKeys(for: .navigation)
  private static let tabBarKeys = allowedKeys(for: .tabBar)
  private static let splitKeys = allowedKeys(for: .split)
  private static let pageKeys = allowedKeys(for: .page)
  private static let alertKeys = allowedKeys(for: .alert)

  /// `allowedKeys(for:)`, without building the array again.
  static func sharedAllowedKeys(for kind: ControllerKind) -> [String] {
    switch kind {
    case .plain: plainKeys
    case .navigation: navigationKeys
    case .tabBar: tabBarKeys
    case .split: splitKeys
    case .page: pageKeys
    case .alert: alertKeys
    }
  }

  static let allControllerKeys = Array(
    Set(ControllerKind.allCases.flatMap { allowedKeys(for: $0) })
  ).sorted()

  /// Decodes a controller mapping or shorthand string; returns its arena index.
  mutating func decodeController(
    _ node: YAMLNode, parent: ControllerIndex?
  ) throws(VCGraphError) -> ControllerIndex {
    try checkElementCount(at: node)
    let pairs: YAMLPairs
    let className: String
    switch node.value {
    case .scalar(let text, _):
      pairs = YAMLPairs(empty: node.document)
      className = text
    case .mapping(let items):
      pairs = items
      guard let classNode = value("class", in: pairs) else {
        throw error(
          "a controller needs a `class`", at: node.mark,
          hint: "for example `class: UIViewController`")
      }
      className = try string(classNode, key: "class")
    case .sequence:
      throw error(
        "expected a controller (a mapping or a class name), found a list", at: node.mark)
    }
    try checkClassName(className, at: value("class", in: pairs)?.mark ?? node.mark)
    guard let kind = kind(of: className) else {
      throw error("the superclasses of '\(className)' form a cycle", at: node.mark)
    }
    let allowedKeys = Self.sharedAllowedKeys(for: kind)
    if pairs.contains(where: { !allowedKeys.contains($0.key) }) {
      // A key of another kind on a class whose kind was guessed: the class is the mistake.
      try checkKindKeys(pairs, className: className, kind: kind, at: node.mark)
      try checkKeys(
        pairs, allowed: allowedKeys, in: "a \(kind.uikitClass)", otherKeys: Self.allControllerKeys)
    }
    var controller = Controller(id: "", className: className, kind: kind, location: loc(node.mark))
    controller.parent = parent
    for pair in pairs { controller.keyLocations[pair.key] = loc(pair.value.mark) }
    // Before anonymous controllers are named, the id index holds exactly the explicit ids.
    var explicitID: String?
    var original: ControllerIndex?
    if let idNode = value("id", in: pairs) {
      let id = try identifier(idNode, key: "id")
      if let existing = hierarchy.controller(id: id) {
        // The same id and class again is the same controller placed twice (an S6 finding);
        // anything else is a clash.
        guard hierarchy.controllers[existing].className == className else {
          let line = hierarchy.controllers[existing].location(of: "id").line
          throw error(
            "the id '\(id)' is already used at line \(line)", at: idNode.mark,
            hint: "ids must be unique in the file")
        }
        original = existing
      } else if let view = viewIDs[id] {
        throw error(
          "the id '\(id)' is already used at line \(view.line)", at: idNode.mark,
          hint: "ids must be unique in the file")
      } else {
        controller.id = id
      }
      explicitID = id
    }
    let index = hierarchy.add(controller)
    if let original, let explicitID {
      hierarchy.controllers[index].id = explicitID
      hierarchy.secondPlacements[index] = original
    } else if explicitID == nil {
      anonymous.append(index)
    }
    for pair in pairs {
      try problems.recover { () throws(VCGraphError) in
        switch pair.key {
        case "title":
          hierarchy.controllers[index].title = try string(pair.value, key: "title")
        case "state":
          hierarchy.controllers[index].state = try string(pair.value, key: "state")
        case "ignore":
          hierarchy.controllers[index].ignoredRules = try ruleIDs(pair.value, key: "ignore")
        case "selectedIndex":
          hierarchy.controllers[index].selectedIndex = try self.index(
            pair.value, key: "selectedIndex")
        case "collapsed":
          hierarchy.controllers[index].collapsed = try bool(pair.value, key: "collapsed")
        case "collapseSecondary":
          hierarchy.controllers[index].collapseSecondary = try bool(
            pair.value, key: "collapseSecondary")
        case "displayMode":
          hierarchy.controllers[index].displayMode = try splitDisplayMode(pair.value)
        case "definesPresentationContext":
          hierarchy.controllers[index].definesPresentationContext = try bool(
            pair.value, key: pair.key)
        case "modalPresentationStyle":
          let text = try string(pair.value, key: pair.key)
          guard let style = PresentationStyle(rawValue: text) else {
            throw error(
              "unknown presentation style '\(text)'", at: pair.value.mark,
              hint: suggestion(for: text, among: PresentationStyle.allCases.map(\.rawValue))
                ?? "use one of "
                + PresentationStyle.allCases.map(\.rawValue).joined(separator: ", "))
          }
          hierarchy.controllers[index].modalPresentationStyle = style
        case "showing":
          pendingShowing.append(
            (index, try identifier(pair.value, key: "showing"), loc(pair.value.mark)))
        case "viewControllers", "children":
          let items = try sequence(pair.value, key: pair.key)
          var children: [ControllerIndex] = []
          children.reserveCapacity(items.count)
          for item in items {
            try problems.recover { () throws(VCGraphError) in
              children.append(try decodeController(item, parent: index))
            }
          }
          hierarchy.controllers[index].children = children
        case "presents":
          let presented = try decodeController(pair.value, parent: nil)
          hierarchy.controllers[index].presents = presented
          hierarchy.controllers[presented].requestedBy = index
        case "view":
          hierarchy.controllers[index].view = try decodeView(
            pair.value, owner: index, superview: nil)
        case "preferredStyle", "popoverAnchor": try decodeAlertKey(pair, of: index)
        default: break
        }
      }
    }
    return index
  }

  /// A list of rule ids (`ignore:`), each one `vcgraph rules` lists.
  private func ruleIDs(_ node: YAMLNode, key: String) throws(VCGraphError) -> [String] {
    var ids: [String] = []
    for item in try sequence(node, key: key) {
      let rule = try string(item, key: key)
      guard Rule(rawValue: rule) != nil else {
        throw error(
          "unknown rule id '\(rule)'", at: item.mark,
          hint: suggestion(for: rule, among: Rule.all.map(\.rawValue)))
      }
      ids.append(rule)
    }
    return ids
  }

  private func checkClassName(_ name: String, at mark: Mark) throws(VCGraphError) {
    let isWhitespace = { (scalar: Unicode.Scalar) -> Bool in
      // ASCII first: Unicode property lookups are slow on a million class names.
      scalar.isASCII
        ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }
    if name.isEmpty || name.unicodeScalars.contains(where: isWhitespace) {
      throw error(
        "'\(name)' is not a class name", at: mark, hint: "class names have no spaces")
    }
  }

  /// Gives every controller without `id` its class name, or `ClassName-N` when the class
  /// occurs more than once (`format.md`, "Ids").
  mutating func nameAnonymousControllers() throws(VCGraphError) {
    guard !anonymous.isEmpty else { return }
    var counts: [String: Int] = [:]
    for controller in hierarchy.controllers { counts[controller.className, default: 0] += 1 }
    var numbers: [String: Int] = [:]
    for index in hierarchy.controllers.indices {
      let name = hierarchy.controllers[index].className
      if counts[name] == 1 { continue }
      numbers[name, default: 0] += 1
      if hierarchy.controllers[index].id.isEmpty {
        hierarchy.controllers[index].id = "\(name)-\(numbers[name]!)"
      }
    }
    for index in anonymous {
      var id = hierarchy.controllers[index].id
      if id.isEmpty { id = hierarchy.controllers[index].className }
      // An explicit id wins; the generated one takes the next free number.
      if hierarchy.controller(id: id) != nil || viewIDs[id] != nil {
        var n = 1
        let base = hierarchy.controllers[index].className
        while viewIDs["\(base)-\(n)"] != nil || hierarchy.controller(id: "\(base)-\(n)") != nil {
          n += 1
        }
        id = "\(base)-\(n)"
      }
      hierarchy.rename(index, to: id)
    }
  }

  // MARK: - Views

  /// Controllers and views together count against `maxControllers`: each is a node to keep,
  /// analyze and draw, and `{}` is a whole view in three bytes.
  private func checkElementCount(at node: YAMLNode) throws(VCGraphError) {
    guard hierarchy.controllers.count + hierarchy.views.count >= limits.maxControllers else {
      return
    }
    throw error(
      "more than \(limits.maxControllers) controllers and views", at: node.mark,
      hint: "raise the limit with --max-controllers")
  }

  private mutating func decodeView(
    _ node: YAMLNode, owner: ControllerIndex, superview: ViewIndex?
  ) throws(VCGraphError) -> ViewIndex {
    try checkElementCount(at: node)
    let pairs = try mapping(node, what: "a view")
    try checkKeys(pairs, allowed: ["id", "class", "subviews", "hosts"], in: "a view")
    let id = try value("id", in: pairs).map { v throws(VCGraphError) in try identifier(v, key: "id")
    }
    let className = try value("class", in: pairs).map { v throws(VCGraphError) in
      try string(v, key: "class")
    }
    var view = View(
      id: id, className: className ?? "UIView", treeOwner: owner, location: loc(node.mark))
    view.superview = superview
    for pair in pairs { view.keyLocations[pair.key] = loc(pair.value.mark) }
    if let id {
      if let first = viewIDs[id] {
        throw error("the id '\(id)' is already used at line \(first.line)", at: node.mark)
      }
      if let controller = hierarchy.controller(id: id) {
        let line = hierarchy.controllers[controller].location(of: "id").line
        throw error("the id '\(id)' is already used at line \(line)", at: node.mark)
      }
      viewIDs[id] = loc(node.mark)
    }
    let index = hierarchy.views.count
    hierarchy.views.append(view)
    if let hostsNode = value("hosts", in: pairs) {
      if value("subviews", in: pairs) != nil {
        throw error(
          "a view with `hosts` stands for another controller's root view and has no"
            + " `subviews` here", at: hostsNode.mark,
          hint: "describe the subviews in that controller's `view`")
      }
      pendingHosts.append((index, try identifier(hostsNode, key: "hosts"), loc(hostsNode.mark)))
    }
    if let subviews = value("subviews", in: pairs) {
      var children: [ViewIndex] = []
      for item in try sequence(subviews, key: "subviews") {
        try problems.recover { () throws(VCGraphError) in
          children.append(try decodeView(item, owner: owner, superview: index))
        }
      }
      hierarchy.views[index].subviews = children
    }
    return index
  }
}
