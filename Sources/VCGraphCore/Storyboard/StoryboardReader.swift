/// Reads a `.storyboard` file into a `Storyboard`: scenes, segues and the initial controller,
/// every error positioned at its element.
public struct StoryboardReader: Sendable {
  /// The size of one file and the number of scenes in it.
  public var limits: InputLimits
  /// Deepest element nesting accepted (libxml2 itself stops at 256). Real storyboards nest
  /// about 10–40 deep: document, scenes, scene, objects, controller, then two levels per view.
  public var maxElementDepth: Int

  /// The default for `maxElementDepth`.
  public static let defaultMaxElementDepth = 200

  public init(limits: InputLimits = .default, maxElementDepth: Int = defaultMaxElementDepth) {
    self.limits = limits
    self.maxElementDepth = maxElementDepth
  }

  /// Reads a storyboard from its bytes; `path` names it in errors and locations.
  public func read(bytes: [UInt8], path: String) throws(VCGraphError) -> Storyboard {
    let start = SourceLocation(path: path, line: 1, column: 1)
    if bytes.count > limits.maxInputBytes {
      throw VCGraphError.data(
        "the file is \(bytes.count) bytes, more than the limit of \(limits.maxInputBytes) bytes",
        at: start, hint: "raise it with --max-input-bytes")
    }
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      throw VCGraphError.data("the file is empty", at: start, hint: "a storyboard is XML")
    }
    try TextEncodingCheck.requireUTF8Text(bytes, path: path, what: "storyboards")
    let builder = StoryboardBuilder(path: path, limits: limits)
    try XMLReader.parse(bytes: bytes, path: path, maxDepth: maxElementDepth, handler: builder)
    return try builder.finish()
  }

  /// Reads a storyboard from text.
  public func read(text: String, path: String) throws(VCGraphError) -> Storyboard {
    try read(bytes: Array(text.utf8), path: path)
  }

  /// The name a storyboard file is referenced by: its file name without `.storyboard`.
  public static func storyboardName(ofPath path: String) -> String {
    var name = Substring(path)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    if name.hasSuffix(".storyboard") { name = name.dropLast(".storyboard".count) }
    return String(name)
  }
}

/// Builds a `Storyboard` from the elements of its XML, in one pass.
final class StoryboardBuilder: XMLEventHandler {
  private let path: String
  private let limits: InputLimits
  private var storyboard: Storyboard?
  private var initialID: String?

  /// The open elements: name, `id` and whether it is the current scene's controller.
  private var stack: [(name: String, id: String?)] = []
  /// Depth of `<scenes>` while inside it.
  private var scenesDepth: Int?
  /// The label comment read since the last scene.
  private var pendingLabel: String?
  private var scene: OpenScene?
  /// Segues as read, with their owning scene; sources and destinations are set at the end.
  private var segues: [(segue: StoryboardSegue, scene: Int)] = []
  private var sceneControllers: [Int: SceneIndex] = [:]
  private var sceneCount = 0
  private var pendingNotes: [(Int, String)] = []

  /// The scene being read.
  private struct OpenScene {
    var number: Int
    var sceneID: String
    var location: SourceLocation
    var label: String?
    var depth: Int
    /// Depth of its `<objects>` while inside it.
    var objectsDepth: Int?
    /// Depth of the controller element while inside it.
    var controllerDepth: Int?
    var controllerIndex: SceneIndex?
  }

  init(path: String, limits: InputLimits) {
    self.path = path
    self.limits = limits
  }

  func comment(_ text: String) {
    // Interface Builder labels each scene with a comment just before it.
    if let scenesDepth, stack.count == scenesDepth {
      pendingLabel = text
    }
  }

