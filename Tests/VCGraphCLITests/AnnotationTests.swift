import Foundation
import GraphvizKit
import TestSupport
import Testing
import VCGraphCore
import VCGraphDiagram
import VCGraphGraphviz

/// Each annotation kind on a small hierarchy: the DOT is pinned by a golden file, and the
/// facts a reviewer reads off the picture are asserted directly.
@Suite(.serialized)
struct AnnotationTests {

  func dot(
    _ yaml: String, options: DiagramOptions = DiagramOptions(),
    extra: [AnalysisRequest] = []
  ) throws -> String {
    let hierarchy = try DescriptionLoader().load(text: yaml, path: "t.yaml")
    let report = try AnalysisReport(hierarchy, extra: extra)
    return try Graphviz.dot(
      GraphvizBackend().graph(DiagramBuilder(report: report, options: options).diagram()))
  }

  /// The DOT block that declares node `name` (its attribute list).
  func node(_ name: String, in dot: String) -> String {
    guard let start = dot.range(of: "\t\(name)\t[") ?? dot.range(of: "\(name)\t[") else {
      return ""
    }
    let rest = dot[start.lowerBound...]
    let end = rest.range(of: "];")?.upperBound ?? rest.endIndex
    return String(rest[..<end])
  }

  @Test("a popover on iPhone is worded the same on the diagram and in a simulated step")
  func popoverOnIPhoneWording() throws {
    let yaml = """
      window:
        root:
          class: UIViewController
          id: a
          presents: { class: UIViewController, id: b, modalPresentationStyle: popover }
      steps:
        - present: { from: b, controller: { class: UIViewController, id: c, modalPresentationStyle: popover } }
      """
    // Semantics.md, S1: on iPhone popovers behave as sheets.
    #expect(try dot(yaml).contains("presents (popover, as a sheet on iPhone)"))
    let simulation = Simulator.run(try DescriptionLoader().load(text: yaml, path: "t.yaml"))
    #expect(simulation.refusal == nil)
    #expect(simulation.effects.first?.description == "b presents c (popover, as a sheet on iPhone)")
  }

  @Test func topViewControllerAndVisiblePath() throws {
    let dot = try dot(SharedDescriptions.tabsWithModal)
    try expectGolden(dot, "annotations/top-and-path.dot")
    // The top view controller: highlighted fill and badge; its path edges are blue and thick.
    let edit = node("c7", in: dot)
    #expect(edit.contains("★ top view controller"))
    #expect(edit.contains("fillcolor=\"#fff8c5\""))
    #expect(dot.contains(">[0] top</FONT>"))
    // The presentation edge comes from the actual presenter and names the requester.
    #expect(dot.contains("c0 -> c6"))
    #expect(dot.contains("requested by detail"))
    // Covered controllers are muted: the tab bar is behind a full-screen modal.
    #expect(node("c0", in: dot).contains("dashed"))
  }

  @Test func dismissRegion() throws {
    let dot = try dot(
      SharedDescriptions.tabsWithModal,
      extra: [.dismiss(from: "edit", levels: nil, toClass: nil, location: nil)])
    try expectGolden(dot, "annotations/dismiss.dot")
    #expect(dot.contains("subgraph cluster_dismiss_6"))
    #expect(dot.contains("removed by dismiss(from: edit)"))
    #expect(node("c0", in: dot).contains("receives dismiss(from: edit)"))
    #expect(node("c6", in: dot).contains("animates out"))
    #expect(node("c5", in: dot).contains("top after dismiss"))
  }

  @Test func responderChainIsNumbered() throws {
    let dot = try dot(
      SharedDescriptions.tabsWithModal, extra: [.responderChain(from: "saveButton", location: nil)])
    try expectGolden(dot, "annotations/responder-chain.dot")
    // saveButton → editRoot → edit → modalNav → tabs → window → UIWindowScene → UIApplication
    // → AppDelegate: eight steps.
    for (number, symbol) in ["①", "②", "③", "④", "⑤", "⑥", "⑦", "⑧"].enumerated() {
      // Each step's label is its number on a patch of the background.
      #expect(dot.contains(">\(symbol)</FONT>"), "step \(number + 1) is drawn")
    }
    #expect(!dot.contains("⑨"))
    #expect(dot.contains("UIApplication"))
    #expect(dot.contains("UIWindowScene"))
    #expect(dot.contains("AppDelegate (app delegate)"))
  }

  @Test func findingsAreBadges() throws {
    let yaml = """
      window:
        root:
          class: UINavigationController
          id: nav
          viewControllers:
            - { class: UITabBarController, id: tabs, selectedIndex: 4, viewControllers: [ { class: UIViewController, id: a } ] }
      """
    let dot = try dot(yaml)
    try expectGolden(dot, "annotations/findings.dot")
    let tabs = node("c1", in: dot)
    #expect(tabs.contains("⚠ tab-bar-not-root"))
    #expect(tabs.contains("✖ selected-index-out-of-range"))
    #expect(tabs.contains("color=\"#cf222e\""))
  }

  @Test func largeOffScreenSubtreesCollapse() throws {
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
    let collapsed = try dot(yaml)
    try expectGolden(collapsed, "annotations/collapsed.dot")
    #expect(collapsed.contains("⋯ 31 controllers"))
    #expect(!collapsed.contains("screen29"))
    var options = DiagramOptions()
    options.expandAll = true
    let expanded = try dot(yaml, options: options)
    #expect(expanded.contains("screen29"))
    #expect(!expanded.contains("⋯ 31 controllers"))
  }

  @Test func svgHasStableIdsTooltipsAndText() throws {
    let hierarchy = try DescriptionLoader().load(
      text: SharedDescriptions.tabsWithModal, path: "t.yaml")
    let report = try AnalysisReport(hierarchy)
    let graph = GraphvizBackend().graph(DiagramBuilder(report: report).diagram())
    let svg = String(decoding: try Graphviz.render(graph, format: .svg).data, as: UTF8.self)
    // Graphviz writes "-" as the entity &#45;; the DOM id is "vc-edit".
    #expect(svg.contains("id=\"vc&#45;edit\""))
    #expect(svg.contains("id=\"vc&#45;tabs\""))
    // The tooltip carries class, id, state and the source position.
    #expect(svg.contains("UIViewController edit&#10;on screen"))
    #expect(svg.contains("t.yaml:20:"))
    // Labels stay text, so the diagram can be searched and read by screen readers.
    #expect(svg.contains(">edit</text>"))
    let again = String(decoding: try Graphviz.render(graph, format: .svg).data, as: UTF8.self)
    #expect(svg == again)
  }

  @Test func userTextIsNeverInterpretedAsHTMLOrEscapes() throws {
    let yaml = """
      window:
        root: { class: UIViewController, id: "a <b>&\\\\N \\"q\\" \\u200Fx", title: "\\\\G <i>t</i>" }
      """
    let hierarchy = try DescriptionLoader().load(text: yaml, path: "t.yaml")
    let report = try AnalysisReport(hierarchy)
    let svg = String(
      decoding: try Graphviz.render(
        GraphvizBackend().graph(DiagramBuilder(report: report).diagram()), format: .svg
      ).data,
      as: UTF8.self)
    #expect(svg.contains("a &lt;b&gt;&amp;\\N &quot;q&quot; \u{200F}x"))
    #expect(svg.contains("\\G &lt;i&gt;t&lt;/i&gt;"))
  }
}
