import Foundation
import Testing

/// The storyboard map of Alamofire's example app (`Samples/alamofire-master-detail.storyboard`,
/// from Alamofire/Alamofire): its scenes have no storyboard identifiers, so their ids are
/// Interface Builder element ids (`H1p-Uh-vWS`), which no reader knows a scene by. The map
/// names them by class or title instead; the element id stays in the tooltip.
@Suite("Storyboard map names")
struct StoryboardMapNameTests {
  @Test func noSceneIsNamedByItsElementIDInBold() throws {
    let result = try vcgraph(
      ["render", "Samples/alamofire-master-detail.storyboard", "-f", "dot", "-o", "-"],
      cwd: repositoryRoot)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let dot = result.stdout
    for id in ["H1p-Uh-vWS", "RMx-3f-FxP", "7bK-jq-Zjz", "vC3-pB-5Vb", "hay-0o-6iw"] {
      #expect(!dot.contains("<B>\(id)</B>"), "\(id) is drawn as a name")
    }
    // Each scene by its class, or its title when its class is UIKit's own.
    #expect(dot.contains("<B>UISplitViewController</B>"))
    #expect(dot.contains("<B>MasterViewController</B>"))
    #expect(dot.contains("<B>DetailViewController</B>"))
    #expect(dot.contains("<B>Master</B>"), "the navigation controller titled Master")
    // Segue labels name them so too: "replace detail of 'UISplitViewController'".
    #expect(
      dot.contains("replace detail of &#39;UISplitViewController&#39;")
        || dot.contains("replace detail of 'UISplitViewController'"), "\(dot)")
    // The element id is still where a person looks it up: the tooltip.
    #expect(dot.contains("tooltip=\"UISplitViewController H1p-Uh-vWS"))
  }
}
