/// One responder on a chain (S5).
public enum Responder: Sendable, Equatable, Hashable {
  case view(ViewIndex)
  case controller(ControllerIndex)
  case window(Int)
  /// A window's `UIWindowScene` (index into `Hierarchy.scenes`; nil for a description that
  /// names no scenes: every window of an iOS 13+ app still has one).
  case scene(Int?)
  case application
  /// The application delegate, when it is a `UIResponder` (`Hierarchy.appDelegate`).
  case appDelegate
}

/// A responder chain from a view or controller (S5).
public struct ResponderChain: Sendable, Equatable {
  public var from: String
  public var responders: [Responder]
  /// The first controller on the chain.
  public var owningController: ControllerIndex?
}

extension Analysis {
  /// The responder chain from the view or controller with `id` (S5).
  public func responderChain(
    from id: String, at location: SourceLocation? = nil
  ) throws(VCGraphError) -> ResponderChain {
    var current: Responder
    if let view = hierarchy.view(id: id) {
      current = .view(view)
    } else if let controller = hierarchy.controller(id: id) {
      current = .controller(controller)
    } else {
      throw VCGraphError.data(
        "no view or controller has the id '\(id)'", at: location,
        hint: suggestion(
          for: id, among: hierarchy.views.compactMap(\.id) + hierarchy.controllers.map(\.id)))
    }
    var chain: [Responder] = [current]
    var seen: Set<Responder> = [current]
    while let next = nextResponder(after: current), seen.insert(next).inserted {
      chain.append(next)
      current = next
    }
    let owner = chain.lazy.compactMap { responder -> ControllerIndex? in
      if case .controller(let index) = responder { return index }
      return nil
    }.first
    return ResponderChain(from: id, responders: chain, owningController: owner)
  }

  /// The next responder by UIKit's documented rules.
  public func nextResponder(after responder: Responder) -> Responder? {
    let controllers = hierarchy.controllers
    switch responder {
    case .view(let index):
      let view = hierarchy.views[index]
      // A `hosts` view stands for that controller's root view: its next is that controller.
      if let hosted = view.hosts { return .controller(hosted) }
      // The root view of a controller: the controller.
      if view.superview == nil { return .controller(view.treeOwner) }
      return view.superview.map { .view($0) }
    case .controller(let index):
      if let window = hierarchy.windows.firstIndex(where: { $0.root == index }) {
        return .window(window)
      }
      if let presenter = presentation.presenter[index] { return .controller(presenter) }
      // Its view's superview: the view that hosts it, else the parent's root view.
      if let host = hierarchy.views.firstIndex(where: { $0.hosts == index }) {
        if let superview = hierarchy.views[host].superview { return .view(superview) }
        return .controller(hierarchy.views[host].treeOwner)
      }
      // A child whose view the container has not attached (below a navigation controller's
      // top, an unselected tab, a custom container's other children) has no superview: the
      // chain ends at it.
      if let parent = controllers[index].parent, shownChildren(of: parent).contains(index) {
        if let view = controllers[parent].view { return .view(view) }
        return .controller(parent)
      }
      return nil
    case .window(let index):
      // Observed, not documented: Apple's pages say "The window's next responder is the
      // UIApplication object", but following `UIResponder.next` in a scene-based app (iOS 13
      // and later) gives the window's `UIWindowScene` (`UIScene` "Inherits From: UIResponder"),
      // then the application (wanderwaltz.github.io, "UIResponder notes", 2022);
      // `Documentation/Semantics.md`, S5.
      return .scene(hierarchy.windows[index].scene)
    case .scene:
      return .application
    case .application:
      // "The next responder is the app delegate, but only if the app delegate is an instance
      // of UIResponder and isn't a view, view controller, or the app object itself."
      return hierarchy.appDelegate.isResponder ? .appDelegate : nil
    case .appDelegate:
      return nil
    }
  }

  /// A printable name of a responder: view and controller ids, the window id, the scene id
  /// (`UIWindowScene` when the description names none), UIApplication, the delegate's class.
  public func name(of responder: Responder) -> String {
    switch responder {
    case .view(let index):
      let view = hierarchy.views[index]
      if let id = view.id { return id }
      if let hosted = view.hosts { return "\(hierarchy.controllers[hosted].id).view" }
      return "\(view.className)@\(view.location.line):\(view.location.column)"
    case .controller(let index): return hierarchy.controllers[index].id
    case .window(let index): return hierarchy.windows[index].id
    case .scene(let index): return index.map { hierarchy.scenes[$0].id } ?? "UIWindowScene"
    case .application: return "UIApplication"
    case .appDelegate: return hierarchy.appDelegate.className
    }
  }
}
