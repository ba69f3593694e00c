import Foundation
import Testing
import VCGraphCore

/// `-f mermaid` and `-f md` drawn by a real Mermaid 11.6 in headless Chromium: every sample
/// and real dump with every analysis option, and hierarchies whose ids and titles are made of
/// what breaks Mermaid and Markdown. A drawing fails on a Mermaid error and on any controller
/// whose id is not drawn.
@Suite("Mermaid and Markdown in headless Chromium", .serialized)
struct MermaidBrowserTests {
  /// The input file's hierarchy, read independently of the backends.
  static func hierarchy(_ path: String) throws -> Hierarchy {
    // Whatever the input format: the reader the registry picks, as the command line does.
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    return try InputFormats.read(bytes: bytes, path: path)
  }

  /// The real debugger dumps the repository keeps.
  static func fixtures() -> [String] {
    let directory = repositoryRoot.appendingPathComponent("Tests/Fixtures/printHierarchy")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".txt") }.sorted().map {
      directory.appendingPathComponent($0).path
    }
  }

  /// How a label shows text: control characters as Unicode control pictures (␊), C1 controls
  /// and line separators as U+FFFD, whitespace runs as one space (HTML), trimmed, and without
  /// the invisible word joiners vcgraph puts after a backslash (see MermaidText).
  static func shown(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x2060: continue
      case 0..<0x20: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: result += "␡"
      case 0x80...0x9F, 0x2028, 0x2029: result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result.split(whereSeparator: { $0 == " " || $0 == "\u{A0}" }).joined(separator: " ")
  }

  /// Every line of every node's text, as `shown` normalizes it.
  static func nodeLines(_ drawing: Drawing) -> Set<String> {
    Set(drawing.nodes.flatMap { $0.split(separator: "\n").map { shown(String($0)) } })
  }

  /// The analysis options each input is drawn with: none, --expand-all, --no-legend, a
  /// dismiss and a dismiss-to from every controller where UIKit has one, and a responder
  /// chain from every view and the top view controller.
  static func optionSets(for hierarchy: Hierarchy) -> [[String]] {
    var sets: [[String]] = [[], ["--expand-all"], ["--no-legend"]]
    let analysis = Analysis(hierarchy)
    let classes = Set(hierarchy.controllers.map(\.className)).sorted()
    for (index, controller) in hierarchy.controllers.enumerated() {
      if (try? analysis.dismiss(from: index)) != nil {
        sets.append(["--dismiss", controller.id])
        if let toClass = classes.first(where: {
          (try? analysis.dismiss(from: index, toClass: $0)) != nil
        }) {
          sets.append(["--dismiss-to", "\(controller.id):\(toClass)"])
        }
      }
    }
    for view in hierarchy.views { if let id = view.id { sets.append(["--responder-chain", id]) } }
    if let top = analysis.topViewController {
      sets.append(["--responder-chain", hierarchy.controllers[top].id])
    }
    return sets
  }

  /// Checks one drawing of `hierarchy`'s Mermaid text.
  static func expectDrawn(
    _ drawing: Drawing, mermaid: String, hierarchy: Hierarchy, expandAll: Bool, what: String
  ) {
    #expect(drawing.error == nil, "\(what): Mermaid refused it: \(drawing.error ?? "")")
    guard drawing.error == nil else { return }
    // Every node, subgraph and edge of the text is drawn.
    let lines = mermaid.split(separator: "\n").map(String.init)
    func matching(_ pattern: String) -> Int {
      lines.filter { $0.range(of: pattern, options: .regularExpression) != nil }.count
    }
    // Node ids: letters, then digits and underscores (`c12`, a storyboard scene's `s0_3`).
    let definitions = matching(#"^\s+[a-zA-Z]+[0-9_]*[(\[{>/]"#)
    let edges = matching(#"^\s+[a-zA-Z]+[0-9_]* (--|-\.|==|~~~)"#)
    let subgraphs = matching(#"^\s+subgraph "#)
    #expect(drawing.nodes.count == definitions, "\(what): nodes drawn")
    #expect(drawing.edges.count == edges, "\(what): edges drawn")
    #expect(drawing.clusters.count == subgraphs, "\(what): subgraphs drawn")
    let drawn = nodeLines(drawing)
    let storyboard = what.contains(".storyboard")
    for controller in hierarchy.controllers {
      let id = shown(controller.id)
      if drawn.contains(id) { continue }
      // A storyboard scene whose id is an Interface Builder element id is drawn by its
      // storyboard identifier (then its id), custom class, title or UIKit class (issue 35).
      if storyboard,
        drawn.contains(shown(controller.className))
          || controller.title.map({ drawn.contains(shown($0)) || drawn.contains("“\($0)”") })
            == true
      {
        continue
      }
      // Without --expand-all a large off-screen subtree is one node that names its root.
      let collapsed = !expandAll && drawing.nodes.contains { $0.contains("controllers\n") }
      #expect(
        collapsed, "\(what): controller '\(id)' is not drawn; the nodes say \(drawn.sorted())")
    }
  }

  @Test("every sample and real dump, with every analysis option, draws every controller")
  func samplesAndOptions() throws {
    guard let tools = DocsTools.available() else { return }
    var jobs: [(what: String, text: String, hierarchy: Hierarchy, expandAll: Bool)] = []
    for path in sampleFiles().map(\.path) + Self.fixtures() {
      let hierarchy = try Self.hierarchy(path)
      let name = (path as NSString).lastPathComponent
      for options in Self.optionSets(for: hierarchy) {
        let run = runInProcess(["render", path, "-f", "mermaid", "-o", "-"] + options)
        #expect(run.exitCode == 0, "\(name) \(options): \(run.stderr)")
        jobs.append(
          (
            "\(name) \(options.joined(separator: " "))", run.stdout, hierarchy,
            options.contains("--expand-all")
          ))
      }
    }
    #expect(jobs.count > 100)
    let drawings = try drawInBrowser(jobs.map { .mermaid($0.text) }, tools: tools)
    for (job, drawing) in zip(jobs, drawings) {
      Self.expectDrawn(
        drawing, mermaid: job.text, hierarchy: job.hierarchy, expandAll: job.expandAll,
        what: job.what)
      if let title = job.hierarchy.title, !job.text.isEmpty {
        // A storyboard's map says what it is after the file's name.
        let drawn = drawing.title.map(Self.shown)
        #expect(
          drawn == [Self.shown(title)]
            || (job.what.contains(".storyboard") && drawn.first?.hasPrefix(title) == true),
          "\(job.what): title \(drawn)")
      }
    }
  }

  @Test("-f md for every sample: the page renders to HTML and its Mermaid block is drawn")
  func markdownPages() throws {
    guard let tools = DocsTools.available() else { return }
    let samples = sampleFiles().map(\.path)
    var pages: [String] = []
    var truths: [[String: Any]] = []
    for path in samples {
      let run = runInProcess(["render", path, "-f", "md", "-o", "-"])
      #expect(run.exitCode == 0, "\(path): \(run.stderr)")
      pages.append(run.stdout)
      let json = runInProcess(["analyze", path, "--format", "json"])
      truths.append(
        try #require(
          try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]))
    }
    let html = try markdownToHTML(pages, python: tools.python)
    let drawings = try drawInBrowser(html.map { .page($0) }, tools: tools)
    for (index, path) in samples.enumerated() {
      let name = (path as NSString).lastPathComponent
      let drawing = drawings[index]
      let page = try #require(drawing.page, "\(name): no page")
      let hierarchy = try Self.hierarchy(path)
      #expect(page.mermaidBlocks == 1, "\(name): one Mermaid block")
      let mermaid = try #require(slice(pages[index], after: "```mermaid\n", before: "```\n"))
      Self.expectDrawn(
        drawing, mermaid: mermaid, hierarchy: hierarchy, expandAll: false, what: name)
      #expect(
        page.headings.first.map(Self.shown) == Self.shown(hierarchy.title ?? path),
        "\(name): heading")
      // The visible path table lists the path `analyze` gives, in order.
      let visiblePath = (truths[index]["visiblePath"] as? [[String: Any]] ?? []).map {
        $0["id"] as? String ?? ""
      }
      let table = page.tables.first { $0.first == ["step", "controller", "class", "reached as"] }
      #expect(table.map { Array($0.dropFirst().map { $0[1] }) } == visiblePath, "\(name): path")
      let findings = truths[index]["findings"] as? [[String: Any]] ?? []
      let findingItems = page.listItems.filter {
        $0.hasPrefix("✖") || $0.hasPrefix("⚠") || $0.hasPrefix("ℹ")
      }
      #expect(findingItems.count == findings.count, "\(name): findings")
      for (item, finding) in zip(findingItems, findings) {
        #expect(item.contains(finding["message"] as? String ?? "?"), "\(name): \(item)")
      }
      let dismissals = truths[index]["dismissals"] as? [[String: Any]] ?? []
      let dismissTable = page.tables.first { $0.first?.first == "call" }
      #expect((dismissTable?.count ?? 1) - 1 == dismissals.count, "\(name): dismissals")
    }
  }

  @Test("hostile ids and titles: Mermaid draws each one literally, Markdown tables keep them")
  func hostileIDs() throws {
    guard let tools = DocsTools.available() else { return }
    // VCGRAPH_HOSTILE_SEED and VCGRAPH_HOSTILE_COUNT run other and more cases.
    let environment = ProcessInfo.processInfo.environment
    var generator = SplitMix64(seed: environment["VCGRAPH_HOSTILE_SEED"].flatMap(UInt64.init) ?? 15)
    let count = environment["VCGRAPH_HOSTILE_COUNT"].flatMap(Int.init) ?? 24
    var cases: [(yaml: String, hierarchy: Hierarchy, mermaid: String, page: String)] = []
    let directory = try TemporaryDirectory("hostile")
    for number in 0..<count {
      let fuzz = HostileHierarchy(generator: &generator)
      let path = try directory.write("h\(number).yaml", fuzz.yaml)
      let hierarchy = try Self.hierarchy(path)
      let mermaid = runInProcess(["render", path, "-f", "mermaid", "-o", "-"])
      #expect(mermaid.exitCode == 0, "\(fuzz.yaml)\n\(mermaid.stderr)")
      let page = runInProcess(["render", path, "-f", "md", "-o", "-"])
      #expect(page.exitCode == 0, "\(page.stderr)")
      cases.append((fuzz.yaml, hierarchy, mermaid.stdout, page.stdout))
    }
    let html = try markdownToHTML(cases.map(\.page), python: tools.python)
    let drawings = try drawInBrowser(
      cases.map { .mermaid($0.mermaid) } + html.map { .page($0) }, tools: tools)
    for (index, item) in cases.enumerated() {
      let what = "hostile hierarchy \(index):\n\(item.yaml)"
      let drawing = drawings[index]
      Self.expectDrawn(
        drawing, mermaid: item.mermaid, hierarchy: item.hierarchy, expandAll: true, what: what)
      // Mermaid cleans the title as HTML: vcgraph writes its `<` as the full-width ＜ and
      // keeps `ﬂ°` and `¶ß` apart with an invisible word joiner (see MermaidText).
      let title = item.hierarchy.title ?? ""
      #expect(
        drawing.title.map(Self.shown)
          == [Self.shown(title.replacingOccurrences(of: "<", with: "＜"))], "\(what): title")
      // Window, level and dismiss titles and edge labels carry ids too.
      let window = Self.shown(item.hierarchy.windows[0].id)
      #expect(
        drawing.clusters.contains { Self.shown($0).contains(window) },
        "\(what): window \(window) in \(drawing.clusters)")
      let dismiss = Self.shown("removed by dismiss(from: \(item.hierarchy.controllers[5].id))")
      #expect(drawing.clusters.map(Self.shown).contains(dismiss), "\(what): dismiss region")
      #expect(
        drawing.edges.contains { Self.shown($0) == "②" }, "\(what): responder chain steps")

      let pageDrawing = drawings[cases.count + index]
      let page = try #require(pageDrawing.page)
      #expect(pageDrawing.error == nil, "\(what): the page's Mermaid block")
      // The page's diagram is the same but for the legend, which is text under it.
      #expect(
        Self.nodeLines(pageDrawing).isSubset(of: Self.nodeLines(drawing)),
        "\(what): page diagram")
      #expect(page.headings.first.map(Self.shown) == Self.shown(title), "\(what): heading")
      let analysis = Analysis(item.hierarchy)
      let path = try #require(
        page.tables.first { $0.first == ["step", "controller", "class", "reached as"] })
      #expect(
        Array(path.dropFirst().map { Self.shown($0[1]) })
          == analysis.visiblePath.map { Self.shown(item.hierarchy.controllers[$0.controller].id) },
        "\(what): visible path cells")
      let chain = try #require(page.tables.first { $0.first == ["step", "responder", "is a"] })
      #expect(
        chain.count > 2 && Self.shown(chain[1][1]) == Self.shown(item.hierarchy.views[1].id ?? ""),
        "\(what): responder chain table")
    }
  }
}

