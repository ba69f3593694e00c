/// Reads the text that `po [UIViewController _printHierarchy]` (or
/// `UIViewController._printHierarchy()`) and Chisel's `pvc` print in the debugger into a
/// `Hierarchy` (`cli.md`, "Dumps").
///
/// Structure: each `   | ` is one level; a line is a child of the nearest line above it one
/// level up; a `   + ` (Chisel: `  *M`) line is presented by that line. A first line printed
/// as presented with `(null)` is a controller in no window (`Hierarchy.detachedRoots`); other
/// top-level lines are window roots, one window each, the first one key.
///
/// Ids are the controllers' addresses; without addresses, `ClassName-N` per class in document
/// order. Where the dump does not say something the reader guesses and records the guess in
/// `Controller.notes`:
/// - Kinds: `declaredKinds` first, then UIKit class names (and system navigation controllers such
///   as `UIImagePickerController`) and the suffixes `NavigationController`, `TabBarController`,
///   `SplitViewController`, `PageViewController`, `AlertController`, then the view class:
///   `_UISplitViewControllerPanelImplView` split, `_UIPageViewControllerContentView` page,
///   `_UIAlertControllerView` alert, and `UILayoutContainerView` (used by both navigation and tab
///   bar controllers: tab bar when a child is a navigation controller or when the only child on
///   screen is not the last, otherwise navigation). A class gets one kind for all its instances;
///   a custom class with a container kind is recorded in `Hierarchy.superclasses`.
/// - Selected tab: the tab printed as appeared, else appearing, else the only one whose view is in
///   the window, else the only one whose view is loaded; otherwise the first, with a note.
/// - Custom containers: a child's view is attached when it is in the window (children of a
///   container that is itself on screen), detached when it is not or is not loaded; with no
///   information it is assumed attached. One attached child of several sets `showing`; another
///   subset becomes a `view` tree whose subviews host the attached children.
/// - Split views: `collapsed` is false when every column is on screen, true when exactly one is.
/// - Presentation styles come from the presentation controller class; an unknown class, a
///   `UISheetPresentationController` and Chisel's `*M` leave the style automatic with a note.
/// - The child controllers of an alert (UIKit's text-field controllers) are not imported.
public struct DumpReader: Sendable {
  /// Input size, controller count and nesting depth (`maxDepth` bounds the dump's levels).
  public var limits: InputLimits
  /// Kinds declared on the command line (`--class NAME=KIND`), applied before any inference.
  public var declaredKinds: [String: ControllerKind]

  public init(limits: InputLimits = .default, declaredKinds: [String: ControllerKind] = [:]) {
    self.limits = limits
    self.declaredKinds = declaredKinds
  }

  /// Whether the text looks like a `_printHierarchy` or Chisel `pvc` dump: after any `#` header,
  /// debugger prompts, fences and wrapping quotes or backticks, the first line is a controller
  /// description (`<ClassName ...`) with optional `   | ` / `   + ` / `*M` indentation.
  public static func looksLikeDump(_ text: String) -> Bool {
    var line: [Unicode.Scalar] = []
    var iterator = text.unicodeScalars.makeIterator()
    while true {
      line.removeAll(keepingCapacity: true)
      var ended = true
      while let scalar = iterator.next() {
        ended = false
        if scalar == "\n" { break }
        line.append(scalar)
      }
      var physical = [DumpTextLine(scalars: line, line: 0)]
      // A blockquote's `>` and a fence glued to the dump's first line (issue 31).
      _ = DumpText.removeBlockquote(&physical)
      _ = DumpText.openFencesOnDumpLines(&physical)
      let textLine = physical[0]
      line = textLine.scalars
      if DumpText.isOptionalHeader(textLine) { continue }
      if !DumpText.isIgnorable(textLine) {
        var start = DumpText.optionalPayloadStart(textLine) ?? textLine.firstNonBlank
        if line[start] == "@", start + 1 < line.count, line[start + 1] == "\"" { start += 2 }
        if start < line.count, line[start] == "\"" || line[start] == "`" { start += 1 }
        return startsLikeController(line, from: start)
      }
      if ended { return false }
    }
  }

  /// Optional spaces and markers, then `<` and the first character of a class name.
  static func startsLikeController(_ line: [Unicode.Scalar], from start: Int) -> Bool {
    var index = start
    while index < line.count {
      switch line[index] {
      case " ", "\t", "|", "+": index += 1
      case "*" where index + 1 < line.count && line[index + 1] == "M": index += 2
      case "<":
        guard index + 1 < line.count else { return false }
        return DumpLineParser.startsIdentifier(line[index + 1])
      default: return false
      }
    }
    return false
  }

