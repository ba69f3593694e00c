import Foundation
import Testing
import VCGraphBackends
import VCGraphDiagram

@testable import VCGraphCLI

/// `render` compares a drawing and its compact layout by the width their layouts give,
/// without rendering them (`LaidOutImage.svgWidth`), and reads the kept drawing's width from
/// its SVG: the two must agree, or a compact attempt would keep another drawing than the SVGs
/// say. Every sample, both ways; `VCGRAPH_WIDTH_CHECK_INPUTS=DIR` adds a folder's
/// descriptions (the benchmark's 200 batch files, see BENCHMARKS.md).
@Suite("Layout widths", .serialized)
struct LayoutWidthTests {
  static func inputs() -> [String] {
    var paths = sampleFiles().map(\.path)
    if let folder = ProcessInfo.processInfo.environment["VCGRAPH_WIDTH_CHECK_INPUTS"] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      paths += names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
    }
    return paths
  }

  @Test("the width from the layout is the SVG's, regular and compact, for every sample")
  func layoutWidthIsTheSVGs() throws {
    var compared = 0
    for path in Self.inputs() {
      let command = try RenderOptions.parse([path]).prepare(
        words: [path], console: Console.capturing(input: []).0, checkingRepeats: false)
      let report = try command.context.report(for: path)
      let options = command.options.drawing.diagramOptions(
        maxLabelLines: command.context.layoutLimits.maxLabelLines)
      let model = RenderCommand.diagram(of: report, options: options)
      var compact = model
      compact.stacksClusters = true
      for diagram in model.clusters.count > 1 ? [model, compact] : [model] {
        let laidOut = try ImageBackend.layOut(ImageGraph(diagram), engine: "dot", for: [.svg])
        let svg = try #require(try laidOut.render([.svg])[.svg]).data
        let read = try #require(ImageBackend.drawingWidth(svg: svg, png: nil), "\(path)")
        #expect(laidOut.svgWidth == read, "\(path) compact: \(diagram.stacksClusters)")
        compared += 1
      }
    }
    #expect(compared >= sampleFiles().count)
  }
}
