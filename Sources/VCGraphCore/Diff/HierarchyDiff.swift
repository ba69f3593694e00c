/// What changed from one hierarchy to another (`vcgraph diff BEFORE AFTER`): controllers
/// added, removed and moved, presentation styles, the top view controller, what is on screen,
/// and the findings. Controllers are paired by ``ControllerMatching``; ids in the lists are
/// each side's own (an added controller's id in AFTER, a removed one's in BEFORE).
///
/// The lists mean what `simulate`'s step effects mean (`StepEffect`), so the diff of two
/// states of a simulation says what the steps between them say.
public struct HierarchyDiff: Sendable {
  /// Where a controller is: the parent that contains it, the controller that actually presents
  /// it (S1), or the window it is the root of; all nil for a controller in no window.
  public struct Place: Sendable, Equatable {
    public var parent: String?
    public var presenter: String?
    public var window: String?

    public init(parent: String? = nil, presenter: String? = nil, window: String? = nil) {
      self.parent = parent
      self.presenter = presenter
      self.window = window
    }
  }

  /// A controller in both hierarchies whose place changed.
  public struct Move: Sendable, Equatable {
    /// Its id in AFTER.
    public var id: String
    /// Its place in BEFORE (ids of BEFORE) and in AFTER (ids of AFTER).
    public var from: Place
    public var to: Place

    public init(id: String, from: Place, to: Place) {
      self.id = id
      self.from = from
      self.to = to
    }
  }

  /// A presented controller whose presentation style changed (as UIKit resolves it).
  public struct StyleChange: Sendable, Equatable {
    public var id: String
    public var before: PresentationStyle
    public var after: PresentationStyle

    public init(id: String, before: PresentationStyle, after: PresentationStyle) {
      self.id = id
      self.before = before
      self.after = after
    }
  }

  /// A controller added or removed, with its place on its own side.
  public struct Entry: Sendable, Equatable {
    public var id: String
    public var className: String
    public var place: Place
  }

  /// The two hierarchies as analysed.
  public let before: Analysis
  public let after: Analysis
  /// Which controller is which.
  public let matching: ControllerMatching

  /// Controllers only in AFTER, in its document order.
  public private(set) var added: [Entry] = []
  /// Controllers only in BEFORE, in its document order.
  public private(set) var removed: [Entry] = []
  /// Controllers in both whose parent, presenter or window changed, in AFTER's order.
  public private(set) var moved: [Move] = []
  /// Controllers presented in both with another presentation style, in AFTER's order.
  public private(set) var styleChanged: [StyleChange] = []
  /// The top view controller of each side (S3), by id.
  public private(set) var topBefore: String?
  public private(set) var topAfter: String?
  /// Whether the top view controller is another controller (not merely another id).
  public private(set) var topChanged = false
  /// Controllers in both, off screen in BEFORE and on screen in AFTER (AFTER's ids, its order).
  public private(set) var gained: [String] = []
  /// Controllers in both, on screen in BEFORE and off screen in AFTER (AFTER's ids, in BEFORE's
  /// order, as `simulate` lists them).
  public private(set) var lost: [String] = []
  /// Findings of AFTER that BEFORE does not have, and findings of BEFORE that AFTER does not.
  public private(set) var newFindings: [Finding] = []
  public private(set) var fixedFindings: [Finding] = []

  /// Compares two hierarchies; findings come from the rules `configuration` runs.
  public init(
    before beforeHierarchy: Hierarchy, after afterHierarchy: Hierarchy,
    configuration: RuleConfiguration = RuleConfiguration()
  ) {
    before = Analysis(beforeHierarchy)
    after = Analysis(afterHierarchy)
    matching = ControllerMatching(
      before: beforeHierarchy, after: afterHierarchy,
      beforePresentation: before.presentation, afterPresentation: after.presentation)
    compareControllers()
    compareScreens()
    compareFindings(
      Checker.findings(for: before, configuration: configuration),
      Checker.findings(for: after, configuration: configuration))
  }

  /// Whether nothing differs: what `--exit-code` tests. Ids alone do not count (a dump's
  /// addresses never equal a description's ids).
  public var isEmpty: Bool {
    added.isEmpty && removed.isEmpty && moved.isEmpty && styleChanged.isEmpty && !topChanged
      && gained.isEmpty && lost.isEmpty && newFindings.isEmpty && fixedFindings.isEmpty
  }

  // MARK: - Controllers

  private static func place(_ index: ControllerIndex, in analysis: Analysis) -> Place {
    let hierarchy = analysis.hierarchy
    return Place(
      parent: hierarchy.controllers[index].parent.map { hierarchy.controllers[$0].id },
      presenter: analysis.presentation.presenter[index].map { hierarchy.controllers[$0].id },
      window: hierarchy.windows.first { $0.root == index }?.id)
  }

