import ArgumentParser
import Foundation
import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

/// `vcgraph simulate`: its options.
struct SimulateOptions: ReadsDescriptions {
  typealias Runner = SimulateCommand

  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "apply a description's steps: one diagram per state and a review page",
    discussion: """
      Applies the description's `steps` (or those of --steps FILE; for a storyboard, whose \
      steps may `perform` its segues) in order with UIKit's rules and writes into DIR: \
      step-0.svg (the state as described) ... step-N.svg, all on one layout, each marking what \
      its step added, removed, moved or brought on screen and the top view controller; \
      summary.json; and index.html, a self-contained review page (open index.html#step-3 for \
      step 3, #compare-2-5 for steps 2 and 5 side by side; arrow keys or j/k step through, + \
      and - zoom). Prints one line per step. A step UIKit refuses is an error at its position \
      (exit 65) and nothing is written.
      """)

  @Argument(
    help: ArgumentHelp("a description or storyboard, or - for standard input", valueName: "input"))
  var inputs: [String] = []

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("directory to write into (default NAME-simulation)", valueName: "dir"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "steps to apply instead of the input's own (storyboards: perform)", valueName: "file"))
  var steps: String?

  @Option(help: "summary on stdout: text or json")
  var format = TextOrJSON.text

  @Flag(help: "also write step-N.png")
  var png = false

  /// Refuse the whole run at a step UIKit ignores or raises on.
  @Flag(help: "refuse the run at a step UIKit ignores or raises on")
  var strict = false

  @OptionGroup var quietOption: QuietOption

  @OptionGroup(title: "simulation limits") var simulation: SimulationLimitOptions
  @OptionGroup(title: StyleOptions.title) var style: StyleOptions
  @OptionGroup(title: StyleOptions.title) var details: DetailOptions
  @OptionGroup(title: LayoutLimitOptions.title) var layout: LayoutLimitOptions
  @OptionGroup(title: LimitOptions.title) var limits: LimitOptions
  @OptionGroup(title: ClassOptions.title) var classes: ClassOptions
  @OptionGroup(title: ReferenceOptions.title) var references: ReferenceOptions
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions

  var quiet: Bool { quietOption.quiet }
  var maxSteps: Int { simulation.maxSteps }
  var maxOutputBytes: Int { simulation.maxOutputBytes }
  var drawing: Drawing { Drawing(style: style, details: details) }

  var layoutLimits: LayoutLimits {
    LayoutLimits(
      maxLabelLines: limits.maxLabelLines, maxLayoutNodes: layout.maxLayoutNodes,
      layoutTimeout: layout.layoutTimeout, expandAll: drawing.expandAll)
  }

  func validate() throws {
    if output == "-" {
      throw ValidationError(
        "simulate writes a directory of files; -o - (standard output) is not possible (use"
          + " --format json for the summary on standard output)")
    }
  }
}

/// How much one simulation may do.
struct SimulationLimitOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp("most steps simulated (default 1000)", valueName: "n"),
    transform: Parse.option(Parse.positiveInt))
  var maxSteps = 1_000

  @Option(
    help: ArgumentHelp(
      "most bytes written, all files together (default \(256 << 20))", valueName: "n"),
    transform: Parse.option(Parse.positiveInt))
  var maxOutputBytes = 256 << 20
}

/// `vcgraph simulate INPUT [-o DIR]`: applies the description's `steps` and writes one
/// diagram per state (`step-0.svg` is the state as described), `summary.json` and the review
/// page `index.html` into DIR; prints one line per step.
///
/// All steps are applied before anything is written. A step UIKit ignores with a warning is a
/// frame that changes nothing; a step UIKit raises on ends the run at its frame (exit 1, the
/// frames so far written). With `--strict`, or for a step wrong for another reason, the step
/// is an error at its position (exit 65) and nothing is written: the outputs of one run are a
/// consistent set, never a partial one mixed with files left by an earlier run.
struct SimulateCommand: Subcommand {
  let options: SimulateOptions
  let context: CommandContext

