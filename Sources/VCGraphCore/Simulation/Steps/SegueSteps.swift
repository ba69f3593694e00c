/// `perform {segue [, from]}`: a storyboard segue, applied as UIKit performs it through the
/// operations of the other step files (push, present, dismiss, popTo) and a split view's
/// column replacement. The rules are `SegueEffect`'s (Apple's documentation is quoted there), in
/// the state the step meets rather than the storyboard's contexts; vcgraph's choices where
/// Apple is silent are in `Documentation/Inputs.md` ("Storyboards").
extension StepEditor {
  mutating func perform(_ name: String, from sourceName: String?) throws(VCGraphError) -> String {
    guard let storyboard else {
      throw refused(
        "`perform` runs a storyboard segue, and this input is not a storyboard",
        hint: "simulate a .storyboard with --steps FILE")
    }
    let map = storyboard.map
    func segue(named name: String, in scene: SceneRef) -> SegueRef? {
      let segues = map.segues(from: scene)
      return segues.first { map[$0].identifier == name } ?? segues.first { map[$0].id == name }
    }
    var source = try performSource(sourceName)
    // Without `from`, the top view controller or the nearest of its containers with the segue
    // (the top may be a child embedded in the scene that holds the button).
    if sourceName == nil {
      var current: ControllerIndex? = source
      while let index = current {
        if let scene = storyboard.scene(at: controllers[index].location),
          segue(named: name, in: scene) != nil
        {
          source = index
          break
        }
        current = controllers[index].parent
      }
    }
    guard let scene = storyboard.scene(at: controllers[source].location) else {
      throw refused(
        "'\(id(source))' was not built from a storyboard scene, so it has no segues",
        at: sourceName == nil ? "segue" : "from")
    }
    let segues = map.segues(from: scene)
    guard let segue = segue(named: name, in: scene) else {
      // Segues without an identifier go by their element id.
      let names = segues.filter { ![.relationship, .embed].contains(map[$0].kind) }
        .compactMap { map[$0].identifier ?? map[$0].id }
      throw refused(
        "\(map.describe(scene)) has no segue with the identifier '\(name)'", at: "segue",
        hint: suggestion(for: name, among: names)
          ?? (names.isEmpty
            ? "it performs no segue"
            : "its segues are: " + names.joined(separator: ", "))
          + (sourceName == nil ? "; name the source with `from:`" : ""))
    }
    let item = map[segue]
    let text = "\(id(source)) performs \(item.kind.rawValue) '\(name)'"
    switch item.kind {
    case .relationship, .embed:
      throw refused(
        "a \(item.kind.rawValue) segue is not performed: the container holds its destination"
          + " from the moment it is created", at: "segue")
    case .custom:
      throw refused(
        "a custom segue (\(item.customClass ?? "UIStoryboardSegue")) does what its perform()"
          + " does, which vcgraph cannot see", at: "segue",
        hint: "write the step it takes (push, present, ...) instead")
    case .unwind:
      return text + ": " + (try unwind(action: item.unwindAction, from: source))
    default:
      break
    }
    guard let written = map.destination(of: segue) else {
      throw refused("the segue '\(name)' has no destination", at: "segue")
    }
    let destination = map.resolved(written)
    switch item.kind {
    case .show, .push:
      return text + ": " + (try showSegue(destination, kind: item.kind, from: source))
    case .showDetail, .replace:
      return text + ": " + (try showDetailSegue(destination, from: source))
    case .popoverPresentation, .popover:
      return text + ": " + (try present(from: id(source), instance(destination, style: .popover)))
    default:
      return text + ": "
        + (try present(
          from: id(source), instance(destination, style: item.modalPresentationStyle)))
    }
  }

  /// `from`, else the top view controller.
  private func performSource(_ name: String?) throws(VCGraphError) -> ControllerIndex {
    if let name { return try controller(name, key: "from") }
    guard let top = Analysis(hierarchy).topViewController else {
      throw refused(
        "nothing is on screen, so there is no top view controller to perform the segue from",
        at: "segue", hint: "name the source with `from:`")
    }
    return top
  }

