import Foundation
import Testing

/// Issue 28: `vcgraph scan -f svg` of a real app is a map one would put in its README. The
/// three apps of Tests/Fixtures/swift are scanned once by the real `vcgraph-swift`; each map
/// is then drawn by `vcgraph scan` through a program that replays that JSON (named by
/// `VCGRAPH_SWIFT`, as users name theirs), so that the drawing is the real one without a
/// debug build's parse each time. Geometry is measured in the SVG (its width in points) and,
/// where Chromium is installed, as shown in an 880 px column (``measureReading(_:tools:)``).
@Suite("scan maps at README width", .serialized)
struct ScanMapReadingTests {
  static let apps = ["Dimillian__ACHNBrowserUI", "TrustWallet__trust-wallet-ios", "tinode__ios"]

  /// Each app's scan JSON and the replaying program; nil without a built `vcgraph-swift`.
  static let scans: (directory: TemporaryDirectory, program: String)? = {
    guard let executable = vcgraphExecutable else { return nil }
    let parser = executable.deletingLastPathComponent().appendingPathComponent("vcgraph-swift")
    guard FileManager.default.isExecutableFile(atPath: parser.path),
      let directory = try? TemporaryDirectory("scan-maps")
    else { return nil }
    for app in apps {
      guard
        let run = try? vcgraph(
          ["scan", fixture(app), "-o", directory.path("\(app).json")], stdinBytes: nil),
        run.exitCode == 0
      else { return nil }
    }
    // `vcgraph-swift scan --root ROOT --files-from -`: the scan of the app ROOT names.
    let program = try? directory.write(
      "replay-scan",
      "#!/bin/sh\ncat > /dev/null\ncat \"\(directory.url.path)/$(basename \"$3\").json\"\n")
    guard let program, chmod(program, 0o755) == 0 else { return nil }
    return (directory, program)
  }()

  static func fixture(_ app: String) -> String {
    repositoryRoot.appendingPathComponent("Tests/Fixtures/swift/\(app)").path
  }

  /// `vcgraph scan` of `app` with `arguments`, drawn from the app's scan.
  static func scan(_ app: String, _ arguments: [String]) throws -> RunResult {
    let scans = try #require(Self.scans)
    return try vcgraph(
      ["scan", fixture(app)] + arguments, stdinBytes: nil,
      environment: ["VCGRAPH_SWIFT": scans.program])
  }

  /// An SVG's width in points.
  static func width(_ svg: String) -> Double? {
    svg.firstMatch(of: /<svg width="([0-9.]+)pt"/).flatMap { Double($0.1) }
  }

  /// The 10 pt text of a drawing `points` wide as shown in an 880 px column, in CSS px.
  static func shown(points: Double) -> Double {
    let pixels = points * 4 / 3
    return 10 * 4 / 3 * min(1, 880 / pixels)
  }

