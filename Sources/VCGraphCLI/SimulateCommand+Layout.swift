import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

/// `simulate`'s diagrams: each state's graph, and one layout for all of them.
extension SimulateCommand {
  /// The diagram of state `n` and its graph (with the legend), marking what the step that led
  /// to it changed.
  func stateGraph(
    _ report: SimulationReport, _ n: Int
  ) throws(VCGraphError) -> (model: Diagram, graph: ImageGraph) {
    let simulation = report.simulation
    var diagram = options.drawing.diagramOptions(
      maxLabelLines: context.layoutLimits.maxLabelLines)
    if n == 0 {
      let count = simulation.effects.count
      diagram.caption = "Initial state · \(count) step\(count == 1 ? "" : "s") follow"
    } else {
      let effect = simulation.effects[n - 1]
      diagram.caption = "Step \(n) of \(simulation.effects.count) · \(effect.description)"
      diagram.removedIDs = effect.removed
      diagram.changes = Self.changes(effect)
    }
    let analysis = try AnalysisReport(simulation.states[n])
    let model = DiagramBuilder(report: analysis, options: diagram).diagram()
    return (model, ImageGraph(model))
  }

  /// One layout for every state (`ImageLayout`), laid out under the same label and size
  /// limits as any diagram.
  func stableLayout(_ graphs: [ImageGraph], input: String) throws(VCGraphError) -> ImageLayout {
    try Self.stableLayout(graphs, engine: options.drawing.engine, context: context, input: input)
  }

  /// `graphs` laid out together with `engine`, each layout checked against the context's
  /// layout limits and stopped at its time limit (which ends the process, as for a single
  /// diagram: nothing has been written yet).
  static func stableLayout(
    _ graphs: [ImageGraph], engine: String, context: CommandContext, input: String
  ) throws(VCGraphError) -> ImageLayout {
    let limits = context.layoutLimits
    do {
      return try ImageLayout(states: graphs, engine: engine) { graph, engine in
        try limits.checkLabels(of: graph, input: input)
        let size = LayoutMeasure.size(of: graph)
        if size > limits.maxLayoutNodes {
          throw VCGraphError(
            .dataError,
            "\(input): the diagrams drawn together have \(size) nodes and edges, more than the"
              + " layout limit of \(limits.maxLayoutNodes)",
            hint: "raise it with --max-layout-nodes"
              + (limits.expandAll
                ? ", or leave out --expand-all so off-screen subtrees collapse" : ""))
        }
        let timeout = VCGraphError(
          .dataError,
          "\(input): laying out the diagrams drawn together (\(size) nodes and edges) took"
            + " longer than the limit of \(LayoutLimits.format(limits.layoutTimeout)) seconds"
            + " and was stopped",
          hint: "raise it with --layout-timeout")
        return try context.guarded(
          input: input, timeout: timeout, seconds: limits.layoutTimeout
        ) { () throws(ImageBackendError) in
          try ImageBackend.layoutJSON(graph, engine: engine)
        }
      }
    } catch let error as VCGraphError {
      throw error
    } catch let error as ImageBackendError {
      throw VCGraphError.drawing(error, input: input)
    } catch {
      throw VCGraphError(.software, "\(input): the shared layout could not be read (\(error))")
    }
  }

  /// The controllers step `n` removed, drawn ghosted where they were.
  static func ghosts(_ simulation: Simulation, _ n: Int) -> [ImageLayout.Ghost] {
    guard n > 0 else { return [] }
    let before = simulation.states[n - 1]
    return simulation.effects[n - 1].removed.compactMap { id in
      guard let index = before.controller(id: id) else { return nil }
      let className = before.controllers[index].className
      return ImageLayout.Ghost(
        controller: id, label: "\(className)\n\(id)\n✕ removed", id: "removed-\(id)",
        tooltip: "\(className) \(id)\nremoved by step \(n)")
    }
  }
}