  /// A new instance of a scene (with what its relationships and embeds hold), ids made unique
  /// in the hierarchy; `style` is the segue's presentation style, when it sets one.
  private mutating func instance(
    _ scene: SceneRef, style: PresentationStyle? = nil
  ) throws(VCGraphError) -> StepController {
    let taken = Set(controllers.map(\.id)).union(hierarchy.views.compactMap(\.id))
    var (new, _) = try storyboard!.map.instance(of: scene, taken: taken)
    if let style { new.fragment.controllers[new.root].modalPresentationStyle = style }
    for (name, superclass) in new.fragment.superclasses where hierarchy.superclasses[name] == nil {
      hierarchy.superclasses[name] = superclass
    }
    return new
  }

  /// `show`: what `UIKitModel.show(from:deprecatedPush:)` says handles it — the nearest
  /// navigation controller pushes, a split view controller makes the destination its primary
  /// column, with neither the source presents it modally (S1); a deprecated `push` needs a
  /// navigation controller.
  private mutating func showSegue(
    _ destination: SceneRef, kind: StoryboardSegue.Kind, from source: ControllerIndex
  ) throws(VCGraphError) -> String {
    switch UIKitModel(hierarchy).show(from: source, deprecatedPush: kind == .push) {
    case .push(let navigation), .collapsedPush(let navigation, _):
      return try push(on: id(navigation), instance(destination))
    case .primaryColumn(let split), .secondaryColumn(let split):
      return try replaceColumn(0, of: split, with: instance(destination))
    case .refused(let violation):
      throw refused(
        "no navigation controller holds '\(id(source))': UIKit raises \"Push segues can only be"
          + " used when the source controller is managed by an instance of"
          + " UINavigationController\"", at: "segue", uikitMessage: violation.uikitMessage)
    case .presentsModally:
      notes.append("no navigation controller holds \(id(source)): show presents modally")
      return try present(from: id(source), instance(destination))
    }
  }

  /// `showDetail` (`UIKitModel.showDetail(className:kind:from:isCollapsed:)`): an expanded
  /// split view controller replaces its secondary (detail) column; a collapsed one shows it in
  /// its primary column, pushed — the destination itself, a navigation controller too — when
  /// that is a navigation controller; with no split view controller, the source presents it
  /// modally.
  private mutating func showDetailSegue(
    _ destination: SceneRef, from source: ControllerIndex
  ) throws(VCGraphError) -> String {
    let analysis = Analysis(hierarchy)
    let scene = storyboard!.map[destination]
    switch UIKitModel(hierarchy).showDetail(
      className: scene.className, kind: scene.kind, from: source,
      isCollapsed: analysis.isCollapsed)
    {
    case .presentsModally, .refused:
      notes.append("no split view controller holds \(id(source)): showDetail presents modally")
      return try present(from: id(source), instance(destination))
    case .push(let navigation):
      return try push(on: id(navigation), instance(destination))
    case .secondaryColumn(let split):
      let columns = controllers[split].children
      return try replaceColumn(max(columns.count - 1, 1), of: split, with: instance(destination))
    case .primaryColumn(let split):
      return try replaceColumn(0, of: split, with: instance(destination))
    case .collapsedPush(let primary, let verdict):
      if scene.kind == .navigation {
        notes.append(
          "collapsed: \(id(primary)) pushes the navigation controller itself, as UIKit does for"
            + " a collapsed split view (\"a navigation controller responds by pushing vc onto its"
            + " navigation stack\"); UIKit built this nesting, so it is no"
            + " navigation-in-navigation")
      }
      return try push(on: id(primary), instance(destination), verdict: verdict)
    }
  }

