import Foundation
import TestSupport
import Testing
import VCGraphCore
import VCGraphDiagram

/// What the format-neutral diagram says about a hierarchy, read off its typed nodes, clusters
/// and edges (the answers are UIKit's, as the annotation goldens draw them).
@Suite struct DiagramBuilderTests {

  func diagram(
    _ yaml: String = SharedDescriptions.tabsWithModal, extra: [AnalysisRequest] = [],
    options: DiagramOptions = DiagramOptions()
  ) throws -> Diagram {
    let hierarchy = try DescriptionLoader().load(text: yaml, path: "t.yaml")
    return DiagramBuilder(report: try AnalysisReport(hierarchy, extra: extra), options: options)
      .diagram()
  }

  func controller(_ id: String, in diagram: Diagram) -> Diagram.ControllerNode? {
    for node in diagram.allNodes {
      if case .controller(let controller) = node.content, controller.controller.id == id {
        return controller
      }
    }
    return nil
  }

  @Test func nodesCarryRoleStateAndTypedBadges() throws {
    let diagram = try diagram()
    let edit = try #require(controller("edit", in: diagram))
    #expect(edit.isTop && edit.isOnScreen && edit.pathStep == .top)
    #expect(edit.badges == [.topViewController])
    #expect(edit.role == .plain)
    let tabs = try #require(controller("tabs", in: diagram))
    #expect(tabs.role == .tabBar)
    #expect(!tabs.isOnScreen)  // a full-screen presentation removes the covered views
    #expect(tabs.isPresenting && tabs.pathStep == .root)
    #expect(try #require(controller("detail", in: diagram)).isPresenting == false)
    #expect(diagram.summary.top?.id == "edit")
    #expect(diagram.summary.visiblePath.map(\.controller.id) == ["tabs", "modalNav", "edit"])
    #expect(diagram.summary.onScreenCount == 2 && diagram.summary.controllerCount == 8)
  }

