/// `select` (a tab bar's tab), `makeKey` (a scene's key window) and `focus` (the focused
/// scene): steps that change what is shown without adding or removing controllers.
extension StepEditor {
  /// `select {on, index | controller}`.
  mutating func select(
    on name: String, index: Int?, target: String?
  ) throws(VCGraphError) -> String {
    let tabs = try controller(name, key: "on")
    guard controllers[tabs].kind == .tabBar else {
      throw refused(
        "'\(name)' is a \(controllers[tabs].kind.uikitClass), not a tab bar controller; only a"
          + " UITabBarController selects tabs", at: "on",
        hint: controllers[tabs].kind == .plain && !controllers[tabs].children.isEmpty
          ? "a custom container switches children with `show`" : nil)
    }
    let children = controllers[tabs].children
    let selected: Int
    if let index {
      guard children.indices.contains(index) else {
        let range =
          children.isEmpty
          ? "it has no tabs"
          : "it has \(children.count) tab"
            + (children.count == 1 ? "" : "s") + " (0–\(children.count - 1))"
        throw refused("selectedIndex \(index) is out of range for '\(name)': \(range)", at: "index")
      }
      selected = index
    } else {
      let child = try controller(target!, key: "controller")
      guard let position = children.firstIndex(of: child) else {
        throw refused(
          "'\(target!)' is not a tab of '\(name)'", at: "controller",
          hint: children.isEmpty ? nil : "its tabs are: \(list(children))")
      }
      selected = position
    }
    let previous = Analysis(hierarchy).selectedTab(tabs)
    hierarchy.controllers[tabs].selectedIndex = selected
    var text = "select tab \(selected) (\(id(children[selected]))) on \(name)"
    if previous == selected { text += ": already selected" }
    if selected >= 5 && children.count > 5 && hierarchy.device == .iPhone {
      notes.append(
        "tab \(selected) is past the fifth: it is shown under the More navigation controller")
    }
    return text
  }

  /// `makeKey {window}`: that window becomes key and the others of its scene resign.
  mutating func makeKey(_ name: String) throws(VCGraphError) -> String {
    guard let window = hierarchy.windows.firstIndex(where: { $0.id == name }) else {
      throw refused(
        "no window has the id '\(name)'", at: "window",
        hint: suggestion(for: name, among: hierarchy.windows.map(\.id))
          ?? "the windows are: " + hierarchy.windows.map(\.id).joined(separator: ", "))
    }
    let scene = hierarchy.windows[window].scene
    let previous = hierarchy.windows.indices.filter {
      hierarchy.windows[$0].scene == scene && hierarchy.windows[$0].isKey
    }
    for index in hierarchy.windows.indices where hierarchy.windows[index].scene == scene {
      hierarchy.windows[index].isKey = index == window
    }
    if previous == [window] { return "window \(name) is already key" }
    let was = previous.map { hierarchy.windows[$0].id }
    return "window \(name) becomes key"
      + (was.isEmpty ? "" : " (was \(was.joined(separator: ", ")))")
  }

  /// `focus {scene}`: the scene becomes the focused one, so the top view controller is found
  /// from its key window; `makeKey` changes the key window inside a scene.
  mutating func focus(_ name: String) throws(VCGraphError) -> String {
    let scenes = hierarchy.scenes
    guard !scenes.isEmpty else {
      throw refused(
        "the description has no scenes: `focus` picks one of its `scenes`", at: "scene",
        hint: "describe the app with `scenes:` (format.md)")
    }
    guard let scene = scenes.firstIndex(where: { $0.id == name }) else {
      throw refused(
        "no scene has the id '\(name)'", at: "scene",
        hint: suggestion(for: name, among: scenes.map(\.id))
          ?? "the scenes are: " + scenes.map(\.id).joined(separator: ", "))
    }
    guard scenes[scene].isForeground else {
      throw refused(
        "scene '\(name)' is in the background: a background scene is not on screen and cannot"
          + " be focused", at: "scene")
    }
    guard scenes[scene].windows.contains(where: { hierarchy.windows[$0].isKey }) else {
      throw refused(
        "scene '\(name)' has no key window to receive events", at: "scene",
        hint: "make one of its windows key first (`makeKey`)")
    }
    let previous = Analysis(hierarchy).focusedScene
    for index in scenes.indices { hierarchy.scenes[index].isFocused = index == scene }
    if previous == scene { return "scene \(name) is already focused" }
    return "scene \(name) becomes focused"
      + (previous.map { " (was \(scenes[$0].id))" } ?? "")
  }
}
