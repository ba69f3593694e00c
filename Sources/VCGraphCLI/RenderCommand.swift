import Foundation
import GraphvizKit
import VCGraphBackends
import VCGraphCore
import VCGraphDiagram
import VCGraphGraphviz

/// The formats `render` writes. A text backend (Mermaid, Markdown, ...) is one case here and
/// its `textBackend`.
enum RenderFormat: String, CaseIterable {
  case svg, png, pdf, dot, json, mermaid, md

  /// The format named `name` on the command line: its name or its file extension.
  init?(name: String) {
    let name = name.lowercased()
    guard
      let format = Self.allCases.first(where: { $0.rawValue == name || $0.fileExtension == name })
    else { return nil }
    self = format
  }

  /// The extension of its files.
  var fileExtension: String { self == .mermaid ? "mmd" : rawValue }

  var graphviz: OutputFormat? {
    switch self {
    case .svg: .svg
    case .png: .png
    case .pdf: .pdf
    case .dot: .dot
    case .json, .mermaid, .md: nil
    }
  }

  /// The backend that writes this format as text; `image` is the file a Markdown page shows
  /// instead of its Mermaid block.
  func textBackend(image: String?) -> (any DiagramTextBackend)? {
    switch self {
    case .mermaid: MermaidBackend()
    case .md: MarkdownBackend(image: image)
    case .svg, .png, .pdf, .dot, .json: nil
    }
  }
}

extension RenderFormat {
  /// `-f svg,png`: formats named once each, in the order given.
  static let list: OptionParser<[RenderFormat]> = { text, _ throws(VCGraphError) in
    var formats: [RenderFormat] = []
    for name in text.split(separator: ",").map(String.init) {
      guard let format = RenderFormat(name: name) else {
        throw VCGraphError(
          .usage, "unknown format '\(name)'",
          hint: "formats are " + RenderFormat.allCases.map(\.rawValue).joined(separator: ", "))
      }
      if !formats.contains(format) { formats.append(format) }
    }
    return formats
  }
}

/// The image formats a Markdown page can show instead of Mermaid (`--image`).
enum PageImage: String, CaseIterable, Sendable {
  case svg, png

  var format: RenderFormat { self == .svg ? .svg : .png }
}

/// The options of `vcgraph render`.
struct RenderOptions: CommandOptions {
  static let output = Option(
    "output", short: "o", value: "PATH", help: "output file or directory", parse: Parse.text)
  static let format = Option(
    "format", short: "f", value: "LIST",
    help: "svg,png,pdf,dot,json,mermaid,md (default: -o's extension, else svg)",
    parse: RenderFormat.list)
  static let image = Option(
    "image", value: "svg|png",
    help: "with -f md: an svg or png written beside the page, not Mermaid",
    parse: Parse.choice(PageImage.self))
  static let jobs = Option(
    "jobs", short: "j", value: "N",
    help: "worker processes (default: one per core,"
      + " \(RenderCommand.inputsPerDefaultJob)+ inputs each)",
    parse: Parse.positiveInt)

  static let sections =
    [
      OptionSection(
        title: "options",
        options: [
          output.declaration, format.declaration, image.declaration, jobs.declaration,
          SharedOptions.quiet.declaration,
        ])
    ] + DrawingOptions.sections + LayoutLimitOptions.sections + QuestionOptions.sections
    + InputSelectionOptions.sections + LimitOptions.sections + ClassOptions.sections

  var output: String?
  /// As given with `-f`; empty when not given.
  var formats: [RenderFormat]
  /// `--image`: what a Markdown page shows instead of Mermaid.
  var image: PageImage?
  var jobs: Int?
  var quiet: Bool
  var drawing: DrawingOptions
  var layout: LayoutLimitOptions
  var questions: QuestionOptions
  var limits: LimitOptions
  var classes: ClassOptions
  var inputSelection: InputSelectionOptions

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
    questions = try QuestionOptions(arguments)
    inputSelection = try InputSelectionOptions(arguments)
    output = try arguments.value(of: Self.output)
    formats = try arguments.value(of: Self.format) ?? []
    image = try arguments.value(of: Self.image)
    jobs = try arguments.value(of: Self.jobs)
    quiet = try arguments.value(of: SharedOptions.quiet)
    drawing = try DrawingOptions(arguments)
    layout = try LayoutLimitOptions(arguments)
  }

  var requests: [AnalysisRequest] { questions.requests }

  var selection: InputSelection { inputSelection.selection }

  var layoutLimits: LayoutLimits {
    LayoutLimits(
      maxLabelLines: limits.maxLabelLines, maxLayoutNodes: layout.maxLayoutNodes,
      layoutTimeout: layout.layoutTimeout, expandAll: drawing.expandAll)
  }
}

/// `vcgraph render INPUT... [-o PATH] [-f svg,png,pdf,dot,json,mermaid,md] [--image svg|png]`.
struct RenderCommand: Subcommand {
  let options: RenderOptions
  let context: CommandContext

  static let synopsis =
    "vcgraph render INPUT... [-o PATH] [-f svg,png,pdf,dot,json,mermaid,md] [--image svg|png]"
  static let summary = """
    Draws annotated diagrams. One input and -o FILE writes that file (format from -f, else
    from the extension); several inputs or formats write INPUT-NAME.FORMAT files into the -o
    directory (default: the current directory); -o - writes one format to standard output.
    -f mermaid writes a Mermaid flowchart (.mmd); -f md a Markdown page with the diagram as
    a Mermaid block (or, with --image svg|png, the image written beside it), the answers
    and the findings, for documentation and CI job summaries.
    """

