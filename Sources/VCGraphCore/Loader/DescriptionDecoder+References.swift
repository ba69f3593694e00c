/// References between the parts of a description (`showing`, `hosts`), resolved once every
/// part has decoded.
extension DescriptionDecoder {
  mutating func resolveReferences() throws(VCGraphError) {
    for (container, id, location) in pendingShowing {
      try problems.recover { () throws(VCGraphError) in
        guard let child = hierarchy.controller(id: id) else { throw unknownID(id, at: location) }
        guard hierarchy.controllers[container].children.contains(child) else {
          throw VCGraphError.data(
            "'\(id)' is not one of the children of '\(hierarchy.controllers[container].id)'",
            at: location, hint: "`showing` names one of the container's `children`")
        }
        hierarchy.controllers[container].showing = child
      }
    }
    for (view, id, location) in pendingHosts {
      try problems.recover { () throws(VCGraphError) in
        guard let controller = hierarchy.controller(id: id) else {
          throw unknownID(id, at: location)
        }
        if controller == hierarchy.views[view].treeOwner {
          throw VCGraphError.data(
            "a view of '\(id)' cannot host '\(id)' itself", at: location,
            hint: "that would make the view tree a cycle")
        }
        hierarchy.views[view].hosts = controller
      }
    }
    try problems.check()
    try checkHostCycles()
  }

  /// A view tree that hosts a controller whose tree hosts the first is a cycle.
  fileprivate func checkHostCycles() throws(VCGraphError) {
    var hosted: [ControllerIndex: [(ControllerIndex, ViewIndex)]] = [:]
    for (index, view) in hierarchy.views.enumerated() {
      if let target = view.hosts { hosted[view.treeOwner, default: []].append((target, index)) }
    }
    var state: [ControllerIndex: Int] = [:]  // 1 visiting, 2 done
    for start in hosted.keys.sorted() {
      var stack: [(ControllerIndex, Int)] = [(start, 0)]
      if state[start] != nil { continue }
      state[start] = 1
      while let (node, next) = stack.last {
        let edges = hosted[node] ?? []
        if next == edges.count {
          state[node] = 2
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].1 += 1
        let (target, view) = edges[next]
        if state[target] == 1 {
          throw VCGraphError.data(
            "hosting '\(hierarchy.controllers[target].id)' here makes the view trees a cycle",
            at: hierarchy.views[view].keyLocations["hosts"] ?? hierarchy.views[view].location)
        }
        if state[target] == nil {
          state[target] = 1
          stack.append((target, 0))
        }
      }
    }
  }

  func unknownID(_ id: String, at location: SourceLocation) -> VCGraphError {
    let known = hierarchy.controllers.map(\.id)
    return VCGraphError.data(
      "no controller has the id '\(id)'", at: location,
      hint: suggestion(for: id, among: known))
  }
}
