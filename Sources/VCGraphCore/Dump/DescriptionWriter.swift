/// Writes a `Hierarchy` as a description file (`format.md`) that `DescriptionLoader` reads back
/// into the same hierarchy: the output of `vcgraph import`.
public enum DescriptionWriter {
  /// A readable description file (format.md) for the hierarchy: title comment header, `classes:`
  /// for custom classes with inferred kinds, `window:`/`windows:` (and `detached:` for
  /// controllers in no window), nested controllers with `id`, `class`, `state`,
  /// `viewControllers`/`children`, `selectedIndex`, `collapsed`, `showing`, `view` trees with
  /// `hosts`, `presents`, `modalPresentationStyle`; controller notes as `# ` YAML comments on the
  /// line before the controller.
  ///
  /// Block style with 2-space indentation; every controller gets an explicit `id`. `source`
  /// (the dump's path) is named in the header comment. `title`, `device`, `scenes`, `analyze`,
  /// `ignore` and `steps` are written when the hierarchy has them. `comments` are written
  /// before a controller's notes (an imported storyboard names each controller's scene).
  public static func yaml(
    for hierarchy: Hierarchy, source: String? = nil, comments: [ControllerIndex: [String]] = [:]
  ) -> String {
    var emitter = DescriptionEmitter()
    emitter.extraComments = comments
    emitter.document(hierarchy, source: source)
    return emitter.text
  }

  /// `text` as a YAML scalar: plain when YAML reads it back as the same plain text, otherwise
  /// double-quoted with escapes.
  static func scalar(_ text: String) -> String {
    needsQuotes(text) ? doubleQuoted(text) : text
  }

  /// Words YAML 1.1 or 1.2 resolve to null or a boolean; quoted so no YAML tool misreads them.
  static let reservedWords: Set<String> = [
    "null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes",
    "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
  ]

  static func needsQuotes(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else {
      return true
    }
    if reservedWords.contains(text) || text.hasPrefix("...") { return true }
    if first == " " || last == " " { return true }
    if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return true }
    for scalar in text.unicodeScalars {
      if isEscaped(scalar) || scalar == "\t" { return true }
      // Conservative: these mean something in some YAML context (flow collections, comments,
      // mapping values); ids and class names never need them.
      if ":#,[]{}\"'\\".unicodeScalars.contains(scalar) { return true }
    }
    return false
  }

  /// Scalars written as escapes inside double quotes: those vcgraph never prints raw
  /// (`ControlCharacters.isEscaped(_:)`, bidirectional controls included) and the byte-order
  /// mark.
  private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    ControlCharacters.isEscaped(scalar) || scalar.value == 0xFEFF
  }

  static func doubleQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "\0": out += "\\0"
      default:
        if isEscaped(scalar) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          if scalar.value <= 0xFF {
            out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
          } else {
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          }
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

/// Accumulates the lines of a description.
private struct DescriptionEmitter {
  private var lines: [String] = []
  /// Comments before a controller's notes, by controller.
  var extraComments: [ControllerIndex: [String]] = [:]

  var text: String { lines.joined(separator: "\n") + "\n" }

  private mutating func line(_ indent: Int, _ content: String) {
    lines.append(String(repeating: " ", count: indent) + content)
  }

  /// `# ` comment lines for each note, wrapped at 100 columns where it has spaces.
  private mutating func comments(_ indent: Int, _ notes: [String]) {
    let width = max(40, 100 - indent - 2)
    for note in notes {
      for part in note.split(separator: "\n", omittingEmptySubsequences: false) {
        let clean = String(
          String.UnicodeScalarView(part.unicodeScalars.map { $0.value < 0x20 ? " " : $0 }))
        var current = ""
        for word in clean.split(separator: " ") {
          if !current.isEmpty && current.count + 1 + word.count > width {
            line(indent, "# " + current)
            current = ""
          }
          current += current.isEmpty ? String(word) : " " + word
        }
        line(indent, current.isEmpty ? "#" : "# " + current)
      }
    }
  }

  private func scalar(_ text: String) -> String { DescriptionWriter.scalar(text) }

  // MARK: - Document

