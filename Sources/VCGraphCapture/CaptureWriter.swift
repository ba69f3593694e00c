/// The walk from scenes to windows to controllers, written as a vcgraph description
/// (`format.md`): what the capture sees maps to the format's keys, and what the format has no
/// key for becomes a YAML comment (`Documentation/Capture.md`, "What is written").
@MainActor
struct CaptureWriter {
  let options: CaptureOptions
  private let out = YAMLLines()
  /// Every controller reached, in walk order, with its id.
  private var ids: [ObjectIdentifier: String] = [:]
  private var order: [any CapturedController] = []
  /// Controllers whose root view another controller's view holds while nothing else reaches
  /// them: written under `detached:`.
  private var hostedOnly: [any CapturedController] = []
  /// Controllers the caller asked for that no window holds.
  private var detached: [any CapturedController] = []
  /// Controllers already written with their contents; a second placement is written by id.
  private var written: Set<ObjectIdentifier> = []

  init(options: CaptureOptions) { self.options = options }

  /// A window the description can hold: shown and with a root controller.
  private struct WrittenWindow {
    let window: any CapturedWindow
    let root: any CapturedController
  }

  private struct WrittenScene {
    let scene: any CapturedScene
    let windows: [WrittenWindow]
    /// Windows left out, with why, for comments.
    let skipped: [String]
  }

  mutating func document(for app: any CapturedApplication) -> String {
    let scenes = app.capturedScenes.map { scene in
      var windows: [WrittenWindow] = []
      var skipped: [String] = []
      for window in scene.capturedWindows {
        if window.isHidden {
          skipped.append("a hidden \(window.className) (the format has no hidden windows)")
        } else if let root = window.capturedRoot {
          windows.append(WrittenWindow(window: window, root: root))
        } else {
          skipped.append("a \(window.className) without a rootViewController")
        }
      }
      return WrittenScene(scene: scene, windows: windows, skipped: skipped)
    }
    let kept = scenes.filter { !$0.windows.isEmpty }
    for scene in kept { for window in scene.windows { collect(window.root) } }
    for extra in app.extraControllers where ids[ObjectIdentifier(extra)] == nil {
      detached.append(extra)
      collect(extra)
    }
    collectHostedOnly()
    assignIDs()

    out.comment("vcgraph description captured from a running app by VCGraphCapture")
    if app.isPad { out.line(0, "device: iPad") }
    writeClasses()
    if let delegate = app.delegateClassName {
      out.line(
        0,
        app.delegateIsResponder
          ? "delegate: \(YAMLText.scalar(delegate))"
          : "delegate: { class: \(YAMLText.scalar(delegate)), responder: false }")
    }
    for scene in scenes where scene.windows.isEmpty {
      note(0, "a scene with no window to write: " + scene.skipped.joined(separator: "; "))
    }
    if kept.isEmpty {
      note(0, "no scene has a shown window with a root view controller")
      writeDetached()
      return out.text
    }
    if kept.count == 1, kept[0].scene.isForeground {
      writeWindows(kept[0], indent: 0, single: kept[0].windows.count == 1)
    } else {
      let focused = kept.firstIndex { scene in
        scene.scene.isForeground && scene.windows.contains { $0.window.isApplicationKey }
      }
      out.line(0, "scenes:")
      for (index, scene) in kept.enumerated() {
        out.line(1, "- id: scene-\(index + 1)")
        if !scene.scene.isForeground { out.line(2, "foreground: false") }
        if index == focused { out.line(2, "focused: true") }
        writeWindows(scene, indent: 2, single: false)
      }
    }
    writeDetached()
    return out.text
  }

  /// `detached:`: the controllers asked for that no window holds, and those only a view holds.
  private mutating func writeDetached() {
    let controllers = detached + hostedOnly
    guard !controllers.isEmpty else { return }
    out.line(0, "detached:")
    for controller in controllers { writeController(controller, indent: 1, item: true) }
  }

  // MARK: - Ids and classes

  /// Records the controllers in the order they are written: the window's root, its contents,
  /// then what it presents.
  private mutating func collect(_ controller: any CapturedController) {
    let key = ObjectIdentifier(controller)
    guard ids[key] == nil else { return }
    ids[key] = ""
    order.append(controller)
    for child in controller.capturedChildren { collect(child) }
    if let presented = controller.capturedPresented { collect(presented) }
  }

  /// Controllers whose root view is in a walked controller's view tree but that nothing else
  /// reaches (no window root, no parent, not presented), until no new one turns up.
  private mutating func collectHostedOnly() {
    var index = 0
    while index < order.count {
      if let view = order[index].capturedView {
        for hosted in hostedControllers(in: view) where ids[ObjectIdentifier(hosted)] == nil {
          hostedOnly.append(hosted)
          collect(hosted)
        }
      }
      index += 1
    }
  }