  /// Reads a dump; `path` names it in errors and becomes `Hierarchy.path`.
  public func read(text: String, path: String) throws(VCGraphError) -> Hierarchy {
    // Names from a dump reach terminals and diagrams: refuse what could garble either.
    if let refused = ControlCharacters.firstRefusedInLines(of: text) {
      throw ControlCharacters.refusal(
        refused.scalar, in: "the dump",
        at: SourceLocation(path: path, line: refused.line, column: refused.column))
    }
    var builder = DumpBuilder(path: path, limits: limits, declaredKinds: declaredKinds)
    return try builder.build(text)
  }
}

extension DumpReader: HierarchyReader {
  public static let formatName = "dumps"
  public static let extensions = ["txt"]

  /// `looksLikeDump` on the text.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    looksLikeDump(SourceText.display(bytes))
  }

  /// Reads a dump's bytes: UTF-8 text (a byte-order mark is dropped).
  public static func read(
    bytes: [UInt8], path: String, options: ReadOptions
  ) throws(VCGraphError) -> Hierarchy {
    try TextEncodingCheck.requireUTF8Text(bytes, path: path, what: formatName)
    let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    let text = String(decoding: bytes[(hasBOM ? 3 : 0)...], as: UTF8.self)
    return try DumpReader(limits: options.limits, declaredKinds: options.declaredKinds)
      .read(text: text, path: path)
  }
}

/// Builds a `Hierarchy` from dump lines; one instance per dump.
struct DumpBuilder {
  let path: String
  let limits: InputLimits
  let declaredKinds: [String: ControllerKind]
  var hierarchy: Hierarchy
  /// The parsed line of each controller, by controller index.
  var lines: [DumpLine] = []
  /// Kinds known from names (or an alert's view class) while reading, by controller index.
  var nameKinds: [ControllerKind?] = []
  private var classNumbers: [String: Int] = [:]
  private var addressLines: [String: Int] = [:]
  private var windowRoots: [ControllerIndex] = []

  /// How a line joins the hierarchy.
  private enum Role { case child, presented, windowRoot, detachedRoot, orphanPresented }

  static let chiselComment = "// '*M' means the view controller is presented modally."
  static let chiselCommentLength = chiselComment.unicodeScalars.count
  static let dumpHint =
    "expected the output of `po [UIViewController _printHierarchy]` or Chisel's `pvc`, lines like"
    + " `<UINavigationController 0x7f...>, state: appeared, view: <UILayoutContainerView 0x7f...>`"

  init(path: String, limits: InputLimits, declaredKinds: [String: ControllerKind]) {
    self.path = path
    self.limits = limits
    self.declaredKinds = declaredKinds
    hierarchy = Hierarchy(path: path)
  }

  private func location(_ line: DumpTextLine, _ index: Int) -> SourceLocation {
    SourceLocation(path: path, line: line.line, column: line.column(at: index))
  }

  // MARK: - Lines to controllers

