import ArgumentParser
import Foundation
import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

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

  /// The image backend's format this one is, nil for a text or JSON format.
  var image: ImageFormat? {
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
  static let list: ValueParser<RenderFormatList> = { text throws(ValueProblem) in
    var formats: [RenderFormat] = []
    for name in text.split(separator: ",").map(String.init) {
      guard let format = RenderFormat(name: name) else {
        throw ValueProblem(
          "a list of " + RenderFormat.allCases.map(\.rawValue).joined(separator: ", "),
          hint: "unknown format '\(name)'")
      }
      if !formats.contains(format) { formats.append(format) }
    }
    return RenderFormatList(formats: formats)
  }
}

/// The formats `-f` names.
struct RenderFormatList: Sendable {
  var formats: [RenderFormat]
}

extension Parse {
  /// `--scale N`: a size factor from 0.1 to 10.
  static let scale: ValueParser<Double> = { text throws(ValueProblem) in
    guard let value = Double(text), value.isFinite, value >= 0.1, value <= 10 else {
      throw ValueProblem("a number from 0.1 to 10")
    }
    return value
  }

  /// `--dpi N`: dots per inch from 10 to 960.
  static let dpi: ValueParser<Double> = { text throws(ValueProblem) in
    guard let value = Double(text), value.isFinite, value >= 10, value <= 960 else {
      throw ValueProblem("a number from 10 to 960")
    }
    return value
  }
}

/// The image formats a Markdown page can show instead of Mermaid (`--image`).
enum PageImage: String, CaseIterable, Sendable, ExpressibleByArgument {
  case svg, png

  var format: RenderFormat { self == .svg ? .svg : .png }
}