  /// The types a map draws (its nodes that are not references to a type drawn elsewhere).
  static func types(in svg: String) -> [String] {
    svg.matches(of: /<g id="scene&#45;([^"]*)" class="node"/).compactMap { match in
      let id = String(match.1).replacingOccurrences(of: "&#45;", with: "-")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      guard !id.contains("-ref-") else { return nil }
      return id.split(separator: "-").last.map(String.init)
    }
  }

  /// Every type an app's scan names as the start or end of an edge.
  static func scanned(_ app: String) throws -> Set<String> {
    let scans = try #require(Self.scans)
    let data = try Data(contentsOf: scans.directory.url.appendingPathComponent("\(app).json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let edges = try #require(json["edges"] as? [[String: Any]])
    let entries = try #require(json["entryPoints"] as? [[String: Any]])
    return Set(edges.flatMap { [$0["from"] as? String, $0["to"] as? String].compactMap { $0 } })
      .union(entries.compactMap { $0["type"] as? String })
  }

  @Test(
    "the whole map of every app reads at 880 px, in the SVG's width and as Chromium shows it")
  func wholeMaps() throws {
    guard Self.scans != nil else { return missingTool("vcgraph-swift is not built") }
    var jobs: [ReadingJob] = []
    for app in Self.apps {
      let run = try Self.scan(app, ["-f", "svg", "-o", "-"])
      #expect(run.exitCode == 0, "\(app): \(run.stderr)")
      let points = try #require(Self.width(run.stdout))
      let shown = Self.shown(points: points)
      // Before the rows shared a left edge: ACHNBrowserUI 946 pt (9.3 px; 2,214 before the
      // compact layout), trust-wallet-ios 1,434 (6.1 px), tinode 1,526 (5.8 px, warned).
      #expect(shown >= 9, "\(app): \(points) pt")
      #expect(!run.stderr.contains("smallest text"), "\(app): \(run.stderr)")
      // Every type drawn is one the scan found.
      let drawn = Self.types(in: run.stdout)
      #expect(drawn.count > 20, "\(app): \(drawn.count)")
      #expect(Set(drawn).isSubset(of: try Self.scanned(app)), "\(app)")
      jobs.append(ReadingJob(kind: .graphviz, text: run.stdout))
    }
    guard let tools = DocsTools.available() else { return }
    let figures = try measureReading(jobs, tools: tools)
    for (app, drawn) in zip(Self.apps, figures) {
      #expect(drawn.smallest >= 9, "\(app): '\(drawn.smallestText)' \(drawn.smallest) px")
      #expect(drawn.overflow <= 0.5, "\(app): '\(drawn.overflowText)' past the edge")
    }
  }

  @Test(
    "--split: every map reads at 880 px, every type in exactly one, the overview's links resolve",
    arguments: ["light", "dark"])
  func split(theme: String) throws {
    guard Self.scans != nil else { return missingTool("vcgraph-swift is not built") }
    let directory = try TemporaryDirectory("scan-split")
    var jobs: [(String, ReadingJob)] = []
    for app in Self.apps {
      let out = directory.path(app)
      let run = try Self.scan(app, ["-f", "svg", "--split", "--theme", theme, "-o", out + "/"])
      #expect(run.exitCode == 0, "\(app): \(run.stderr)")
      #expect(!run.stderr.contains("smallest text"), "\(app): \(run.stderr)")
      let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
      let maps = written.filter { $0.hasSuffix(".svg") }
      #expect(maps.count >= 2, "\(app): \(written)")
      #expect(written == (maps + ["\(app).md"]).sorted(), "\(app): \(written)")
      var seen: [String: [String]] = [:]
      for map in maps {
        #expect(map.hasPrefix(app + "-0"), "\(map)")
        let svg = try String(contentsOfFile: out + "/" + map, encoding: .utf8)
        let points = try #require(Self.width(svg))
        #expect(Self.shown(points: points) >= 9, "\(map): \(points) pt")
        for type in Self.types(in: svg) { seen[type, default: []].append(map) }
        jobs.append(
          (
            map,
            ReadingJob(kind: .graphviz, text: svg, page: theme == "dark" ? "#0d1117" : "#ffffff")
          ))
      }
      // The parts together draw what the whole map draws, each type once.
      let whole = try Self.scan(app, ["-f", "svg", "--theme", theme, "-o", "-"])
      #expect(Set(seen.keys) == Set(Self.types(in: whole.stdout)), "\(app)")
      #expect(
        seen.values.allSatisfy { $0.count == 1 }, "\(app): \(seen.filter { $0.value.count > 1 })")
      // The overview links every map (as an image and as a file), and nothing else.
      let page = try String(contentsOfFile: out + "/\(app).md", encoding: .utf8)
      let links = FocusLinks.targets(in: page)
      #expect(Set(links) == Set(maps), "\(app): \(links)")
      #expect(links.count == 2 * maps.count)
      for link in links { #expect(FileManager.default.fileExists(atPath: out + "/" + link)) }
      let listed = page.split(separator: "\n").filter { $0.hasPrefix("Types (") }
        .flatMap { $0.matches(of: /`([^`]+)`/).map { String($0.1) } }
      #expect(Set(listed) == Set(seen.keys), "\(app)")
    }
    guard let tools = DocsTools.available() else { return }
    let figures = try measureReading(jobs.map(\.1), tools: tools)
    for ((map, _), drawn) in zip(jobs, figures) {
      #expect(drawn.error == nil, "\(map)")
      #expect(
        drawn.smallest >= 9, "\(map) [\(theme)]: '\(drawn.smallestText)' \(drawn.smallest) px")
      #expect(drawn.overflow <= 0.5, "\(map): '\(drawn.overflowText)' past the edge")
      #expect(drawn.contrast >= 4.5, "\(map) [\(theme)]: '\(drawn.contrastText)' \(drawn.contrast)")
    }
  }

  @Test("--focus TYPE: the type, the path to it and its neighbours; an unknown type is 65")
  func focus() throws {
    guard Self.scans != nil else { return missingTool("vcgraph-swift is not built") }
    let app = "TrustWallet__trust-wallet-ios"
    let run = try Self.scan(app, ["-f", "svg", "--focus", "WalletCoordinator", "-o", "-"])
    #expect(run.exitCode == 0, "\(run.stderr)")
    // Read from the scan's JSON: nothing leads to WalletCoordinator (so the path is itself)
    // and it pushes or sets these seven.
    #expect(
      Set(Self.types(in: run.stdout)) == [
        "WalletCoordinator", "DarkPassphraseViewController", "DarkVerifyPassphraseViewController",
        "ImportMainWalletViewController", "ImportWalletViewController", "SelectCoinViewController",
        "WalletCreatedController", "WelcomeViewController",
      ])
    #expect(run.stdout.contains("focus on WalletCoordinator"))
    #expect(!run.stderr.contains("smallest text"), "\(run.stderr)")
    let unknown = try Self.scan(app, ["-f", "svg", "--focus", "WalletCordinator", "-o", "-"])
    #expect(unknown.exitCode == 65)
    #expect(
      unknown.stderr.contains(
        "error: \(app): --focus: the map draws no type 'WalletCordinator'"),
      "\(unknown.stderr)")
    #expect(unknown.stderr.contains("did you mean 'WalletCoordinator'"), "\(unknown.stderr)")
    // Usage errors (64), as render's: --split with --focus, --split to standard output,
    // --split or --focus of the JSON, a width out of range.
    for arguments in [
      ["-f", "svg", "--split", "--focus", "WalletCoordinator", "-o", "out"],
      ["-f", "svg", "--split"], ["-f", "svg", "--split", "-o", "-"],
      ["--focus", "WalletCoordinator"], ["-f", "svg", "--max-width", "99"],
    ] {
      #expect(try Self.scan(app, arguments).exitCode == 64, "\(arguments)")
    }
  }

  @Test("--strict makes a miss an error (65) and writes nothing; --max-width moves the check")
  func strictAndMaxWidth() throws {
    guard Self.scans != nil else { return missingTool("vcgraph-swift is not built") }
    let directory = try TemporaryDirectory("scan-strict")
    let output = directory.path("tinode.svg")
    // Every whole map reads at 880 px; at 600 px tinode's (962 pt) does not.
    let strict = try Self.scan(
      "tinode__ios", ["-o", output, "-f", "svg", "--strict", "--max-width", "600"])
    #expect(strict.exitCode == 65)
    #expect(strict.stderr.contains("error: tinode__ios: the diagram is"))
    #expect(!FileManager.default.fileExists(atPath: output))
    // Split, every part reads: --strict passes.
    let parts = try Self.scan(
      "TrustWallet__trust-wallet-ios",
      ["-o", directory.path("parts/"), "-f", "svg", "--split", "--strict"])
    #expect(parts.exitCode == 0, "\(parts.stderr)")
    // ACHNBrowserUI reads at 880 px, not at 400.
    let narrow = try Self.scan(
      "Dimillian__ACHNBrowserUI", ["-f", "svg", "-o", "-", "--max-width", "400"])
    #expect(narrow.exitCode == 0)
    #expect(narrow.stderr.contains("shown 400 px wide (--max-width)"), "\(narrow.stderr)")
  }

  /// A DOT file's nodes by their tooltip's first line, `CLASS ID`: the types it draws (the
  /// class is the id) and the types its reference nodes stand for (the id is `CLASS-ref-…`),
  /// and the names on the reference nodes (`→ CLASS`).
  static func nodes(inDOT dot: String) -> (types: [String], references: [String], shown: [String]) {
    let text = dot.replacingOccurrences(of: "\\\n", with: "")
    var types: [String] = []
    var references: [String] = []
    for match in text.matches(of: /tooltip="([^ "\\]+) ([^ "\\]+)/) {
      let (name, id) = (String(match.1), String(match.2))
      if id == name {
        types.append(name)
      } else if id.hasPrefix(name + "-ref-") {
        references.append(name)
      }
    }
    let shown = text.matches(of: /→ ([^<]+)<\/B>/).map { String($0.1) }
    return (types, references, shown)
  }

  /// A part of `--split` drew a screen its flow shares both as itself and as a reference
  /// node to itself (ACHNBrowserUI's ItemDetailView in the flow from TabbarView), and a
  /// reference to a type outside the part that three of its flows show as `→ Sheet-ref-out`.
  @Test("--split: a part draws each type once, and a reference node names a type outside")
  func splitPartsDrawEachTypeOnce() throws {
    guard Self.scans != nil else { return missingTool("vcgraph-swift is not built") }
    let directory = try TemporaryDirectory("scan-split-dot")
    for app in Self.apps {
      let out = directory.path(app)
      let run = try Self.scan(app, ["-f", "dot", "--split", "-o", out + "/"])
      #expect(run.exitCode == 0, "\(app): \(run.stderr)")
      let parts = try FileManager.default.contentsOfDirectory(atPath: out)
        .filter { $0.hasSuffix(".dot") }
      #expect(parts.count >= 2, "\(app)")
      for part in parts {
        let nodes = Self.nodes(inDOT: try String(contentsOfFile: out + "/" + part, encoding: .utf8))
        #expect(!nodes.types.isEmpty, "\(part)")
        let twice = Set(nodes.types).intersection(nodes.references)
        #expect(twice.isEmpty, "\(part): drawn and referenced: \(twice.sorted())")
        #expect(Set(nodes.shown) == Set(nodes.references), "\(part): \(nodes.shown)")
      }
    }
  }

  /// The legend names what the map's lines stand for, as the edges' tooltips say (hand
  /// checked against them: ACHNBrowserUI draws `tab`, `hosting` and the window's `root` in
  /// black, `navigationLink` in teal, `sheet` in purple); it said "segue: push or column" and
  /// "contains (relationship, embed)", a storyboard's words, for lines of Swift code.
  @Test("the map's legend names only the operations its lines draw")
  func legendNamesWhatTheMapDraws() throws {
    guard Self.scans != nil else { return missingTool("vcgraph-swift is not built") }
    let expected = [
      "Dimillian__ACHNBrowserUI": [
        "contains (hosting, tab or window root)", "pushes (link)", "presents (sheet)",
      ],
      "TrustWallet__trust-wallet-ios": [
        "contains (embed, root, tab or window root)", "pushes (push or set stack)", "presents",
      ],
      "tinode__ios": [
        "contains (hosting, root, tab or window root)", "pushes (push or segue)",
        "presents (present or segue)",
      ],
    ]
    for app in Self.apps {
      let run = try Self.scan(app, ["-f", "dot", "-o", "-"])
      #expect(run.exitCode == 0, "\(app): \(run.stderr)")
      let legend = try #require(run.stdout.firstMatch(of: /legend_lines\s*\[label=<(.*)>,/))
      let rows = String(legend.1).matches(of: /<FONT COLOR="#[0-9a-f]+">([^<━┅]+)<\/FONT>/)
        .map { String($0.1) }
      #expect(rows == expected[app], "\(app)")
    }
  }
}

/// The targets of a Markdown page's links and images, percent-decoded.
enum FocusLinks {
  static func targets(in page: String) -> [String] {
    page.matches(of: /\]\(([^)]+)\)/).map { String($0.1).removingPercentEncoding ?? "" }
  }
}