  func startElement(_ element: borrowing XMLElementStart, depth: Int) throws(VCGraphError) {
    defer { stack.append((element.name, element[attribute: "id"])) }
    if depth == 1 {
      try startDocument(element)
      return
    }
    if element.isNamed("scenes"), depth == 2 {
      scenesDepth = depth
      return
    }
    if let scenesDepth, element.isNamed("scene"), depth == scenesDepth + 1 {
      try startScene(element, depth: depth)
      return
    }
    // `scene` is read and changed in place: a copy of it per element (and its write back)
    // cost more than the rest of the builder.
    guard let sceneDepth = scene?.depth else { return }
    if element.isNamed("objects"), depth == sceneDepth + 1 {
      scene!.objectsDepth = depth
    } else if let objectsDepth = scene!.objectsDepth, depth == objectsDepth + 1,
      element.attribute("sceneMemberID", is: "viewController")
    {
      try startController(element, in: &scene!, depth: depth)
    } else if let controllerDepth = scene!.controllerDepth, depth == controllerDepth + 1,
      element.isNamed("navigationItem"), element.attribute("key", is: "navigationItem"),
      let index = scene!.controllerIndex, storyboard!.scenes[index].title == nil
    {
      storyboard!.scenes[index].title = element[attribute: "title"]
    } else if let controllerDepth = scene!.controllerDepth, depth == controllerDepth + 2,
      element.isNamed("userDefinedRuntimeAttribute"),
      stack.last?.name == "userDefinedRuntimeAttributes",
      element.attribute("keyPath", is: StoryboardScene.disableKeyPathLiteral),
      let index = scene!.controllerIndex
    {
      storyboard!.scenes[index].ignoredRules += try Self.disabledRules(element)
    } else if element.isNamed("segue") {
      try readSegue(element, in: scene!)
    }
  }

  /// The rule ids of a controller's `vcgraphDisable` attribute (`value="a, b"`): a string,
  /// ids separated by commas or spaces, each one `vcgraph rules` lists.
  static func disabledRules(_ element: borrowing XMLElementStart) throws(VCGraphError) -> [String] {
    guard element[attribute: "type"] == "string" else {
      throw VCGraphError.data(
        "`\(StoryboardScene.disableKeyPath)` is a String attribute", at: element.location,
        hint: "set its type to String in the Identity inspector")
    }
    let value = element[attribute: "value"] ?? ""
    let ids = value.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    if ids.isEmpty {
      throw VCGraphError.data(
        "`\(StoryboardScene.disableKeyPath)` names no rule", at: element.location,
        hint: "give rule ids separated by commas, as `vcgraph rules` lists them")
    }
    for id in ids where Rule(rawValue: id) == nil {
      throw VCGraphError.data(
        "unknown rule id '\(id)' in `\(StoryboardScene.disableKeyPath)`", at: element.location,
        hint: suggestion(for: id, among: Rule.all.map(\.rawValue)))
    }
    return ids
  }

  func endElement(depth: Int) throws(VCGraphError) {
    let name = stack.removeLast().name
    guard let sceneDepth = scene?.depth else {
      if name == "scenes", depth == scenesDepth { scenesDepth = nil }
      return
    }
    if depth == sceneDepth {
      guard scene!.controllerIndex != nil else {
        throw VCGraphError.data(
          "scene '\(scene!.sceneID)' has no view controller", at: scene!.location,
          hint: "a scene holds one element with sceneMemberID=\"viewController\"")
      }
      scene = nil
      return
    }
    if depth == scene!.controllerDepth { scene!.controllerDepth = nil }
    if depth == scene!.objectsDepth { scene!.objectsDepth = nil }
  }

  // MARK: - Elements