/// `vcgraph render`: its options.
struct RenderOptions: ReadsDescriptions, SelectsFiles {
  typealias Runner = RenderCommand

  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "draw annotated diagrams (svg, png, pdf, dot, json, mermaid, md)",
    discussion: """
      Draws annotated diagrams; a storyboard's map (scenes, segues labelled with what UIKit \
      does, the launch state), or with --initial its launch state only. One input and -o FILE \
      writes that file (format from -f, else from the extension); several inputs or formats \
      write INPUT-NAME.FORMAT files into the -o directory (default: the current directory); \
      -o - writes one format to standard output. -f mermaid writes a Mermaid flowchart \
      (.mmd); -f md a Markdown page with the diagram as a Mermaid block (or, with --image \
      svg|png, the image written beside it), the answers and the findings, for documentation \
      and CI job summaries.
      """)

  @Argument(
    help: ArgumentHelp(
      "descriptions, dumps, storyboards, directories, or - for standard input", valueName: "input"))
  var inputs: [String] = []

  @Option(name: .shortAndLong, help: ArgumentHelp("output file or directory", valueName: "path"))
  var output: String?

  @Option(
    name: [.customShort("f"), .customLong("format")],
    help: ArgumentHelp(
      "svg,png,pdf,dot,json,mermaid,md (default: -o's extension, else svg)", valueName: "list"),
    transform: Parse.option(RenderFormat.list))
  var formatList: RenderFormatList?

  @Option(help: "with -f md: an svg or png written beside the page, not Mermaid")
  var image: PageImage?

  @Flag(help: "also write NAME~dark.svg (and .png) in the dark theme")
  var darkVariant = false

  @Option(
    help: ArgumentHelp("PNG size: N times 96 dpi (default 1)", valueName: "n"),
    transform: Parse.option(Parse.scale))
  var scale: Double?

  @Option(
    name: .customLong("dpi"),
    help: ArgumentHelp("PNG resolution in dots per inch (default 96)", valueName: "n"),
    transform: Parse.option(Parse.dpi))
  var pngDPI: Double?

  @Flag(help: "sync each output to disk before it replaces the old one (default: once at the end)")
  var durable = false

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "worker processes (default: one per core, \(RenderCommand.inputsPerDefaultJob)+ inputs"
        + " each)", valueName: "n"),
    transform: Parse.option(Parse.positiveInt))
  var jobs: Int?

  @OptionGroup var storyboard: StoryboardOptions
  @OptionGroup var quietOption: QuietOption
  @OptionGroup(title: StyleOptions.title) var style: StyleOptions
  @OptionGroup(title: StyleOptions.title) var details: DetailOptions
  @OptionGroup(title: ReadingOptions.title) var reading: ReadingOptions
  @OptionGroup(title: LayoutLimitOptions.title) var layout: LayoutLimitOptions
  @OptionGroup(title: QuestionOptions.title) var questions: QuestionOptions
  @OptionGroup(title: RuleOptions.title) var rules: RuleOptions
  @OptionGroup(title: ExcludeOptions.title) var include: IncludeOptions
  @OptionGroup(title: ExcludeOptions.title) var exclude: ExcludeOptions
  @OptionGroup(title: LimitOptions.title) var limits: LimitOptions
  @OptionGroup(title: ClassOptions.title) var classes: ClassOptions
  @OptionGroup(title: ReferenceOptions.title) var references: ReferenceOptions
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions

  func validate() throws {
    if scale != nil && pngDPI != nil {
      throw ValidationError("'--scale' and '--dpi' both set the PNG's size; give one")
    }
    if reading.split && output == "-" {
      throw ValidationError("'--split' writes several files, which -o - cannot")
    }
  }

  /// As given with `-f`; empty when not given.
  var formats: [RenderFormat] { formatList?.formats ?? [] }
  /// A storyboard's launch state only, not its map.
  var initial: Bool { storyboard.initial }
  var quiet: Bool { quietOption.quiet }
  /// When outputs reach the disk: each before it replaces the old one (`--durable`), or all
  /// of a batch (a worker's, or a run in one process) in one sync at its end.
  var durability: OutputWriter.Durability { durable ? .everyFile : .batch }
  /// The PNG resolution (`--dpi`, or 96 × `--scale`); nil for Graphviz's 96.
  var dpi: Double? { pngDPI ?? scale.map { $0 * Self.defaultDPI } }
  var drawing: Drawing { Drawing(style: style, details: details) }

  var ignoredRules: [String] { rules.ignore }
  var requests: [AnalysisRequest] { questions.requests }

  /// The resolution Graphviz draws PNGs at unless told otherwise.
  static let defaultDPI = 96.0

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

  /// Without `--jobs`: one worker process per core, once there are at least
  /// ``inputsPerDefaultJob`` inputs for each (a worker's start-up costs about two renders,
  /// so a few inputs are drawn faster in this process).
  static func defaultJobs(inputs: Int) -> Int {
    max(1, min(ProcessInfo.processInfo.activeProcessorCount, inputs / inputsPerDefaultJob))
  }

  static let inputsPerDefaultJob = 16

  /// Whether the run draws its inputs in worker processes (not after a crash: a restarted
  /// process draws the rest itself).
  static func spawnsWorkers(
    _ options: RenderOptions, _ files: [InputFile], _ resumed: Int?
  ) -> Bool {
    (options.jobs ?? defaultJobs(inputs: files.count)) > 1 && files.count > 1 && resumed == nil
  }

  func run() -> Int32 {
    let resumed = CrashRecovery.resumedAfter
    let files: [InputFile]
    let plan: RenderPlan
    let engine = options.drawing.engine
    do {
      // Graphviz's own engine is not probed in a parent that only starts workers (the probe
      // costs it a Graphviz context and a layout, about a render's worth); any other engine
      // is checked before any input is read.
      let isDot = engine == "dot"  // Graphviz's own, the default of --layout
      if !isDot { try LayoutEngines.check(engine) }
      files = try context.inputFiles(reportingProblems: resumed == nil)
      if isDot && !Self.spawnsWorkers(options, files, resumed) {
        try LayoutEngines.check(engine)
      }
      plan = try RenderPlan(
        inputs: files, output: options.output, formats: options.formats,
        image: options.image?.format, darkVariant: options.darkVariant)
      if options.darkVariant { try Self.checkDarkVariant(plan) }
    } catch {
      context.report(error)
      return error.exitCode
    }
    let progress = Progress(
      console: context.console, total: files.count, quiet: options.quiet,
      done: resumed.map { $0 + 1 } ?? 0)
    if Self.spawnsWorkers(options, files, resumed) {
      let workers = options.jobs ?? Self.defaultJobs(inputs: files.count)
      let status = WorkerPool(context: context, jobs: workers).render(
        files, plan: plan, progress: progress)
      return context.status(after: status)
    }
    // One process: a crash in one input is reported for it, and the process starts again
    // after it (CrashRecovery), so the other inputs are still drawn.
    if VCGraphCommandLine.recoversFromCrashes {
      CrashRecovery.begin(inputs: files.map(\.path), clearProgress: progress.isEnabled)
    }
    var status: Int32 = resumed == nil ? 0 : ExitCode.of(.software)
    // One writer for the run, so each input is resolved once, not once per output.
    let writer = OutputWriter(inputs: files.map(\.path), durability: options.durability)
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
    do {
      try writer.finish()
    } catch {
      progress.message(context.diagnostic(error))
      if status == 0 { status = error.exitCode }
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
    if let name = TestHooks.crashOnInput, (input as NSString).lastPathComponent == name {
      fatalError("TestHooks.crashOnInput")  // Tests stand in for a crash in one input.
    }
    let report = try context.report(for: input, launchOnly: self.options.initial)
    // Error-severity findings are drawn; say them too, as `check` would (the run succeeds).
    for finding in report.findings where finding.severity == .error {
      progress.message(context.diagnostic(finding))
    }
    var options = self.options.drawing.diagramOptions(
      maxLabelLines: context.layoutLimits.maxLabelLines)
    if self.options.reading.split {
      return try renderParts(
        report, input: input, options: options, destinations: destinations,
        image: imageFormat, singleDiagram: singleDiagram, writer: writer, progress: progress)
    }
    if let focus = self.options.reading.focus {
      options.selection = try Self.focus(on: focus, in: report, input: input)
    }
    var model = Self.diagram(of: report, options: options)
    let formats = RenderFormat.allCases.filter { destinations[$0] != nil }
    let rendered = try images(
      of: &model, input: input, formats: formats, singleDiagram: singleDiagram, progress: progress)
    // The page links the image by its name: they are written side by side.
    var image: String?
    if let imageFormat, case .file(let path)? = destinations[imageFormat] {
      image = (path as NSString).lastPathComponent
    }
    // All formats of one input are replaced together, or none is.
    var files: [(bytes: [UInt8], path: String)] = []
    for format in formats {
      let bytes: [UInt8]
      if format.image != nil {
        bytes = rendered[format]!
      } else if let backend = format.textBackend(image: image) {
        let text = backend.text(for: model)
        try warnAboutMermaidLimits(text, of: model, input: input, format: format, image: image)
        bytes = Array(text.utf8)
      } else {
        let name: (String) -> String = { path in
          options.showPath ? path : DiagramBuilder.baseName(of: path)
        }
        bytes = Array((report.json(naming: name).formatted() + "\n").utf8)
      }
      switch destinations[format] {
      case .standardOutput?: context.console.out(bytes: bytes)
      case .file(let path)?: files.append((bytes, path))
      case nil: break
      }
    }
    if self.options.darkVariant {
      let rendered = try darkVariants(
        of: report, options: options, like: model, input: input, formats: formats,
        singleDiagram: singleDiagram, progress: progress)
      for (format, bytes) in rendered {
        guard case .file(let path)? = destinations[format] else { continue }
        files.append((bytes, RenderPlan.darkVariantPath(of: path)))
      }
    }
    // The directories the outputs go to (`-o DIR` and its parents, the subfolder of a file
    // found in an input directory) are made when missing, once the input has been drawn.
    try Self.makeDirectories(for: files.map(\.path))
    try writer.write(files)
  }

  /// Makes the missing directories that `paths` are written into, with their parents; a
  /// file (or anything else) where a directory must be is `cantCreate` (73).
  static func makeDirectories(for paths: [String]) throws(VCGraphError) {
    let directories = Set(paths.map { ($0 as NSString).deletingLastPathComponent })
    for path in directories where !path.isEmpty {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        if isDirectory.boolValue { continue }
        throw VCGraphError(.cantCreate, "\(path): is not a directory")
      }
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        throw VCGraphError(
          .cantCreate, "\(path): cannot create the directory (\(Self.reason(error)))")
      }
    }
  }

  /// Why a directory could not be made, in the system's words.
  private static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(code)))
    }
    return error.localizedDescription
  }

  /// `--dark-variant`: the SVG and PNG among `formats` drawn again in the dark theme, laid out
  /// as `model` was (a compact layout chosen for the light drawing is kept), in `formats`'
  /// order; the reading size was told of with the light drawing.
  func darkVariants(
    of report: AnalysisReport, options: DiagramOptions, like model: Diagram, input: String,
    formats: [RenderFormat], singleDiagram: Bool, progress: Progress
  ) throws(VCGraphError) -> [(RenderFormat, [UInt8])] {
    var dark = options
    dark.theme = .dark
    let variants = formats.filter { $0 == .svg || $0 == .png }
    var darkModel = Self.diagram(of: report, options: dark)
    darkModel.stacksClusters = model.stacksClusters
    let rendered = try images(
      of: &darkModel, input: input, formats: variants, singleDiagram: singleDiagram,
      progress: progress, warnsAboutReading: false)
    return variants.map { ($0, rendered[$0]!) }
  }

  /// The Graphviz formats among `formats` of `model`: laid out once (a PNG at another
  /// resolution once more), the SVG with its title and description. Graphviz's warnings
  /// worth saying go to `progress`, and so does a drawing too wide to read at `--max-width`
  /// (unless `warnsAboutReading` is false: the dark variant of a drawing said once). A drawing
  /// that misses is laid out again compact (``Diagram/stacksClusters``), and `model` becomes
  /// that when it is narrower. Only the layout kept is rendered: the two are compared by the
  /// width their layouts give (the SVG's own, see `LaidOutImage.svgWidth`).
  func images(
    of model: inout Diagram, input: String, formats: [RenderFormat], singleDiagram: Bool,
    progress: Progress, warnsAboutReading: Bool = true
  ) throws(VCGraphError) -> [RenderFormat: [UInt8]] {
    let column = Double(options.reading.maxWidth)
    func problem(_ model: Diagram, _ width: Double?) -> String? {
      width.flatMap {
        ReadingSize.problem(
          of: model, drawingWidth: $0, smallestText: ImageBackend.smallestText,
          column: column)
      }
    }
    // A diagram that might be drawn compact is measured even when no SVG or PNG is written,
    // so that its DOT and PDF are what its SVG would be.
    let stackable = warnsAboutReading && !model.stacksClusters && model.clusters.count > 1
    var kept = try layOut(model, input: input, formats: formats, measuring: stackable,
      singleDiagram: singleDiagram)
    if stackable, problem(model, kept.width) != nil {
      var compact = model
      compact.stacksClusters = true
      let again = try layOut(compact, input: input, formats: formats, measuring: true,
        singleDiagram: singleDiagram)
      if let narrower = again.width, let wide = kept.width, narrower < wide {
        model = compact
        kept = again
      }
    }
    let drawn = try draw(kept, of: model, input: input, formats: formats,
      singleDiagram: singleDiagram)
    for warning in drawn.warnings { progress.message(warning) }
    if warnsAboutReading, let problem = problem(model, kept.width) {
      try readingMiss("\(input): \(problem)", progress: progress)
    }
    return drawn.images
  }

  /// A diagram laid out for the Graphviz formats among `formats` (bar a PNG at another
  /// resolution), and the drawing's width in CSS px: its SVG's, else its 96 dpi PNG's, else
  /// (`measuring`) the SVG's it would have; nil when there is none of these.
  private struct Trial {
    var graph: ImageGraph
    /// nil when nothing needs laying out (DOT alone, not measured).
    var layout: CommandContext.Layout?
    var width: Double?
  }

  private func layOut(
    _ model: Diagram, input: String, formats: [RenderFormat], measuring: Bool,
    singleDiagram: Bool
  ) throws(VCGraphError) -> Trial {
    let graph = ImageGraph(model)
    var images = formats.compactMap(\.image)
    if options.dpi != nil { images.removeAll { $0 == .png } }
    // Measured by its SVG, else its PNG; a diagram that might be drawn compact is measured by
    // the SVG it would have when it is drawn in other formats (a PNG at `--dpi` among them).
    let measuresSVG =
      images.contains(.svg)
      || (!images.contains(.png) && measuring && formats.contains { $0.image != nil })
    guard measuresSVG || images.contains(where: { $0 != .dot }) else {
      return Trial(graph: graph, layout: nil, width: nil)
    }
    // Laid out for the SVG it is measured by, even when none is written: `svg` keeps the
    // text cache as a PDF or PNG alone would, and a layout that cannot tell its width
    // renders one.
    let targets = measuresSVG && !images.contains(.svg) ? images + [.svg] : images
    let layout = try context.layOut(
      graph, input: input, engine: options.drawing.engine, formats: targets,
      singleDiagram: singleDiagram)
    var width: Double?
    if measuresSVG {
      width = layout.svgWidth
      if width == nil {
        let svg = try context.render(layout, formats: [.svg]).outputs[.svg]
        width = ImageBackend.drawingWidth(svg: svg, png: nil)
      }
    } else if images.contains(.png) {
      let png = try context.render(layout, formats: [.png]).outputs[.png]
      width = ImageBackend.drawingWidth(svg: nil, png: png)
    }
    return Trial(graph: graph, layout: layout, width: width)
  }

  /// `trial` rendered in the Graphviz formats among `formats` (a PNG at `--dpi` laid out
  /// again at that resolution), the SVG with `model`'s title and description; and what
  /// Graphviz warned of.
  private func draw(
    _ trial: Trial, of model: Diagram, input: String, formats: [RenderFormat],
    singleDiagram: Bool
  ) throws(VCGraphError) -> (images: [RenderFormat: [UInt8]], warnings: [String]) {
    let engine = options.drawing.engine
    var images = formats.compactMap(\.image)
    var scaled = CommandContext.Drawn()
    if let dpi = options.dpi, images.contains(.png) {
      let large = trial.graph.drawn(atDPI: LayoutLimits.format(dpi))
      images.removeAll { $0 == .png }
      scaled = try context.draw(
        large, input: input, engine: engine, formats: [.png], singleDiagram: singleDiagram)
    }
    var drawn = CommandContext.Drawn()
    if let layout = trial.layout {
      drawn = try context.render(layout, formats: images)
    } else {
      drawn = try context.draw(
        trial.graph, input: input, engine: engine, formats: images, singleDiagram: singleDiagram)
    }
    let outputs = drawn.outputs.merging(scaled.outputs) { first, _ in first }
    var result: [RenderFormat: [UInt8]] = [:]
    for format in formats {
      guard let output = format.image else { continue }
      guard let data = outputs[output] else {
        throw VCGraphError(.software, "\(input): Graphviz returned no \(format.rawValue) output")
      }
      result[format] = format == .svg ? ImageBackend.svg(data, describing: model) : data
    }
    return (result, drawn.warnings + scaled.warnings)
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
  ) throws(VCGraphError) {
    guard format == .mermaid || (format == .md && image == nil) else { return }
    if let problem = ReadingSize.problem(of: diagram) {
      try readingMiss("\(input): \(problem)", progress: nil)
    }
    guard let problem = MermaidBackend.limitProblem(text, of: diagram) else { return }
    context.console.err(
      DiagnosticPrinter().format(
        severity: .warning, message: "\(input): \(problem)", location: nil,
        hint: "GitHub and most Markdown renderers do not let a diagram raise this limit; write"
          + (format == .md ? " -f md --image svg" : " -f svg") + " for this input"))
  }
}
