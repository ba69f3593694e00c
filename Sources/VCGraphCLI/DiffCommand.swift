import ArgumentParser
import Foundation
import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

/// How `diff` prints the comparison.
enum DiffFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
  case text, json, markdown
}

/// `vcgraph diff`: its options.
struct DiffOptions: ReadsDescriptions {
  typealias Runner = DiffCommand

  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "what changed between two hierarchies (or two scans); --exit-code for CI",
    discussion: """
      Compares two hierarchies (descriptions, debugger dumps or storyboards, in any mix): \
      controllers added, removed and moved (paired by id, else by class and position), \
      presentation styles, the top view controller, what is on screen, and findings new and \
      fixed. -o FILE also draws AFTER with the changes marked. With --exit-code the exit \
      status is 1 when they differ, so a CI step fails on an unexpected change. Two results of \
      `vcgraph scan -f json`: the navigation edges added and removed (--format markdown for a \
      pull request's comment). \

      """)

  @Argument(
    help: ArgumentHelp(
      "BEFORE and AFTER: descriptions, dumps, storyboards or scans (- for one)", valueName: "input")
  )
  var inputs: [String] = []

  @Option(help: "text, json or markdown (a pull-request comment)")
  var format = DiffFormat.text

  @Flag(help: "exit 1 when the hierarchies differ (for CI)")
  var exitCode = false

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "also draw AFTER, changes marked (.svg .png .pdf .dot .mmd .md)", valueName: "file"))
  var output: String?

  @OptionGroup var quietOption: QuietOption
  @OptionGroup(title: StyleOptions.title) var style: StyleOptions
  @OptionGroup(title: StyleOptions.title) var details: DetailOptions
  @OptionGroup(title: ReadingOptions.title) var focusOption: FocusOption
  @OptionGroup(title: LimitOptions.title) var limits: LimitOptions
  @OptionGroup(title: ClassOptions.title) var classes: ClassOptions
  @OptionGroup(title: ReferenceOptions.title) var references: ReferenceOptions
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions

  var drawing: Drawing { Drawing(style: style, details: details) }

  /// The diagram's format, from `-o`'s extension.
  var diagramFormat: RenderFormat? {
    output.flatMap { RenderFormat(name: ($0 as NSString).pathExtension) }
  }

  func validate() throws {
    guard let output else {
      if focusOption.focus != nil {
        throw ValidationError("'--focus' draws part of -o's drawing; add -o FILE (-o after.svg)")
      }
      return
    }
    guard output != "-" else {
      throw ValidationError(
        "diff prints the comparison on standard output; -o names the diagram's file (name a"
          + " file: -o after.svg)")
    }
    guard let format = diagramFormat, format != .json else {
      throw ValidationError(
        "-o \(output): the diagram's format comes from the extension (use .svg, .png, .pdf,"
          + " .dot, .mmd or .md; --format json prints the diff as JSON)")
    }
  }
}

/// `vcgraph diff BEFORE AFTER [--format text|json|markdown] [--exit-code] [-o FILE]`: what changed
/// between two hierarchies, each a description, a dump or a storyboard (`HierarchyDiff`).
struct DiffCommand: Subcommand {
  let options: DiffOptions
  let context: CommandContext

  func run() -> Int32 {
    do throws(VCGraphError) {
      let paths = context.inputs
      guard paths.count == 2 else {
        throw VCGraphError(
          .usage, "diff compares two inputs, BEFORE and AFTER; \(paths.count) given",
          hint: "vcgraph diff expected.yaml dump.txt")
      }
      if paths == ["-", "-"] {
        throw VCGraphError(.usage, "only one of BEFORE and AFTER can be standard input (-)")
      }
      for path in paths where OutputFolder.exists(path) {
        throw VCGraphError(.usage, "\(path): diff compares two files, not a directory")
      }
      if let scans = try Self.scans(paths) {
        return try compare(scans.0, scans.1, paths: paths)
      }
      let before = try context.loader.load(paths[0]).hierarchy
      let after = try context.loader.load(paths[1]).hierarchy
      let diff = HierarchyDiff(
        before: before, after: after,
        configuration: try context.configurations.rules(for: paths[1]))
      if let output = options.output, let format = options.diagramFormat {
        try draw(diff, format: format, to: output, inputs: paths)
      }
      switch options.format {
      case .text: context.console.out(diff.text)
      case .json: context.console.out(diff.json.formatted() + "\n")
      case .markdown:
        let directory = FileManager.default.currentDirectoryPath
        context.console.out(
          DiffMarkdownReporter.report(
            diff, sourceRoot: WorkspacePath.sourceRoot(for: paths, in: directory),
            workingDirectory: WorkspacePath.absolute(".", in: directory)))
      }
      return options.exitCode && !diff.isEmpty ? ExitCode.differences : ExitCode.success
    } catch {
      context.report(error)
      return error.exitCode
    }
  }