  mutating func document(_ hierarchy: Hierarchy, source: String?) {
    if let source {
      comments(0, ["\(source) as a vcgraph description (format.md)"])
    } else {
      comments(0, ["A view-controller hierarchy for vcgraph (format.md)"])
    }
    comments(0, hierarchy.notes)
    if !extraComments.isEmpty {
      comments(0, ["Comments before a controller say what it was built from."])
    } else if hierarchy.controllers.contains(where: { !$0.notes.isEmpty }) {
      comments(0, ["Comments before a controller say where the import had to guess."])
    }
    if let title = hierarchy.title { line(0, "title: " + scalar(title)) }
    if hierarchy.device != .iPhone { line(0, "device: " + hierarchy.device.rawValue) }
    let delegate = hierarchy.appDelegate
    if delegate != AppDelegate() {
      line(
        0,
        "delegate: "
          + (delegate.isResponder
            ? scalar(delegate.className)
            : "{ class: \(scalar(delegate.className)), responder: false }"))
    }
    classes(hierarchy)
    windows(hierarchy)
    if !hierarchy.detachedRoots.isEmpty {
      comments(0, ["Controllers that exist in no window."])
      line(0, "detached:")
      for root in hierarchy.detachedRoots {
        var seen = Set<ControllerIndex>()
        controller(root, in: hierarchy, indent: 2, key: nil, seen: &seen)
      }
    } else if hierarchy.windows.isEmpty {
      line(0, "detached: []")
    }
    if !hierarchy.ignoredRules.isEmpty {
      line(0, "ignore: [" + hierarchy.ignoredRules.map(scalar).joined(separator: ", ") + "]")
    }
    requests(hierarchy.requests)
    steps(hierarchy.steps)
  }

  /// `classes:`: the hierarchy's superclasses, plus an entry for every custom class whose
  /// kind would not otherwise come out the same when the file is loaded.
  private mutating func classes(_ hierarchy: Hierarchy) {
    var classes = hierarchy.superclasses
    var controllers = hierarchy.controllers
    for step in hierarchy.steps {
      switch step.operation {
      case .present(_, let fragment), .push(_, let fragment), .addChild(_, let fragment, _):
        controllers += fragment.fragment.controllers
      default: break
      }
    }
    for controller in controllers where ControllerKind(uikitClass: controller.className) == nil {
      if Self.kind(of: controller.className, classes: classes) != controller.kind {
        classes[controller.className] = controller.kind.uikitClass
      }
    }
    guard !classes.isEmpty else { return }
    line(0, "classes:")
    for name in classes.keys.sorted() {
      line(2, scalar(name) + ": " + scalar(classes[name] ?? "UIViewController"))
    }
  }

  /// The kind the loader gives a class through `classes` and the UIKit names.
  private static func kind(of name: String, classes: [String: String]) -> ControllerKind? {
    var current = name
    var seen = Set<String>()
    while seen.insert(current).inserted {
      if let kind = ControllerKind(uikitClass: current) { return kind }
      guard let next = classes[current] else { return .plain }
      current = next
    }
    return nil
  }

  // MARK: - Windows

  private mutating func windows(_ hierarchy: Hierarchy) {
    if !hierarchy.scenes.isEmpty {
      line(0, "scenes:")
      for scene in hierarchy.scenes {
        line(2, "- id: " + scalar(scene.id))
        if !scene.isForeground { line(4, "foreground: false") }
        if scene.isFocused { line(4, "focused: true") }
        line(4, "windows:")
        for window in scene.windows where hierarchy.windows.indices.contains(window) {
          self.window(hierarchy.windows[window], in: hierarchy, indent: 6, single: false)
        }
      }
      return
    }
    if hierarchy.windows.count == 1, let only = hierarchy.windows.first {
      line(0, "window:")
      if only.id != "window" { line(2, "id: " + scalar(only.id)) }
      if only.level != .normal { line(2, "level: " + scalar(only.level.description)) }
      var seen = Set<ControllerIndex>()
      controller(only.root, in: hierarchy, indent: 2, key: "root", seen: &seen)
      return
    }
    guard !hierarchy.windows.isEmpty else { return }
    line(0, "windows:")
    for window in hierarchy.windows {
      self.window(window, in: hierarchy, indent: 2, single: false)
    }
  }

