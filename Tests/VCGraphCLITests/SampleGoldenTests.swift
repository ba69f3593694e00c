import Foundation
import GraphvizKit
import TestSupport
import Testing

/// Every sample's analysis, findings and diagram, pinned by golden files, and `Output/` kept
/// current. Graphviz work is serialized (the wrapper is safe anyway; this keeps timing sane).
@Suite(.serialized)
struct SampleGoldenTests {
  static let samples = sampleFiles()

  @Test func thereAreSamplesForTheSeedsAndRealApps() {
    let names = Self.samples.map(\.lastPathComponent)
    #expect(names.contains("000-top-view-controller.yaml"))
    #expect(names.contains("001-custom-tab-switcher.yaml"))
    #expect(names.contains("002-dismiss-multiple-levels.yaml"))
    #expect(names.count >= 6)
  }

  @Test(arguments: sampleFiles())
  func analysisMatchesGolden(sample: URL) throws {
    // `analyze` names the input as given: relative to the repository, as CI would run it.
    let result = try vcgraph(
      ["analyze", "Samples/\(sample.lastPathComponent)", "--format", "json"], cwd: repositoryRoot)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let name = sample.deletingPathExtension().lastPathComponent
    try expectGolden(result.stdout, "samples/\(name).json")
  }

  @Test(arguments: sampleFiles())
  func diagramMatchesGolden(sample: URL) throws {
    // The DOT names the input by its file name only, so the absolute path of wherever the
    // checkout lives gives the golden's bytes.
    let name = sample.deletingPathExtension().lastPathComponent
    let result = try vcgraph(["render", sample.path, "-f", "dot", "-o", "-"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    try expectGolden(result.stdout, "samples/\(name).dot")
  }

  @Test func checkOverSamplesPrintsExactlyTheIntendedFindings() throws {
    // `check` reports paths as given: relative to the repository, as CI would run it.
    let result = try vcgraph(["check", "Samples", "--quiet"], cwd: repositoryRoot)
    // The broken-switcher sample breaks the containment rules on purpose.
    #expect(result.exitCode == 1)
    try expectGolden(result.stdout, "check-samples.txt")
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
    let result = runInProcess(["render", sample.path, "-o", directory.path, "-f", "svg,png"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let name = sample.deletingPathExtension().lastPathComponent
    let sameGraphviz = Self.outputGraphvizVersion == Graphviz.version
    for ext in ["svg", "png"] {
      let fresh = try Data(contentsOf: directory.appendingPathComponent("\(name).\(ext)"))
      let committed = try? Data(
        contentsOf: repositoryRoot.appendingPathComponent("Output/\(name).\(ext)"))
      if sameGraphviz {
        // No output carries the input's path, so the bytes are the same from any checkout.
        #expect(
          fresh == committed,
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
