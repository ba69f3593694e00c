import Foundation
import GraphvizKit
import VCGraphCore
import VCGraphDiagram
import VCGraphGraphviz

/// `vcgraph simulate INPUT [-o DIR]`: applies the description's `steps` and writes one
/// diagram per state (`step-0.svg` is the state as described), `summary.json` and the review
/// page `index.html` into DIR; prints one line per step.
///
/// All steps are applied before anything is written. A step UIKit refuses is an error at its
/// position (exit 65) and nothing is written: the outputs of one run are a consistent set,
/// never a partial one mixed with files left by an earlier run.
struct SimulateCommand {
  let context: CommandContext

  func run() -> Int32 {
    do throws(VCGraphError) {
      let format = try context.arguments.choice("format", among: ["text", "json"]) ?? "text"
      let input = try context.inputs(atMostOne: true)[0]
      _ = try outputDirectory(for: input)
      var hierarchy = try context.loader.load(input).hierarchy
      guard !hierarchy.steps.isEmpty else {
        throw VCGraphError.data(
          "there are no `steps` to simulate", at: SourceLocation(path: input, line: 1, column: 1),
          hint: "add a `steps:` list (format.md, \"Steps\"); `vcgraph render` draws one state")
      }
      // The file's `analyze:` questions are about the state as described (`vcgraph analyze`
      // answers them); ids they name may be gone after a step.
      hierarchy.requests = []
      let simulation = Simulator.run(hierarchy)
      if let refusal = simulation.refusal {
        context.report(refusal)
        let applied = simulation.effects.count
        context.console.err(
          "note: step \(applied + 1) is refused; "
            + (applied == 0 ? "no step applies" : "steps 1–\(applied) apply")
            + "; nothing was written\n")
        return refusal.kind.rawValue
      }
      let report = SimulationReport(simulation, input: input)
      let svgs = try render(report)
      let directory = try createDirectory(outputDirectory(for: input))
      let writer = OutputWriter(inputs: [input])
      // Check every output path before writing any, so a refusal leaves nothing half-written.
      let names =
        svgs.indices.flatMap { n in
          [SimulationReport.diagramName(n)]
            + (context.arguments.has("png") ? ["step-\(n).png"] : [])
        } + ["summary.json", "index.html"]
      for name in names { try writer.checkNotInput(path(directory, name)) }
      for (n, svg) in svgs.enumerated() {
        try writer.write(svg.svg, to: path(directory, SimulationReport.diagramName(n)))
        if let png = svg.png { try writer.write(png, to: path(directory, "step-\(n).png")) }
      }
      try writer.write(
        Array((report.json.formatted() + "\n").utf8), to: path(directory, "summary.json"))
      let page = ReviewPage(
        report: report, diagrams: svgs.map(\.pageSVG), legends: svgs.map(\.legendSVG))
      try writer.write(Array(page.html.utf8), to: path(directory, "index.html"))
      if !context.arguments.has("quiet") {
        if format == "json" {
          context.console.out(report.json.formatted() + "\n")
        } else {
          context.console.out(report.text + "review page: \(path(directory, "index.html"))\n")
        }
      }
      return 0
    } catch {
      context.report(error)
      return error.kind.rawValue
    }
  }

  private func path(_ directory: String, _ name: String) -> String {
    (directory as NSString).appendingPathComponent(name)
  }

  /// `-o DIR`, else `NAME-simulation` in the current directory.
  private func outputDirectory(for input: String) throws(VCGraphError) -> String {
    let base =
      input == "-"
      ? "stdin" : ((input as NSString).lastPathComponent as NSString).deletingPathExtension
    let directory = context.arguments.value("output") ?? "\(base)-simulation"
    if directory == "-" {
      throw VCGraphError(
        .usage, "simulate writes a directory of files; -o - (standard output) is not possible",
        hint: "use --format json for the summary on standard output")
    }
    return directory
  }

