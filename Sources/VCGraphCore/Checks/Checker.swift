/// Runs the S6 consistency rules over an analyzed hierarchy.
public enum Checker {
  /// Every finding, sorted by position, without the rules the file's `ignore:` silences.
  public static func findings(for analysis: Analysis) -> [Finding] {
    let hierarchy = analysis.hierarchy
    let controllers = hierarchy.controllers
    var findings: [Finding] = []
    let windowRoots = Set(hierarchy.windows.map(\.root))

    for (index, controller) in controllers.enumerated() {
      let name = "'\(controller.id)'"
      if let original = hierarchy.secondPlacements[index] {
        let first = controllers[original].location
        findings.append(
          Finding(
            .controllerInTwoPlaces,
            "\(name) is already placed at line \(first.line); a controller has one parent, one"
              + " presenter or one window — create a second instance or remove one placement",
            at: controller.location, controller: index))
      }
      if controller.kind == .tabBar {
        let selected = controller.selectedIndex ?? 0
        if !controller.children.isEmpty && !controller.children.indices.contains(selected) {
          findings.append(
            Finding(
              .selectedIndexOutOfRange,
              "selectedIndex \(selected) is out of range: \(name) has"
                + " \(controller.children.count) tab\(controller.children.count == 1 ? "" : "s")"
                + " (0...\(controller.children.count - 1))",
              at: controller.location(of: "selectedIndex"), controller: index))
        }
        if controller.children.count > 5 {
          let extra = controller.children[4...].map { controllers[$0].id }
          findings.append(
            Finding(
              .tabsUnderMore,
              "\(name) has \(controller.children.count) tabs: the tab bar shows four and"
                + " 'More'; \(extra.joined(separator: ", ")) live under the More navigation"
                + " controller",
              at: controllers[controller.children[5]].location, controller: index))
        }
        if let parent = controller.parent {
          findings.append(
            Finding(
              .tabBarNotRoot,
              "tab bar controller \(name) is a child of '\(controllers[parent].id)'; a tab bar"
                + " interface should be a window's root view controller",
              at: controller.location, controller: index))
        }
      }
      if controller.kind == .navigation {
        for child in controller.children where controllers[child].kind == .navigation {
          findings.append(
            Finding(
              .navigationInNavigation,
              "navigation controller '\(controllers[child].id)' is pushed on navigation"
                + " controller \(name); UIKit does not support pushing a navigation controller"
                + " — push its root controller instead",
              at: controllers[child].location, controller: child))
        }
      }
      if controller.kind == .alert && controller.requestedBy == nil {
        findings.append(
          Finding(
            .alertNotPresented,
            "alert controller \(name) is not presented; UIAlertController is shown with"
              + " present(_:animated:)",
            at: controller.location, controller: index))
      }
      if let showing = controller.showing, let view = controller.view {
        let attached = analysis.hostedControllers(inTreeOf: view).filter {
          controller.children.contains($0)
        }
        if attached.count > 1 {
          let others = attached.filter { $0 != showing }.map { "'\(controllers[$0].id)'" }
          findings.append(
            Finding(
              .stackedChildren,
              "\(name) is meant to show only '\(controllers[showing].id)' but the views of"
                + " \(others.joined(separator: ", ")) are attached too; remove the previous"
                + " child's view when switching",
              at: controller.location(of: "showing"), controller: index))
        }
      }
    }

    for (index, view) in hierarchy.views.enumerated() {
      guard let hosted = view.hosts else { continue }
      let owner = view.treeOwner
      let hostedController = controllers[hosted]
      let location = view.keyLocations["hosts"] ?? view.location
      let held =
        hostedController.parent != nil || analysis.presentation.presenter[hosted] != nil
        || windowRoots.contains(hosted)
      if !held {
        findings.append(
          Finding(
            .unownedHostedView,
            "the view of '\(hostedController.id)' is shown in '\(controllers[owner].id)' but no"
              + " controller holds '\(hostedController.id)' (it is no one's child and not"
              + " presented), so it can be released while its view stays on screen; call"
              + " addChild(_:) on '\(controllers[owner].id)'",
            at: location, controller: hosted, view: index))
      } else if hostedController.parent != owner {
        let parentText = hostedController.parent.map { "'\(controllers[$0].id)'" } ?? "none"
        findings.append(
          Finding(
            .viewHostedByNonParent,
            "the view of '\(hostedController.id)' is added to the view tree of"
              + " '\(controllers[owner].id)', which is not its parent (its parent is"
              + " \(parentText)); UIKit raises UIViewControllerHierarchyInconsistency — call"
              + " addChild(_:) on '\(controllers[owner].id)' first",
            at: location, controller: hosted, view: index))
      }
    }

    for (presented, presenter) in analysis.presentation.refused {
      let requester = controllers[presented].requestedBy ?? presenter
      let current = analysis.presentation.presented[presenter].map { controllers[$0].id } ?? "?"
      findings.append(
        Finding(
          .alreadyPresenting,
          "'\(controllers[requester].id)' presents '\(controllers[presented].id)', but the"
            + " presentation goes to '\(controllers[presenter].id)', which is already presenting"
            + " '\(current)'; UIKit refuses it — dismiss first or present from '\(current)'",
          at: controllers[requester].location(of: "presents"), controller: presented))
    }

    let ignored = Set(hierarchy.ignoredRules)
    return findings.filter { !ignored.contains($0.rule.rawValue) }.sorted {
      ($0.location, $0.rule.rawValue) < ($1.location, $1.rule.rawValue)
    }
  }
}
