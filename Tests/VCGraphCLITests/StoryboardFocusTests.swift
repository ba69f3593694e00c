import Foundation
import Testing

/// `render --focus SCENE` on a storyboard's map (issue 32), on the real fixtures
/// (`Tests/Fixtures/storyboards`, provenance in its README): which scenes the DOT draws,
/// against lists worked out by reading the storyboards' XML.
@Suite struct StoryboardFocusTests {
  static func path(_ name: String) -> String { StoryboardCommandTests.path(name) }

  /// The scenes a DOT drawing of a map draws: the launch state's controllers (`vc-ID`) and
  /// the other scenes (`scene-STORYBOARD-ID`), by id.
  static func scenes(in dot: String) -> Set<String> {
    var ids = Set<String>()
    for match in dot.matches(of: /id="(?:vc|scene-[A-Za-z0-9_]+)-([^"]+)"/) {
      ids.insert(String(match.1))
    }
    return ids
  }

  static func drawn(_ storyboard: String, focus: String?) -> (Int32, Set<String>, String) {
    var arguments = ["render", path(storyboard), "-f", "dot", "-o", "-"]
    if let focus { arguments += ["--focus", focus] }
    let run = runInProcess(arguments)
    return (run.exitCode, scenes(in: run.stdout), run.stdout + run.stderr)
  }

  // Alamofire's Main.storyboard, read by hand: the initial split view H1p-Uh-vWS holds
  // RMx-3f-FxP (navigation, title "Master", primary) and vC3-pB-5Vb (navigation, secondary);
  // RMx's root is 7bK-jq-Zjz (MasterViewController, title "Master"), whose five cells
  // showDetail vC3; vC3's root is hay-0o-6iw (DetailViewController).
  static let alamofire = StoryboardCommandTests.alamofire

  @Test("--focus by custom class: the path from the initial scene and the segue neighbours")
  func customClass() throws {
    let whole = Self.drawn(Self.alamofire, focus: nil)
    #expect(whole.1 == ["H1p-Uh-vWS", "RMx-3f-FxP", "7bK-jq-Zjz", "vC3-pB-5Vb", "hay-0o-6iw"])
    // DetailViewController: path H1p → vC3 → hay; its only neighbour is vC3 (its parent).
    let detail = Self.drawn(Self.alamofire, focus: "DetailViewController")
    #expect(detail.0 == 0, "\(detail.2)")
    #expect(detail.1 == ["H1p-Uh-vWS", "vC3-pB-5Vb", "hay-0o-6iw"])
    #expect(detail.2.contains("focus on DetailViewController"))
    // MasterViewController: path H1p → RMx → 7bK; neighbours RMx and vC3 (showDetail ×5).
    let master = Self.drawn(Self.alamofire, focus: "MasterViewController")
    #expect(master.1 == ["H1p-Uh-vWS", "RMx-3f-FxP", "7bK-jq-Zjz", "vC3-pB-5Vb"])
    // The same scene by its Interface Builder id.
    #expect(Self.drawn(Self.alamofire, focus: "7bK-jq-Zjz").1 == master.1)
  }

  // Kickstarter's Main.storyboard, read by hand: the initial tab bar 49e-Tb-3d3 has three
  // tabs, all placeholders: aB0-Y1-uoU (Discovery's DiscoveryViewController, storyboard
  // identifier DiscoveryViewController), vn9-w7-g8t (Activity's ActivitiesViewController),
  // jCg-3v-Wa0 (Login's initial scene, the navigation controller OyO-rp-Px7 whose root is
  // jyD-hR-XbB, LoginToutViewController). Login also has LoginViewController (i0D-IP-SOl),
  // which no segue reaches.
  static let kickstarter = StoryboardCommandTests.kickstarterMain

  @Test("--focus through storyboard references, and on a scene no segue reaches")
  func references() throws {
    let tout = Self.drawn(Self.kickstarter, focus: "LoginToutViewController")
    #expect(tout.0 == 0, "\(tout.2)")
    // Path 49e → jCg (placeholder) → OyO (what it stands for) → jyD; neighbour OyO.
    #expect(tout.1 == ["49e-Tb-3d3", "jCg-3v-Wa0", "OyO-rp-Px7", "jyD-hR-XbB"])
    // The placeholder vn9: its parent 49e and the scene it stands for.
    #expect(
      Self.drawn(Self.kickstarter, focus: "vn9-w7-g8t").1
        == ["49e-Tb-3d3", "vn9-w7-g8t", "ActivitiesViewController"])
    // The initial tab bar: itself and its three tabs, not what the tabs stand for.
    #expect(
      Self.drawn(Self.kickstarter, focus: "49e-Tb-3d3").1
        == ["49e-Tb-3d3", "jCg-3v-Wa0", "vn9-w7-g8t", "DiscoveryViewController"])
    // No segue leads to LoginViewController: only the scene itself.
    let login = Self.drawn(Self.kickstarter, focus: "LoginViewController")
    #expect(login.0 == 0, "\(login.2)")
    #expect(login.1 == ["LoginViewController"])
  }

  @Test("--focus reaches a scene that unwinds to the focused one")
  func unwind() throws {
    // UnwindSegueDemo's Main.storyboard: navigation Lku-Hg-AHD (initial) → root BYZ-38-t0r
    // (MainViewController) presents navigation CTI-xT-FEH → root nwy-aW-Y96
    // (EditFullnameController), which unwinds to BYZ.
    let demo = StoryboardCommandTests.unwindDemo
    let edit = Self.drawn(demo, focus: "CTI-xT-FEH")
    #expect(edit.0 == 0, "\(edit.2)")
    // Path Lku → BYZ → CTI; neighbours BYZ (presenter) and nwy (root).
    #expect(edit.1 == ["Lku-Hg-AHD", "BYZ-38-t0r", "CTI-xT-FEH", "nwy-aW-Y96"])
    // MainViewController: path Lku → BYZ; neighbours Lku, CTI and, only through its unwind
    // segue, nwy.
    #expect(
      Self.drawn(demo, focus: "MainViewController").1
        == ["Lku-Hg-AHD", "BYZ-38-t0r", "CTI-xT-FEH", "nwy-aW-Y96"])
  }

  @Test("--focus SCENE unknown or shared: exit 65, the input named, a did-you-mean or ids")
  func unknownScene() throws {
    let directory = try TemporaryDirectory("storyboard-focus")
    let input = Self.path(Self.alamofire)
    let run = runInProcess(
      ["render", input, "--focus", "DetailViewControler", "-o", directory.path("out.svg")])
    #expect(run.exitCode == 65)
    #expect(
      run.stderr.contains(
        "error: \(input): --focus: no scene has the id, storyboard identifier, class or title"
          + " 'DetailViewControler'"), "\(run.stderr)")
    #expect(run.stderr.contains("did you mean 'DetailViewController'"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("out.svg")))
    // Two scenes are titled "Master": their ids are the way to say which.
    let shared = runInProcess(["render", input, "--focus", "Master", "-f", "dot", "-o", "-"])
    #expect(shared.exitCode == 65)
    #expect(shared.stderr.contains("2 scenes have the title 'Master'"), "\(shared.stderr)")
    #expect(shared.stderr.contains("'RMx-3f-FxP', '7bK-jq-Zjz'"), "\(shared.stderr)")
  }
}

