import Foundation
import Testing

@testable import VCGraphCore

/// `Documentation/` and the README render on GitHub with working links, and the format page
/// cannot drift from the loader: its YAML examples load, and its table of keys is what the
/// loader accepts in each place, found by asking the loader about every key it knows.
@Suite struct DocumentationTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // VCGraphCoreTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The pages checked: the README and every Markdown file under `Documentation/`.
  static func pages() -> [URL] {
    var pages = [repository.appendingPathComponent("README.md")]
    let folder = repository.appendingPathComponent("Documentation")
    if let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) {
      for case let url as URL in walk where url.pathExtension == "md" { pages.append(url) }
    }
    return pages.sorted { $0.path < $1.path }
  }

  static func read(_ relative: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(relative), encoding: .utf8)
  }

  // MARK: - Links

  /// The reference pages issue #27 split out of the README, and the ones before them.
  static let expectedPages = [
    "README.md", "Install.md", "Format.md", "Inputs.md", "Semantics.md", "CommandLine.md",
    "Rules.md", "Outputs.md", "CI.md", "Capture.md", "Architecture.md", "Contributing.md",
  ]

  @Test("the documentation pages exist")
  func pagesExist() {
    let names = Set(Self.pages().map(\.lastPathComponent))
    for page in Self.expectedPages {
      #expect(names.contains(page), "Documentation/\(page)")
    }
  }

  @Test("Documentation/README.md links every page of Documentation/, and the README links them")
  func indexLinksEveryPage() throws {
    let index = Set(
      Markdown.linkTargets(in: try Self.read("Documentation/README.md")).map {
        Markdown.split($0).path
      })
    let folder = Self.repository.appendingPathComponent("Documentation")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") && $0 != "README.md" }
    #expect(Set(files).isSuperset(of: Self.expectedPages.filter { $0 != "README.md" }))
    for file in files { #expect(index.contains(file), "the index does not link \(file)") }
    let readme = Set(
      Markdown.linkTargets(in: try Self.read("README.md")).map { Markdown.split($0).path })
    for file in files + ["README.md"] {
      #expect(readme.contains("Documentation/" + file), "the README does not link \(file)")
    }
  }

  @Test("every relative link names a file that exists, and every #anchor a heading")
  func linksResolve() throws {
    var checked = 0
    for page in Self.pages() {
      let text = try String(contentsOf: page, encoding: .utf8)
      for target in Markdown.linkTargets(in: text) {
        if target.contains("://") || target.hasPrefix("mailto:") { continue }
        checked += 1
        let (path, anchor) = Markdown.split(target)
        let file =
          path.isEmpty
          ? page : page.deletingLastPathComponent().appendingPathComponent(path).standardized
        let name = "\(page.lastPathComponent): (\(target))"
        guard FileManager.default.fileExists(atPath: file.path) else {
          Issue.record("\(name) names a file that does not exist")
          continue
        }
        guard let anchor, file.pathExtension == "md" else { continue }
        let headings = Markdown.anchors(in: try String(contentsOf: file, encoding: .utf8))
        #expect(headings.contains(anchor), "\(name): no heading makes #\(anchor)")
      }
    }
    #expect(checked > 20, "the pages link to each other")
  }

  @Test("anchors follow GitHub's rules")
  func anchorRules() {
    let text = """
      # The description format
      ## Questions (`analyze:`)
      ## Checks (`vcgraph check`)
      ### S1 Which controller presents
      ## Mermaid (`-f mermaid`) and Markdown (`-f md`)
      ## Every key
      ## Every key
      ```sh
      # not a heading
      ```
      """
    #expect(
      Markdown.anchors(in: text) == [
        "the-description-format", "questions-analyze", "checks-vcgraph-check",
        "s1-which-controller-presents", "mermaid--f-mermaid-and-markdown--f-md", "every-key",
        "every-key-1",
      ])
    #expect(
      Markdown.linkTargets(in: "[a](x.md#b) `[c](d)` ![e](f.png)\n```\n[g](h)\n```\n")
        == ["x.md#b", "f.png"])
  }

  // MARK: - Format.md

  @Test("every YAML example of Format.md loads (a steps file for the description before it)")
  func formatExamplesLoad() throws {
    let blocks = Markdown.fencedBlocks(in: try Self.read("Documentation/Format.md"), info: "yaml")
    #expect(blocks.count >= 8)
    var previous: Hierarchy?
    for (number, block) in blocks.enumerated() {
      let bytes = Array(block.utf8)
      let path = "Format.md-example-\(number + 1).yaml"
      do {
        if DescriptionLoader.belongsInDirectory(bytes) {
          let hierarchy = try DescriptionLoader().load(bytes: bytes, path: path)
          previous = hierarchy
        } else {
          let hierarchy = try #require(previous, "a steps file follows a description")
          let steps = try DescriptionLoader().loadSteps(bytes: bytes, path: path, for: hierarchy)
          #expect(!steps.isEmpty)
        }
      } catch let error as VCGraphError {
        Issue.record("example \(number + 1) does not load: \(DiagnosticPrinter().format(error))")
      }
    }
  }

  @Test("the first example of Format.md answers what the page says it answers")
  func firstExampleAnswers() throws {
    let block = try #require(
      Markdown.fencedBlocks(in: try Self.read("Documentation/Format.md"), info: "yaml").first)
    let hierarchy = try DescriptionLoader().load(text: block, path: "first.yaml")
    let analysis = Analysis(hierarchy)
    let compose = try #require(hierarchy.controller(id: "compose"))
    #expect(analysis.topViewController == compose)
    #expect(analysis.presentation.presenter[compose] == hierarchy.controller(id: "tabs"))
    #expect(hierarchy.controllers[compose].requestedBy == hierarchy.controller(id: "feed"))
  }

  /// How to ask the loader whether a key is accepted in each place the table names: a
  /// description that loads, with `@` where the key goes (`flow`: inside a flow mapping).
  static let probes: [String: (template: String, flow: Bool)] = {
    let one = "window: { root: { class: AViewController, id: a } }\n"
    var probes: [String: (String, Bool)] = [
      "the top level": ("window: { root: A }\n@\n", false),
      "a scene": ("scenes:\n  - { windows: [ { root: A } ]@ }\n", true),
      "a window": ("window: { root: A@ }\n", true),
      "`delegate`": ("delegate: { class: AppDelegate@ }\nwindow: { root: A }\n", true),
      "a view": ("window: { root: { class: UIViewController, view: { id: v@ } } }\n", true),
      "`analyze: dismiss`": (one + "analyze:\n  - dismiss: { from: a@ }\n", true),
      "`analyze: responderChain`": (one + "analyze:\n  - responderChain: { from: a@ }\n", true),
      "a steps file": ("steps: []\n@\n", false),
    ]
    let controllers = [
      "a plain controller": "UIViewController", "a navigation controller": "UINavigationController",
      "a tab bar controller": "UITabBarController",
      "a split view controller": "UISplitViewController",
      "a page view controller": "UIPageViewController", "an alert controller": "UIAlertController",
    ]
    for (row, className) in controllers {
      probes[row] = ("window: { root: { class: \(className)@ } }\n", true)
    }
    let steps = [
      "present": "from: a, controller: B", "dismiss": "from: a",
      "push": "on: a, controller: B", "pop": "on: a", "popTo": "on: a, controller: a",
      "popToRoot": "on: a", "select": "on: a, index: 0", "addChild": "parent: a, controller: B",
      "removeFromParent": "controller: a", "show": "container: a, child: a",
      "makeKey": "window: w", "focus": "scene: s", "perform": "segue: s",
    ]
    for (step, arguments) in steps {
      probes["step `\(step)`"] = (one + "steps:\n  - \(step): { \(arguments)@ }\n", true)
    }
    return probes
  }()

  /// The rows of Format.md's table of keys: place to keys.
  static func keyTable() throws -> [String: Set<String>] {
    let text = try read("Documentation/Format.md")
    let lines = text.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex(of: "| in | keys |"), "Format.md's table of keys")
    var rows: [String: Set<String>] = [:]
    for line in lines[(start + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let keys = cells[1].split(separator: ",").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " `"))
      }
      rows[cells[0]] = Set(keys)
    }
    return rows
  }

  /// Every key the loader knows anywhere: its key lists, and the key literals its checks allow.
  static func knownKeys(besides table: [String: Set<String>]) throws -> Set<String> {
    var keys = Set(DescriptionDecoder.topKeys + DescriptionDecoder.allControllerKeys)
    keys.formUnion(DescriptionDecoder.stepNames)
    for row in table.values { keys.formUnion(row) }
    let loader = repository.appendingPathComponent("Sources/VCGraphCore/Loader")
    let list = try NSRegularExpression(pattern: #"allowed: \[([^\]]*)\]"#)
    let word = try NSRegularExpression(pattern: #""(\w+)""#)
    for file in try FileManager.default.contentsOfDirectory(atPath: loader.path) {
      let source =
        try String(
          contentsOf: loader.appendingPathComponent(file), encoding: .utf8) as NSString
      for match in list.matches(in: source as String, range: NSRange(0..<source.length)) {
        let items = source.substring(with: match.range(at: 1))
        for key in word.matches(in: items, range: NSRange(0..<(items as NSString).length)) {
          keys.insert((items as NSString).substring(with: key.range(at: 1)))
        }
      }
    }
    keys.insert("note")
    return keys
  }

  /// The errors loading `text` gives: a steps file for a one-window description, else a
  /// description.
  static func errors(loading text: String) -> [VCGraphError] {
    do {
      if text.hasPrefix("steps:") {
        let hierarchy = try DescriptionLoader().load(text: "window: { root: A }", path: "d.yaml")
        _ = try DescriptionLoader().loadSteps(
          bytes: Array(text.utf8), path: "steps.yaml", for: hierarchy)
      } else {
        _ = try DescriptionLoader().load(text: text, path: "d.yaml")
      }
      return []
    } catch {
      return [error] + error.related
    }
  }

  /// Whether the loader accepts `key` in the place `probe` puts it: loading it there gives no
  /// "unknown key" or "not allowed" error for it (another error, such as a bad value, is fine).
  static func accepts(_ key: String, _ probe: (template: String, flow: Bool)) -> Bool {
    let text = probe.template.replacingOccurrences(
      of: "@", with: probe.flow ? ", \(key): x" : "\(key): x")
    return !errors(loading: text).contains {
      $0.message.hasPrefix("unknown key '\(key)'")
        || $0.message.hasPrefix("`\(key)` is not allowed in")
    }
  }

  @Test("Format.md's table of keys is what the loader accepts in each place")
  func keyTableMatchesTheLoader() throws {
    let table = try Self.keyTable()
    #expect(Set(table.keys) == Set(Self.probes.keys), "the table's places")
    let known = try Self.knownKeys(besides: table)
    for (place, probe) in Self.probes.sorted(by: { $0.key < $1.key }) {
      // The probe itself loads, so a refusal can only be the key's.
      let plain = probe.template.replacingOccurrences(of: "@", with: "")
      #expect(Self.errors(loading: plain).isEmpty, "\(place): the probe loads")
      let accepted = Set(known.filter { Self.accepts($0, probe) })
      #expect(table[place] == accepted, "\(place)")
    }
    // The loader's own lists, which the error messages suggest from.
    #expect(table["the top level"] == Set(DescriptionDecoder.topKeys))
    let kinds: [String: ControllerKind] = [
      "a plain controller": .plain, "a navigation controller": .navigation,
      "a tab bar controller": .tabBar, "a split view controller": .split,
      "a page view controller": .page, "an alert controller": .alert,
    ]
    for (place, kind) in kinds {
      #expect(table[place] == Set(DescriptionDecoder.allowedKeys(for: kind)), "\(place)")
    }
    let steps = table.keys.filter { $0.hasPrefix("step `") }.map {
      String($0.dropFirst("step `".count).dropLast())
    }
    #expect(Set(steps) == Set(DescriptionDecoder.stepNames))
  }

  // MARK: - Semantics.md

  @Test("Semantics.md's S6 table lists every rule with its severity")
  func ruleTableMatchesTheRules() throws {
    let lines = try Self.read("Documentation/Semantics.md").components(separatedBy: "\n")
    let start = try #require(lines.firstIndex(of: "| rule | severity | what it catches |"))
    var rows: [String: String] = [:]
    for line in lines[(start + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " `"))
      }
      rows[cells[0]] = cells[1]
    }
    // The S6 rules are the hierarchy's: `lint`'s Swift-code rules are in Rules.md and Lint.md.
    let rules = Dictionary(
      uniqueKeysWithValues: Checker.rules.map { ($0.rule.rawValue, $0.rule.severity) })
    #expect(rows == rules.mapValues(\.rawValue))
  }
}