/// The text between `start` and the next `end` after it (both left out).
func slice(_ text: String, after start: String, before end: String) -> String? {
  guard let from = text.range(of: start),
    let to = text.range(of: end, range: from.upperBound..<text.endIndex)
  else { return nil }
  return String(text[from.upperBound..<to.lowerBound])
}

/// A small deterministic random number generator, so a failing hostile case can be replayed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A hierarchy with a tab bar, a navigation stack, a presented form sheet with views and an
/// off-screen tab, a dismissal and a responder chain (as the file's `analyze:` entries, which
/// take any id), whose ids, window id and title are made of pieces that mean something to
/// Mermaid, HTML, YAML front matter or Markdown. Control characters, line breaks and
/// U+2028/2029 are left out: the loader refuses them (ControlCharacterTests), so they never
/// reach a drawing.
struct HostileHierarchy {
  static let pieces = [
    "\"", "'", "[", "]", "(", ")", "{", "}", "<", ">", "&", "#", ";", ":", "|", "`", "``", "\\",
    "%%", "%%{init: {\"theme\":\"dark\"}}%%", "end", "graph", "subgraph", "flowchart", "style",
    "classDef", "linkStyle", "click", "call", ":::", "-->", "---", "==>", "-.->", "o", "x",
    "#quot;", "&amp;", "&#35;", "#35;", "ﬂ°", "¶ß", "ﬂ°°", "<b>", "<br>",
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "*", "_", "~", "$", "!", "@",
    "é", "中文", "🙂", "\u{200F}", "\u{FEFF}",
    " ", "A", "b", "0", "-", ".", "/", "=", "style:x#y;", "classDef:a#1;", "\\|", "| a |", "1.",
    "1. ", "# ", "- ", "    ", "> ", "*a*", "**b**", "[l](u)", "![i](u)", "fa:fa-user", "$$x$$",
    "$", "www.example.com", "http://a.b/c", "a@b.cd", "~~s~~", "&lt;", "\\*",
  ]