  mutating func build(_ text: String) throws(VCGraphError) -> Hierarchy {
    let start = SourceLocation(path: path, line: 1, column: 1)
    let size = text.utf8.count
    if size > limits.maxInputBytes {
      throw VCGraphError.data(
        "the file is \(size) bytes, more than the limit of \(limits.maxInputBytes)", at: start,
        hint: "raise it with --max-input-bytes")
    }
    let (textLines, notes) = try DumpText.contentLines(text, path: path)
    hierarchy.notes = notes
    hierarchy.classNamesFromRuntime = true
    guard let first = textLines.first else {
      throw VCGraphError.data("the dump is empty", at: start, hint: Self.dumpHint)
    }
    let firstStart = first.firstNonBlank
    guard DumpReader.startsLikeController(first.scalars, from: firstStart) else {
      // At the line it means, not at 1:1 (issue 31).
      throw VCGraphError.data(
        "this is not a view-controller hierarchy dump"
          + (first.line == 1 ? "" : " (line \(first.line) is not a controller line)"),
        at: location(first, firstStart), hint: Self.dumpHint)
    }
    // A constant margin: the first line's indentation less its markers' own indentation.
    let margin: Int
    switch first.scalars[firstStart] {
    case "<": margin = firstStart
    case "*": margin = max(0, firstStart - 2)
    default: margin = max(0, firstStart - 3)
    }

    var offset = 0
    var stack: [ControllerIndex] = []
    var skipDeeperThan: (level: Int, alert: ControllerIndex)?
    var skipped: [ControllerIndex: Int] = [:]
    var trimmedMarker = false
    for (number, line) in textLines.enumerated() {
      let lineStart = try contentStart(of: line, margin: margin)
      guard let lineStart else { continue }
      var parser = DumpLineParser(line: line, path: path, start: lineStart)
      let parsed = try parser.parse()
      let firstColumnIndex = parsed.markerIndexes.first ?? parsed.openIndex

      // Levels: the first line is level 0; the others are relative to it.
      var level: Int
      var role: Role
      if number == 0 {
        level = 0
        switch parsed.marker {
        case .child where parsed.presentation != nil && parsed.presentation != .null:
          // A fragment whose `   + ` was trimmed with the margin: `presented with:` says it
          // was presented; its children keep their depth below the lost marker.
          let next = textLines.dropFirst().first.flatMap {
            DumpLineParser.nominalDepth(of: $0, start: margin)
          }
          offset = max(0, (next ?? 1) - 1)
          role = .orphanPresented
          trimmedMarker = true
        case .child:
          offset = parsed.nominalDepth
          role = .windowRoot
        case .presented, .chiselModal:
          let depth = parsed.nominalDepth
          if parsed.presentation == .null {
            offset = depth - 1
            role = .detachedRoot
          } else {
            // A fragment cut below its presenter: its children are one level deeper than
            // the `+`, unless it prints like UIKit's level-0 presented line.
            let next = textLines.dropFirst().first.flatMap {
              DumpLineParser.nominalDepth(of: $0, start: margin)
            }
            offset = (next ?? 0) >= depth + 1 ? depth : depth - 1
            role = .orphanPresented
          }
        }
      } else {
        let relative = parsed.nominalDepth - offset
        if relative < 0 {
          throw VCGraphError.data(
            "this line is less indented than the first line of the dump",
            at: location(line, firstColumnIndex),
            hint: "a dump starts with its outermost controller")
        }
        switch parsed.marker {
        case .child:
          level = relative
          role = relative == 0 ? .windowRoot : .child
        case .presented, .chiselModal:
          if parsed.presentation == .null && relative <= 1 {
            level = 0
            role = .detachedRoot
          } else if relative == 0 {
            level = 0
            role = .orphanPresented
          } else {
            level = relative
            role = .presented
          }
        }
      }
      if parsed.marker == .child, parsed.presentation != nil, !(number == 0 && trimmedMarker),
        let index = parsed.presentationIndex
      {
        throw VCGraphError.data(
          "only a presented controller (a `   + ` line) has `presented with:`",
          at: location(line, index), hint: "a child line starts with `   | ` only")
      }
      if let skip = skipDeeperThan {
        if level > skip.level {
          skipped[skip.alert, default: 0] += 1
          continue
        }
        skipDeeperThan = nil
      }
      if level > stack.count {
        let markerIndex = parsed.markerIndexes[
          min(parsed.markerIndexes.count - 1, max(0, stack.count + offset))]
        throw VCGraphError.data(
          "this line is indented \(level - stack.count + 1) levels deeper than the line above"
            + " it", at: location(line, markerIndex),
          hint: "a child is indented one level (`   | `) more than its parent")
      }
      if level > limits.maxDepth {
        throw VCGraphError.data(
          "the dump nests deeper than \(limits.maxDepth) levels",
          at: location(line, parsed.openIndex),
          hint: "raise it with --max-depth")
      }
      stack.removeLast(stack.count - level)

      let index = try addController(parsed, line: line)
      switch role {
      case .windowRoot:
        windowRoots.append(index)
      case .detachedRoot:
        hierarchy.detachedRoots.append(index)
      case .orphanPresented:
        windowRoots.append(index)
        var note =
          "printed as presented, but its presenter is not in the dump; read as a window's root"
        if case .controller(let name) = parsed.presentation { note += " (presented with \(name))" }
        if number == 0 && trimmedMarker {
          note +=
            "; its `   + ` marker was missing (trimmed with the paste's margin), and its"
            + " `presented with:` says it was presented"
        }
        hierarchy.controllers[index].notes.append(note)
      case .child:
        let parent = stack[level - 1]
        hierarchy.controllers[index].parent = parent
        hierarchy.controllers[parent].children.append(index)
      case .presented:
        try present(index, by: stack[level - 1], parsed: parsed, line: line)
      }
      stack.append(index)
      if nameKinds[index] == .alert { skipDeeperThan = (level, index) }
    }
    for (alert, count) in skipped.sorted(by: { $0.key < $1.key }) {
      hierarchy.controllers[alert].notes.append(
        "\(count) controller\(count == 1 ? "" : "s") inside the alert (UIKit's own) not imported")
    }
    resolveKinds()
    for index in hierarchy.controllers.indices {
      switch hierarchy.controllers[index].kind {
      case .tabBar: selectTab(index)
      case .split: inferCollapsed(index)
      case .plain: inferAttachedChildren(index)
      default: break
      }
    }
    for (number, root) in windowRoots.enumerated() {
      hierarchy.windows.append(
        Window(
          id: windowRoots.count == 1 ? "window" : "window-\(number + 1)", isKey: number == 0,
          level: .normal, root: root, scene: nil, location: hierarchy.controllers[root].location))
    }
    return hierarchy
  }

