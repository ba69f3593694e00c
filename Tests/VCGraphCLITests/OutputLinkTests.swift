import Foundation
import Testing
import VCGraphCore

// Links and paths in outputs, through the built binary: a storyboard reference links only to
// the map of a storyboard vcgraph read inside the inputs' roots, a reference never reads a
// file outside them, and no output names the absolute path an input was given by.

/// A storyboard whose tab bar controller's only tab is a reference to `name`.
private func referencing(_ name: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
  initialViewController="tabs">
      <scenes>
          <scene sceneID="s1"><objects>
              <tabBarController id="tabs" sceneMemberID="viewController">
                  <connections>
                      <segue destination="ref" kind="relationship" \
  relationship="viewControllers" id="r1"/>
                  </connections>
              </tabBarController>
          </objects></scene>
          <scene sceneID="s2"><objects>
              <viewControllerPlaceholder storyboardName="\(name)" id="ref" \
  sceneMemberID="viewController"/>
          </objects></scene>
      </scenes>
  </document>

  """
}

/// A storyboard whose initial controller presents a reference to `name`: the reference is a
/// scene of the map outside the launch state, a node that links to the other map.
private func presenting(_ name: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
  initialViewController="home">
      <scenes>
          <scene sceneID="s1"><objects>
              <viewController id="home" customClass="HomeViewController" \
  sceneMemberID="viewController">
                  <connections>
                      <segue destination="ref" kind="presentation" identifier="open" id="g1"/>
                  </connections>
              </viewController>
          </objects></scene>
          <scene sceneID="s2"><objects>
              <viewControllerPlaceholder storyboardName="\(name)" id="ref" \
  sceneMemberID="viewController"/>
          </objects></scene>
      </scenes>
  </document>

  """
}