  @Test func windowsHoldTheirLevelsAndEdgesAreTyped() throws {
    let diagram = try diagram()
    #expect(diagram.clusters.count == 1)
    let window = diagram.clusters[0]
    guard case .window(let info) = window.kind else {
      Issue.record("not a window: \(window.kind)")
      return
    }
    #expect(info.isKey && info.level == .normal)
    #expect(window.kind.title == "window · key")
    #expect(window.clusters.count == 1)
    guard case .presentationLevel(let level) = window.clusters[0].kind else {
      Issue.record("not a level: \(window.clusters[0].kind)")
      return
    }
    #expect(level.root.id == "modalNav" && level.presenter.id == "tabs" && level.level == 1)
    #expect(level.style == .explicit(.fullScreen) && !level.isRemoved)
    // The level holds its controllers and the views of its tree.
    #expect(window.clusters[0].nodes.count == 4)

    let slots = diagram.edges.compactMap { edge -> String? in
      if case .containment(let containment) = edge.kind { return containment.slot.text }
      return nil
    }
    #expect(slots == ["tab 0", "tab 1 ✓", "[0] top", "[0]", "[1] top", "[0] top"])
    let presentation = diagram.edges.compactMap { edge -> Diagram.Presentation? in
      if case .presentation(let presentation) = edge.kind { return presentation }
      return nil
    }
    #expect(presentation.count == 1)
    #expect(presentation.first?.requester?.id == "detail")
    #expect(presentation.first?.isOnVisiblePath == true)
    #expect(
      diagram.edges.contains {
        if case .requester(let request) = $0.kind { return request.requester.id == "detail" }
        return false
      })
  }

  @Test func aDismissalMarksItsRegionReceiverAndRemovedNodes() throws {
    let diagram = try diagram(extra: [
      .dismiss(from: "edit", levels: nil, toClass: nil, location: nil)
    ])
    let region = try #require(diagram.clusters[0].clusters.first)
    #expect(region.kind.title == "removed by dismiss(from: edit)")
    #expect(region.clusters.count == 1)
    #expect(try #require(controller("edit", in: diagram)).isRemovedByDismiss)
    #expect(try #require(controller("modalNav", in: diagram)).badges == [.animatesOut])
    #expect(
      try #require(controller("tabs", in: diagram)).badges
        == [.receivesDismiss(Diagram.DismissCall(from: "edit"))])
    #expect(try #require(controller("detail", in: diagram)).badges == [.topAfterDismiss])
    #expect(!(try #require(controller("detail", in: diagram)).isRemovedByDismiss))
  }

  @Test func responderChainsAreNumberedEdgesEndingAtTheApplication() throws {
    let diagram = try diagram(extra: [.responderChain(from: "saveButton", location: nil)])
    let steps = diagram.edges.compactMap { edge -> Int? in
      if case .responder(_, let step) = edge.kind { return step }
      return nil
    }
    // saveButton → editRoot → edit → modalNav → tabs → window → UIWindowScene → UIApplication
    // → AppDelegate
    #expect(steps == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(diagram.nodes.map(\.id) == [.scene(nil), .application, .appDelegate])
    #expect(diagram.summary.responderChains.first?.responders.map(\.name).last == "AppDelegate")
    #expect(Diagram.circled(6) == "⑥" && Diagram.circled(21) == "(21)")
  }

  @Test func largeOffScreenSubtreesCollapseIntoOneNode() throws {
    var yaml = """
      window:
        root:
          class: UITabBarController
          id: tabs
          viewControllers:
            - { class: UIViewController, id: first }
            - class: UINavigationController
              id: big
              viewControllers:

      """
    for index in 0..<30 { yaml += "          - { class: UIViewController, id: screen\(index) }\n" }
    let collapsed = try diagram(yaml)
    let groups = collapsed.allNodes.compactMap { node -> Diagram.CollapsedNode? in
      if case .collapsed(let group) = node.content { return group }
      return nil
    }
    #expect(groups.map(\.root.id) == ["big"] && groups.map(\.count) == [31])
    #expect(controller("screen3", in: collapsed) == nil)
    var options = DiagramOptions()
    options.expandAll = true
    let expanded = try diagram(yaml, options: options)
    #expect(controller("screen29", in: expanded) != nil)
    #expect(expanded.allNodes.count == 33)
  }

  /// The typed style a backend draws says what `Hierarchy.presentationStyleText(of:)` says,
  /// for every presented controller of the samples and for the three special wordings.
  @Test func shownStylesAreWordedAsCoreWordsThem() throws {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    var yamls = try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted()
      .filter { $0.hasSuffix(".yaml") }
      .map { try String(contentsOf: samples.appendingPathComponent($0), encoding: .utf8) }
    // An action sheet on iPhone (the iPad sample has one in a popover).
    yamls.append(
      """
      window:
        root: { class: UIViewController, presents: { class: UIAlertController, preferredStyle: actionSheet } }
      """)
    yamls.append(
      """
      device: iPhone
      window:
        root:
          class: UIViewController
          id: a
          presents:
            class: UIViewController
            id: b
            modalPresentationStyle: popover
            presents: { class: UIAlertController, id: c }
      """)
    var checked = 0
    for yaml in yamls {
      let hierarchy = try DescriptionLoader().load(text: yaml, path: "t.yaml")
      let diagram = try self.diagram(yaml)
      for edge in diagram.edges {
        guard case .presentation(let presentation) = edge.kind else { continue }
        #expect(
          presentation.style.text
            == hierarchy.presentationStyleText(of: presentation.presented.index))
        checked += 1
      }
    }
    #expect(checked >= 8)
    let popover = try diagram(yamls.last!)
    let styles = popover.edges.compactMap { edge -> Diagram.ShownStyle? in
      if case .presentation(let presentation) = edge.kind { return presentation.style }
      return nil
    }
    #expect(styles == [.popoverAsSheet, .alert])
    #expect(styles.map(\.text) == ["popover, as a sheet on iPhone", "alert"])
  }

  @Test func theLegendListsOnlyWhatIsUsed() throws {
    let legend = try #require(try diagram().legend)
    #expect(legend.roles == [.navigation, .tabBar, .plain])
    #expect(legend.hasPresentations && legend.hasViews && !legend.hasResponderChains)
    var options = DiagramOptions()
    options.legend = false
    #expect(try diagram(options: options).legend == nil)
  }
}
