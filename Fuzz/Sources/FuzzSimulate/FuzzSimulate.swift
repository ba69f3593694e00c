import FuzzDriver
import FuzzSupport
import VCGraphCore
import VCGraphDiagram

/// The most steps simulated per input (the CLI's default limit is 1,000; the fuzzer's time
/// goes further on shapes than on length).
private let maxSteps = 40

/// One input read as a description; its `steps` are applied with UIKit's rules, and every
/// state is analyzed and drawn (the diagram model and its DOT, with the step's changes marked
/// as `simulate` marks them), and the summary's text and JSON checked for characters vcgraph
/// never prints. A refused step is an expected outcome; a crash, a hang, a sanitizer report or
/// a broken promise (`fail`) is what counts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  guard
    var hierarchy = try? DescriptionLoader(limits: fuzzLimits).load(bytes: bytes, path: "f.yaml"),
    !hierarchy.steps.isEmpty, hierarchy.steps.count <= maxSteps
  else { return 0 }
  hierarchy.requests = []
  let simulation = Simulator.run(hierarchy)
  if simulation.refusal != nil { return 0 }
  let report = SimulationReport(simulation, input: "f.yaml")
  requireSafe(report.text, "the simulation text")
  requireSafe(report.json.formatted(), "summary.json")
  if simulation.states.count != simulation.effects.count + 1 {
    fail("\(simulation.states.count) states for \(simulation.effects.count) steps")
  }
  for (n, state) in simulation.states.enumerated() {
    guard let analysis = try? AnalysisReport(state) else {
      fail("state \(n) of a simulation cannot be analyzed")
    }
    var options = DiagramOptions()
    if n > 0 {
      let effect = simulation.effects[n - 1]
      options.caption = "Step \(n) · \(effect.description)"
      options.removedIDs = effect.removed
    }
    _ = draw(analysis, options: options)
  }
  return 0
}

@_cdecl("FuzzSimulate_main")
public func fuzzSimulateMain(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  runFuzzer(argc, argv, fuzzOneInput)
}
