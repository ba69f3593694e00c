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

/// Where each rendered input and format goes.
struct RenderPlan {
  enum Destination: Equatable {
    case file(String)
    case standardOutput
  }

  var formats: [RenderFormat]
  /// The image a Markdown page links to instead of its Mermaid block (`--image`), written
  /// beside the page.
  var image: RenderFormat?
  /// Per input, per format.
  var destinations: [String: [RenderFormat: Destination]] = [:]
  /// Whether the run draws one diagram, which may then be laid out in process at any size.
  var singleDiagram: Bool { destinations.count == 1 }

  /// `formats` as given with `-f` (none: from `-o`'s extension, else SVG); `image` as given
  /// with `--image`.
  init(
    inputs: [String], output: String?, formats given: [RenderFormat],
    image: RenderFormat? = nil
  ) throws(VCGraphError) {
    var formats = given
    var isDirectory: ObjCBool = false
    let outputIsDirectory =
      output.map { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) } == true
      && isDirectory.boolValue
    if output == "-" {
      if formats.isEmpty { formats = [.svg] }
      guard inputs.count == 1, formats.count == 1 else {
        throw VCGraphError(.usage, "-o - writes one format of one input to standard output")
      }
      destinations[inputs[0]] = [formats[0]: .standardOutput]
    } else if let output, inputs.count == 1, !outputIsDirectory,
      let named = formats.count == 1
        ? formats[0]
        : formats.isEmpty
          ? RenderFormat(name: (output as NSString).pathExtension) : nil
    {
      // One input and a file name: the format comes from -f, else from the extension.
      formats = [named]
      destinations[inputs[0]] = [named: .file(output)]
    } else {
      if formats.isEmpty { formats = [.svg] }
      let directory = output ?? "."
      if !outputIsDirectory && output != nil {
        throw VCGraphError(
          .cantCreate, "\(directory): the output directory does not exist",
          hint: "create it first, or name one output file with a known extension")
      }
      var taken: [String: String] = [:]
      for input in inputs {
        let base =
          input == "-"
          ? "stdin" : ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        var perFormat: [RenderFormat: Destination] = [:]
        for format in formats {
          let path = (directory as NSString).appendingPathComponent(
            "\(base).\(format.fileExtension)")
          if let other = taken[path] {
            throw VCGraphError(
              .usage, "\(input) and \(other) would both write \(path)",
              hint: "render them into different directories")
          }
          taken[path] = input
          perFormat[format] = .file(path)
        }
        destinations[input] = perFormat
      }
    }
    self.formats = formats
    if let image { try planImage(image) }
  }

  /// Adds the `--image` file beside each Markdown page.
  private mutating func planImage(_ format: RenderFormat) throws(VCGraphError) {
    guard formats.contains(.md) else {
      throw VCGraphError(
        .usage, "'--image' is for Markdown pages", hint: "add -f md, or leave --image out")
    }
    for (input, perFormat) in destinations {
      guard case .file(let page)? = perFormat[.md] else {
        throw VCGraphError(
          .usage, "'--image' writes the image beside the page, which -o - cannot",
          hint: "write the page to a file or a directory with -o")
      }
      let path = ((page as NSString).deletingPathExtension as NSString)
        .appendingPathExtension(format.fileExtension)!
      if case .file(let other)? = perFormat[format], other != path {
        throw VCGraphError(.usage, "\(input): '--image' would write \(path) beside \(other)")
      }
      destinations[input]![format] = .file(path)
    }
    if !formats.contains(format) { formats.append(format) }
    image = format
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
          StoryboardOptions.initial.declaration, SharedOptions.quiet.declaration,
        ])
    ] + DrawingOptions.sections + LayoutLimitOptions.sections + QuestionOptions.sections
    + RuleOptions.sections + LimitOptions.sections + ClassOptions.sections
    + ReferenceOptions.sections

  var output: String?
  /// As given with `-f`; empty when not given.
  var formats: [RenderFormat]
  /// `--image`: what a Markdown page shows instead of Mermaid.
  var image: PageImage?
  var jobs: Int?
  /// A storyboard's launch state only, not its map.
  var initial: Bool
  var quiet: Bool
  var drawing: DrawingOptions
  var layout: LayoutLimitOptions
  var questions: QuestionOptions
  var rules: RuleOptions
  var limits: LimitOptions
  var classes: ClassOptions
  var references: ReferenceOptions
  var storyboardFolders: [String] { references.folders }

  var ignoredRules: [String] { rules.ignored }

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
    references = try ReferenceOptions(arguments)
    questions = try QuestionOptions(arguments)
    rules = try RuleOptions(arguments)
    initial = try arguments.value(of: StoryboardOptions.initial)
    output = try arguments.value(of: Self.output)
    formats = try arguments.value(of: Self.format) ?? []
    image = try arguments.value(of: Self.image)
    jobs = try arguments.value(of: Self.jobs)
    quiet = try arguments.value(of: SharedOptions.quiet)
    drawing = try DrawingOptions(arguments)
    layout = try LayoutLimitOptions(arguments)
  }

  var requests: [AnalysisRequest] { questions.requests }

  var layoutLimits: LayoutLimits {
    LayoutLimits(
      maxLabelLines: limits.maxLabelLines, maxLayoutNodes: layout.maxLayoutNodes,
      layoutTimeout: layout.layoutTimeout)
  }
}