  var ids: [String] = []
  var viewIDs: [String] = []
  var yaml = ""

  init(generator: inout SplitMix64) {
    func hostile() -> String {
      var text = ""
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        text += Self.pieces.randomElement(using: &generator)!
      }
      return text
    }
    var used = Set<String>()
    func unique() -> String {
      var id = hostile()
      while used.contains(id) || id.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
        id += Self.pieces.randomElement(using: &generator)!
      }
      used.insert(id)
      return id
    }
    ids = (0..<7).map { _ in unique() }
    viewIDs = (0..<2).map { _ in unique() }
    func quoted(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        default:
          if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
          {
            result += String(format: "\\u%04X", scalar.value)
          } else {
            result.unicodeScalars.append(scalar)
          }
        }
      }
      return result + "\""
    }
    let q = ids.map(quoted)
    yaml = """
      title: \(quoted(hostile()))
      window:
        id: \(quoted(unique()))
        root:
          class: UITabBarController
          id: \(q[0])
          viewControllers:
            - class: UINavigationController
              id: \(q[1])
              viewControllers:
                - { class: UIViewController, id: \(q[2]), title: \(quoted(hostile())) }
                - class: UIViewController
                  id: \(q[3])
                  presents:
                    class: UINavigationController
                    id: \(q[4])
                    modalPresentationStyle: formSheet
                    viewControllers:
                      - class: UIViewController
                        id: \(q[5])
                        view:
                          id: \(quoted(viewIDs[0]))
                          subviews: [ { id: \(quoted(viewIDs[1])), class: UIButton } ]
            - { class: UIViewController, id: \(q[6]) }
      analyze:
        - dismiss: { from: \(q[5]) }
        - responderChain: { from: \(quoted(viewIDs[1])) }

      """
  }
}