  /// Ids as the loader would give them (`ClassName`, or `ClassName-N` when the class occurs
  /// more than once, in walk order), or the controllers' addresses.
  private mutating func assignIDs() {
    var counts: [String: Int] = [:]
    for controller in order { counts[controller.className, default: 0] += 1 }
    var numbers: [String: Int] = [:]
    var taken = Set<String>()
    for controller in order {
      var id: String
      if options.addressIDs {
        id = controller.address
      } else if counts[controller.className] == 1 {
        id = controller.className
      } else {
        numbers[controller.className, default: 0] += 1
        id = "\(controller.className)-\(numbers[controller.className]!)"
      }
      var n = 1
      let base = id
      while taken.contains(id) {
        id = "\(base)-\(n)"
        n += 1
      }
      taken.insert(id)
      ids[ObjectIdentifier(controller)] = id
    }
  }

  /// `classes:`: every class that is not one of the six built-in ones, with the superclass
  /// the runtime reports, so the loader gives it the kind UIKit does.
  private func writeClasses() {
    var pairs: [(String, String)] = []
    var seen = Set<String>()
    for controller in order {
      var name = controller.className
      for superclass in controller.superclassNames {
        if seen.insert(name).inserted { pairs.append((name, superclass)) }
        name = superclass
      }
    }
    guard !pairs.isEmpty else { return }
    out.line(0, "classes:")
    for (name, superclass) in pairs {
      out.line(1, "\(YAMLText.scalar(name)): \(YAMLText.scalar(superclass))")
    }
  }

  // MARK: - Windows

  private mutating func writeWindows(_ scene: WrittenScene, indent: Int, single: Bool) {
    for skipped in scene.skipped { note(indent, "left out: " + skipped) }
    var keyIndex = scene.windows.firstIndex { $0.window.isSceneKey }
    if keyIndex == nil, scene.scene.isForeground, !single {
      // The format needs one key window per foreground scene; UIKit may report none.
      keyIndex = scene.windows.firstIndex { $0.window.level == 0 } ?? 0
      note(indent, "UIKit reports no key window in this scene; the first is written `key: true`")
    }
    if single {
      let window = scene.windows[0]
      if !window.window.isSceneKey, scene.scene.isForeground {
        note(0, "UIKit reports no key window; a description's only window is key")
      }
      windowComment(window.window, indent: 0)
      out.line(0, "window:")
      if window.window.level != 0 { out.line(1, "level: " + Self.level(window.window.level)) }
      out.line(1, "root:")
      writeRoot(window.root, indent: 2)
      return
    }
    out.line(indent, "windows:")
    for (index, window) in scene.windows.enumerated() {
      windowComment(window.window, indent: indent + 1)
      out.line(indent + 1, "- key: \(index == keyIndex)")
      if window.window.level != 0 {
        out.line(indent + 2, "level: " + Self.level(window.window.level))
      }
      out.line(indent + 2, "root:")
      writeRoot(window.root, indent: indent + 3)
    }
  }

  private mutating func writeRoot(_ root: any CapturedController, indent: Int) {
    writeController(root, indent: indent, item: false)
  }

  private func windowComment(_ window: any CapturedWindow, indent: Int) {
    if window.className != "UIWindow" { note(indent, window.className) }
  }