  private func startDocument(_ element: borrowing XMLElementStart) throws(VCGraphError) {
    guard element.isNamed("document") else {
      throw VCGraphError.data(
        "not a storyboard: the root element is <\(element.name)>, not <document>",
        at: element.location)
    }
    if let type = element[attribute: "type"] {
      if type.contains(".Cocoa.") {
        throw VCGraphError.data(
          "a macOS (Cocoa) storyboard; vcgraph reads iOS storyboards", at: element.location)
      }
      if type.contains(".AppleTV.") {
        throw VCGraphError.data(
          "a tvOS (Apple TV) storyboard; vcgraph reads iOS storyboards", at: element.location)
      }
      if !type.hasSuffix("Storyboard.XIB") {
        throw VCGraphError.data(
          "not a storyboard: the document type is '\(type)'", at: element.location,
          hint: "vcgraph reads .storyboard files, not .xib files")
      }
    }
    storyboard = Storyboard(
      path: path, name: StoryboardReader.storyboardName(ofPath: path),
      documentLocation: element.location)
    storyboard!.targetRuntime = element[attribute: "targetRuntime"]
    initialID = element[attribute: "initialViewController"]
  }

  private func startScene(_ element: borrowing XMLElementStart, depth: Int) throws(VCGraphError) {
    sceneCount += 1
    if sceneCount > limits.maxControllers {
      throw VCGraphError.data(
        "more than \(limits.maxControllers) scenes", at: element.location,
        hint: "raise the limit with --max-controllers")
    }
    scene = OpenScene(
      number: sceneCount, sceneID: element[attribute: "sceneID"] ?? "", location: element.location,
      label: pendingLabel, depth: depth)
    pendingLabel = nil
  }

  private func startController(
    _ element: borrowing XMLElementStart, in current: inout OpenScene, depth: Int
  ) throws(VCGraphError) {
    if let existing = current.controllerIndex {
      let line = storyboard!.scenes[existing].location.line
      throw VCGraphError.data(
        "scene '\(current.sceneID)' has a second view controller (the first is at line \(line))",
        at: element.location)
    }
    guard let id = element[attribute: "id"], !id.isEmpty else {
      throw VCGraphError.data("a view controller element needs an `id`", at: element.location)
    }
    if let other = storyboard!.scene(elementID: id) {
      throw VCGraphError.data(
        "the id '\(id)' is already used at line \(storyboard!.scenes[other].location.line)",
        at: element.location, hint: "ids are unique in a storyboard")
    }
    let name = element.name
    let isPlaceholder = name == "viewControllerPlaceholder"
    let known = StoryboardScene.uikitClass(ofElement: name)
    var item = StoryboardScene(
      sceneID: current.sceneID, elementID: id, element: name,
      uikitClass: known?.0 ?? "UIViewController", kind: known?.1 ?? .plain,
      location: element.location)
    if known == nil && !isPlaceholder {
      item.notes.append(
        "<\(name)> is not a controller element vcgraph knows; read as a UIViewController")
    }
    item.customClass = element[attribute: "customClass"]
    item.customModule = element[attribute: "customModule"]
    item.storyboardIdentifier = element[attribute: "storyboardIdentifier"]
    item.title = element[attribute: "title"]
    item.label = current.label
    if let value = element[attribute: "definesPresentationContext"] {
      item.definesPresentationContext = value == "YES"
    }
    if let style = element[attribute: "modalPresentationStyle"] {
      item.modalPresentationStyle = PresentationStyle(rawValue: style)
      if item.modalPresentationStyle == nil {
        item.notes.append("modalPresentationStyle '\(style)' is not modelled; read as automatic")
      }
    }
    if isPlaceholder {
      item.reference = StoryboardReference(
        storyboardName: element[attribute: "storyboardName"],
        referencedIdentifier: element[attribute: "referencedIdentifier"],
        bundleIdentifier: element[attribute: "bundleIdentifier"])
    }
    storyboard!.append(item)
    let index = storyboard!.scenes.count - 1
    current.controllerIndex = index
    current.controllerDepth = depth
    sceneControllers[current.number] = index
  }