  /// Replaces a split view controller's column at `position` (the old column leaves with
  /// everything it holds and presents), or adds it when the split has fewer columns.
  private mutating func replaceColumn(
    _ position: Int, of split: ControllerIndex, with new: StepController
  ) throws(VCGraphError) -> String {
    let splitID = id(split)
    var replaced: String?
    if controllers[split].children.indices.contains(position) {
      let old = controllers[split].children[position]
      replaced = id(old)
      remove([old], analysis: Analysis(hierarchy))
    }
    let container = hierarchy.controller(id: splitID)!
    let column = try append(new)
    hierarchy.controllers[column].parent = container
    let count = controllers[container].children.count
    hierarchy.controllers[container].children.insert(column, at: min(position, count))
    let name = position == 0 ? "primary" : "secondary"
    return "\(splitID) shows \(id(column)) as its \(name) column"
      + (replaced.map { " (replacing \($0))" } ?? "")
  }

  /// `unwind`: the nearest controller back from the source (below it on its stack, its
  /// containers, the controller that asked to present it) whose class is the app's own
  /// receives it; the presentations above it are dismissed and its stack popped to it.
  private mutating func unwind(
    action: String?, from source: ControllerIndex
  ) throws(VCGraphError) -> String {
    let analysis = Analysis(hierarchy)
    var current = source
    var target: ControllerIndex?
    var steps = 0
    while steps < controllers.count, let back = stepBack(from: current) {
      if isAppClass(back) {
        target = back
        break
      }
      current = back
      steps += 1
    }
    let call = "unwind \(action ?? "(no action)")"
    guard let target else {
      notes.append("UIKit finds no controller that implements the action: the segue fails silently")
      return "\(call): nothing on the way back from \(id(source)) can receive it"
    }
    notes.append(
      "UIKit asks each controller on the way back whether its class implements"
        + " \(action ?? "the action"); vcgraph takes the nearest of the app's own classes")
    let targetID = id(target)
    var done: [String] = []
    // The presented level just above the target's, if the source is in a presentation.
    let targetRoot = PresentationResolution.contextRoot(of: target, in: hierarchy)
    var level = PresentationResolution.contextRoot(of: source, in: hierarchy)
    var above: ControllerIndex?
    steps = 0
    while level != targetRoot, steps < controllers.count,
      let requester = controllers[level].requestedBy
    {
      above = level
      level = PresentationResolution.contextRoot(of: requester, in: hierarchy)
      steps += 1
    }
    if let above, let presenter = analysis.presentation.presenter[above] {
      done.append(try dismiss(from: id(presenter), levels: nil, toClass: nil))
    }
    if let index = hierarchy.controller(id: targetID), let nav = controllers[index].parent,
      controllers[nav].kind == .navigation, controllers[nav].children.last != index
    {
      done.append(try popTo(on: id(nav), target: targetID))
    }
    return "\(call) to \(targetID)"
      + (done.isEmpty ? ": it is already on top" : ": " + done.joined(separator: "; "))
  }

  /// The controller back from one: below it on its navigation stack, else its parent, else
  /// the controller that asked to present it.
  private func stepBack(from index: ControllerIndex) -> ControllerIndex? {
    if let parent = controllers[index].parent {
      let stack = controllers[parent].children
      if controllers[parent].kind == .navigation, let position = stack.firstIndex(of: index),
        position > 0
      {
        return stack[position - 1]
      }
      return parent
    }
    return controllers[index].requestedBy
  }

  /// Whether a controller's class is the app's own (only such a class declares an unwind
  /// action): its scene has a custom class, or, for a controller not built from a scene, its
  /// class is not UIKit's.
  private func isAppClass(_ index: ControllerIndex) -> Bool {
    if let scene = storyboard?.scene(at: controllers[index].location) {
      return storyboard!.map[scene].hasCustomClass
    }
    let name = controllers[index].className
    return ControllerKind(uikitClass: name) == nil && !name.hasPrefix("UI")
  }
}
