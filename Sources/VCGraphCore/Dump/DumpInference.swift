/// What a dump does not say, inferred from what it does (`DumpReader` lists the rules): kinds
/// from view classes, the selected tab, split views' `collapsed`, and which children of a custom
/// container have their views attached. Each guess is recorded in `Controller.notes`.
extension DumpBuilder {
  /// Whether a controller is on screen: its state, else whether its view is in the window.
  private func onScreen(_ index: ControllerIndex) -> Bool? {
    switch lines[index].state {
    case "appeared", "appearing": return true
    case "disappeared", "disappearing": return false
    default: return lines[index].inWindow
    }
  }

  /// Kinds from names, then from view classes; one kind per class (the first instance in
  /// document order that decides), recorded in `superclasses` for custom classes.
  mutating func resolveKinds() {
    var instanceGuesses: [ControllerIndex: (ControllerKind, String)] = [:]
    for index in hierarchy.controllers.indices.reversed() {
      if let kind = nameKinds[index] {
        hierarchy.controllers[index].kind = kind
        continue
      }
      if let guess = viewClassKind(index) {
        instanceGuesses[index] = guess
        hierarchy.controllers[index].kind = guess.0
      }
    }
    var classGuesses: [String: (ControllerKind, String)] = [:]
    for index in hierarchy.controllers.indices {
      guard let guess = instanceGuesses[index] else { continue }
      let name = hierarchy.controllers[index].className
      if classGuesses[name] == nil { classGuesses[name] = guess }
    }
    for index in hierarchy.controllers.indices where nameKinds[index] == nil {
      let name = hierarchy.controllers[index].className
      guard let (kind, note) = classGuesses[name] else { continue }
      hierarchy.controllers[index].kind = kind
      hierarchy.controllers[index].notes.append(note)
    }
    for controller in hierarchy.controllers where controller.kind != .plain {
      if ControllerKind(uikitClass: controller.className) == nil {
        hierarchy.superclasses[controller.className] = controller.kind.uikitClass
      }
    }
  }

  /// The kind a view class suggests, with the note that explains the guess.
  private func viewClassKind(_ index: ControllerIndex) -> (ControllerKind, String)? {
    guard let viewClass = lines[index].viewClass else { return nil }
    let name = hierarchy.controllers[index].className
    switch viewClass {
    case "_UISplitViewControllerPanelImplView":
      return (
        .split,
        "kind split inferred from the view class \(viewClass); if wrong, declare the kind with"
          + " --class \(name)=KIND"
      )
    case "_UIPageViewControllerContentView":
      return (
        .page,
        "kind page inferred from the view class \(viewClass); if wrong, declare the kind with"
          + " --class \(name)=KIND"
      )
    case "UILayoutContainerView":
      guard let (kind, reason) = layoutContainerKind(index) else { return nil }
      let other = kind == .navigation ? "tabBar" : "navigation"
      return (
        kind,
        "kind \(kind.rawValue) inferred from the view class UILayoutContainerView (navigation or"
          + " tab bar): \(reason); if wrong, use --class \(name)=\(other)"
      )
    default:
      return nil
    }
  }

  /// Navigation or tab bar for a controller whose view is a `UILayoutContainerView`, from its
  /// children: tab bar when one of them is a navigation controller (UIKit cannot push one), or
  /// when exactly one child is on screen and it is not the last (a navigation controller shows
  /// only the top of its stack, the last child); otherwise navigation. Nil without children.
  private func layoutContainerKind(_ index: ControllerIndex) -> (ControllerKind, String)? {
    let children = hierarchy.controllers[index].children
    guard let last = children.last else { return nil }
    if children.contains(where: { hierarchy.controllers[$0].kind == .navigation }) {
      return (.tabBar, "its children include navigation controllers, which cannot be pushed")
    }
    let shown = children.filter { onScreen($0) == true }
    if shown.count == 1, let only = shown.first, only != last,
      let position = children.firstIndex(of: only)
    {
      return (
        .tabBar,
        "only child \(position + 1) of \(children.count) is on screen, and a navigation"
          + " controller shows only its last"
      )
    }
    if shown.count == 1 {
      return (.navigation, "only its last child is on screen, the top of a navigation stack")
    }
    if shown.isEmpty {
      return (.navigation, "no child is on screen to tell; navigation assumed")
    }
    return (.navigation, "several children are on screen; navigation assumed")
  }

