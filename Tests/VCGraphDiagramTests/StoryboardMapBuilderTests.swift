import Foundation
import Testing
import VCGraphCore
import VCGraphDiagram

/// A storyboard's map as the format-neutral diagram: one node per scene, the launch state as
/// its own diagram draws it, each segue with what UIKit does, references linked.
@Suite struct StoryboardMapBuilderTests {
  /// `nav` (initial) holds `list`; `list` shows `detail` (pushed: the navigation controller
  /// implements show), presents `sheet` (S1: nav presents), and holds a reference to
  /// Settings.storyboard; `sheet`'s root `edit` unwinds to `list`; `lost` is reached by nothing.
  static let text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
      <scenes>
        <scene sceneID="s1"><objects>
          <navigationController id="nav" sceneMemberID="viewController">
            <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>
          </navigationController>
        </objects></scene>
        <scene sceneID="s2"><objects>
          <tableViewController id="list" customClass="ListViewController" sceneMemberID="viewController">
            <connections>
              <segue destination="detail" kind="show" identifier="open" id="g1"/>
              <segue destination="sheet" kind="presentation" identifier="compose" id="g2"/>
              <segue destination="settings" kind="show" identifier="settings" id="g3"/>
            </connections>
          </tableViewController>
        </objects></scene>
        <scene sceneID="s3"><objects><viewController id="detail" sceneMemberID="viewController"/></objects></scene>
        <scene sceneID="s4"><objects>
          <navigationController id="sheet" sceneMemberID="viewController">
            <connections><segue destination="edit" kind="relationship" relationship="rootViewController" id="r2"/></connections>
          </navigationController>
        </objects></scene>
        <scene sceneID="s5"><objects>
          <viewController id="edit" sceneMemberID="viewController">
            <connections><segue destination="x5" kind="unwind" identifier="done" unwindAction="done:" id="g4"/></connections>
          </viewController>
          <exit id="x5" sceneMemberID="exit"/>
        </objects></scene>
        <scene sceneID="s6"><objects><viewControllerPlaceholder storyboardName="Settings" id="settings" sceneMemberID="viewController"/></objects></scene>
        <scene sceneID="s7"><objects><viewController id="lost" sceneMemberID="viewController"/></objects></scene>
      </scenes>
    </document>
    """

  func map() throws -> Diagram {
    let document = try StoryboardDocument.read(
      bytes: Array(Self.text.utf8), path: "/nonexistent/Main.storyboard", options: .default)
    let report = try AnalysisReport(document.launch.hierarchy, storyboard: document)
    return StoryboardMapBuilder(document: document, report: report).diagram()
  }

  func scene(_ index: Int) -> Diagram.NodeID {
    .storyboardScene(SceneRef(storyboard: 0, scene: index))
  }

  @Test func everySceneIsOneNodeAndTheLaunchStateIsDrawnAsItsDiagram() throws {
    let diagram = try map()
    #expect(Set(diagram.allNodes.map(\.id)) == Set((0..<7).map(scene)))
    #expect(diagram.allNodes.count == 7)
    // The launch state: nav (initial) and list, in the window, list on top.
    guard case .window = diagram.clusters.first?.kind else {
      Issue.record("the launch state's window comes first")
      return
    }
    let launched = diagram.clusters[0].nodes
    #expect(launched.map(\.id) == [scene(0), scene(1)])
    guard case .controller(let nav) = launched[0].content,
      case .controller(let list) = launched[1].content
    else {
      Issue.record("launch-state scenes are controller nodes")
      return
    }
    #expect(nav.badges.first == .initialViewController)
    #expect(list.isTop && list.controller.className == "ListViewController")
    // The rest in the storyboard's cluster; the unreachable one carries its finding.
    let rest = try #require(diagram.clusters.last)
    #expect(
      rest.kind == .storyboard(Diagram.StoryboardCluster(index: 0, name: "Main", isOpened: true)))
    #expect(rest.nodes.map(\.id) == (2..<7).map(scene))
    let lost = try #require(rest.nodes.last)
    guard case .storyboardScene(let lostNode) = lost.content else {
      Issue.record("scenes outside the launch state are scene nodes")
      return
    }
    #expect(lostNode.badges == [.finding(.warning, .unreachableScene)])
  }

  @Test func eachSegueIsLabelledWithWhatUIKitDoes() throws {
    let diagram = try map()
    var segues: [String: (Diagram.Edge, Diagram.SegueEdge)] = [:]
    for edge in diagram.edges {
      if case .segue(let segue) = edge.kind { segues[segue.title] = (edge, segue) }
    }
    // show inside a navigation controller pushes ("a UINavigationController pushes the new
    // view controller onto its navigation stack"). Scenes are named as their nodes are: `nav`
    // is an element id, so by its class.
    let open = try #require(segues["show 'open'"])
    #expect(open.1.style == .push && open.1.effects == ["push onto 'UINavigationController'"])
    #expect(open.0.tail == scene(1) && open.0.head == scene(2))
    // Present Modally, no style: automatic, a page sheet on iOS 17, presented by nav (S1).
    let compose = try #require(segues["presentation 'compose'"])
    #expect(
      compose.1.style == .present
        && compose.1.effects == ["present pageSheet by 'UINavigationController'"])
    // The presented navigation controller's root relationship, outside the launch state.
    #expect(segues["root"]?.1.style == .containment)
    #expect(segues["root"]?.0.tail == scene(3))
    // The unwind goes back to the nearest controller of the app's own class.
    let done = try #require(segues["unwind 'done'"])
    #expect(done.1.style == .unwind && done.0.head == scene(1))
    // Layout: a segue ranks a destination outside the launch state below its source; an
    // unwind (back into the launch state) leaves the launch state's own layout alone.
    #expect(open.1.ranksDestination && compose.1.ranksDestination)
    #expect(!done.1.ranksDestination)
    // A show into a storyboard reference ends at the reference node; unresolved (no
    // Settings.storyboard was read), it links nowhere (`OutputLink`).
    #expect(segues["show 'settings'"]?.0.head == scene(5))
    let reference = diagram.allNodes.first { $0.id == scene(5) }
    guard case .storyboardScene(let node)? = reference?.content else {
      Issue.record("the reference is a scene node")
      return
    }
    #expect(node.reference == "Settings.storyboard" && node.link == nil)
    #expect(node.notes.contains { $0.contains("Settings.storyboard was not found") })
    // The launch state's containment is drawn once, as in its own diagram.
    let containment = diagram.edges.filter {
      if case .containment = $0.kind { true } else { false }
    }
    #expect(containment.map(\.tail) == [scene(0)] && containment.map(\.head) == [scene(1)])
    #expect(diagram.legend?.segueStyles == [.containment, .push, .present, .unwind])
  }

  @Test func theSameStoryboardGivesAnEqualMap() throws {
    #expect(try map() == map())
  }

  /// Interface Builder element ids (`BYZ-38-t0r`) say nothing to a reader: a scene is named by
  /// its storyboard identifier, custom class, title or class, and its id stays the id.
  @Test func scenesAreNamedByClassIdentifierOrTitleNotTheirElementID() throws {
    let titled = Self.text.replacingOccurrences(
      of: #"<viewController id="detail" sceneMemberID="viewController"/>"#,
      with: #"<viewController title="Details" id="detail" sceneMemberID="viewController"/>"#)
    let document = try StoryboardDocument.read(
      bytes: Array(titled.utf8), path: "/nonexistent/Main.storyboard", options: .default)
    let report = try AnalysisReport(document.launch.hierarchy, storyboard: document)
    let diagram = StoryboardMapBuilder(document: document, report: report).diagram()
    var names: [String: String] = [:]  // "-": no display name, the id is the name
    for node in diagram.allNodes {
      switch node.content {
      case .controller(let controller):
        names[controller.controller.id] = controller.controller.displayName ?? "-"
      case .storyboardScene(let scene): names[scene.id] = scene.displayName ?? "-"
      default: break
      }
    }
    #expect(
      names == [
        "nav": "UINavigationController", "list": "ListViewController", "detail": "Details",
        "sheet": "UINavigationController", "edit": "UIViewController",
        "settings": "-", "lost": "UIViewController",
      ])
    // Titles name the launch state too, by the same names.
    #expect(diagram.summary.top?.name == "ListViewController")
  }
}
