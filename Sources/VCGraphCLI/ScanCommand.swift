import ArgumentParser
import Foundation
import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

/// What `scan` writes.
enum ScanFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
  case json, svg, png, pdf, dot, mermaid, markdown

  /// The diagram format, nil for JSON.
  var render: RenderFormat? {
    switch self {
    case .json: nil
    case .svg: .svg
    case .png: .png
    case .pdf: .pdf
    case .dot: .dot
    case .mermaid: .mermaid
    case .markdown: .md
    }
  }
}

/// `vcgraph scan`: its options.
struct ScanOptions: CommandOptions {
  typealias Runner = ScanCommand

  static let configuration = CommandConfiguration(
    commandName: "scan",
    abstract: "the app's navigation from its Swift code and storyboards (JSON or a map)",
    discussion: """
      Reads the .swift files (and the .storyboard files) under PATH, folders recursively, and \
      writes every navigation site: present, push, show, segues, containment, window roots, \
      SwiftUI sheets and links (Documentation/Scan.md). -f json (the default) prints the \
      result, schema version 1; another format draws the app's map. .vcgraph.yml's excluded \
      and --exclude leave files out. Needs the vcgraph-swift program beside vcgraph \
      (swift build --product vcgraph-swift) or named by VCGRAPH_SWIFT. \

      """)

  @Argument(help: ArgumentHelp("folders and .swift or .storyboard files", valueName: "path"))
  var inputs: [String] = []

  @Option(name: .shortAndLong, help: "json, or the map: svg png pdf dot mermaid markdown")
  var format = ScanFormat.json

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("write to FILE instead of standard output", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "paths relative to DIR (default: the one folder given, else .)", valueName: "dir"),
    completion: .directory)
  var root: String?

  @OptionGroup var quietOption: QuietOption
  @OptionGroup(title: ExcludeOptions.title) var excludeOptions: ExcludeOptions
  @OptionGroup(title: StyleOptions.title) var style: StyleOptions
  @OptionGroup(title: ScanReadingOptions.title) var reading: ScanReadingOptions
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions

  func validate() throws {
    if (reading.split || reading.focus != nil) && format == .json {
      throw ValidationError(
        "'--\(reading.split ? "split" : "focus")' draws part of the map: give -f svg, png, pdf,"
          + " dot, mermaid or markdown")
    }
    if reading.split && (output == nil || output == "-") {
      throw ValidationError(
        "'--split' writes several files, which standard output cannot: give -o DIR")
    }
  }

  var exclude: [String] { excludeOptions.exclude }
  var drawing: Drawing { Drawing(style: style) }
}

/// `vcgraph scan PATH...`: the app's navigation from its Swift code and storyboards, as JSON
/// or as a map. The parsing is `vcgraph-swift`'s (SwiftSyntax is built into that program only,
/// so that building `vcgraph` stays quick); this command finds the files, runs it, and draws.
struct ScanCommand: Subcommand {
  let options: ScanOptions
  let context: CommandContext

  func run() -> Int32 {
    do throws(VCGraphError) {
      let paths = try context.sourcePaths(for: ScanOptions.name)
      let exclusion = ScanExclusion(
        configurations: context.loader.configurations, globs: options.exclude)
      // The parser starts while the folders are walked.
      let child = ScanRunner.start(root: options.root ?? ScanSources.defaultRoot(paths))
      let sources: ScanSources
      do throws(VCGraphError) {
        sources = try ScanSources.collect(
          paths, root: options.root, isExcluded: exclusion.isExcluded)
        guard !sources.swiftFiles.isEmpty || !sources.storyboards.isEmpty else {
          throw VCGraphError(
            .noInput, "no .swift or .storyboard file under \(paths.joined(separator: " "))")
        }
      } catch {
        child.cancel()
        throw error
      }
      let json = try child.finish(sources, console: context.console)
      let bytes: [UInt8]
      if let format = options.format.render {
        let result = try ScanResult(jsonBytes: json, path: "vcgraph-swift's output")
        let title = Self.title(paths)
        if options.reading.split {
          try drawParts(result, format: format, title: title, output: options.output ?? ".")
          return ExitCode.success
        }
        var selection: ScanMapSelection?
        if let type = options.reading.focus {
          do {
            selection = try builder(result, title: title).focus(on: type)
          } catch {
            throw VCGraphError(error.kind, "\(title): \(error.message)", hint: error.hint)
          }
        }
        bytes = try draw(result, format: format, title: title, selection: selection).bytes
      } else {
        bytes = json
      }
      if let output = options.output, output != "-" {
        try OutputWriter(inputs: paths).write(bytes, to: output)
      } else {
        context.console.out(bytes: bytes)
      }
      return ExitCode.success
    } catch {
      context.report(error)
      return error.exitCode
    }
  }