  /// Without `--jobs`: one worker process per core, once there are at least
  /// ``inputsPerDefaultJob`` inputs for each (a worker's start-up costs about two renders,
  /// so a few inputs are drawn faster in this process).
  static func defaultJobs(inputs: Int) -> Int {
    max(1, min(ProcessInfo.processInfo.activeProcessorCount, inputs / inputsPerDefaultJob))
  }

  static let inputsPerDefaultJob = 16

  func run() -> Int32 {
    let resumed = CrashRecovery.resumedAfter
    let files: [InputFile]
    let plan: RenderPlan
    do {
      try LayoutEngines.check(options.drawing.engine)
      files = try context.inputFiles(reportingProblems: resumed == nil)
      plan = try RenderPlan(
        inputs: files, output: options.output, formats: options.formats,
        image: options.image?.format)
    } catch {
      context.report(error)
      return error.exitCode
    }
    let progress = Progress(
      console: context.console, total: files.count, quiet: options.quiet,
      done: resumed.map { $0 + 1 } ?? 0)
    let workers = options.jobs ?? Self.defaultJobs(inputs: files.count)
    if workers > 1, files.count > 1, resumed == nil {
      let status = WorkerPool(context: context, jobs: workers).render(
        files, plan: plan, progress: progress)
      return context.status(after: status)
    }
    // One process: a crash in one input is reported for it, and the process starts again
    // after it (CrashRecovery), so the other inputs are still drawn.
    CrashRecovery.begin(inputs: files.map(\.path), clearProgress: progress.isEnabled)
    var status: Int32 = resumed == nil ? 0 : ExitCode.of(.software)
    // One writer for the run, so each input is resolved once, not once per output.
    let writer = OutputWriter(inputs: files.map(\.path))
    for (index, file) in files.enumerated() where index > (resumed ?? -1) {
      CrashRecovery.rendering(index)
      do {
        try render(
          file, destinations: plan.destinations[file.path] ?? [:], image: plan.image,
          singleDiagram: plan.singleDiagram, writer: writer, progress: progress)
      } catch {
        progress.message(context.diagnostic(error))
        if status == 0 { status = error.exitCode }
      }
      progress.advance(file.path)
    }
    progress.finish()
    return context.status(after: status)
  }

  /// Renders one input into every format planned for it.
  func render(
    _ file: InputFile, destinations: [RenderFormat: RenderPlan.Destination],
    image imageFormat: RenderFormat?, singleDiagram: Bool, writer: OutputWriter,
    progress: Progress
  ) throws(VCGraphError) {
    let input = file.path
    if let name = ProcessInfo.processInfo.environment["VCGRAPH_TEST_CRASH_ON"],
      (input as NSString).lastPathComponent == name
    {
      fatalError("VCGRAPH_TEST_CRASH_ON")  // Tests stand in for a crash in one input.
    }
    let report = try context.report(for: input)
    // Error-severity findings are drawn; say them too, as `check` would (the run succeeds).
    for finding in report.findings where finding.severity == .error {
      progress.message(context.diagnostic(finding))
    }
    var diagram = DiagramOptions()
    diagram.expandAll = options.drawing.expandAll
    diagram.legend = options.drawing.legend
    diagram.maxLabelLines = context.layoutLimits.maxLabelLines
    let model = DiagramBuilder(report: report, options: diagram).diagram()
    let graph = GraphvizBackend().graph(model)
    let engine = options.drawing.engine
    let formats = RenderFormat.allCases.filter { destinations[$0] != nil }
    let drawn = try context.draw(
      graph, input: input, engine: engine, formats: formats.compactMap(\.graphviz),
      singleDiagram: singleDiagram)
    for warning in drawn.warnings { progress.message(warning) }
    // The page links the image by its name: they are written side by side.
    var image: String?
    if let imageFormat, case .file(let path)? = destinations[imageFormat] {
      image = (path as NSString).lastPathComponent
    }
    // All formats of one input are replaced together, or none is.
    var files: [(bytes: [UInt8], path: String)] = []
    for format in formats {
      let bytes: [UInt8]
      if let graphviz = format.graphviz {
        guard let data = drawn.outputs[graphviz] else {
          throw VCGraphError(.software, "\(input): Graphviz returned no \(format.rawValue) output")
        }
        bytes = data
      } else if let backend = format.textBackend(image: image) {
        let text = backend.text(for: model)
        warnAboutMermaidLimits(text, of: model, input: input, format: format, image: image)
        bytes = Array(text.utf8)
      } else {
        bytes = Array((report.json.formatted() + "\n").utf8)
      }
      switch destinations[format] {
      case .standardOutput?: context.console.out(bytes: bytes)
      case .file(let path)?: files.append((bytes, path))
      case nil: break
      }
    }
    if file.relative?.contains("/") == true {
      // A file from a subfolder of an input directory: its outputs go to the same subfolder.
      for path in Set(files.map { ($0.path as NSString).deletingLastPathComponent }) {
        do {
          try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true)
        } catch {
          throw VCGraphError(
            .cantCreate, "\(path): cannot create the directory (\(error.localizedDescription))")
        }
      }
    }
    try writer.write(files)
  }
}

extension RenderCommand {
  /// Mermaid renderers refuse diagrams over their default size, and GitHub's cannot be told
  /// otherwise: say so rather than let the page show an error.
  func warnAboutMermaidLimits(
    _ text: String, of diagram: Diagram, input: String, format: RenderFormat, image: String?
  ) {
    guard format == .mermaid || (format == .md && image == nil),
      let problem = MermaidBackend.limitProblem(text, of: diagram)
    else { return }
    context.console.err(
      DiagnosticPrinter().format(
        severity: .warning, message: "\(input): \(problem)", location: nil,
        hint: "GitHub and most Markdown renderers do not let a diagram raise this limit; write"
          + (format == .md ? " -f md --image svg" : " -f svg") + " for this input"))
  }
}