  private mutating func window(
    _ window: Window, in hierarchy: Hierarchy, indent: Int, single: Bool
  ) {
    line(indent, "- id: " + scalar(window.id))
    line(indent + 2, "key: \(window.isKey)")
    line(indent + 2, "level: " + scalar(window.level.description))
    var seen = Set<ControllerIndex>()
    controller(window.root, in: hierarchy, indent: indent + 2, key: "root", seen: &seen)
  }

  // MARK: - Controllers

  /// Writes a controller as the value of `key` (at `indent`), or as a list item (`- ` at
  /// `indent`) when `key` is nil. Notes come first, as comments.
  private mutating func controller(
    _ index: ControllerIndex, in hierarchy: Hierarchy, indent: Int, key: String?,
    seen: inout Set<ControllerIndex>
  ) {
    guard hierarchy.controllers.indices.contains(index) else { return }
    let controller = hierarchy.controllers[index]
    comments(indent, (extraComments[index] ?? []) + controller.notes)
    let body: Int
    if let key {
      line(indent, key + ":")
      body = indent + 2
      line(body, "id: " + scalar(controller.id))
    } else {
      line(indent, "- id: " + scalar(controller.id))
      body = indent + 2
    }
    guard seen.insert(index).inserted else {
      // A hierarchy built in code may contain a cycle; the loader would report the repeated id.
      line(body, "class: " + scalar(controller.className))
      return
    }
    line(body, "class: " + scalar(controller.className))
    func id(_ other: ControllerIndex) -> String {
      hierarchy.controllers.indices.contains(other)
        ? scalar(hierarchy.controllers[other].id) : "\"\""
    }
    if let title = controller.title { line(body, "title: " + scalar(title)) }
    if let state = controller.state { line(body, "state: " + scalar(state)) }
    if !controller.ignoredRules.isEmpty {
      line(body, "ignore: [" + controller.ignoredRules.map(scalar).joined(separator: ", ") + "]")
    }
    if let style = controller.modalPresentationStyle {
      line(body, "modalPresentationStyle: " + style.rawValue)
    }
    if controller.kind == .alert, let style = controller.preferredStyle {
      line(body, "preferredStyle: " + style.rawValue)
    }
    if let anchor = controller.popoverAnchor {
      line(body, "popoverAnchor: " + scalar(anchor))
    }
    if let defines = controller.definesPresentationContext {
      line(body, "definesPresentationContext: \(defines)")
    }
    if controller.kind == .tabBar, let selected = controller.selectedIndex {
      line(body, "selectedIndex: \(selected)")
    }
    if controller.kind == .split, let collapsed = controller.collapsed {
      line(body, "collapsed: \(collapsed)")
    }
    if controller.kind == .split, let collapseSecondary = controller.collapseSecondary {
      line(body, "collapseSecondary: \(collapseSecondary)")
    }
    if controller.kind == .plain, let showing = controller.showing {
      line(body, "showing: " + id(showing))
    }
    if let view = controller.view {
      var seenViews = Set<ViewIndex>()
      self.view(view, in: hierarchy, indent: body, key: "view", seen: &seenViews)
    }
    if !controller.children.isEmpty {
      switch controller.kind {
      case .alert:
        comments(
          body,
          [
            "\(controller.children.count) contained controllers not written: an alert"
              + " controller contains none in a description"
          ])
      case .plain:
        line(body, "children:")
      default:
        line(body, "viewControllers:")
      }
      if controller.kind != .alert {
        for child in controller.children {
          self.controller(child, in: hierarchy, indent: body + 2, key: nil, seen: &seen)
        }
      }
    }
    if let presented = controller.presents {
      self.controller(presented, in: hierarchy, indent: body, key: "presents", seen: &seen)
    }
  }

  // MARK: - Views

