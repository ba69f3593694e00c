/// Where a finding is in the hierarchy, written so that it survives edits elsewhere in the
/// file: the chain of controllers from its window (or `detached`) down to the finding's
/// controller, each as `id:Class` (the id alone when it is the class name), `/` for
/// containment and `/+` for a presentation, then the
/// view when the finding concerns one. Baselines and SARIF fingerprints match findings by it
/// instead of by line number.
public enum FindingPath {
  /// The finding's path in the hierarchy it was found in (empty when it names no controller).
  public static func of(_ finding: Finding, in hierarchy: Hierarchy) -> String {
    if let place = finding.place { return place }
    guard let controller = finding.controller,
      hierarchy.controllers.indices.contains(controller)
    else { return "" }
    var path = path(of: controller, in: hierarchy)
    if let view = finding.view, hierarchy.views.indices.contains(view) {
      path += "#" + name(ofView: view, in: hierarchy)
    }
    return path
  }

  /// The chain from the controller's window (or `detached`) to the controller.
  static func path(of controller: ControllerIndex, in hierarchy: Hierarchy) -> String {
    var steps: [String] = []
    var current = controller
    var seen = Set<ControllerIndex>()
    var root = "detached"
    while seen.insert(current).inserted {
      let item = hierarchy.controllers[current]
      let step = item.id == item.className ? item.id : "\(item.id):\(item.className)"
      if let parent = item.parent {
        steps.append(step)
        current = parent
      } else if let requester = item.requestedBy {
        steps.append("+" + step)
        current = requester
      } else {
        steps.append(step)
        if let window = hierarchy.windows.first(where: { $0.root == current }) {
          root = "window:\(window.id)"
        }
        break
      }
    }
    return ([root] + steps.reversed()).joined(separator: "/")
  }

  /// A view by its id, else by the chain from its tree's root (or the nearest view with an id)
  /// down to it, each step the class and the position among its superview's subviews.
  static func name(ofView view: ViewIndex, in hierarchy: Hierarchy) -> String {
    var steps: [String] = []
    var current: ViewIndex? = view
    var seen = Set<ViewIndex>()
    while let index = current, seen.insert(index).inserted {
      let item = hierarchy.views[index]
      if let id = item.id {
        steps.append(id)
        break
      }
      if let superview = item.superview {
        let position = hierarchy.views[superview].subviews.firstIndex(of: index) ?? 0
        steps.append("\(item.className)[\(position)]")
      } else {
        steps.append(item.className)
      }
      current = item.superview
    }
    return "view:" + steps.reversed().joined(separator: "/")
  }

  /// A short stable hash of text (64-bit FNV-1a, hex), for fingerprints.
  public static func hash(_ text: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