  /// The selected tab from the tabs' states, windows and loaded views.
  mutating func selectTab(_ index: ControllerIndex) {
    let tabs = hierarchy.controllers[index].children
    guard !tabs.isEmpty else { return }
    let lines = self.lines
    let ways: [(String, (ControllerIndex) -> Bool)] = [
      ("printed as appeared", { lines[$0].state == "appeared" }),
      ("printed as appearing", { lines[$0].state == "appearing" }),
      ("in the window", { lines[$0].inWindow == true }),
      ("the only one whose view is loaded", { lines[$0].viewLoaded == true }),
    ]
    for (number, (how, test)) in ways.enumerated() {
      let matching = tabs.indices.filter { test(tabs[$0]) }
      guard let chosen = matching.first else { continue }
      if number == 3 {
        // Loaded views only tell when no other tab's view may be loaded.
        guard matching.count == 1,
          tabs.allSatisfy({ tabs[chosen] == $0 || lines[$0].viewLoaded == false })
        else { break }
        hierarchy.controllers[index].selectedIndex = chosen
        hierarchy.controllers[index].notes.append(
          "selected tab inferred: tab \(chosen) is \(how)")
        return
      }
      hierarchy.controllers[index].selectedIndex = chosen
      if matching.count > 1 {
        hierarchy.controllers[index].notes.append(
          "tabs \(matching.map(String.init).joined(separator: ", ")) are all \(how); selected"
            + " the first of them")
      }
      return
    }
    hierarchy.controllers[index].selectedIndex = 0
    hierarchy.controllers[index].notes.append("selected tab not stated; assumed the first")
  }

  /// `collapsed` when the columns' states say it: every column on screen, or exactly one.
  mutating func inferCollapsed(_ index: ControllerIndex) {
    let columns = hierarchy.controllers[index].children
    guard columns.count >= 2 else { return }
    let shown = columns.map(onScreen)
    guard shown.allSatisfy({ $0 != nil }) else { return }
    let count = shown.filter { $0 == true }.count
    if count == columns.count {
      hierarchy.controllers[index].collapsed = false
    } else if count == 1 {
      hierarchy.controllers[index].collapsed = true
      if shown.first != true {
        hierarchy.controllers[index].notes.append(
          "read as collapsed: only one column is on screen, but not the first")
      }
    }
  }

  /// A custom container's attached children: all (nothing to write), one (`showing`) or another
  /// subset (a `view` tree hosting them).
  mutating func inferAttachedChildren(_ index: ControllerIndex) {
    let children = hierarchy.controllers[index].children
    guard !children.isEmpty else { return }
    let containerShown = onScreen(index) == true
    var hiddenInWindow: [ControllerIndex] = []
    let attached: [Bool?] = children.map { child in
      if lines[child].viewLoaded == false { return false }
      guard containerShown else { return nil }
      // UIKit calls viewDidDisappear(_:) when "its view was removed from a view hierarchy" (or
      // hidden): a child printed `disappeared` is not on screen even when its view is still in
      // the window (a pager keeps its neighbours' views there) — unless the dump contradicts
      // it with an appeared child of its own.
      if lines[child].state == "disappeared" {
        if let witness = appearedDescendant(of: child) {
          hierarchy.controllers[index].notes.append(
            "'\(hierarchy.controllers[child].id)' is printed disappeared but its child"
              + " '\(hierarchy.controllers[witness].id)' appeared; read as on screen")
          return true
        }
        if lines[child].inWindow == true { hiddenInWindow.append(child) }
        return false
      }
      if let inWindow = lines[child].inWindow { return inWindow }
      return onScreen(child)
    }
    if !hiddenInWindow.isEmpty {
      let names = hiddenInWindow.map { "'\(hierarchy.controllers[$0].id)'" }
      hierarchy.controllers[index].notes.append(
        "read \(names.joined(separator: ", ")) as not on screen: printed disappeared, though"
          + " \(names.count == 1 ? "its view is" : "their views are") in the window")
    }
    if children.count > 1 && attached.contains(where: { $0 == nil }) {
      let stated = lines[index].state != nil || lines[index].inWindow != nil
      hierarchy.controllers[index].notes.append(
        (stated
          ? "the container is not on screen, so the dump cannot tell which children's views"
            + " are attached"
          : "the dump does not say whether the children's views are in the window")
          + "; assumed attached unless not loaded")
    }
    let kept = children.indices.filter { attached[$0] != false }.map { children[$0] }
    if kept.count == children.count { return }
    if kept.count == 1 {
      hierarchy.controllers[index].showing = kept[0]
      return
    }
    let owner = hierarchy.controllers[index]
    let root = hierarchy.views.count
    hierarchy.views.append(
      View(
        id: nil, className: lines[index].viewClass ?? "UIView", treeOwner: index,
        location: owner.location))
    hierarchy.controllers[index].view = root
    for child in kept {
      var view = View(
        id: nil, className: lines[child].viewClass ?? "UIView", treeOwner: index,
        location: hierarchy.controllers[child].location)
      view.superview = root
      view.hosts = child
      hierarchy.views[root].subviews.append(hierarchy.views.count)
      hierarchy.views.append(view)
    }
  }

  /// A child (or a child's child, …) of `index` printed `appeared`, if there is one.
  private func appearedDescendant(of index: ControllerIndex) -> ControllerIndex? {
    for child in hierarchy.controllers[index].children {
      if lines[child].state == "appeared" { return child }
      if let found = appearedDescendant(of: child) { return found }
    }
    return nil
  }
}
