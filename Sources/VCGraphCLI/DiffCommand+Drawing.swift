import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

extension DiffCommand {
  /// AFTER's graph drawn on one layout with BEFORE's (`ImageLayout`), with BEFORE's removed
  /// controllers ghosted where they were. BEFORE's controllers take their AFTER counterparts'
  /// ids first, so the two drawings know a paired controller by one id.
  func ghosted(
    _ diff: HierarchyDiff, after: ImageGraph, input: String
  ) throws(VCGraphError) -> ImageGraph {
    var before = diff.before.hierarchy
    before.requests = []
    let afterIDs = Set(diff.after.hierarchy.controllers.map(\.id))
    var names: [String] = []
    var used = Set<String>()
    for (index, controller) in before.controllers.enumerated() {
      var name =
        diff.matching.afterOf[index].map { diff.after.hierarchy.controllers[$0].id }
        ?? controller.id
      // A removed controller whose id AFTER gives another controller gets an id of its own.
      if diff.matching.afterOf[index] == nil {
        var number = 1
        let base = name
        while afterIDs.contains(name) || used.contains(name) {
          name = "\(base) (before \(number))"
          number += 1
        }
      }
      used.insert(name)
      names.append(name)
    }
    // Two passes, so no id is taken while another still has it.
    for index in before.controllers.indices { before.rename(index, to: "\u{1}\(index)") }
    for (index, name) in names.enumerated() { before.rename(index, to: name) }
    let options = options.drawing.diagramOptions(
      maxLabelLines: context.layoutLimits.maxLabelLines)
    let model = DiagramBuilder(report: try AnalysisReport(before), options: options).diagram()
    var ghosts: [ImageLayout.Ghost] = []
    for (index, controller) in diff.before.hierarchy.controllers.enumerated()
    where diff.matching.afterOf[index] == nil {
      ghosts.append(
        ImageLayout.Ghost(
          controller: names[index],
          label: "\(controller.className)\n\(controller.id)\n✕ removed",
          id: "removed-\(controller.id)",
          tooltip: "\(controller.className) \(controller.id)\nremoved"))
    }
    let layout = try SimulateCommand.stableLayout(
      [ImageGraph(model), after], engine: self.options.drawing.engine,
      context: context, input: input)
    return layout.graph(
      1, ghosts: ghosts, theme: self.options.drawing.theme,
      dropOptional: !self.options.drawing.legend)
  }
}
