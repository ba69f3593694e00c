import Foundation
import GraphvizKit
import VCGraphCore
import VCGraphDiagram
import VCGraphGraphviz

/// The options of `vcgraph simulate`.
struct SimulateOptions: CommandOptions {
  static let output = Option(
    "output", short: "o", value: "DIR", help: "directory to write into (default NAME-simulation)",
    parse: Parse.text)
  static let format = Option(
    "format", value: "FORMAT", help: "summary on stdout: text or json", default: TextOrJSON.text,
    parse: Parse.choice(TextOrJSON.self))
  static let png = Option(flag: "png", help: "also write step-N.png")
  static let steps = Option(
    "steps", value: "FILE",
    help: "steps to apply instead of the input's own (storyboards: perform)",
    parse: Parse.text)

  static let sections =
    [
      OptionSection(
        title: "options",
        options: [
          output.declaration, steps.declaration, format.declaration, png.declaration,
          SharedOptions.quiet.declaration,
        ])
    ] + DrawingOptions.sections + LimitOptions.sections + ClassOptions.sections
    + ReferenceOptions.sections

  var output: String?
  var format: TextOrJSON
  var png: Bool
  /// A steps file applied instead of the input's `steps`.
  var steps: String?
  var quiet: Bool
  var drawing: DrawingOptions
  var limits: LimitOptions
  var classes: ClassOptions
  var references: ReferenceOptions
  var storyboardFolders: [String] { references.folders }

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
    references = try ReferenceOptions(arguments)
    output = try arguments.value(of: Self.output)
    format = try arguments.value(of: Self.format)
    png = try arguments.value(of: Self.png)
    steps = try arguments.value(of: Self.steps)
    quiet = try arguments.value(of: SharedOptions.quiet)
    drawing = try DrawingOptions(arguments)
  }

  func validate() throws(VCGraphError) {
    if output == "-" {
      throw VCGraphError(
        .usage, "simulate writes a directory of files; -o - (standard output) is not possible",
        hint: "use --format json for the summary on standard output")
    }
  }
}

/// `vcgraph simulate INPUT [-o DIR]`: applies the description's `steps` and writes one
/// diagram per state (`step-0.svg` is the state as described), `summary.json` and the review
/// page `index.html` into DIR; prints one line per step.
///
/// All steps are applied before anything is written. A step UIKit refuses is an error at its
/// position (exit 65) and nothing is written: the outputs of one run are a consistent set,
/// never a partial one mixed with files left by an earlier run.
struct SimulateCommand: Subcommand {
  let options: SimulateOptions
  let context: CommandContext

  static let synopsis =
    "vcgraph simulate INPUT [-o DIR] [--steps FILE] [--format text|json] [--layout ENGINE]"
  static let summary = """
    Applies the description's `steps` (or those of --steps FILE; for a storyboard, whose
    steps may `perform` its segues) in order with UIKit's rules and writes into DIR:
    step-0.svg (the state as described) ... step-N.svg, all on one layout, each marking what
    its step added, removed, moved or brought on screen and the top view controller;
    summary.json; and index.html, a self-contained review page (open index.html#step-3 for
    step 3, #compare-2-5 for steps 2 and 5 side by side; arrow keys or j/k step through, +
    and - zoom). Prints one line per step. A step UIKit refuses is an error at its position
    (exit 65) and nothing is written.
    """