/// A storyboard whose initial controller is a `class`.
private func launching(_ className: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
  initialViewController="vc">
      <scenes>
          <scene sceneID="f1"><objects>
              <tableViewController id="vc" customClass="\(className)" \
  sceneMemberID="viewController"/>
          </objects></scene>
      </scenes>
  </document>

  """
}

/// The values of `attribute="…"` in `text`.
private func values(of attribute: String, in text: String) -> [String] {
  text.components(separatedBy: "\(attribute)=\"").dropFirst().map {
    String($0.prefix { $0 != "\"" })
  }
}

@Suite("Links and paths in outputs")
struct OutputLinkTests {
  static let hostileNames = [
    "javascript:alert(1)//", "//evil.example/x", "../../outside/x", "/abs/x", "data:text/html,x",
  ]

  @Test(arguments: hostileNames)
  func aHostileStoryboardNameIsNoLinkInAnyFormat(_ name: String) throws {
    let directory = try TemporaryDirectory("links")
    try directory.write("app/Main.storyboard", presenting(name))
    for format in ["svg", "dot", "pdf"] {
      let result = try vcgraph(
        ["render", "app/Main.storyboard", "-o", "map.\(format)"], cwd: directory.url)
      #expect(result.exitCode == 0, "\(format): \(result.stderr)")
      let bytes = directory.bytes("map.\(format)") ?? []
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(values(of: "xlink:href", in: text).isEmpty, "\(format): \(text)")
      #expect(!text.contains("URL="), "\(format)")
      #expect(!text.contains("/URI"), "\(format)")
    }
  }

  @Test func aResolvedReferenceLinksToTheOtherMapAsARelativePath() throws {
    let directory = try TemporaryDirectory("links-good")
    try directory.write("app/Main.storyboard", presenting("Bob's Screens"))
    try directory.write("app/Bob's Screens.storyboard", launching("FeedViewController"))
    let result = try vcgraph(["render", "app", "-o", "."], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let svg = String(decoding: directory.bytes("Main.svg") ?? [], as: UTF8.self)
    // Percent-encoded: a browser opens the file `Bob's Screens.svg` beside the page.
    #expect(values(of: "xlink:href", in: svg) == ["Bob%27s%20Screens.svg"], "\(svg)")
    #expect(directory.bytes("Bob's Screens.svg") != nil)
  }

  @Test func everyLinkTheMapPolicyAllowsIsARelativePathInTheFolder() {
    #expect(OutputLink.relative("Login.svg") == "Login.svg")
    #expect(OutputLink.relative("docs/a b.svg") == "docs/a%20b.svg")
    #expect(OutputLink.relative("a:b.svg") == "a%3Ab.svg")
    for bad in [
      "", "/abs/x.svg", "//host/x.svg", "../x.svg", "a/../../x.svg", "./x.svg", "a//b.svg",
      "a\\b.svg", "x\u{202E}gvs.svg", "x\n.svg",
    ] {
      #expect(OutputLink.relative(bad) == nil, "\(bad.debugDescription)")
    }
    #expect(OutputLink.storyboardMap(named: "../x") == nil)
  }

  @Test func aReferenceOutsideTheFoldersIsUnresolvedAndNotRead() throws {
    let directory = try TemporaryDirectory("outside")
    try directory.write("outside/Secret.storyboard", launching("SecretViewController"))
    let absolute = directory.path("outside/Secret")
    for name in ["../outside/Secret", absolute] {
      try directory.write("app/Main.storyboard", referencing(name))
      for command in [
        ["analyze", "app/Main.storyboard"], ["analyze", "app/Main.storyboard", "--format", "json"],
        ["render", "app/Main.storyboard", "-f", "svg", "-o", "-"],
        ["analyze", "app/Main.storyboard", "--storyboard-folder", "app"],
      ] {
        let result = try vcgraph(command, cwd: directory.url)
        let what = "\(name): \(command.joined(separator: " "))"
        #expect(result.exitCode == 0, "\(what): \(result.stderr)")
        // The tab is the placeholder (a UIViewController), not the scene outside.
        #expect(!result.stdout.contains("SecretViewController"), "\(what): \(result.stdout)")
        #expect(result.stdout.contains("UIViewController"), "\(what): \(result.stdout)")
        if command[0] == "render" {
          // The diagram's tooltip says why.
          #expect(result.stdout.contains("is not a file name"), "\(what): \(result.stdout)")
        }
      }
    }
  }

  @Test func outputsNameInputsRelativeToTheirRootNotByAbsolutePath() throws {
    let directory = try TemporaryDirectory("absolute")
    let root = directory.url.path
    try directory.write("app/Main.storyboard", presenting("Missing"))
    let input = directory.path("app/Main.storyboard")
    let dot = try vcgraph(["render", input, "-f", "dot", "-o", "-"])
    #expect(dot.exitCode == 0, "\(dot.stderr)")
    #expect(!dot.stdout.contains(root), "\(dot.stdout)")
    let svg = try vcgraph(["render", input, "-o", "-", "-f", "svg"])
    #expect(svg.stdout.contains("Missing.storyboard was not found next to Main.storyboard"))
    #expect(!svg.stdout.contains(root), "\(svg.stdout)")

    try directory.write(
      "flow.yaml",
      "window: { root: { class: UINavigationController, id: nav, viewControllers: [A] } }\n"
        + "steps:\n  - push: { on: nav, controller: B }\n")
    let simulate = try vcgraph(
      ["simulate", directory.path("flow.yaml"), "-o", directory.path("review")])
    #expect(simulate.exitCode == 0, "\(simulate.stderr)")
    let page = String(decoding: directory.bytes("review/index.html") ?? [], as: UTF8.self)
    #expect(page.contains("flow.yaml"))
    #expect(!page.contains(root), "the review page names \(root)")

    try directory.write(
      "dump.txt",
      "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n")
    let imported = try vcgraph(["import", directory.path("dump.txt")])
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasPrefix("# dump.txt as a vcgraph description"), "\(imported.stdout)")
    #expect(!imported.stdout.contains(root))
  }
}
