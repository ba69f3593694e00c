/// Where a finding is in the hierarchy, written so that it survives edits elsewhere in the
/// file: the chain of controllers from its window (or `detached`) down to the finding's
/// controller, each as `id:Class` (the id alone when it is the class name), `/` for
/// containment and `/+` for a presentation, then the
/// view when the finding concerns one. Baselines and SARIF fingerprints match findings by it
/// instead of by line number.
public enum FindingPath {
  /// The finding's path in the hierarchy it was found in (empty when it names no controller).
  public static func of(_ finding: Finding, in hierarchy: Hierarchy) -> String {
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

  /// A view by its id, else by its class and its position among the views of its tree.
  static func name(ofView view: ViewIndex, in hierarchy: Hierarchy) -> String {
    let item = hierarchy.views[view]
    if let id = item.id { return "view:\(id)" }
    var position = 0
    for index in hierarchy.views.indices where index < view {
      if hierarchy.views[index].treeOwner == item.treeOwner { position += 1 }
    }
    return "view:\(item.className)[\(position)]"
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