  /// A level as the format writes it: `normal`, `statusBar`, `alert` or a decimal number.
  static func level(_ value: Double) -> String {
    switch value {
    case 1000: return "statusBar"
    case 2000: return "alert"
    default:
      let clamped = min(max(value, -1_000_000_000), 1_000_000_000)
      if clamped == clamped.rounded() { return String(Int(clamped)) }
      let millionths = Int((clamped * 1_000_000).rounded())
      let sign = millionths < 0 ? "-" : ""
      let whole = abs(millionths) / 1_000_000
      var fraction = String(abs(millionths) % 1_000_000)
      fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
  }

  func note(_ indent: Int, _ text: String) {
    if options.includeComments { out.comment(text, indent: indent) }
  }

  func id(of controller: any CapturedController) -> String {
    ids[ObjectIdentifier(controller)] ?? controller.className
  }

  /// The controllers whose root views are in `view`'s tree (not looking inside them).
  func hostedControllers(in view: any CapturedView) -> [any CapturedController] {
    var result: [any CapturedController] = []
    for subview in view.capturedSubviews {
      if let hosted = subview.hostedController {
        result.append(hosted)
      } else {
        result += hostedControllers(in: subview)
      }
    }
    return result
  }

  // MARK: - Controllers

  mutating func writeController(
    _ controller: any CapturedController, indent: Int, item: Bool, presented: Bool = false
  ) {
    let key = ObjectIdentifier(controller)
    let dash = item ? "- " : ""
    let inner = item ? indent + 1 : indent
    if !written.insert(key).inserted {
      note(indent, "the same controller again (UIKit reached it twice)")
      out.line(indent, dash + "class: " + YAMLText.scalar(controller.className))
      out.line(inner, "id: " + YAMLText.scalar(id(of: controller)))
      return
    }
    for comment in comments(for: controller, presented: presented) { note(indent, comment) }
    out.line(indent, dash + "class: " + YAMLText.scalar(controller.className))
    out.line(inner, "id: " + YAMLText.scalar(id(of: controller)))
    if presented, let style = Self.formatStyle(of: controller) {
      out.line(inner, "modalPresentationStyle: \(style)")
    }
    if options.includeTitles, let title = controller.title.map(Self.printable), !title.isEmpty {
      out.line(inner, "title: " + YAMLText.scalar(title))
    }
    out.line(inner, "state: " + Self.appearance(of: controller))
    writeKindKeys(controller, indent: inner)
    if controller.definesPresentationContext != (controller.kind == .navigation) {
      out.line(inner, "definesPresentationContext: \(controller.definesPresentationContext)")
    }
    writeContents(controller, indent: inner)
    if let presented = controller.capturedPresented {
      out.line(inner, "presents:")
      writeController(presented, indent: inner + 1, item: false, presented: true)
    }
  }

  private mutating func writeKindKeys(_ controller: any CapturedController, indent: Int) {
    switch controller.kind {
    case .tabBar:
      if let index = controller.selectedIndex, index > 0 {
        out.line(indent, "selectedIndex: \(index)")
      }
    case .split:
      if let collapsed = controller.isCollapsed { out.line(indent, "collapsed: \(collapsed)") }
    case .alert:
      if controller.alertStyle == "actionSheet" { out.line(indent, "preferredStyle: actionSheet") }
    case .plain, .navigation, .page: break
    }
    // Every controller may have one (issue 31): a popover, an activity view controller.
    if let anchor = controller.popoverAnchor, anchor != .none {
      out.line(indent, "popoverAnchor: \(anchor.rawValue)")
    }
  }

  /// `viewControllers`, or a custom container's `children` with `showing` or a `view` tree
  /// that says which children's views are attached.
  private mutating func writeContents(_ controller: any CapturedController, indent: Int) {
    let children = controller.capturedChildren
    let hosted = controller.capturedView.map { hostedControllers(in: $0) } ?? []
    let childIDs = Set(children.map { ObjectIdentifier($0) })
    let extraHosted = hosted.filter { !childIDs.contains(ObjectIdentifier($0)) }
    if controller.kind != .plain {
      if !children.isEmpty {
        out.line(indent, "viewControllers:")
        for child in children { writeController(child, indent: indent + 1, item: true) }
      }
      if !extraHosted.isEmpty, let view = controller.capturedView {
        writeView(view, keeping: Set(extraHosted.map { ObjectIdentifier($0) }), indent: indent)
      }
      return
    }
    guard !children.isEmpty || !extraHosted.isEmpty else { return }
    if !children.isEmpty {
      out.line(indent, "children:")
      for child in children { writeController(child, indent: indent + 1, item: true) }
    }
    let attached = children.filter { child in hosted.contains { $0 === child } }
    if extraHosted.isEmpty, attached.count == children.count { return }
    // One child's view as a direct subview of the root view: the switcher of seed 001.
    if extraHosted.isEmpty, attached.count == 1, children.count > 1,
      controller.capturedView?.capturedSubviews.contains(where: {
        $0.hostedController === attached[0]
      }) == true
    {
      out.line(indent, "showing: " + YAMLText.scalar(id(of: attached[0])))
      return
    }
    if let view = controller.capturedView {
      writeView(view, keeping: Set(hosted.map { ObjectIdentifier($0) }), indent: indent)
    } else {
      // No view loaded: nothing is attached; an empty tree says so.
      out.line(indent, "view: { class: UIView }")
    }
  }

  /// The root view with only the branches that lead to the kept hosted views.
  private func writeView(
    _ view: any CapturedView, keeping: Set<ObjectIdentifier>, indent: Int
  ) {
    out.line(indent, "view:")
    writeViewBody(view, keeping: keeping, indent: indent + 1, item: false)
  }

  private func writeViewBody(
    _ view: any CapturedView, keeping: Set<ObjectIdentifier>, indent: Int, item: Bool
  ) {
    let dash = item ? "- " : ""
    let inner = item ? indent + 1 : indent
    if let hosted = view.hostedController, item {
      out.line(indent, dash + "hosts: " + YAMLText.scalar(id(of: hosted)))
      return
    }
    out.line(indent, dash + "class: " + YAMLText.scalar(view.className))
    let branches = view.capturedSubviews.filter { leads(to: keeping, $0) }
    guard !branches.isEmpty else { return }
    out.line(inner, "subviews:")
    for subview in branches {
      writeViewBody(subview, keeping: keeping, indent: inner + 1, item: true)
    }
  }

  private func leads(to keeping: Set<ObjectIdentifier>, _ view: any CapturedView) -> Bool {
    if let hosted = view.hostedController { return keeping.contains(ObjectIdentifier(hosted)) }
    return view.capturedSubviews.contains { leads(to: keeping, $0) }
  }
}
