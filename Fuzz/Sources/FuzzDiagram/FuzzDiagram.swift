import FuzzDriver
import FuzzSupport
import VCGraphCore
import VCGraphDiagram

/// One input, read as a description, a dump and a storyboard; whatever reads is analyzed, its
/// text reports checked for characters vcgraph never prints, and drawn: the diagram model, DOT
/// through GraphvizKit, Mermaid and Markdown (with and without collapsing), and the DOT laid
/// out by `dot` in a subprocess. Errors are the expected outcome of most inputs; a crash, a
/// hang, a sanitizer report or a broken promise (`fail`) is what counts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  for hierarchy in hierarchies(bytes) {
    guard let report = try? AnalysisReport(hierarchy) else { continue }
    requireSafe(report.text, "the analysis text")
    requireSafe(report.json.formatted(), "the analysis JSON")
    var options = DiagramOptions()
    let dot = draw(report, options: options)
    options.expandAll = true
    options.legend = false
    _ = draw(report, options: options)
    layOutWithDot(dot)
  }
  return 0
}

@_cdecl("FuzzDiagram_main")
public func fuzzDiagramMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  runFuzzer(argc, argv, fuzzOneInput)
}
