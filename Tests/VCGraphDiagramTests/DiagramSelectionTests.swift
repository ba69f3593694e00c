import Foundation
import Testing
import VCGraphCore
import VCGraphDiagram

/// `--focus` and `--split` on the format-neutral diagram (issue 32): what each selection
/// draws, checked against sets worked out by hand from the description below.
@Suite struct DiagramSelectionTests {
  /// Samples/tabs-form-sheet.yaml: three tabs of stacks; the cart asked for a form sheet,
  /// which UIKit presents from the tab bar controller (the root of the context).
  static let shop = """
    window:
      root:
        class: UITabBarController
        id: tabs
        selectedIndex: 2
        viewControllers:
          - class: UINavigationController
            id: browseNav
            viewControllers:
              - { class: UICollectionViewController, id: catalog, title: Browse }
              - { class: UIViewController, id: product, title: Product }
          - class: UINavigationController
            id: searchNav
            viewControllers:
              - { class: UIViewController, id: search, title: Search }
          - class: UINavigationController
            id: cartNav
            viewControllers:
              - class: UIViewController
                id: cart
                title: Cart
                view: { class: UITableView, id: cartTable }
                presents:
                  class: UINavigationController
                  id: addressNav
                  modalPresentationStyle: formSheet
                  viewControllers:
                    - { class: UIViewController, id: addressForm, title: Shipping address }
    """

  func report() throws -> AnalysisReport {
    try AnalysisReport(try DescriptionLoader().load(text: Self.shop, path: "shop.yaml"))
  }

  /// The ids of the controllers a diagram draws.
  func drawnIDs(_ diagram: Diagram) -> Set<String> {
    Set(
      diagram.allNodes.compactMap { node in
        if case .controller(let controller) = node.content { return controller.controller.id }
        return nil
      })
  }

  /// Every edge's two ends are nodes of the diagram.
  func danglingEdges(_ diagram: Diagram) -> [Diagram.Edge] {
    let ids = Set(diagram.allNodes.map(\.id))
    return diagram.edges.filter { !ids.contains($0.tail) || !ids.contains($0.head) }
  }

  func ids(_ selection: DiagramSelection, _ report: AnalysisReport) -> Set<String> {
    Set(selection.controllers.map { report.analysis.hierarchy.controllers[$0].id })
  }

  @Test("--focus cart: the path tabs → cartNav → cart and the sheet cart asked for")
  func focusOnALeaf() throws {
    let report = try report()
    let selection = try DiagramSelection.focus(on: "cart", in: report.analysis)
    // By hand: cart's window root is tabs; cart is in tab 3's stack (cartNav); it has no
    // children; it asked for addressNav (which tabs presents). addressForm is addressNav's
    // child, not cart's neighbour; the other tabs are off the path.
    #expect(ids(selection, report) == ["tabs", "cartNav", "cart", "addressNav"])
    var options = DiagramOptions()
    options.selection = selection
    let diagram = DiagramBuilder(report: report, options: options).diagram()
    #expect(drawnIDs(diagram) == ["tabs", "cartNav", "cart", "addressNav"])
    #expect(danglingEdges(diagram).isEmpty)
    #expect(diagram.title.hasSuffix("· focus on cart"), "\(diagram.title)")
    // cart's view is drawn with it.
    #expect(diagram.allNodes.contains { $0.id == .view(0) })
  }

