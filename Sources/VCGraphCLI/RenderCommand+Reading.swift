import Foundation
import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

/// `render`'s reading-size options (``ReadingOptions``): `--focus`, `--split`, `--max-width`
/// and `--strict`. What each part draws is the diagram model's (``DiagramSelection``); this
/// only names and writes the files.
extension RenderCommand {
  /// `--focus ID` for `input`'s report: a controller of a hierarchy, a scene of a storyboard's
  /// map (``DiagramSelection/focus(onScene:in:)``); an unknown id is a data error (65) naming
  /// the input.
  static func focus(
    on id: String, in report: AnalysisReport, input: String
  ) throws(VCGraphError) -> DiagramSelection {
    do {
      if let storyboard = report.storyboard {
        return try DiagramSelection.focus(onScene: id, in: storyboard)
      }
      return try DiagramSelection.focus(on: id, in: report.analysis)
    } catch {
      throw VCGraphError(error.kind, "\(input): \(error.message)", hint: error.hint)
    }
  }

  /// A diagram that will not read at `--max-width`: a warning, or with `--strict` an error
  /// (65) for the input, whose files are then not written.
  func readingMiss(_ message: String, progress: Progress?) throws(VCGraphError) {
    if options.reading.strict {
      throw VCGraphError(.dataError, message, hint: ReadingSize.remedy)
    }
    let warning = DiagnosticPrinter().format(
      severity: .warning, message: message, location: nil, hint: ReadingSize.remedy)
    if let progress {
      progress.message(warning)
    } else {
      context.console.err(warning)
    }
  }

  /// `--split`: a diagram per part (``DiagramSelection/parts(of:)``; of a storyboard's map,
  /// ``DiagramSelection/parts(ofMap:drawing:)``, one per storyboard file) in every format planned
  /// for the input, `NAME-NN-PART.FORMAT` beside where `NAME.FORMAT` would go, and the overview
  /// page `NAME.md` linking them (the `-f md` page's path when there is one). `-f json` is
  /// the whole analysis, as without `--split`. All files of the input are written together.
  func renderParts(
    _ report: AnalysisReport, input: String, options: DiagramOptions,
    destinations: [RenderFormat: RenderPlan.Destination], image imageFormat: RenderFormat?,
    singleDiagram: Bool, writer: OutputWriter, progress: Progress
  ) throws(VCGraphError) {
    var planned: [(format: RenderFormat, path: String)] = []
    for format in RenderFormat.allCases {
      if case .file(let path)? = destinations[format] { planned.append((format, path)) }
    }
    guard let first = planned.first else { return }
    let drawn = planned.filter { $0.format != .json }
    let whole = Self.diagram(of: report, options: options)
    let parts: [DiagramSelection]
    if let storyboard = report.storyboard {
      let scenes = whole.allNodes.compactMap { node -> SceneRef? in
        if case .storyboardScene(let scene) = node.id { return scene }
        return nil
      }
      parts = DiagramSelection.parts(ofMap: storyboard, drawing: scenes)
    } else {
      parts = DiagramSelection.parts(of: report.analysis)
    }
    let digits = max(2, String(parts.count).count)
    var files: [(bytes: [UInt8], path: String)] = []
    var overview: [SplitOverview.Part] = []
    for (number, part) in parts.enumerated() {
      var partOptions = options
      partOptions.selection = part
      var model = Self.diagram(of: report, options: partOptions)
      let numbered = String(repeating: "0", count: digits - String(number + 1).count)
        + "\(number + 1)-" + part.slug
      let paths = Dictionary(
        drawn.map { ($0.format, Self.partPath(of: $0.path, part: numbered)) },
        uniquingKeysWith: { first, _ in first })
      let named = "\(input) (\(part.label))"
      let rendered = try images(
        of: &model, input: named, formats: drawn.map(\.format), singleDiagram: singleDiagram,
        progress: progress)
      let image = imageFormat.flatMap { paths[$0] }.map { ($0 as NSString).lastPathComponent }
      for (format, _) in drawn {
        let bytes: [UInt8]
        if let drawing = rendered[format] {
          bytes = drawing
        } else if let backend = format.textBackend(image: image) {
          let text = backend.text(for: model)
          try warnAboutMermaidLimits(text, of: model, input: named, format: format, image: image)
          bytes = Array(text.utf8)
        } else {
          continue
        }
        files.append((bytes, paths[format]!))
      }
      if self.options.darkVariant {
        let rendered = try darkVariants(
          of: report, options: partOptions, like: model, input: named,
          formats: drawn.map(\.format), singleDiagram: singleDiagram, progress: progress)
        for (format, bytes) in rendered {
          files.append((bytes, RenderPlan.darkVariantPath(of: paths[format]!)))
        }
      }
      let names = drawn.map { ($0.format, (paths[$0.format]! as NSString).lastPathComponent) }
      var ids = part.controllers.sorted().map { report.analysis.hierarchy.controllers[$0].id }
      if let scenes = part.scenes, let map = report.storyboard?.map {
        ids = scenes.sorted().map { map.displayName(of: $0) ?? map.preferredID(of: $0) }
      }
      overview.append(
        SplitOverview.Part(
          label: part.label, members: ids,
          files: names.map(\.1),
          image: names.first { $0.0 == .svg }?.1 ?? names.first { $0.0 == .png }?.1))
    }
    if case .file(let path)? = destinations[.json] {
      let name: (String) -> String = { path in
        options.showPath ? path : DiagramBuilder.baseName(of: path)
      }
      files.append((Array((report.json(naming: name).formatted() + "\n").utf8), path))
    }
    let page = SplitOverview(
      report.storyboard == nil ? .hierarchy(path: whole.path) : .storyboardMap(path: whole.path),
      title: whole.title, summary: whole.summaryLine,
      parts: overview)
    let overviewPath: String
    if case .file(let path)? = destinations[.md] {
      overviewPath = path
    } else {
      overviewPath = (first.path as NSString).deletingPathExtension + ".md"
    }
    files.append((Array(page.text.utf8), overviewPath))
    try Self.makeDirectories(for: files.map(\.path))
    try writer.write(files)
  }

  /// Where part `part` of the output `path` goes: `out/app.svg` → `out/app-02-tab-1-feed.svg`.
  static func partPath(of path: String, part: String) -> String {
    let name = path as NSString
    let base = name.deletingPathExtension + "-" + part
    return name.pathExtension.isEmpty ? base : base + "." + name.pathExtension
  }
}
