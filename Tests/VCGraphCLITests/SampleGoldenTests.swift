import Foundation
import GraphvizKit
import TestSupport
import Testing

/// Every sample's analysis, findings and diagram, pinned by golden files, and `Output/` kept
/// current. Graphviz work is serialized (the wrapper is safe anyway; this keeps timing sane).
@Suite(.serialized)
struct SampleGoldenTests {
  static let samples = sampleFiles()

  /// Relative paths in outputs keep goldens independent of the checkout's location.
  func relative(_ text: String) -> String {
    let root = repositoryRoot.path + "/"
    // SVG attributes spell "-" as "&#45;", so a checkout like /work/wt-text appears as that too.
    return text.replacingOccurrences(of: root, with: "")
      .replacingOccurrences(of: root.replacingOccurrences(of: "-", with: "&#45;"), with: "")
  }

  @Test func thereAreSamplesForTheSeedsAndRealApps() {
    let names = Self.samples.map(\.lastPathComponent)
    #expect(names.contains("000-top-view-controller.yaml"))
    #expect(names.contains("001-custom-tab-switcher.yaml"))
    #expect(names.contains("002-dismiss-multiple-levels.yaml"))
    #expect(names.count >= 6)
  }

  @Test(arguments: sampleFiles())
  func analysisMatchesGolden(sample: URL) throws {
    let result = runInProcess(["analyze", sample.path, "--format", "json"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let name = sample.deletingPathExtension().lastPathComponent
    try expectGolden(relative(result.stdout), "samples/\(name).json")
  }

  @Test(arguments: sampleFiles())
  func diagramMatchesGolden(sample: URL) throws {
    // DOT wraps long attribute values at a fixed width, so the input path is given relative
    // to the repository (as scripts/render-samples does) wherever the checkout lives.
    let name = sample.deletingPathExtension().lastPathComponent
    let result = try vcgraph(
      ["render", "Samples/\(sample.lastPathComponent)", "-f", "dot", "-o", "-"],
      cwd: repositoryRoot)
    #expect(result.exitCode == 0, "\(result.stderr)")
    try expectGolden(result.stdout, "samples/\(name).dot")
  }

  @Test func checkOverSamplesPrintsExactlyTheIntendedFindings() throws {
    let result = runInProcess([
      "check", repositoryRoot.appendingPathComponent("Samples").path, "--quiet",
    ])
    // The broken-switcher sample breaks the containment rules on purpose.
    #expect(result.exitCode == 1)
    try expectGolden(relative(result.stdout), "check-samples.txt")
  }

  /// The Graphviz version `scripts/render-samples` rendered `Output/` with.
  static let outputGraphvizVersion: String? =
    (try? String(
      contentsOf: repositoryRoot.appendingPathComponent("Output/graphviz-version.txt"),
      encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)

  @Test func outputRecordsTheGraphvizVersionItWasRenderedWith() {
    #expect(Self.outputGraphvizVersion?.isEmpty == false)
  }

  /// `Output/` holds the SVG and PNG of every sample exactly as vcgraph renders them now, on
  /// the Graphviz version that rendered it; on any other version the fresh SVG draws the same
  /// elements (every node, edge and cluster, by id and title) with numeric coordinates.
  @Test(arguments: sampleFiles())
  func outputIsCurrent(sample: URL) throws {
    let temporary = try TemporaryDirectory("output")
    let directory = temporary.url
    // Render from the repository root's relative path, as scripts/render-samples does.
    let result = runInProcess(["render", sample.path, "-o", directory.path, "-f", "svg,png"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let name = sample.deletingPathExtension().lastPathComponent
    let sameGraphviz = Self.outputGraphvizVersion == Graphviz.version
    for ext in ["svg", "png"] {
      let fresh = try Data(contentsOf: directory.appendingPathComponent("\(name).\(ext)"))
      let committed = try? Data(
        contentsOf: repositoryRoot.appendingPathComponent("Output/\(name).\(ext)"))
      var freshText = fresh
      var committedText = committed
      if ext == "svg" {
        // SVG carries the input path in tooltips; compare with paths made relative.
        freshText = Data(relative(String(decoding: fresh, as: UTF8.self)).utf8)
        committedText = committed.map { Data(relative(String(decoding: $0, as: UTF8.self)).utf8) }
      }
      if sameGraphviz {
        #expect(
          freshText == committedText,
          "Output/\(name).\(ext) is stale: run scripts/render-samples and commit Output/")
      } else if ext == "svg" {
        let freshSVG = String(decoding: fresh, as: UTF8.self)
        let committedSVG = String(decoding: committed ?? Data(), as: UTF8.self)
        #expect(SVGCheck.groupIDs(in: freshSVG) == SVGCheck.groupIDs(in: committedSVG))
        #expect(SVGCheck.titles(in: freshSVG) == SVGCheck.titles(in: committedSVG))
        #expect(SVGCheck.coordinateProblems(in: freshSVG).isEmpty)
      }
    }
  }
}
