import Foundation
import TestSupport
import Testing

/// The command line draws through the backends' facade and names no Graphviz module
/// (issue #27, `Documentation/Architecture.md`): no file of `VCGraphCLI` imports GraphvizKit,
/// VCGraphGraphviz or CGraphviz, none builds a backend's node id or declares a name that says
/// Graphviz, and the manifest gives `VCGraphCLI` none of them as a dependency.
@Suite struct ModuleBoundaryTests {
  /// The modules only the backends may use.
  static let graphvizModules: Set = ["GraphvizKit", "VCGraphGraphviz", "CGraphviz"]

  /// The modules `text` imports, in any form Swift accepts: `import M`, `@testable import M`,
  /// `internal import M`, `@_implementationOnly import M`, `import struct M.T`.
  static func imports(in text: String) -> [String] {
    let attributes = #"(?:@[A-Za-z_]+[ \t]+)*"#
    let access = #"(?:(?:public|package|internal|fileprivate|private)[ \t]+)?"#
    let kind = #"(?:(?:typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?"#
    let pattern = try! Regex(
      #"^[ \t]*"# + attributes + access + #"import[ \t]+"# + kind + #"([A-Za-z_][A-Za-z_0-9]*)"#,
      as: (Substring, Substring).self
    ).anchorsMatchLineEndings()
    return text.matches(of: pattern).map { String($0.1) }
  }

  /// Every Swift file under `Sources/<target>/`, relative to the repository root.
  static func files(of target: String) -> [String] {
    let folder = repositoryRoot.appendingPathComponent("Sources/\(target)")
    return (FileManager.default.subpaths(atPath: folder.path) ?? [])
      .filter { $0.hasSuffix(".swift") }.map { "Sources/\(target)/" + $0 }.sorted()
  }

  private static func text(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("the import scan sees every form of import")
  func importScanSeesEveryForm() {
    let text = """
      import Foundation
      @testable import GraphvizKit
        internal import VCGraphGraphviz
      @_implementationOnly import CGraphviz
      import struct GraphvizKit.Graph
      // import VCGraphGraphviz (a comment)
      let note = "import GraphvizKit"
      """
    #expect(
      Self.imports(in: text)
        == ["Foundation", "GraphvizKit", "VCGraphGraphviz", "CGraphviz", "GraphvizKit"])
  }