  /// Where a line's markers start after the margin, or nil for a line to skip (Chisel's
  /// explanation of `*M`). A glued remainder after that explanation is read as a line.
  private func contentStart(
    of line: DumpTextLine, margin: Int
  ) throws(VCGraphError) -> Int? {
    let firstNonBlank = line.firstNonBlank
    if firstNonBlank < margin {
      throw VCGraphError.data(
        "this line is indented less than the first line of the dump",
        at: location(line, firstNonBlank),
        hint: "a dump pasted with a margin keeps the same margin on every line")
    }
    if line.hasPrefix(Self.chiselComment, at: firstNonBlank) {
      let rest = firstNonBlank + Self.chiselCommentLength
      return line.scalars[rest...].allSatisfy({ $0 == " " || $0 == "\t" }) ? nil : rest
    }
    return margin
  }

  /// Appends the controller of a parsed line, with its id, class, state and location.
  private mutating func addController(
    _ parsed: DumpLine, line: DumpTextLine
  ) throws(VCGraphError) -> ControllerIndex {
    let at = location(line, parsed.openIndex)
    if hierarchy.controllers.count >= limits.maxControllers {
      throw VCGraphError.data(
        "more than \(limits.maxControllers) controllers", at: at,
        hint: "raise the limit with --max-controllers")
    }
    let className = DumpClassNames.demangle(parsed.rawClassName)
    if className.unicodeScalars.count > limits.maxScalarLength {
      throw VCGraphError.data(
        "the class name is longer than \(limits.maxScalarLength) characters",
        at: location(line, parsed.openIndex + 1), hint: "raise it with --max-scalar-length")
    }
    let id: String
    if let address = parsed.address {
      if let earlier = addressLines[address] {
        throw VCGraphError.data(
          "the controller \(address) already appears on line \(earlier)", at: at,
          hint: "a controller is in one place in a hierarchy")
      }
      addressLines[address] = line.line
      id = address
    } else {
      let number = (classNumbers[className] ?? 0) + 1
      classNumbers[className] = number
      id = "\(className)-\(number)"
    }
    var controller = Controller(id: id, className: className, kind: .plain, location: at)
    controller.state = parsed.state
    if let stateIndex = parsed.stateIndex {
      controller.keyLocations["state"] = location(line, stateIndex)
    }
    var kind =
      declaredKinds[className] ?? declaredKinds[parsed.rawClassName]
      ?? DumpClassNames.kind(ofName: className)
    if kind == nil, parsed.viewClass == "_UIAlertControllerView" {
      kind = .alert
      controller.notes.append("kind alert inferred from the view class _UIAlertControllerView")
    }
    if hierarchy.controller(id: id) != nil {
      // `ClassName-N` cannot collide with an address, but a class named like one could.
      throw VCGraphError.data("the id '\(id)' is used twice", at: at)
    }
    let index = hierarchy.add(controller)
    lines.append(parsed)
    nameKinds.append(kind)
    return index
  }

  /// Records that `presenter` presents `index`, with the style from the presentation controller.
  private mutating func present(
    _ index: ControllerIndex, by presenter: ControllerIndex, parsed: DumpLine, line: DumpTextLine
  ) throws(VCGraphError) {
    if let earlier = hierarchy.controllers[presenter].presents {
      throw VCGraphError.data(
        "\(hierarchy.controllers[presenter].id) already presents"
          + " \(hierarchy.controllers[earlier].id) (line"
          + " \(hierarchy.controllers[earlier].location.line))",
        at: hierarchy.controllers[index].location,
        hint: "a controller presents at most one controller; indent this line under the"
          + " controller that presents it")
    }
    hierarchy.controllers[presenter].presents = index
    hierarchy.controllers[presenter].keyLocations["presents"] =
      hierarchy.controllers[index]
      .location
    hierarchy.controllers[index].requestedBy = presenter
    var note: String?
    switch parsed.presentation {
    case .controller(let name):
      let (style, styleNote) = DumpClassNames.presentationStyle(ofPresentationController: name)
      hierarchy.controllers[index].modalPresentationStyle = style
      note = styleNote
    case .null:
      note = "presented with (null); read as automatic"
    case nil:
      note =
        parsed.marker == .chiselModal
        ? "Chisel's `*M` does not say how the controller was presented; read as automatic"
        : "the dump does not say how this controller was presented; read as automatic"
    }
    if let at = parsed.presentationIndex {
      hierarchy.controllers[index].keyLocations["modalPresentationStyle"] = location(line, at)
    }
    if let note { hierarchy.controllers[index].notes.append(note) }
  }
}
