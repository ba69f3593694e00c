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
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions

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
      let paths = context.inputs
      guard !paths.isEmpty else {
        throw VCGraphError(
          .usage, "scan needs a PATH: a folder or .swift files", hint: "vcgraph scan Sources")
      }
      let exclusion = ScanExclusion(
        configurations: context.loader.configurations, globs: options.exclude)
      let sources = try ScanSources.collect(
        paths, root: options.root, isExcluded: exclusion.isExcluded)
      guard !sources.swiftFiles.isEmpty || !sources.storyboards.isEmpty else {
        throw VCGraphError(
          .noInput, "no .swift or .storyboard file under \(paths.joined(separator: " "))")
      }
      let json = try ScanRunner.run(sources, console: context.console)
      let bytes: [UInt8]
      if let format = options.format.render {
        let result = try ScanResult(jsonBytes: json, path: "vcgraph-swift's output")
        bytes = try draw(result, format: format, title: Self.title(paths))
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

  private func draw(_ result: ScanResult, format: RenderFormat, title: String) throws(VCGraphError)
    -> [UInt8]
  {
    let diagramOptions = options.drawing.diagramOptions(
      maxLabelLines: context.layoutLimits.maxLabelLines)
    let model = ScanMapBuilder(result: result, title: title, options: diagramOptions).diagram()
    if let graphviz = format.graphviz {
      let graph = ImageGraph(model)
      let rendered = try context.draw(
        graph, input: title, engine: options.drawing.engine, formats: [graphviz],
        singleDiagram: true)
      for warning in rendered.warnings { context.console.err(warning) }
      guard let data = rendered.outputs[graphviz] else {
        throw VCGraphError(.software, "\(title): Graphviz returned no \(format.rawValue)")
      }
      return graphviz == .svg ? ImageBackend.svg(data, describing: model) : data
    }
    guard let backend = format.textBackend(image: nil) else {
      throw VCGraphError(.usage, "no map in the format \(format.rawValue)")
    }
    return Array(backend.text(for: model).utf8)
  }
}
