import Foundation
import VCGraphBackends
import VCGraphCore
import VCGraphDiagram

/// `scan --split`: a map per flow (``ScanMapBuilder/parts()``, chosen in the diagram model)
/// and the overview page; this only names and writes the files.
extension ScanCommand {
  /// Where `NAME.FORMAT` would go for `-o output`: the file it names, or in the folder it
  /// names (an existing folder, a path ending in `/` or without an extension) `NAME` the
  /// scanned folder's name. Returns the path without its extension.
  static func splitBase(output: String, title: String) -> String {
    if OutputFolder.isNamed(by: output) || (output as NSString).pathExtension.isEmpty {
      return (output as NSString).appendingPathComponent(DiagramSelection.slugged(title))
    }
    return (output as NSString).deletingPathExtension
  }

  /// Draws each part of the map in `format` as `NAME-NN-PART.FORMAT` and the overview
  /// `NAME.md` linking them, all written together once every part is drawn.
  func drawParts(
    _ result: ScanResult, format: RenderFormat, title: String, output: String
  ) throws(VCGraphError) {
    let base = Self.splitBase(output: output, title: title)
    let whole = builder(result, title: title)
    let parts = whole.parts()
    let digits = max(2, String(parts.count).count)
    var files: [(bytes: [UInt8], path: String)] = []
    var overview: [SplitOverview.Part] = []
    for (number, part) in parts.enumerated() {
      let numbered =
        String(repeating: "0", count: digits - String(number + 1).count)
        + "\(number + 1)-" + part.slug
      let path = base + "-" + numbered + "." + format.fileExtension
      let drawn = try draw(
        result, format: format, title: title, selection: part,
        named: "\(title) (\(part.label))")
      files.append((drawn.bytes, path))
      let name = (path as NSString).lastPathComponent
      let types = drawn.model.nodes.compactMap { node -> String? in
        guard case .storyboardScene(let scene) = node.content, scene.reference == nil else {
          return nil
        }
        return scene.id
      }
      overview.append(
        SplitOverview.Part(
          label: part.label, members: types, files: [name],
          image: format == .svg || format == .png ? name : nil))
    }
    let map = whole.diagram()
    let page = SplitOverview(
      .scanMap, title: map.title, summary: map.caption ?? "", parts: overview)
    files.append((Array(page.text.utf8), base + ".md"))
    try RenderCommand.makeDirectories(for: files.map(\.path))
    try OutputWriter(inputs: context.inputs).write(files)
  }
}
