/// The description keys that model UIKit details beyond containment: the application
/// delegate, the focused scene, an alert's style and popover anchor; and the error for a
/// container key on a class whose kind vcgraph cannot tell.
extension DescriptionDecoder {
  /// `delegate: ClassName` (a `UIResponder`) or `delegate: { class: ClassName, responder: false }`.
  mutating func decodeDelegate(_ node: YAMLNode) throws(VCGraphError) {
    var delegate = AppDelegate()
    delegate.location = loc(node.mark)
    if let name = node.scalar {
      delegate.className = name
    } else {
      let pairs = try mapping(node, what: "`delegate`")
      try checkKeys(pairs, allowed: ["class", "responder"], in: "`delegate`")
      delegate.className = try string(try required("class", in: pairs, at: node.mark), key: "class")
      if let responder = value("responder", in: pairs) {
        delegate.isResponder = try bool(responder, key: "responder")
      }
    }
    if delegate.className.isEmpty || delegate.className.contains(" ") {
      throw error(
        "'\(delegate.className)' is not a class name", at: node.mark,
        hint: "for example `delegate: AppDelegate`")
    }
    hierarchy.appDelegate = delegate
  }

  /// At most one scene is focused, and only a foreground one: a background scene has no key
  /// window that receives events.
  func checkFocusedScenes() throws(VCGraphError) {
    let focused = hierarchy.scenes.indices.filter { hierarchy.scenes[$0].isFocused }
    for index in focused where !hierarchy.scenes[index].isForeground {
      throw error(
        "scene '\(hierarchy.scenes[index].id)' is in the background and cannot be focused",
        at: focusedMarks[index]!,
        hint: "a focused scene is in the foreground; remove `foreground: false` or `focused`")
    }
    if focused.count > 1 {
      throw error(
        "two scenes are marked `focused: true`", at: focusedMarks[focused[1]]!,
        hint: "the app has one key window: mark at most one scene `focused: true`")
    }
  }

  /// `preferredStyle: alert|actionSheet` on a `UIAlertController`, and `popoverAnchor: ...` on
  /// any controller (what its `popoverPresentationController` is anchored to).
  mutating func decodeAlertKey(_ pair: YAMLPair, of index: ControllerIndex) throws(VCGraphError) {
    let text = try string(pair.value, key: pair.key)
    if pair.key == "popoverAnchor" {
      if text.isEmpty { throw error("`popoverAnchor` must not be empty", at: pair.value.mark) }
      hierarchy.controllers[index].popoverAnchor = text
      return
    }
    guard let style = AlertStyle(rawValue: text) else {
      throw error(
        "unknown alert style '\(text)'", at: pair.value.mark,
        hint: suggestion(for: text, among: AlertStyle.allCases.map(\.rawValue))
          ?? "use alert or actionSheet")
    }
    hierarchy.controllers[index].preferredStyle = style
  }

  /// A key only another kind of controller has (`viewControllers` on a plain controller) on a
  /// class whose kind vcgraph guessed: the mistake is the class (a misspelt UIKit name, or a
  /// custom class whose kind is not declared), so the error points at the class and says which
  /// kind the key needs.
  func checkKindKeys(
    _ pairs: YAMLPairs, className: String, kind: ControllerKind, at mark: Mark
  ) throws(VCGraphError) {
    guard ControllerKind(uikitClass: className) == nil, declaredKinds[className] == nil,
      hierarchy.superclasses[className] == nil, UIKitClasses.kind(of: className) == nil
    else { return }
    let allowed = Self.sharedAllowedKeys(for: kind)
    guard
      let pair = pairs.first(where: {
        !allowed.contains($0.key) && Self.allControllerKeys.contains($0.key)
      })
    else { return }
    let kinds = ControllerKind.allCases.filter { Self.allowedKeys(for: $0).contains(pair.key) }
    let at = value("class", in: pairs)?.mark ?? mark
    if let known = UIKitClasses.oneEditAway(from: className) {
      throw error(
        "'\(className)' is not a UIKit class vcgraph knows, so it is read as a plain"
          + " \(kind.uikitClass), which has no `\(pair.key)` (line \(pair.keyMark.line))",
        at: at, hint: "did you mean '\(known)'?")
    }
    let guess = DumpClassNames.kind(ofName: className).flatMap { kinds.contains($0) ? $0 : nil }
    let names = (guess.map { [$0] } ?? kinds).map(\.uikitClass)
    let list =
      names.count == 1
      ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
    throw error(
      "'\(className)' is read as a plain \(kind.uikitClass), which has no `\(pair.key)` (line"
        + " \(pair.keyMark.line)): vcgraph does not know its kind",
      at: at,
      hint: "declare it, e.g. `classes: { \(className): \(names[0]) }`, or pass"
        + " `--class \(className)=KIND`; `\(pair.key)` belongs to a \(list)")
  }
}