  private mutating func compareControllers() {
    let old = before.hierarchy
    let new = after.hierarchy
    func entry(_ index: ControllerIndex, _ analysis: Analysis) -> Entry {
      let controller = analysis.hierarchy.controllers[index]
      return Entry(
        id: controller.id, className: controller.className,
        place: Self.place(index, in: analysis))
    }
    added = new.controllers.indices.filter { matching.beforeOf[$0] == nil }.map {
      entry($0, after)
    }
    removed = old.controllers.indices.filter { matching.afterOf[$0] == nil }.map {
      entry($0, before)
    }
    // A place is compared through the pairing: the same parent means the parent's counterpart.
    func same(_ old: ControllerIndex?, _ new: ControllerIndex?) -> Bool {
      switch (old, new) {
      case (nil, nil): true
      case (let old?, let new?): matching.afterOf[old] == new
      default: false
      }
    }
    for a in new.controllers.indices {
      guard let b = matching.beforeOf[a] else { continue }
      let sameParent = same(old.controllers[b].parent, new.controllers[a].parent)
      let samePresenter = same(before.presentation.presenter[b], after.presentation.presenter[a])
      let oldWindow = old.windows.firstIndex { $0.root == b }
      let newWindow = new.windows.firstIndex { $0.root == a }
      if !sameParent || !samePresenter || oldWindow != newWindow {
        moved.append(
          Move(
            id: new.controllers[a].id, from: Self.place(b, in: before),
            to: Self.place(a, in: after)))
      }
      let oldPresented = old.controllers[b].requestedBy != nil
      let newPresented = new.controllers[a].requestedBy != nil
      let oldStyle = old.controllers[b].style.resolved
      let newStyle = new.controllers[a].style.resolved
      if oldPresented && newPresented && oldStyle != newStyle {
        styleChanged.append(
          StyleChange(id: new.controllers[a].id, before: oldStyle, after: newStyle))
      }
    }
  }

  // MARK: - The screen

  private mutating func compareScreens() {
    let old = before.hierarchy
    let new = after.hierarchy
    topBefore = before.topViewController.map { old.controllers[$0].id }
    topAfter = after.topViewController.map { new.controllers[$0].id }
    let mapped = before.topViewController.map { matching.afterOf[$0] }
    switch (mapped, after.topViewController) {
    case (nil, nil): topChanged = false
    case (let counterpart??, let top?): topChanged = counterpart != top
    default: topChanged = true
    }
    gained = new.controllers.indices.filter { a in
      guard let b = matching.beforeOf[a] else { return false }
      return after.onScreen[a] && !before.onScreen[b]
    }.map { new.controllers[$0].id }
    lost = old.controllers.indices.compactMap { b in
      guard let a = matching.afterOf[b], before.onScreen[b], !after.onScreen[a] else { return nil }
      return new.controllers[a].id
    }
  }

  // MARK: - Findings

  /// What a finding is about, in AFTER's terms: its rule, the controller (a controller only in
  /// BEFORE stays its own), and the view's place in its tree.
  private struct FindingKey: Hashable {
    var rule: String
    var controller: String
    var view: String
  }

  private mutating func compareFindings(_ old: [Finding], _ new: [Finding]) {
    func key(_ finding: Finding, _ hierarchy: Hierarchy, isBefore: Bool) -> FindingKey {
      var controller = ""
      if let index = finding.controller {
        if !isBefore {
          controller = "after:\(index)"
        } else if let counterpart = matching.afterOf[index] {
          controller = "after:\(counterpart)"
        } else {
          controller = "before:\(index)"
        }
      }
      var view = ""
      if let index = finding.view, hierarchy.views.indices.contains(index) {
        view = FindingPath.name(ofView: index, in: hierarchy)
      }
      return FindingKey(rule: finding.rule.rawValue, controller: controller, view: view)
    }
    // Each finding of one side absorbs one with the same key on the other.
    var remaining: [FindingKey: Int] = [:]
    for finding in old {
      remaining[key(finding, before.hierarchy, isBefore: true), default: 0] += 1
    }
    for finding in new {
      let k = key(finding, after.hierarchy, isBefore: false)
      if let count = remaining[k], count > 0 {
        remaining[k] = count - 1
      } else {
        newFindings.append(finding)
      }
    }
    var present: [FindingKey: Int] = [:]
    for finding in new { present[key(finding, after.hierarchy, isBefore: false), default: 0] += 1 }
    for finding in old {
      let k = key(finding, before.hierarchy, isBefore: true)
      if let count = present[k], count > 0 {
        present[k] = count - 1
      } else {
        fixedFindings.append(finding)
      }
    }
  }
}