  /// Creates the output directory when it is missing.
  private func createDirectory(_ directory: String) throws(VCGraphError) -> String {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw VCGraphError(.cantCreate, "\(directory): exists and is not a directory")
      }
      return directory
    }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw VCGraphError(
        .cantCreate,
        "\(directory): cannot create the output directory (\(error.localizedDescription))")
    }
    return directory
  }

  /// One state's drawings: the diagram file (with the legend, unless --no-legend), and for
  /// the review page the diagram without the legend plus the legend on its own, so the page
  /// can draw the hierarchy as large as its column allows.
  struct Drawing {
    var svg: [UInt8]
    var png: [UInt8]?
    var pageSVG: String
    var legendSVG: String?
  }

  /// One diagram per state, marking what the step that led to it changed.
  private func render(_ report: SimulationReport) throws(VCGraphError) -> [Drawing] {
    let simulation = report.simulation
    let engine = context.arguments.value("layout") ?? "dot"
    var formats: [OutputFormat] = [.svg]
    if context.arguments.has("png") { formats.append(.png) }
    let legend = !context.arguments.has("no-legend")
    var result: [Drawing] = []
    for (n, state) in simulation.states.enumerated() {
      var options = DiagramOptions()
      options.maxLabelLines = context.limits.maxLabelLines
      options.expandAll = context.arguments.has("expand-all")
      if n == 0 {
        let count = simulation.effects.count
        options.caption = "Initial state · \(count) step\(count == 1 ? "" : "s") follow"
      } else {
        let effect = simulation.effects[n - 1]
        options.caption = "Step \(n) of \(simulation.effects.count) · \(effect.description)"
        options.removedIDs = effect.removed
        options.changes = Self.changes(effect)
      }
      let analysis = try AnalysisReport(state)
      let full = GraphvizBackend().graph(
        DiagramBuilder(report: analysis, options: options).diagram())
      var bare = full
      bare.subgraphs.removeAll { $0.name == "cluster_legend" }
      let legendCluster = full.subgraphs.first { $0.name == "cluster_legend" }
      // The same label, size and time limits as `render`, through the shared drawing path.
      let file = try context.draw(
        legend ? full : bare, input: "\(report.input): state \(n)", engine: engine,
        formats: formats)
      let page = try context.draw(
        bare, input: "\(report.input): state \(n)", engine: engine, formats: [.svg])
      do {
        var legendSVG: String?
        if let legendCluster, legend {
          var graph = Graph(name: "legend")
          graph.attributes = full.attributes
          graph.attributes["label"] = nil
          graph.attributes["tooltip"] = .text("legend")
          // Left to right, the legend's one row of samples becomes a column that fits the
          // page's side panel.
          graph.attributes["rankdir"] = .raw("LR")
          graph.nodeDefaults = full.nodeDefaults
          graph.edgeDefaults = full.edgeDefaults
          graph.add(legendCluster)
          legendSVG = try Graphviz.render(graph, engine: "dot", format: .svg).text
        }
        result.append(
          Drawing(
            svg: file[.svg]!, png: file[.png],
            pageSVG: String(decoding: page[.svg]!, as: UTF8.self), legendSVG: legendSVG))
      } catch {
        throw VCGraphError(
          error.isUsageError ? .usage : .software,
          "\(report.input): state \(n): \(error.description)")
      }
    }
    return result
  }

  /// The badge of each changed controller; one per controller, the most telling first.
  static func changes(_ effect: StepEffect) -> [String: DiagramOptions.Change] {
    var changes: [String: DiagramOptions.Change] = [:]
    for id in effect.leftScreen { changes[id] = .leftScreen }
    for id in effect.newlyOnScreen { changes[id] = .newlyOnScreen }
    for id in effect.moved { changes[id] = .moved }
    for id in effect.added { changes[id] = .added }
    for id in effect.removed { changes[id] = nil }
    return changes
  }
}
