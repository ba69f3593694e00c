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

extension Parse {
  /// `--scale N`: a size factor from 0.1 to 10.
  static let scale: OptionParser<Double> = { text, flag throws(VCGraphError) in
    guard let value = Double(text), value.isFinite, value >= 0.1, value <= 10 else {
      throw VCGraphError(.usage, "'\(flag)' takes a number from 0.1 to 10, not '\(text)'")
    }
    return value
  }

  /// `--dpi N`: dots per inch from 10 to 960.
  static let dpi: OptionParser<Double> = { text, flag throws(VCGraphError) in
    guard let value = Double(text), value.isFinite, value >= 10, value <= 960 else {
      throw VCGraphError(.usage, "'\(flag)' takes a number from 10 to 960, not '\(text)'")
    }
    return value
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
  static let darkVariant = Option(
    flag: "dark-variant", help: "also write NAME~dark.svg (and .png) in the dark theme")
  static let scale = Option(
    "scale", value: "N", help: "PNG size: N times 96 dpi (default 1)", parse: Parse.scale)
  static let dpi = Option(
    "dpi", value: "N", help: "PNG resolution in dots per inch (default 96)", parse: Parse.dpi)
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
          output.declaration, format.declaration, image.declaration, darkVariant.declaration,
          scale.declaration, dpi.declaration, jobs.declaration,
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
  /// `--dark-variant`: a dark `NAME~dark` image beside each SVG and PNG.
  var darkVariant: Bool
  /// The PNG resolution (`--dpi`, or 96 × `--scale`); nil for Graphviz's 96.
  var dpi: Double?
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
    darkVariant = try arguments.value(of: Self.darkVariant)
    let scale = try arguments.value(of: Self.scale)
    dpi = try arguments.value(of: Self.dpi)
    if let scale {
      guard dpi == nil else {
        throw VCGraphError(.usage, "'--scale' and '--dpi' both set the PNG's size; give one")
      }
      dpi = scale * Self.defaultDPI
    }
    drawing = try DrawingOptions(arguments)
    layout = try LayoutLimitOptions(arguments)
  }

  var requests: [AnalysisRequest] { questions.requests }

  /// The resolution Graphviz draws PNGs at unless told otherwise.
  static let defaultDPI = 96.0

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
      if options.darkVariant { try Self.checkDarkVariant(plan) }
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
    let report = try context.report(for: input, launchOnly: self.options.initial)
    let options = self.options.drawing.diagramOptions(
      maxLabelLines: context.layoutLimits.maxLabelLines)
    let model = Self.diagram(of: report, options: options)
    let rendered = try images(of: model, input: input, formats: plan.formats, plan: plan)
    // The page links the image by its name: they are written side by side.
    var image: String?
    if let format = plan.image, case .file(let path)? = plan.destinations[input]?[format] {
      image = (path as NSString).lastPathComponent
    }
    // All formats of one input are replaced together, or none is.
    var files: [(bytes: [UInt8], path: String)] = []
    for format in plan.formats {
      let bytes: [UInt8]
      if format.graphviz != nil {
        bytes = rendered[format]!
      } else if let backend = format.textBackend(image: image) {
        let text = backend.text(for: model)
        warnAboutMermaidLimits(text, of: model, input: input, format: format, image: image)
        bytes = Array(text.utf8)
      } else {
        let name: (String) -> String = { path in
          options.showPath ? path : DiagramBuilder.baseName(of: path)
        }
        bytes = Array((report.json(naming: name).formatted() + "\n").utf8)
      }
      switch plan.destinations[input]?[format] {
      case .standardOutput?: context.console.out(bytes: bytes)
      case .file(let path)?: files.append((bytes, path))
      case nil: break
      }
    }
    if self.options.darkVariant {
      var dark = options
      dark.theme = .dark
      let variants = plan.formats.filter { $0 == .svg || $0 == .png }
      let model = Self.diagram(of: report, options: dark)
      let rendered = try images(of: model, input: input, formats: variants, plan: plan)
      for format in variants {
        guard case .file(let path)? = plan.destinations[input]?[format] else { continue }
        files.append((rendered[format]!, Self.darkVariantPath(of: path)))
      }
    }
    try writer.write(files)
  }

  /// The Graphviz formats among `formats` of `model`: laid out once (a PNG at another
  /// resolution once more), the SVG with its title and description.
  private func images(
    of model: Diagram, input: String, formats: [RenderFormat], plan: RenderPlan
  ) throws(VCGraphError) -> [RenderFormat: [UInt8]] {
    let graph = GraphvizBackend().graph(model)
    let engine = options.drawing.engine
    var graphviz = formats.compactMap(\.graphviz)
    var scaled: [OutputFormat: [UInt8]] = [:]
    if let dpi = options.dpi, graphviz.contains(.png) {
      var large = graph
      large.attributes["dpi"] = .raw(LayoutLimits.format(dpi))
      graphviz.removeAll { $0 == .png }
      scaled = try context.draw(
        large, input: input, engine: engine, formats: [.png], singleDiagram: plan.singleDiagram)
    }
    let drawn = try context.draw(
      graph, input: input, engine: engine, formats: graphviz, singleDiagram: plan.singleDiagram
    ).merging(scaled) { first, _ in first }
    var result: [RenderFormat: [UInt8]] = [:]
    for format in formats {
      guard let output = format.graphviz else { continue }
      guard let data = drawn[output] else {
        throw VCGraphError(.software, "\(input): Graphviz returned no \(format.rawValue) output")
      }
      result[format] = format == .svg ? SVGMetadata(model).applied(to: data) : data
    }
    return result
  }

  /// `--dark-variant` writes beside SVG or PNG files.
  static func checkDarkVariant(_ plan: RenderPlan) throws(VCGraphError) {
    guard plan.formats.contains(.svg) || plan.formats.contains(.png) else {
      throw VCGraphError(
        .usage, "'--dark-variant' writes a dark SVG or PNG beside the light one",
        hint: "add -f svg or -f png")
    }
    let toStandardOutput = plan.destinations.values.contains { $0.values.contains(.standardOutput) }
    guard !toStandardOutput else {
      throw VCGraphError(
        .usage, "'--dark-variant' writes a file beside the image, which -o - cannot",
        hint: "write to a file or a directory with -o, or use --theme dark")
    }
  }

  /// `NAME~dark.EXT` beside `NAME.EXT`, as DocC names an image's dark variant.
  static func darkVariantPath(of path: String) -> String {
    let base = (path as NSString).deletingPathExtension
    let ext = (path as NSString).pathExtension
    return base + "~dark" + (ext.isEmpty ? "" : "." + ext)
  }
}

extension RenderCommand {
  /// A storyboard's map (unless `--initial` left the storyboard out of the report), else the
  /// hierarchy's diagram.
  static func diagram(of report: AnalysisReport, options: DiagramOptions) -> Diagram {
    guard let storyboard = report.storyboard else {
      return DiagramBuilder(report: report, options: options).diagram()
    }
    return StoryboardMapBuilder(document: storyboard, report: report, options: options).diagram()
  }

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