  /// Both inputs read as scan results, when both are (`ScanResult.looksLikeScan`); nil when
  /// neither is; an error when only one is.
  static func scans(_ paths: [String]) throws(VCGraphError) -> (ScanResult, ScanResult)? {
    var bytes: [[UInt8]] = []
    for path in paths where path != "-" && path.hasSuffix(".json") {
      bytes.append(try InputFileReading.read(path, limit: 512 << 20))
    }
    guard bytes.count == 2 else { return nil }
    let kinds = bytes.map(ScanResult.looksLikeScan)
    guard kinds.contains(true) else { return nil }
    guard kinds == [true, true] else {
      throw VCGraphError(
        .usage,
        "\(paths[kinds[0] ? 1 : 0]): not a scan result, and diff compares two scans"
          + " or two hierarchies")
    }
    return (
      try ScanResult(jsonBytes: bytes[0], path: paths[0]),
      try ScanResult(jsonBytes: bytes[1], path: paths[1])
    )
  }

  /// Two scans: the edges added and removed.
  private func compare(_ before: ScanResult, _ after: ScanResult, paths: [String])
    throws(VCGraphError) -> Int32
  {
    if options.output != nil {
      throw VCGraphError(
        .usage, "-o draws a hierarchy; of two scans, draw AFTER with vcgraph scan -f svg")
    }
    let diff = ScanDiff(before: before, after: after, beforePath: paths[0], afterPath: paths[1])
    switch options.format {
    case .text: context.console.out(diff.text)
    case .markdown: context.console.out(ScanDiffMarkdownReporter.report(diff))
    case .json: context.console.out(diff.json.formatted() + "\n")
    }
    return options.exitCode && !diff.isEmpty ? ExitCode.differences : ExitCode.success
  }

  /// The diagram of AFTER with the marks `simulate` uses: ✚ added, ↔ moved, ▲ newly on
  /// screen, ▽ left the screen, and the removed controllers listed in the caption (and, in
  /// SVG, PNG and PDF, drawn dashed with ✕ where they were).
  private func draw(
    _ diff: HierarchyDiff, format: RenderFormat, to output: String, inputs: [String]
  ) throws(VCGraphError) {
    var diagram = options.drawing.diagramOptions(
      maxLabelLines: context.layoutLimits.maxLabelLines)
    // No input path in a drawing unless --show-path asks for it (as `render`).
    let before = diff.before.hierarchy.path
    let shown = options.drawing.showPath ? before : DiagramBuilder.baseName(of: before)
    diagram.caption = "Compared with \(shown) · \(diff.headline)"
    diagram.removedIDs = diff.removed.map(\.id)
    diagram.changes = Self.changes(diff)
    let report = try AnalysisReport(diff.after.hierarchy)
    if let id = options.focusOption.focus {
      diagram.selection = try RenderCommand.focus(on: id, in: report, input: inputs[1])
    }
    let model = DiagramBuilder(report: report, options: diagram).diagram()
    let bytes: [UInt8]
    if let image = format.image {
      // With something removed (and a layout to draw), AFTER is drawn on one layout with
      // BEFORE, the removed controllers ghosted where they were; DOT is the graph before layout.
      var graph = ImageGraph(model)
      var engine = options.drawing.engine
      if !diff.removed.isEmpty && image != .dot {
        graph = try ghosted(
          diff, after: graph, selection: diagram.selection, input: inputs[1])
        engine = ImageLayout.engine
      }
      let rendered = try context.draw(
        graph, input: inputs[1], engine: engine, formats: [image], singleDiagram: true)
      for warning in rendered.warnings { context.console.err(warning) }
      guard let data = rendered.outputs[image] else {
        throw VCGraphError(.software, "\(inputs[1]): Graphviz returned no \(format.rawValue)")
      }
      bytes = image == .svg ? ImageBackend.svg(data, describing: model) : data
    } else if let backend = format.textBackend(image: nil) {
      bytes = Array(backend.text(for: model).utf8)
    } else {
      throw VCGraphError(.usage, "\(output): no diagram format")
    }
    let writer = OutputWriter(inputs: inputs)
    try writer.checkNotInput(output)
    try writer.write(bytes, to: output)
  }

  /// The badge of each changed controller of AFTER; one each, the most telling first (as
  /// `simulate` marks a step's changes).
  static func changes(_ diff: HierarchyDiff) -> [String: DiagramOptions.Change] {
    var changes: [String: DiagramOptions.Change] = [:]
    for id in diff.lost { changes[id] = .leftScreen }
    for id in diff.gained { changes[id] = .newlyOnScreen }
    for move in diff.moved { changes[move.id] = .moved }
    for entry in diff.added { changes[entry.id] = .added }
    return changes
  }
}