  /// The scanned folder's name (the app's), else `navigation`.
  static func title(_ paths: [String]) -> String {
    guard paths.count == 1 else { return "navigation" }
    let name = URL(fileURLWithPath: paths[0]).standardizedFileURL.lastPathComponent
    return name.isEmpty || name == "." ? "navigation" : name
  }

  /// The map's builder with the drawing options.
  func builder(
    _ result: ScanResult, title: String, selection: ScanMapSelection? = nil
  ) -> ScanMapBuilder {
    let diagramOptions = options.drawing.diagramOptions(
      maxLabelLines: context.layoutLimits.maxLabelLines)
    return ScanMapBuilder(
      result: result, title: title, options: diagramOptions, selection: selection)
  }

  /// The map (or the part `selection` names) in `format`, with what it draws; a drawing that
  /// will not read at `--max-width` is said on standard error (an error with `--strict`).
  func draw(
    _ result: ScanResult, format: RenderFormat, title: String, selection: ScanMapSelection?,
    named: String? = nil
  ) throws(VCGraphError) -> (bytes: [UInt8], model: Diagram) {
    let model = builder(result, title: title, selection: selection).diagram()
    let input = named ?? title
    if let image = format.image {
      let graph = ImageGraph(model)
      // The SVG too, to measure the drawing whatever the format.
      let formats: [ImageFormat] =
        image == .svg || image == .png ? [image] : [image, .svg]
      let rendered = try context.draw(
        graph, input: input, engine: options.drawing.engine, formats: formats,
        singleDiagram: true)
      for warning in rendered.warnings { context.console.err(warning) }
      guard let data = rendered.outputs[image] else {
        throw VCGraphError(.software, "\(input): Graphviz returned no \(format.rawValue)")
      }
      if let width = ImageBackend.drawingWidth(
        svg: rendered.outputs[.svg], png: rendered.outputs[.png]),
        let problem = ScanReading.problem(
          of: model, drawingWidth: width, smallestText: ImageBackend.smallestText,
          column: Double(options.reading.maxWidth))
      {
        try readingMiss("\(input): \(problem)")
      }
      return (image == .svg ? ImageBackend.svg(data, describing: model) : data, model)
    }
    guard let backend = format.textBackend(image: nil) else {
      throw VCGraphError(.usage, "no map in the format \(format.rawValue)")
    }
    if format == .mermaid || format == .md, let problem = ReadingSize.problem(of: model) {
      try readingMiss("\(input): \(problem)")
    }
    return (Array(backend.text(for: model).utf8), model)
  }

  /// A map that will not read at `--max-width`: a warning naming the fixes, or with
  /// `--strict` an error (65), and nothing is written.
  func readingMiss(_ message: String) throws(VCGraphError) {
    if options.reading.strict {
      throw VCGraphError(.dataError, message, hint: ScanReading.remedy)
    }
    context.console.err(
      DiagnosticPrinter().format(
        severity: .warning, message: message, location: nil, hint: ScanReading.remedy))
  }
}
