import VCGraphCore

extension DiagramBuilder {
  /// Each container to each drawn child, labelled with the child's slot.
  func containmentEdges() -> [Diagram.Edge] {
    var edges: [Diagram.Edge] = []
    for (parent, controller) in controllers.enumerated() {
      // A collapsed subtree draws no containment edges inside it.
      guard isDrawn(parent) else { continue }
      let shown = Set(analysis.shownChildren(of: parent))
      for (position, child) in controller.children.enumerated() {
        guard let head = node(for: child) else { continue }
        let emphasis: Diagram.Containment.Emphasis
        if pathSteps[child] != nil && pathSteps[parent] != nil {
          emphasis = .visiblePath
        } else if shown.contains(child) && analysis.onScreen[child] && covering[child] == nil {
          emphasis = .onScreen
        } else {
          emphasis = .offScreen
        }
        let containment = Diagram.Containment(
          parent: ref(parent), position: position,
          slot: slot(parent: parent, position: position, shown: shown), emphasis: emphasis)
        edges.append(Diagram.Edge(.controller(parent), head, kind: .containment(containment)))
      }
    }
    return edges
  }

  private func slot(
    parent: ControllerIndex, position: Int, shown: Set<ControllerIndex>
  ) -> Diagram.Slot {
    let controller = controllers[parent]
    let count = controller.children.count
    switch controller.kind {
    case .navigation:
      // A collapsed split's secondary pushed onto this stack covers its own top.
      let covered = analysis.collapsedSecondary(onto: parent) != nil
      return .stack(position: position, isTop: position == count - 1 && !covered)
    case .tabBar:
      return .tab(
        position: position, inMore: count > 5 && position >= 4 && hierarchy.device == .iPhone,
        isSelected: analysis.selectedTab(parent) == position)
    case .split:
      let columns: [Diagram.Column] =
        count == 3 ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
      let column = position < columns.count ? columns[position] : .other(position)
      if position > 0, let primary = controller.children.first,
        analysis.collapsedSecondary(onto: primary) == controller.children[position]
      {
        return .collapsedSecondary(column)
      }
      return .column(column, isCollapsed: analysis.isCollapsed(parent) && position == 0)
    case .page:
      return .page(position: position)
    case .plain, .alert:
      return .child(viewAttached: shown.contains(controller.children[position]))
    }
  }

  /// Presentations from the actual presenter, the requester's link when another controller
  /// asked, and refused presentations.
  func presentationEdges() -> [Diagram.Edge] {
    var edges: [Diagram.Edge] = []
    for presented in controllers.indices {
      guard let presenter = analysis.presentation.presenter[presented],
        let tail = node(for: presenter), let head = node(for: presented)
      else { continue }
      var requester = controllers[presented].requestedBy
      if requester == presenter { requester = nil }
      let presentation = Diagram.Presentation(
        presented: ref(presented), presenter: ref(presenter), style: shownStyle(presented),
        requester: requester.map(ref), isOnVisiblePath: pathSteps[presented] == .presented,
        isPresentedOnScreen: analysis.onScreen[presented])
      edges.append(Diagram.Edge(tail, head, kind: .presentation(presentation)))
      if let requester, let from = node(for: requester) {
        edges.append(
          Diagram.Edge(
            from, head, kind: .requester(Diagram.PresentRequest(requester: ref(requester)))))
      }
    }
    for (presented, presenter) in analysis.presentation.refused {
      let requester = controllers[presented].requestedBy ?? presenter
      guard let tail = node(for: requester), let head = node(for: presented) else { continue }
      edges.append(
        Diagram.Edge(
          tail, head,
          kind: .refusedPresentation(
            Diagram.RefusedPresentation(
              presented: ref(presented), requester: ref(requester),
              busyPresenter: ref(presenter),
              shown: analysis.presentation.presented[presenter].map(ref)))))
    }
    return edges
  }

  /// Root views, subviews and `hosts` links of the drawn views.
  func viewEdges() -> [Diagram.Edge] {
    var edges: [Diagram.Edge] = []
    for (index, view) in hierarchy.views.enumerated() where isDrawn(view.treeOwner) {
      if view.superview == nil {
        edges.append(Diagram.Edge(.controller(view.treeOwner), .view(index), kind: .rootView))
      }
      for subview in view.subviews {
        edges.append(Diagram.Edge(.view(index), .view(subview), kind: .subview))
      }
      if let hosted = view.hosts, let head = node(for: hosted) {
        let isChild = controllers[hosted].parent == view.treeOwner
        edges.append(Diagram.Edge(.view(index), head, kind: .hosting(isParentsView: isChild)))
      }
    }
    return edges
  }

  /// Each responder chain's steps, numbered from 1.
  func responderEdges() -> [Diagram.Edge] {
    var edges: [Diagram.Edge] = []
    for (chainIndex, chain) in report.responderChains.enumerated()
    where options.selection == nil || chain.responders.first.flatMap(node(for:)) != nil {
      let nodes = chain.responders.compactMap(node(for:))
      for (step, pair) in zip(nodes, nodes.dropFirst()).enumerated() {
        edges.append(
          Diagram.Edge(pair.0, pair.1, kind: .responder(chain: chainIndex, step: step + 1)))
      }
    }
    return edges
  }
}
