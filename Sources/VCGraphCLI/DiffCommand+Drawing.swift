import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

extension DiffCommand {
  /// AFTER's graph drawn on one layout with BEFORE's (`ImageLayout`), with BEFORE's removed
  /// controllers ghosted where they were. BEFORE's controllers take their AFTER counterparts'
  /// ids first, so the two drawings know a paired controller by one id. With `--focus`
  /// (`selection`, of AFTER), BEFORE draws the controllers paired with those AFTER draws and
  /// the removed ones whose parent or presenter is among them, and only those are ghosted.
  func ghosted(
    _ diff: HierarchyDiff, after: ImageGraph, selection: DiagramSelection?, input: String
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
    var options = options.drawing.diagramOptions(
      maxLabelLines: context.layoutLimits.maxLabelLines)
    let beforeReport = try AnalysisReport(before)
    var drawn: Set<Int>?
    if let selection {
      let controllers = diff.before.hierarchy.controllers
      var paired = Set(
        controllers.indices.filter {
          diff.matching.afterOf[$0].map(selection.controllers.contains) ?? false
        })
      for index in controllers.indices where diff.matching.afterOf[index] == nil {
        let holder =
          controllers[index].parent ?? beforeReport.analysis.presentation.presenter[index]
        if let holder, paired.contains(holder) { paired.insert(index) }
      }
      drawn = paired
      options.selection = DiagramSelection(
        controllers: paired, label: selection.label, slug: selection.slug)
    }
    let model = DiagramBuilder(report: beforeReport, options: options).diagram()
    var ghosts: [ImageLayout.Ghost] = []
    for (index, controller) in diff.before.hierarchy.controllers.enumerated()
    where diff.matching.afterOf[index] == nil && drawn?.contains(index) ?? true {
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