  private func readSegue(
    _ element: borrowing XMLElementStart, in current: OpenScene
  ) throws(VCGraphError) {
    // `<segue reference="...">` repeats a segue written elsewhere (inferred metrics).
    if element[attribute: "kind"] == nil, element[attribute: "reference"] != nil { return }
    guard let kindText = element[attribute: "kind"] else {
      throw VCGraphError.data("a segue needs a `kind`", at: element.location)
    }
    guard let kind = StoryboardSegue.Kind(rawValue: kindText) else {
      throw VCGraphError.data(
        "unknown segue kind '\(kindText)'", at: element.location,
        hint: suggestion(for: kindText, among: StoryboardSegue.Kind.allCases.map(\.rawValue)))
    }
    guard let destination = element[attribute: "destination"], !destination.isEmpty else {
      throw VCGraphError.data("a segue needs a `destination`", at: element.location)
    }
    // The object it sits on: the element holding its `<connections>`.
    let owner = stack.last?.name == "connections" ? stack.dropLast().last : stack.last
    let isManual =
      current.controllerIndex.map { owner?.id == storyboard!.scenes[$0].elementID } ?? false
    let trigger = StoryboardSegue.Trigger(
      element: owner?.name ?? "scene", id: owner?.id, isManual: isManual)
    var segue = StoryboardSegue(
      kind: kind, source: -1, destinationID: destination, trigger: trigger,
      location: element.location)
    segue.id = element[attribute: "id"]
    segue.identifier = element[attribute: "identifier"]
    if kind == .relationship {
      let text = element[attribute: "relationship"] ?? ""
      guard let relationship = StoryboardSegue.Relationship(rawValue: text) else {
        throw VCGraphError.data(
          text.isEmpty
            ? "a relationship segue needs a `relationship`"
            : "unknown relationship '\(text)'", at: element.location,
          hint: suggestion(
            for: text, among: StoryboardSegue.Relationship.allCases.map(\.rawValue)))
      }
      segue.relationship = relationship
    }
    if let style = element[attribute: "modalPresentationStyle"] {
      segue.modalPresentationStyle = PresentationStyle(rawValue: style)
      if segue.modalPresentationStyle == nil {
        let note = "segue \(segue.id ?? ""): modalPresentationStyle '\(style)' is not modelled"
        pendingNotes.append((current.number, note + "; read as automatic"))
      }
    }
    segue.modalTransitionStyle = element[attribute: "modalTransitionStyle"]
    segue.animates = element[attribute: "animates"] != "NO"
    segue.popoverAnchorView = element[attribute: "popoverAnchorView"]
    segue.popoverAnchorBarButtonItem = element[attribute: "popoverAnchorBarButtonItem"]
    segue.unwindAction = element[attribute: "unwindAction"]
    segue.customClass = element[attribute: "customClass"]
    segues.append((segue, current.number))
  }

  // MARK: - Finishing

  /// Links sources, destinations and the initial controller once every scene is known.
  func finish() throws(VCGraphError) -> Storyboard {
    guard var result = storyboard else {
      throw VCGraphError.data(
        "not a storyboard: no <document>", at: SourceLocation(path: path, line: 1, column: 1))
    }
    for (var segue, number) in segues {
      guard let source = sceneControllers[number] else { continue }
      segue.source = source
      if segue.kind != .unwind {
        guard let destination = result.scene(elementID: segue.destinationID) else {
          throw VCGraphError.data(
            "the segue's destination '\(segue.destinationID)' is not a view controller in"
              + " this storyboard", at: segue.location)
        }
        segue.destination = destination
      }
      result.segues.append(segue)
      result.scenes[source].segues.append(result.segues.count - 1)
    }
    for (number, note) in pendingNotes {
      if let scene = sceneControllers[number] { result.scenes[scene].notes.append(note) }
    }
    if let initialID {
      guard let initial = result.scene(elementID: initialID) else {
        throw VCGraphError.data(
          "initialViewController '\(initialID)' is not a view controller in this storyboard",
          at: result.documentLocation)
      }
      result.initialScene = initial
    }
    return result
  }
}
