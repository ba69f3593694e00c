import Foundation
import GraphvizKit
import VCGraphCore
import VCGraphDiagram

/// The formats `render` writes.
enum RenderFormat: String, CaseIterable {
  case svg, png, pdf, dot, json

  var graphviz: OutputFormat? {
    switch self {
    case .svg: .svg
    case .png: .png
    case .pdf: .pdf
    case .dot: .dot
    case .json: nil
    }
  }
}

extension RenderFormat {
  /// `-f svg,png`: formats named once each, in the order given.
  static let list: OptionParser<[RenderFormat]> = { text, _ throws(VCGraphError) in
    var formats: [RenderFormat] = []
    for name in text.split(separator: ",").map(String.init) {
      guard let format = RenderFormat(rawValue: name.lowercased()) else {
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
  /// Per input, per format.
  var destinations: [String: [RenderFormat: Destination]] = [:]
  /// Whether the run draws one diagram, which may then be laid out in process at any size.
  var singleDiagram: Bool { destinations.count == 1 }

  /// `formats` as given with `-f` (none: from `-o`'s extension, else SVG).
  init(inputs: [String], output: String?, formats given: [RenderFormat]) throws(VCGraphError) {
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
          ? RenderFormat(rawValue: (output as NSString).pathExtension.lowercased()) : nil
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
          let path = (directory as NSString).appendingPathComponent("\(base).\(format.rawValue)")
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
  }
}

/// The options of `vcgraph render`.
struct RenderOptions: CommandOptions {
  static let output = Option(
    "output", short: "o", value: "PATH", help: "output file or directory", parse: Parse.text)
  static let format = Option(
    "format", short: "f", value: "LIST",
    help: "svg,png,pdf,dot,json (default: -o's extension, else svg)",
    parse: RenderFormat.list)
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
          output.declaration, format.declaration, jobs.declaration,
          StoryboardOptions.initial.declaration, SharedOptions.quiet.declaration,
        ])
    ] + DrawingOptions.sections + LayoutLimitOptions.sections + QuestionOptions.sections
    + RuleOptions.sections + LimitOptions.sections + ClassOptions.sections
    + ReferenceOptions.sections

  var output: String?
  /// As given with `-f`; empty when not given.
  var formats: [RenderFormat]
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

/// `vcgraph render INPUT... [-o PATH] [-f svg,png,pdf,dot,json]`.
struct RenderCommand: Subcommand {
  let options: RenderOptions
  let context: CommandContext

  static let synopsis =
    "vcgraph render INPUT... [-o PATH] [-f svg,png,pdf,dot,json] [--layout ENGINE]"
  static let summary = """
    Draws annotated diagrams. One input and -o FILE writes that file (format from -f, else
    from the extension); several inputs or formats write INPUT-NAME.FORMAT files into the -o
    directory (default: the current directory); -o - writes one format to standard output.
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
      plan = try RenderPlan(inputs: inputs, output: options.output, formats: options.formats)
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
    let report = try context.report(for: input)
    var diagram = DiagramOptions()
    diagram.expandAll = options.drawing.expandAll
    diagram.legend = options.drawing.legend
    diagram.maxLabelLines = context.layoutLimits.maxLabelLines
    let graph = DiagramBuilder(report: report, options: diagram).graph()
    let engine = options.drawing.engine
    let graphvizFormats = plan.formats.compactMap(\.graphviz)
    let rendered = try context.draw(
      graph, input: input, engine: engine, formats: graphvizFormats,
      singleDiagram: plan.singleDiagram)
    // All formats of one input are replaced together, or none is.
    var files: [(bytes: [UInt8], path: String)] = []
    for format in plan.formats {
      let bytes: [UInt8]
      if let graphviz = format.graphviz {
        guard let data = rendered[graphviz] else {
          throw VCGraphError(.software, "\(input): Graphviz returned no \(format.rawValue) output")
        }
        bytes = data
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

extension GraphvizError {
  /// A bad `--layout` engine is the user's mistake, not a crash.
  var isUsageError: Bool {
    if case .layoutFailed = self { return true }
    return false
  }
}