extension StoryboardFocusTests {
  @Test("--split of a map: a diagram per storyboard file, each drawn scene in one, an overview")
  func split() throws {
    let directory = try TemporaryDirectory("storyboard-split")
    let run = runInProcess([
      "render", Self.path(Self.kickstarter), "--split", "-f", "svg,dot", "-o",
      directory.path("out") + "/",
    ])
    #expect(run.exitCode == 0, "\(run.stderr)")
    // Read by hand (see `references`): the whole map draws Main's four scenes, Login's
    // navigation controller and its root (what the reference jCg stands for and holds), and
    // the one scene each of Activity and Discovery the other references name.
    let expected: [(String, Set<String>)] = [
      ("01-storyboard-Main", ["49e-Tb-3d3", "jCg-3v-Wa0", "vn9-w7-g8t", "DiscoveryViewController"]),
      ("02-storyboard-Login", ["OyO-rp-Px7", "jyD-hR-XbB"]),
      ("03-storyboard-Activity", ["ActivitiesViewController"]),
      ("04-storyboard-Discovery", ["DiscoveryViewController"]),
    ]
    var union = Set<String>()
    for (part, scenes) in expected {
      let dot = try String(
        contentsOfFile: directory.path("out/Main-\(part).dot"), encoding: .utf8)
      #expect(Self.scenes(in: dot) == scenes, "\(part)")
      union.formUnion(scenes.map { part + " " + $0 })
    }
    #expect(union.count == 8)
    // Main's three segues (its only ones: the tab bar's relationships to the placeholders)
    // are drawn in its part, though the scenes the placeholders stand for are not.
    let main = try String(
      contentsOfFile: directory.path("out/Main-01-storyboard-Main.dot"), encoding: .utf8)
    let segues = Set(main.matches(of: /id="(segue-[0-9]+-[0-9]+)"/).map { String($0.1) })
    #expect(segues == ["segue-0-0", "segue-0-1", "segue-0-2"])
    let whole = Self.drawn(Self.kickstarter, focus: nil)
    #expect(whole.1 == Set(expected.flatMap(\.1)))
    let page = try String(contentsOfFile: directory.path("out/Main.md"), encoding: .utf8)
    #expect(page.contains("8 scenes in 4 diagrams: one per storyboard file"), "\(page)")
    for link in FocusAndSplitTests.links(in: page) {
      #expect(FileManager.default.fileExists(atPath: directory.path("out/" + link)), "\(link)")
    }
    #expect(FocusAndSplitTests.links(in: page).count == 12)
  }
}
