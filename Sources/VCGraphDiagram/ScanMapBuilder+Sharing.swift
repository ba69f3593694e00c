extension ScanMapBuilder {
  /// Screens that three or more types show (``ScanMapLayout/sharedCallers``: a QR reader, a
  /// common sheet, the app's navigation controller): drawn once, in the flow of the first
  /// type that shows it, and as a reference node (`→ QRCodeReaderViewController`) in each
  /// other flow that shows it, so that no line runs across the map from flow to flow and
  /// the flows can be set in rows. A flow is a connected part of the map without the shared
  /// screens. Returns each reference node's name (appended to `order`) with the type it
  /// stands for; the edges to it are redirected in `groups`.
  static func shareScreens(
    _ groups: inout [Group], order: inout [String]
  ) -> [String: String] {
    var callers: [String: Set<String>] = [:]
    for group in groups where group.style != .unwind && group.tail != group.head {
      callers[group.head, default: []].insert(group.tail)
    }
    let shared = Set(callers.filter { $0.value.count >= ScanMapLayout.sharedCallers }.keys)
    guard !shared.isEmpty else { return [:] }
    var position: [String: Int] = [:]
    for (index, name) in order.enumerated() { position[name] = index }
    let flow = ScanMapLayout.flows(
      count: order.count,
      links: groups.compactMap { group in
        guard let tail = position[group.tail], let head = position[group.head] else { return nil }
        return (tail, head)
      }, leavingOut: Set(shared.compactMap { position[$0] }))
    var home: [String: Int] = [:]
    var references: [String: String] = [:]
    var named: [String: String] = [:]
    for index in groups.indices {
      let (tail, head) = (groups[index].tail, groups[index].head)
      guard shared.contains(head), !shared.contains(tail), let from = position[tail] else {
        continue
      }
      let key = flow[from]
      guard let first = home[head] else {
        home[head] = key
        continue
      }
      guard first != key else { continue }
      let reference: String
      if let existing = named["\(key) \(head)"] {
        reference = existing
      } else {
        reference = "\(head)-ref-\(references.count + 1)"
        named["\(key) \(head)"] = reference
        references[reference] = head
        order.append(reference)
      }
      groups[index].head = reference
    }
    return references
  }
}
