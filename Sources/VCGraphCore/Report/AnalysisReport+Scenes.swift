/// The per-scene and per-window answers of `vcgraph analyze`: each window's top view
/// controller, visible path and visible leaves, grouped by scene.
extension AnalysisReport {
  /// The scenes in file order; a description without `scenes:` has one implicit scene (id
  /// `null`) holding its windows, and one without windows none.
  var sceneGroups: [(scene: Int?, windows: [Int])] {
    let h = hierarchy
    if h.scenes.isEmpty {
      return h.windows.isEmpty ? [] : [(nil, Array(h.windows.indices))]
    }
    return h.scenes.indices.map { ($0, h.scenes[$0].windows) }
  }

  /// Whether a scene (nil: the implicit one) is the focused one.
  func isFocused(_ scene: Int?) -> Bool {
    guard let scene else { return analysis.keyWindow != nil }
    return analysis.focusedScene == scene
  }

  /// `"scenes": [{"id", "focused", "foreground", "windows": [{"id", "key", "level",
  /// "topViewController", "visiblePath", "visibleLeaves"}]}]`.
  var scenesJSON: JSON {
    .array(
      sceneGroups.map { group in
        let foreground = group.scene.map { hierarchy.scenes[$0].isForeground } ?? true
        return .object([
          ("id", group.scene.map { .string(hierarchy.scenes[$0].id) } ?? .null),
          ("focused", .bool(isFocused(group.scene))),
          ("foreground", .bool(foreground)),
          ("windows", .array(group.windows.map(windowJSON))),
        ])
      })
  }

  private func windowJSON(_ index: Int) -> JSON {
    let window = hierarchy.windows[index]
    let walk = analysis.windowWalks[index]
    return .object([
      ("id", .string(window.id)),
      ("key", .bool(window.isKey)),
      ("level", .string(window.level.description)),
      ("topViewController", walk.top.map(ref) ?? .null),
      (
        "visiblePath",
        .array(
          walk.path.map { step in
            .object([
              ("id", .string(hierarchy.controllers[step.controller].id)),
              ("class", .string(hierarchy.controllers[step.controller].className)),
              ("via", .string(step.via.rawValue)),
            ])
          })
      ),
      ("visibleLeaves", .array(walk.leaves.map(ref))),
    ])
  }

  /// The scenes and windows for people, when there is more than one window or the file names
  /// its scenes (with one window the top-level answers already say it all).
  var scenesText: String {
    guard !hierarchy.scenes.isEmpty || hierarchy.windows.count > 1 else { return "" }
    let controllers = hierarchy.controllers
    func describe(_ index: ControllerIndex) -> String {
      "\(controllers[index].id) (\(controllers[index].className))"
    }
    var out = hierarchy.scenes.isEmpty ? "windows:\n" : "scenes:\n"
    let indent = hierarchy.scenes.isEmpty ? "  " : "    "
    for group in sceneGroups {
      if let scene = group.scene {
        var state = [hierarchy.scenes[scene].isForeground ? "foreground" : "background"]
        if isFocused(scene) { state.append("focused") }
        out += "  \(hierarchy.scenes[scene].id) (\(state.joined(separator: ", ")))\n"
      }
      for index in group.windows {
        let window = hierarchy.windows[index]
        let walk = analysis.windowWalks[index]
        var traits: [String] = []
        if window.isKey { traits.append("key") }
        traits.append("level \(window.level)")
        out += "\(indent)window \(window.id) (\(traits.joined(separator: ", "))): "
        guard let top = walk.top else {
          out += "nothing on screen\n"
          continue
        }
        out += "top \(describe(top))\n"
        out +=
          "\(indent)  path: "
          + walk.path.map { "\($0.via.rawValue) \(controllers[$0.controller].id)" }
          .joined(separator: " → ") + "\n"
        if walk.leaves.count > 1 {
          out += "\(indent)  visible leaves: \(walk.leaves.map(describe).joined(separator: ", "))\n"
        }
      }
    }
    return out
  }
}