  private mutating func view(
    _ index: ViewIndex, in hierarchy: Hierarchy, indent: Int, key: String?,
    seen: inout Set<ViewIndex>
  ) {
    guard hierarchy.views.indices.contains(index), seen.insert(index).inserted else { return }
    let view = hierarchy.views[index]
    var fields: [String] = []
    if let hosts = view.hosts, hierarchy.controllers.indices.contains(hosts) {
      fields.append("hosts: " + scalar(hierarchy.controllers[hosts].id))
    }
    if let id = view.id { fields.append("id: " + scalar(id)) }
    if view.className != "UIView" { fields.append("class: " + scalar(view.className)) }
    let subviews = view.hosts == nil ? view.subviews : []
    let lead = key.map { $0 + ":" } ?? "-"
    if fields.isEmpty && subviews.isEmpty {
      line(indent, lead + " {}")
      return
    }
    var body = indent
    if let key {
      line(indent, key + ":")
      body = indent + 2
    } else {
      body = indent + 2
    }
    for (number, field) in fields.enumerated() {
      if key == nil && number == 0 {
        line(indent, "- " + field)
      } else {
        line(body, field)
      }
    }
    guard !subviews.isEmpty else { return }
    if key == nil && fields.isEmpty {
      line(indent, "- subviews:")
    } else {
      line(body, "subviews:")
    }
    for subview in subviews {
      self.view(subview, in: hierarchy, indent: body + 2, key: nil, seen: &seen)
    }
  }

  // MARK: - Questions and steps

  /// `{ key: value, ... }` with scalars quoted as needed.
  private func flow(_ pairs: [(String, String?)]) -> String {
    "{ "
      + pairs.compactMap { key, value in value.map { "\(key): \($0)" } }.joined(
        separator: ", ") + " }"
  }

  private mutating func requests(_ requests: [AnalysisRequest]) {
    guard !requests.isEmpty else { return }
    line(0, "analyze:")
    for request in requests {
      switch request {
      case .dismiss(let from, let levels, let toClass, _):
        line(
          2,
          "- dismiss: "
            + flow([
              ("from", scalar(from)), ("levels", levels.map(String.init)),
              ("toClass", toClass.map(scalar)),
            ]))
      case .responderChain(let from, _):
        line(2, "- responderChain: " + flow([("from", scalar(from))]))
      }
    }
  }

  private mutating func steps(_ steps: [Step]) {
    guard !steps.isEmpty else { return }
    line(0, "steps:")
    for step in steps {
      switch step.operation {
      case .present(let from, let controller):
        stepWithController("present", [("from", from)], controller)
      case .push(let on, let controller):
        stepWithController("push", [("on", on)], controller)
      case .addChild(let parent, let controller, let attach):
        stepWithController(
          "addChild", [("parent", parent)], controller, extra: attach ? nil : "attach: false")
      case .dismiss(let from, let levels, let toClass):
        line(
          2,
          "- dismiss: "
            + flow([
              ("from", scalar(from)), ("levels", levels.map(String.init)),
              ("toClass", toClass.map(scalar)),
            ]))
      case .pop(let on):
        line(2, "- pop: " + flow([("on", scalar(on))]))
      case .popTo(let on, let controller):
        line(2, "- popTo: " + flow([("on", scalar(on)), ("controller", scalar(controller))]))
      case .popToRoot(let on):
        line(2, "- popToRoot: " + flow([("on", scalar(on))]))
      case .select(let on, let index, let controller):
        line(
          2,
          "- select: "
            + flow([
              ("on", scalar(on)), ("index", index.map(String.init)),
              ("controller", controller.map(scalar)),
            ]))
      case .removeFromParent(let controller):
        line(2, "- removeFromParent: " + flow([("controller", scalar(controller))]))
      case .show(let container, let child):
        line(2, "- show: " + flow([("container", scalar(container)), ("child", scalar(child))]))
      case .makeKey(let window):
        line(2, "- makeKey: " + flow([("window", scalar(window))]))
      case .focus(let scene):
        line(2, "- focus: " + flow([("scene", scalar(scene))]))
      case .perform(let segue, let from):
        line(2, "- perform: " + flow([("segue", scalar(segue)), ("from", from.map(scalar))]))
      }
    }
  }

  private mutating func stepWithController(
    _ name: String, _ arguments: [(String, String)], _ controller: StepController,
    extra: String? = nil
  ) {
    line(2, "- \(name):")
    for (key, value) in arguments { line(6, "\(key): " + scalar(value)) }
    if let extra { line(6, extra) }
    var seen = Set<ControllerIndex>()
    self.controller(
      controller.root, in: controller.fragment, indent: 6, key: "controller", seen: &seen)
  }
}