  @Test("--focus on a container: its parent path and its children, nothing presented")
  func focusOnAContainer() throws {
    let report = try report()
    let selection = try DiagramSelection.focus(on: "browseNav", in: report.analysis)
    #expect(ids(selection, report) == ["tabs", "browseNav", "catalog", "product"])
    let presented = try DiagramSelection.focus(on: "addressForm", in: report.analysis)
    // Up through addressNav to its presenter tabs: the path from the window's root.
    #expect(ids(presented, report) == ["tabs", "addressNav", "addressForm"])
    var options = DiagramOptions()
    options.selection = presented
    let diagram = DiagramBuilder(report: report, options: options).diagram()
    #expect(danglingEdges(diagram).isEmpty)
    #expect(
      diagram.edges.contains {
        if case .presentation = $0.kind { return true } else { return false }
      })
  }

  @Test("--focus with an unknown id: a data error with a did-you-mean")
  func unknownFocus() throws {
    let report = try report()
    #expect {
      try DiagramSelection.focus(on: "crat", in: report.analysis)
    } throws: { error in
      guard let error = error as? VCGraphError else { return false }
      return error.kind == .dataError && error.message.contains("'crat'")
        && (error.hint ?? "").contains("cart")
    }
  }

  @Test("--split: the window, each tab, the sheet; every controller in exactly one part")
  func parts() throws {
    let report = try report()
    let parts = DiagramSelection.parts(of: report.analysis)
    #expect(parts.map(\.slug) == [
      "window", "tab-1-browseNav", "tab-2-searchNav", "tab-3-cartNav",
      "level-1-addressNav",
    ])
    #expect(parts.map { ids($0, report) } == [
      ["tabs"], ["browseNav", "catalog", "product"], ["searchNav", "search"],
      ["cartNav", "cart"], ["addressNav", "addressForm"],
    ])
    let count = report.analysis.hierarchy.controllers.count
    #expect(parts.map(\.controllers.count).reduce(0, +) == count)
    #expect(Set(parts.flatMap(\.controllers)).count == count)
    for part in parts {
      var options = DiagramOptions()
      options.selection = part
      let diagram = DiagramBuilder(report: report, options: options).diagram()
      #expect(drawnIDs(diagram) == ids(part, report), "\(part.label)")
      #expect(danglingEdges(diagram).isEmpty, "\(part.label)")
    }
  }

  @Test("file-name parts keep ASCII letters, digits, - and _")
  func slugs() {
    #expect(DiagramSelection.slugged("0x7fb1a0028ec0") == "0x7fb1a0028ec0")
    #expect(DiagramSelection.slugged("Bob's Screens/é") == "Bob-s-Screens")
    #expect(DiagramSelection.slugged("???") == "part")
    #expect(DiagramSelection.slugged(String(repeating: "a", count: 60)).count == 40)
  }

  @Test("every sample: its parts partition it, and no part draws an edge to a node it left out")
  func samplesSplit() throws {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    let names = try FileManager.default.contentsOfDirectory(atPath: samples.path)
      .filter { $0.hasSuffix(".yaml") }.sorted()
    #expect(names.count >= 10)
    for name in names {
      let path = samples.appendingPathComponent(name).path
      let bytes = try #require(FileManager.default.contents(atPath: path))
      let hierarchy = try DescriptionLoader().load(bytes: [UInt8](bytes), path: path)
      let report = try AnalysisReport(hierarchy)
      let parts = DiagramSelection.parts(of: report.analysis)
      let count = report.analysis.hierarchy.controllers.count
      #expect(parts.map(\.controllers.count).reduce(0, +) == count, "\(name)")
      #expect(Set(parts.flatMap(\.controllers)).count == count, "\(name)")
      #expect(Set(parts.map(\.slug)).count == parts.count, "\(name): two parts share a name")
      for part in parts {
        var options = DiagramOptions()
        options.selection = part
        let diagram = DiagramBuilder(report: report, options: options).diagram()
        #expect(drawnIDs(diagram) == ids(part, report), "\(name) \(part.label)")
        #expect(danglingEdges(diagram).isEmpty, "\(name) \(part.label)")
      }
    }
  }

  @Test("a part's legend explains what the part draws: no scene-top sample without one")
  func partLegend() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Samples/ipad-two-scenes-focus.yaml").path
    let bytes = try #require(FileManager.default.contents(atPath: path))
    let report = try AnalysisReport(
      try DescriptionLoader().load(bytes: [UInt8](bytes), path: path))
    let parts = DiagramSelection.parts(of: report.analysis)
    var legends: [String: Diagram.Legend] = [:]
    for part in parts {
      var options = DiagramOptions()
      options.selection = part
      legends[part.slug] = DiagramBuilder(report: report, options: options).diagram().legend
    }
    // moveSheet, the top of the scene that is not focused, is in the sheet's part only;
    // compose, the top view controller, in composeWindow's; the chain from sendButton too.
    #expect(legends["level-1-moveSheet"]?.hasSceneTops == true)
    #expect(legends["window-mailWindow"]?.hasSceneTops == false)
    #expect(legends["window-mailWindow"]?.hasTop == false)
    #expect(legends["window-composeWindow"]?.hasTop == true)
    #expect(legends["window-composeWindow"]?.hasResponderChains == true)
    #expect(legends["window-mailWindow"]?.hasResponderChains == false)
  }
}
