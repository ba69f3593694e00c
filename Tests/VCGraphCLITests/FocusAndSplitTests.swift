import Foundation
import Testing

/// `render --focus`, `--split`, `--max-width` and `--strict` (issue 32), on rendered files:
/// which controllers each SVG draws and where, the files `--split` writes and the links of
/// its overview page.
@Suite struct FocusAndSplitTests {
  static let shop = repositoryRoot.appendingPathComponent("Samples/tabs-form-sheet.yaml").path
  static let shopIDs: Set<String> = [
    "tabs", "browseNav", "catalog", "product", "searchNav", "search", "cartNav", "cart",
    "addressNav", "addressForm",
  ]

  @Test("--focus cart draws tabs, cartNav, cart and the sheet, top to bottom, nothing else")
  func focus() throws {
    let run = runInProcess(["render", Self.shop, "--focus", "cart", "-f", "svg", "-o", "-"])
    #expect(run.exitCode == 0, "\(run.stderr)")
    let positions = DiagramReadabilityTests.nameY(in: run.stdout)
    // Hand-checked: the path from the window's root (tabs → cartNav → cart) and what cart
    // asked to present (addressNav, a form sheet UIKit presents from tabs).
    #expect(Set(positions.keys) == ["tabs", "cartNav", "cart", "addressNav"])
    let y = try ["tabs", "cartNav", "cart", "addressNav"].map { try #require(positions[$0]) }
    #expect(y == y.sorted(), "\(y)")
    #expect(run.stdout.contains("focus on cart"))
    // The whole diagram draws every controller.
    let whole = runInProcess(["render", Self.shop, "-f", "svg", "-o", "-"])
    #expect(Set(DiagramReadabilityTests.nameY(in: whole.stdout).keys) == Self.shopIDs)
    // Mermaid draws the same selection.
    let mermaid = runInProcess(["render", Self.shop, "--focus", "cart", "-f", "mermaid", "-o", "-"])
    #expect(mermaid.exitCode == 0)
    for id in Self.shopIDs {
      let drawn = ["tabs", "cartNav", "cart", "addressNav"].contains(id)
      #expect(mermaid.stdout.contains("<b>\(id)</b>") == drawn, "\(id)")
    }
  }

  @Test("--focus with an unknown id: exit 65, the input named, a did-you-mean")
  func unknownFocus() throws {
    let directory = try TemporaryDirectory("focus")
    let run = runInProcess(
      ["render", Self.shop, "--focus", "crat", "-f", "svg", "-o", directory.path("out")])
    #expect(run.exitCode == 65)
    #expect(
      run.stderr.contains("error: \(Self.shop): --focus: no controller has the id 'crat'"),
      "\(run.stderr)")
    #expect(run.stderr.contains("did you mean 'cart'"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("out/tabs-form-sheet.svg")))
    // --split and --focus together, and --split to standard output, are usage errors.
    #expect(runInProcess(["render", Self.shop, "--focus", "cart", "--split"]).exitCode == 64)
    #expect(runInProcess(["render", Self.shop, "--split", "-o", "-"]).exitCode == 64)
  }

