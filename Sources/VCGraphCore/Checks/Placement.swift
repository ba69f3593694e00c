/// Where one written placement of a controller puts it, for the rules about a controller
/// written twice (`Hierarchy.secondPlacements`): `controller-in-two-places`,
/// `presented-controller-active` and `pushed-twice` each take their own pairs, so one mistake
/// is reported once.
enum Placement: Equatable {
  /// Under `presents:` of the requesting controller.
  case presented(requester: ControllerIndex)
  /// A child of a container.
  case child(parent: ControllerIndex)
  /// A window's root.
  case windowRoot
  /// Under `detached:`.
  case detached

  /// The placement of one arena entry.
  init(_ index: ControllerIndex, in hierarchy: Hierarchy) {
    let controller = hierarchy.controllers[index]
    if let requester = controller.requestedBy {
      self = .presented(requester: requester)
    } else if let parent = controller.parent {
      self = .child(parent: parent)
    } else if hierarchy.windows.contains(where: { $0.root == index }) {
      self = .windowRoot
    } else {
      self = .detached
    }
  }

  var isPresented: Bool {
    if case .presented = self { return true }
    return false
  }

  /// Which rule reports a controller written twice.
  enum Mistake { case presentedActive, pushedTwice, twoPlaces }

  /// The rule for a second placement and the first one: a presentation of a controller that
  /// is presented, a child or a window's root is `presented-controller-active`; the same
  /// controller twice in one navigation stack is `pushed-twice`; anything else (two parents,
  /// two windows, a `detached:` entry placed again) is `controller-in-two-places`.
  static func mistake(
    second: ControllerIndex, original: ControllerIndex, in hierarchy: Hierarchy
  ) -> Mistake {
    let a = Placement(second, in: hierarchy)
    let b = Placement(original, in: hierarchy)
    if (a.isPresented || b.isPresented) && a != .detached && b != .detached {
      return .presentedActive
    }
    // UIKit's model of a push says whether the second is the instance pushed again.
    if case .child(let p) = a, case .child(let q) = b, p == q,
      hierarchy.controllers[p].kind == .navigation,
      UIKitModel(hierarchy).push(
        className: hierarchy.controllers[original].className,
        kind: hierarchy.controllers[original].kind, instance: original, onto: p
      ).violations.contains(where: { $0.rule == .pushedTwice })
    {
      return .pushedTwice
    }
    return .twoPlaces
  }
}