  @Test("no file of the command line imports a Graphviz module")
  func commandLineImportsNoGraphvizModule() throws {
    let files = Self.files(of: "VCGraphCLI")
    #expect(files.count > 30, "found \(files.count) Swift files under Sources/VCGraphCLI/")
    var offenders: [String] = []
    for path in files {
      for module in Self.imports(in: try Self.text(path))
      where Self.graphvizModules.contains(module) {
        offenders.append("\(path): import \(module)")
      }
    }
    #expect(
      offenders.isEmpty,
      """
      the command line draws through VCGraphBackends' ImageBackend:
      \(offenders.joined(separator: "\n"))
      """)
  }

  /// A node's id is the backend's (`GraphvizBackend.nodeID(ofController:)`, which
  /// `ImageLayout.Ghost` asks): the command line never spells it.
  @Test("the command line builds no backend node id")
  func commandLineBuildsNoNodeID() throws {
    var offenders: [String] = []
    for path in Self.files(of: "VCGraphCLI") {
      for (number, line) in try Self.text(path).split(separator: "\n").enumerated()
      where line.contains("\"vc-\\(") {
        offenders.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }

  /// The names `text` declares (`case`, `func`, `var`, `let`, a type) that say "Graphviz", in
  /// code (not in comments): the command line's concepts are an image and its layout.
  static func graphvizDeclarations(in text: String) -> [String] {
    let pattern = try! Regex(
      #"\b(?:case|func|var|let|enum|struct|class|protocol|typealias)[ \t]+"#
        + #"([A-Za-z_0-9]*[Gg]raphviz[A-Za-z_0-9]*)"#,
      as: (Substring, Substring).self)
    return text.split(separator: "\n").flatMap { line in
      let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
      return code.matches(of: pattern).map { String($0.1) }
    }
  }

  @Test("the declaration scan finds a name that says Graphviz in code only")
  func declarationScanFindsGraphvizNames() {
    let text = """
      var graphviz: ImageFormat? { nil }
        static func graphvizFailure() {}
      enum GraphvizThing {}
      let image = 1  // let graphviz = 2
      /// case graphviz
      """
    #expect(
      Self.graphvizDeclarations(in: text) == ["graphviz", "graphvizFailure", "GraphvizThing"])
  }

  /// `RenderFormat.graphviz`, `VCGraphError.graphviz` and `GraphvizFailures.swift` were the
  /// last of the CLI's own names for the backend (issue #27): its messages may say Graphviz
  /// (users have it installed), its files and declarations do not.
  @Test("the command line declares no name and has no file that says Graphviz")
  func commandLineNamesNoGraphviz() throws {
    var offenders: [String] = []
    for path in Self.files(of: "VCGraphCLI") {
      if path.lowercased().contains("graphviz") { offenders.append(path) }
      for name in Self.graphvizDeclarations(in: try Self.text(path)) {
        offenders.append("\(path): \(name)")
      }
    }
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }

  /// The manifest as SwiftPM reads it (`swift package dump-package`): `VCGraphCLI` depends on
  /// no Graphviz module, and the modules below the backends reach none through their
  /// dependencies.
  @Test(.enabled(if: ExecutableSearch.first("swift") != nil, "needs swift on PATH"))
  func manifestKeepsGraphvizBehindTheBackends() throws {
    let swift = try #require(ExecutableSearch.first("swift"))
    // A scratch path of its own: the package's `.build` is locked while `swift test` runs.
    let scratch = try TemporaryDirectory("dump-package")
    let run = try runTool(
      swift,
      [
        "package", "--package-path", repositoryRoot.path, "--scratch-path", scratch.url.path,
        "dump-package",
      ], timeout: 300)
    try #require(run.exitCode == 0, "\(run.stderr)")
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let targets = try #require(manifest["targets"] as? [[String: Any]])
    var dependencies: [String: [String]] = [:]
    for target in targets {
      guard let name = target["name"] as? String else { continue }
      dependencies[name] = Self.dependencyNames(target["dependencies"])
    }
    let cli = try #require(dependencies["VCGraphCLI"], "no VCGraphCLI target")
    #expect(cli.contains("VCGraphBackends"), "\(cli)")
    #expect(
      Self.graphvizModules.intersection(cli).isEmpty,
      "VCGraphCLI depends on \(Self.graphvizModules.intersection(cli).sorted()) directly")
    func closure(_ name: String) -> Set<String> {
      var seen: Set<String> = []
      var next = [name]
      while let target = next.popLast() {
        for dependency in dependencies[target] ?? [] where seen.insert(dependency).inserted {
          next.append(dependency)
        }
      }
      return seen
    }
    for target in ["VCGraphCore", "VCGraphDiagram"] {
      #expect(
        Self.graphvizModules.intersection(closure(target)).isEmpty,
        "\(target) reaches \(Self.graphvizModules.intersection(closure(target)).sorted())")
    }
    // The way down from the command line to Graphviz is through the backends.
    #expect(closure("VCGraphBackends").isSuperset(of: ["VCGraphGraphviz", "GraphvizKit"]))
  }

  /// The names of a target's dependencies in `dump-package`'s JSON: `{"byName": [NAME, …]}`,
  /// `{"target": [NAME, …]}` or `{"product": [NAME, PACKAGE, …]}`.
  static func dependencyNames(_ value: Any?) -> [String] {
    (value as? [[String: Any]] ?? []).compactMap { dependency in
      for key in ["byName", "target", "product"] {
        if let fields = dependency[key] as? [Any], let name = fields.first as? String {
          return name
        }
      }
      return nil
    }
  }
}