  func run() -> Int32 {
    do throws(VCGraphError) {
      try LayoutEngines.check(options.drawing.engine)
      let input = try context.inputs(atMostOne: true)[0]
      let loaded = try context.load(input)
      var hierarchy = loaded.hierarchy
      if let steps = options.steps {
        let loader = DescriptionLoader(
          limits: options.inputLimits, declaredKinds: options.declaredKinds)
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
      if hierarchy.steps.count > options.maxSteps {
        throw VCGraphError.data(
          "the file has \(hierarchy.steps.count) steps, more than the limit of"
            + " \(options.maxSteps) steps", at: hierarchy.steps[options.maxSteps].location,
          hint: "raise it with --max-steps, or split the steps"
            + " into several files")
      }
      let directory = DirectoryReplacement(path: outputDirectory(for: input), command: "simulate")
      try directory.check(inputs: [input] + (options.steps.map { [$0] } ?? []))
      // The file's `analyze:` questions are about the state as described (`vcgraph analyze`
      // answers them); ids they name may be gone after a step.
      hierarchy.requests = []
      let simulation = Simulator.run(
        hierarchy, storyboard: loaded.storyboard, strict: options.strict)
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
      var budget = OutputBudget(limit: options.maxOutputBytes, input: input)
      let svgs = try render(report, budget: &budget)
      var files: [(name: String, bytes: [UInt8])] = []
      for (n, svg) in svgs.enumerated() {
        files.append((SimulationReport.diagramName(n), svg.svg))
        if let png = svg.png { files.append(("step-\(n).png", png)) }
      }
      files.append(("summary.json", Array((report.json.formatted() + "\n").utf8)))
      let page = ReviewPage(
        report: report, diagrams: svgs.map(\.pageSVG), legends: svgs.map(\.legendSVG),
        pngs: options.png, generator: "vcgraph \(VCGraphCommandLine.version)")
      files.append(("index.html", Array(page.html.utf8)))
      // The page's diagrams were counted with their states.
      let pageDiagrams = svgs.reduce(0) {
        $0 + $1.pageSVG.utf8.count + ($1.legendSVG?.utf8.count ?? 0)
      }
      try budget.add(
        files[files.count - 2].bytes.count + max(0, page.html.utf8.count - pageDiagrams),
        step: nil)
      // Every file is written into a fresh directory that then replaces the old one whole.
      try directory.replace(with: files)
      if let exception = simulation.exception {
        context.report(exception)
        context.console.err(
          "note: UIKit raises at step \(simulation.effects.count); the run ends at its frame;"
            + " steps 1–\(simulation.effects.count - 1) apply\n")
      }
      if !options.quiet {
        if options.format == .json {
          context.console.out(report.json.formatted() + "\n")
        } else {
          context.console.out(
            report.text
              + ControlCharacters.escaped("review page: \(path(directory.path, "index.html"))")
              + "\n")
        }
      }
      // A step UIKit raises on ends the app: the run is written, and says so in its status.
      return simulation.exception == nil ? ExitCode.success : ExitCode.findings
    } catch {
      context.report(error)
      return error.exitCode
    }
  }

  /// The bytes a run may write, counted as its files are made, so a run over the limit stops
  /// before it has drawn (or written) everything.
  struct OutputBudget {
    let limit: Int
    let input: String
    private(set) var used = 0

    init(limit: Int, input: String) {
      self.limit = limit
      self.input = input
    }

    mutating func add(_ bytes: Int, step: Int?) throws(VCGraphError) {
      used += bytes
      guard used > limit else { return }
      throw VCGraphError(
        .dataError,
        "\(input): the simulation's files would be more than the limit of \(limit) bytes"
          + (step.map { " (by step \($0))" } ?? ""),
        hint: "raise it with --max-output-bytes, or split the"
          + " steps into several files")
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
  /// layout (`ImageLayout`): a controller keeps its place from step to step.
  private func render(
    _ report: SimulationReport, budget: inout OutputBudget
  ) throws(VCGraphError) -> [Drawing] {
    let simulation = report.simulation
    var formats: [ImageFormat] = [.svg]
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
        engine: ImageLayout.engine, formats: formats)
      let page = try context.draw(
        layout.graph(n, ghosts: ghosts, theme: theme, dropOptional: true), input: input,
        engine: ImageLayout.engine, formats: [.svg])
      var legendSVG: String?
      do {
        // The legend on its own, a column that fits the page's side panel.
        if legend { legendSVG = try ImageBackend.legendSVG(of: full) }
      } catch {
        throw VCGraphError.drawing(error, input: input)
      }
      let drawing = Drawing(
        svg: ImageBackend.svg(file.outputs[.svg]!, describing: model), png: file.outputs[.png],
        pageSVG: String(decoding: page.outputs[.svg]!, as: UTF8.self), legendSVG: legendSVG)
      try budget.add(
        drawing.svg.count + (drawing.png?.count ?? 0) + drawing.pageSVG.utf8.count
          + (legendSVG?.utf8.count ?? 0), step: n)
      result.append(drawing)
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