/// `vcgraph render INPUT... [-o PATH] [-f svg,png,pdf,dot,json,mermaid,md] [--image svg|png]`.
struct RenderCommand: Subcommand {
  let options: RenderOptions
  let context: CommandContext

  static let synopsis =
    "vcgraph render INPUT... [-o PATH] [-f svg,png,pdf,dot,json,mermaid,md] [--image svg|png]"
  static let summary = """
    Draws annotated diagrams; a storyboard's map (scenes, segues labelled with what UIKit
    does, the launch state), or with --initial its launch state only. One input and -o FILE
    writes that file (format from -f, else
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
    let inputs: [String]
    let plan: RenderPlan
    do {
      inputs = try context.inputs()
      plan = try RenderPlan(
        inputs: inputs, output: options.output, formats: options.formats,
        image: options.image?.format)
    } catch {
      context.report(error)
      return error.exitCode
    }
    let workers = options.jobs ?? Self.defaultJobs(inputs: inputs.count)
    if workers > 1, inputs.count > 1 {
      return WorkerPool(context: context, jobs: workers).render(inputs)
    }
    var status: Int32 = 0
    // One writer for the run, so each input is resolved once, not once per output.
    let writer = OutputWriter(inputs: inputs)
    let progress =
      context.console.errorIsTerminal && inputs.count > 1 && !options.quiet
    for (number, input) in inputs.enumerated() {
      if progress { context.console.err("\r[\(number + 1)/\(inputs.count)] \(input)\u{1B}[K") }
      do {
        try render(input, plan: plan, writer: writer)
      } catch {
        if progress { context.console.err("\n") }
        context.report(error)
        if status == 0 { status = error.exitCode }
      }
    }
    if progress { context.console.err("\n") }
    return status
  }

  /// Renders one input into every planned format.
  func render(_ input: String, plan: RenderPlan, writer: OutputWriter) throws(VCGraphError) {
    let report = try context.report(for: input, launchOnly: options.initial)
    var diagram = DiagramOptions()
    diagram.expandAll = options.drawing.expandAll
    diagram.legend = options.drawing.legend
    diagram.maxLabelLines = context.layoutLimits.maxLabelLines
    // A storyboard draws its map, unless --initial asks for its launch state only.
    let model =
      report.storyboard.map {
        StoryboardMapBuilder(document: $0, report: report, options: diagram).diagram()
      } ?? DiagramBuilder(report: report, options: diagram).diagram()
    let graph = GraphvizBackend().graph(model)
    let engine = options.drawing.engine
    let graphvizFormats = plan.formats.compactMap(\.graphviz)
    let rendered = try context.draw(
      graph, input: input, engine: engine, formats: graphvizFormats,
      singleDiagram: plan.singleDiagram)
    // The page links the image by its name: they are written side by side.
    var image: String?
    if let format = plan.image, case .file(let path)? = plan.destinations[input]?[format] {
      image = (path as NSString).lastPathComponent
    }
    // All formats of one input are replaced together, or none is.
    var files: [(bytes: [UInt8], path: String)] = []
    for format in plan.formats {
      let bytes: [UInt8]
      if let graphviz = format.graphviz {
        guard let data = rendered[graphviz] else {
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
      switch plan.destinations[input]?[format] {
      case .standardOutput?: context.console.out(bytes: bytes)
      case .file(let path)?: files.append((bytes, path))
      case nil: break
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

extension GraphvizError {
  /// A bad `--layout` engine is the user's mistake, not a crash.
  var isUsageError: Bool {
    if case .layoutFailed = self { return true }
    return false
  }
}