  func run() -> Int32 {
    do throws(VCGraphError) {
      let input = try context.inputs(atMostOne: true)[0]
      let loaded = try context.load(input)
      var hierarchy = loaded.hierarchy
      if let steps = options.steps {
        let loader = DescriptionLoader(
          limits: options.limits.input, declaredKinds: options.classes.declaredKinds)
        hierarchy.steps = try loader.loadSteps(
          bytes: context.loader.readSource(steps), path: steps, for: hierarchy)
      }
      guard !hierarchy.steps.isEmpty else {
        throw VCGraphError.data(
          "there are no `steps` to simulate",
          at: SourceLocation(path: options.steps ?? input, line: 1, column: 1),
          hint: loaded.storyboard == nil
            ? "add a `steps:` list (format.md, \"Steps\"); `vcgraph render` draws one state"
            : "give a steps file with --steps FILE (its steps may `perform` segues)")
      }
      // The file's `analyze:` questions are about the state as described (`vcgraph analyze`
      // answers them); ids they name may be gone after a step.
      hierarchy.requests = []
      let simulation = Simulator.run(hierarchy, storyboard: loaded.storyboard)
      if let refusal = simulation.refusal {
        context.report(refusal)
        let applied = simulation.effects.count
        if options.format == .json {
          context.console.out(
            SimulationReport(simulation, input: input).refusalJSON.formatted() + "\n")
        }
        context.console.err(
          "note: step \(applied + 1) is refused; "
            + (applied == 0 ? "no step applies" : "steps 1–\(applied) apply")
            + "; nothing was written\n")
        return refusal.exitCode
      }
      let report = SimulationReport(simulation, input: input)
      let svgs = try render(report)
      let directory = try createDirectory(outputDirectory(for: input))
      let writer = OutputWriter(inputs: [input] + (options.steps.map { [$0] } ?? []))
      // Check every output path before writing any, so a refusal leaves nothing half-written.
      let names =
        svgs.indices.flatMap { n in
          [SimulationReport.diagramName(n)]
            + (options.png ? ["step-\(n).png"] : [])
        } + ["summary.json", "index.html"]
      for name in names { try writer.checkNotInput(path(directory, name)) }
      for (n, svg) in svgs.enumerated() {
        try writer.write(svg.svg, to: path(directory, SimulationReport.diagramName(n)))
        if let png = svg.png { try writer.write(png, to: path(directory, "step-\(n).png")) }
      }
      try writer.write(
        Array((report.json.formatted() + "\n").utf8), to: path(directory, "summary.json"))
      let page = ReviewPage(
        report: report, diagrams: svgs.map(\.pageSVG), legends: svgs.map(\.legendSVG),
        pngs: options.png)
      try writer.write(Array(page.html.utf8), to: path(directory, "index.html"))
      if !options.quiet {
        if options.format == .json {
          context.console.out(report.json.formatted() + "\n")
        } else {
          context.console.out(report.text + "review page: \(path(directory, "index.html"))\n")
        }
      }
      return ExitCode.success
    } catch {
      context.report(error)
      return error.exitCode
    }
  }

  private func path(_ directory: String, _ name: String) -> String {
    (directory as NSString).appendingPathComponent(name)
  }

  /// `-o DIR`, else `NAME-simulation` in the current directory.
  private func outputDirectory(for input: String) -> String {
    let base =
      input == "-"
      ? "stdin" : ((input as NSString).lastPathComponent as NSString).deletingPathExtension
    return options.output ?? "\(base)-simulation"
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

  /// One diagram per state, marking what the step that led to it changed, all drawn on one
  /// layout (`StableLayout`): a controller keeps its place from step to step.
  private func render(_ report: SimulationReport) throws(VCGraphError) -> [Drawing] {
    let simulation = report.simulation
    var formats: [OutputFormat] = [.svg]
    if options.png { formats.append(.png) }
    let legend = options.drawing.legend
    let states = try simulation.states.indices.map { n throws(VCGraphError) in
      try stateGraph(report, n)
    }
    let layout = try stableLayout(states.map(\.graph), input: report.input)
    let theme = options.drawing.theme
    var result: [Drawing] = []
    for (n, (model, full)) in states.enumerated() {
      let input = "\(report.input): state \(n)"
      let ghosts = Self.ghosts(simulation, n)
      // The same label, size and time limits as `render`, through the shared drawing path;
      // `nop2` draws at the positions the stable layout gives.
      let file = try context.draw(
        layout.graph(n, ghosts: ghosts, theme: theme, dropOptional: !legend), input: input,
        engine: StableLayout.engine, formats: formats)
      let page = try context.draw(
        layout.graph(n, ghosts: ghosts, theme: theme, dropOptional: true), input: input,
        engine: StableLayout.engine, formats: [.svg])
      do {
        var legendSVG: String?
        if let legendCluster = full.subgraphs.first(where: { $0.name == "cluster_legend" }), legend
        {
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
            svg: SVGMetadata(model).applied(to: file[.svg]!), png: file[.png],
            pageSVG: String(decoding: page[.svg]!, as: UTF8.self), legendSVG: legendSVG))
      } catch {
        throw VCGraphError(
          error.isUsageError ? .usage : .software, "\(input): \(error.description)")
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