  /// The targets of a Markdown page's links and images, percent-decoded.
  static func links(in page: String) -> [String] {
    page.matches(of: /\]\(([^)]+)\)/).map { String($0.1).removingPercentEncoding ?? "" }
  }

  @Test("--split: a file per part and format, an overview whose links resolve, one part each")
  func split() throws {
    let directory = try TemporaryDirectory("split")
    let out = directory.path("out")
    let run = runInProcess(["render", Self.shop, "--split", "-f", "svg,mermaid", "-o", out])
    #expect(run.exitCode == 0, "\(run.stderr)")
    let parts = [
      "01-window", "02-tab-1-browseNav", "03-tab-2-searchNav", "04-tab-3-cartNav",
      "05-level-1-addressNav",
    ]
    let expected = Set(
      parts.flatMap { ["tabs-form-sheet-\($0).svg", "tabs-form-sheet-\($0).mmd"] }
        + ["tabs-form-sheet.md"])
    let written = Set(try FileManager.default.contentsOfDirectory(atPath: out))
    #expect(written == expected)
    let page = try String(contentsOfFile: out + "/tabs-form-sheet.md", encoding: .utf8)
    let links = Self.links(in: page)
    #expect(Set(links) == expected.subtracting(["tabs-form-sheet.md"]), "\(links)")
    for link in links {
      #expect(FileManager.default.fileExists(atPath: out + "/" + link), "\(link)")
    }
    // Every controller is drawn in exactly one part.
    var seen: [String: [String]] = [:]
    for part in parts {
      let svg = try String(contentsOfFile: out + "/tabs-form-sheet-\(part).svg", encoding: .utf8)
      for id in DiagramReadabilityTests.nameY(in: svg).keys { seen[id, default: []].append(part) }
    }
    #expect(Set(seen.keys) == Self.shopIDs)
    #expect(seen.values.allSatisfy { $0.count == 1 }, "\(seen)")
    #expect(seen["cart"] == ["04-tab-3-cartNav"])
    #expect(seen["addressForm"] == ["05-level-1-addressNav"])
    // The same run again writes the same bytes (file names and contents are deterministic).
    let again = directory.path("again")
    #expect(
      runInProcess(["render", Self.shop, "--split", "-f", "svg,mermaid", "-o", again]).exitCode
        == 0)
    for name in expected {
      #expect(
        FileManager.default.contents(atPath: out + "/" + name)
          == FileManager.default.contents(atPath: again + "/" + name), "\(name)")
    }
  }

  @Test("--max-width sets the width the reading size is checked at; --strict makes a miss 65")
  func maxWidthAndStrict() throws {
    let directory = try TemporaryDirectory("strict")
    // The shop diagram reads at 880 px; shown 300 px wide its text would be under 9 px.
    let fits = runInProcess(["render", Self.shop, "-f", "svg", "-o", "-"])
    #expect(!fits.stderr.contains("smallest text"), "\(fits.stderr)")
    let points = try #require(
      fits.stdout.firstMatch(of: /<svg width="([0-9.]+)pt"/).flatMap { Double($0.1) })
    let shown = 10 * 4 / 3 * 300 / (points * 4 / 3)
    #expect(shown < 9)
    let narrow = runInProcess(["render", Self.shop, "-f", "svg", "-o", "-", "--max-width", "300"])
    #expect(narrow.exitCode == 0)
    #expect(narrow.stderr.contains("warning: \(Self.shop): the diagram is"), "\(narrow.stderr)")
    #expect(narrow.stderr.contains("shown 300 px wide (--max-width)"), "\(narrow.stderr)")
    #expect(narrow.stderr.contains(String(format: "smallest text is %.1f px", shown)))
    #expect(narrow.stderr.contains("--split") && narrow.stderr.contains("--focus ID"))
    let output = directory.path("narrow.svg")
    let strict = runInProcess(
      ["render", Self.shop, "-o", output, "--max-width", "300", "--strict"])
    #expect(strict.exitCode == 65)
    #expect(strict.stderr.contains("error: \(Self.shop): the diagram is"), "\(strict.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
    // Wide enough: nothing said, and --strict passes.
    let wide = runInProcess(["render", Self.shop, "-o", output, "--strict"])
    #expect(wide.exitCode == 0 && wide.stderr.isEmpty, "\(wide.stderr)")
    #expect(runInProcess(["render", Self.shop, "--max-width", "99"]).exitCode == 64)
  }

  @Test("--split part titles: the whole title cut at a word, the label kept, the part narrower")
  func shortPartTitles() throws {
    let directory = try TemporaryDirectory("split-titles")
    let ipad = repositoryRoot.appendingPathComponent("Samples/ipad-two-scenes-focus.yaml").path
    let run = runInProcess([
      "render", ipad, "--split", "-f", "svg", "-o", directory.path("ipad.svg"),
    ])
    #expect(run.exitCode == 0, "\(run.stderr)")
    // Worked out by hand: 64 characters at most; "Two foreground scenes on iPad, the second
    // focused, with an alert-level window" leaves 43 for "window mailWindow", cut at the last
    // space before.
    let expected = [
      "ipad-01-window-mailWindow.svg":
        "Two foreground scenes on iPad, the second… · window mailWindow",
      "ipad-02-level-1-moveSheet.svg":
        "Two foreground scenes on… · presentation level 1: moveSheet",
      "ipad-03-window-toastWindow.svg":
        "Two foreground scenes on iPad, the second… · window toastWindow",
      "ipad-04-window-composeWindow.svg":
        "Two foreground scenes on iPad, the… · window composeWindow",
    ]
    for (name, title) in expected.sorted(by: { $0.key < $1.key }) {
      let svg = try String(contentsOfFile: directory.path(name), encoding: .utf8)
      #expect(title.count <= 64)
      #expect(svg.contains(">\(title)</text>"), "\(name)")
      // Before, the title alone made every part 777-866 pt wide (over 880 px); each part
      // is now drawn at its natural size in the column.
      let points = try #require(
        svg.firstMatch(of: /<svg width="([0-9.]+)pt"/).flatMap { Double($0.1) })
      #expect(points * 4 / 3 <= 880, "\(name): \(points) pt")
    }
    // The overview page keeps the whole title.
    let page = try String(contentsOfFile: directory.path("ipad.md"), encoding: .utf8)
    #expect(page.contains("Two foreground scenes on iPad, the second focused, with an alert"))
  }
}
