import Foundation
import VCGraphCore

/// Where each rendered input and format goes, worked out (and checked) before any input is
/// read, so a wrong `-o` or `-f` is one clear usage error.
///
/// - `-o -`: one format of one input to standard output.
/// - `-o FILE.ext` (not an existing directory) with a format's extension: that one file, for
///   one input; `-f`, when given, must name that same format.
/// - `-o FILE` with another extension, or none: one file only when `-f` names one format and
///   there is one input (`-o diagram.gv -f dot`, `-o /dev/null -f svg`); otherwise an unknown
///   extension is a usage error and a name without one is a directory (created, with its
///   parents, when it does not exist yet; an existing file there is refused).
/// - Otherwise (`-o DIR`, `-o NAME/` with a trailing slash, or no `-o`: the current directory):
///   `NAME.FORMAT` for each input and format. A file found inside a directory given as input keeps
///   its place under DIR (`in/other/mail.yaml` → `DIR/other/mail.svg`), so equal names in different
///   folders do not collide. Missing directories (DIR, its parents, the subdirectories, the folders
///   of a named file) are created as the outputs are written, as `swift build` and `docc` do; a
///   file where a directory must be is refused (73).
///
/// Every file of the run (each format's, the `--image` beside a page, each `--dark-variant`
/// image) must have a path of its own: two outputs that would land on one path (inputs
/// `a.yaml` and `a~dark.yaml` with `--dark-variant`) are a usage error before anything is
/// read or written, never one render lost.
struct RenderPlan {
  enum Destination: Equatable {
    case file(String)
    case standardOutput
  }

  var formats: [RenderFormat] = []
  /// The image a Markdown page links to instead of its Mermaid block (`--image`), written
  /// beside the page.
  var image: RenderFormat?
  /// Per input path, per format.
  var destinations: [String: [RenderFormat: Destination]] = [:]
  /// Whether the run draws one diagram, which may then be laid out in process at any size.
  var singleDiagram: Bool { destinations.count == 1 }

  /// `formats` as given with `-f` (none: from `-o`'s extension, else SVG); `image` as given
  /// with `--image`; `darkVariant` for `--dark-variant` (a dark image beside each SVG and PNG).
  init(
    inputs: [InputFile], output: String?, formats given: [RenderFormat],
    image: RenderFormat? = nil, darkVariant: Bool = false
  ) throws(VCGraphError) {
    try plan(inputs: inputs, output: output, formats: given)
    if let image { try planImage(image) }
    try checkCollisions(inputs: inputs, darkVariant: darkVariant)
  }

  /// The files written for one input: each format's, then with `darkVariant` the dark image
  /// beside each SVG and PNG.
  func files(of input: String, darkVariant: Bool) -> [String] {
    var files: [String] = []
    var dark: [String] = []
    for format in RenderFormat.allCases {
      guard case .file(let path)? = destinations[input]?[format] else { continue }
      files.append(path)
      if darkVariant && (format == .svg || format == .png) {
        dark.append(Self.darkVariantPath(of: path))
      }
    }
    return files + dark
  }

  /// Refuses two outputs of the run at one path (compared as spelled after `.` and `..` are
  /// taken out).
  private func checkCollisions(inputs: [InputFile], darkVariant: Bool) throws(VCGraphError) {
    var taken: [String: String] = [:]
    for input in inputs {
      var own: Set<String> = []
      for path in files(of: input.path, darkVariant: darkVariant) {
        let key = (path as NSString).standardizingPath
        // One input's page and the image it shows may be one file (`-f md,svg --image svg`).
        guard own.insert(key).inserted else { continue }
        if let other = taken[key] {
          throw VCGraphError(
            .usage, "\(input.path) and \(other) would both write \(path)",
            hint: darkVariant
              ? "--dark-variant writes NAME~dark beside NAME: rename one input, or render them"
                + " into different directories"
              : "render them into different directories, or give their folder as the input")
        }
        taken[key] = input.path
      }
    }
  }

  /// `NAME~dark.EXT` beside `NAME.EXT`, as DocC names an image's dark variant.
  static func darkVariantPath(of path: String) -> String {
    let base = (path as NSString).deletingPathExtension
    let ext = (path as NSString).pathExtension
    return base + "~dark" + (ext.isEmpty ? "" : "." + ext)
  }

  private mutating func plan(
    inputs: [InputFile], output: String?, formats given: [RenderFormat]
  ) throws(VCGraphError) {
    var formats = given
    // A trailing slash names a folder even for one format of one input, where a name without
    // one would be that file.
    let outputIsDirectory = output.map(OutputFolder.isNamed(by:)) == true
    let known = RenderFormat.allCases.map(\.fileExtension).joined(separator: ", .")
    if output == "-" {
      if formats.isEmpty { formats = [.svg] }
      guard inputs.count == 1, formats.count == 1 else {
        throw VCGraphError(.usage, "-o - writes one format of one input to standard output")
      }
      destinations[inputs[0].path] = [formats[0]: .standardOutput]
      self.formats = formats
      return
    }
    if let output, !outputIsDirectory {
      let ext = (output as NSString).pathExtension
      if let named = RenderFormat(name: ext) {
        guard inputs.count == 1 else {
          throw VCGraphError(
            .usage, "-o \(output) names one file, but there are \(inputs.count) inputs",
            hint: "give a directory with -o to write one file per input")
        }
        if formats.count > 1 {
          throw VCGraphError(
            .usage,
            "several formats (\(formats.map(\.rawValue).joined(separator: ", "))) cannot all be"
              + " written to the one file \(output)",
            hint: "give a directory with -o, or one format")
        }
        if let asked = formats.first, asked != named {
          throw VCGraphError(
            .usage,
            "-o \(output) has the extension .\(ext) but -f asks for \(asked.rawValue)",
            hint: "name the file .\(asked.fileExtension), or leave out -f")
        }
        destinations[inputs[0].path] = [named: .file(output)]
        self.formats = [named]
        return
      }
      if formats.count == 1 && inputs.count == 1 {
        destinations[inputs[0].path] = [formats[0]: .file(output)]
        self.formats = formats
        return
      }
      if ext.isEmpty && FileManager.default.fileExists(atPath: output) {
        guard inputs.count == 1 else {
          throw VCGraphError(.cantCreate, "\(output): is not a directory")
        }
        // An existing file without a format's extension (`/dev/null`): SVG unless -f says.
        let format = formats.first ?? .svg
        destinations[inputs[0].path] = [format: .file(output)]
        self.formats = [format]
        return
      }
      if !ext.isEmpty {
        throw VCGraphError(
          .usage, "-o \(output): .\(ext) is not an output format",
          hint: "name the file .\(known), or give a directory")
      }
      // A name without an extension that does not exist yet: a directory, made (with its
      // parents) as the first output is written into it.
    }
    if formats.isEmpty { formats = [.svg] }
    let directory = output ?? "."
    for input in inputs {
      let name =
        input.path == "-" ? "stdin" : input.relative ?? (input.path as NSString).lastPathComponent
      let base = (name as NSString).deletingPathExtension
      var perFormat: [RenderFormat: Destination] = [:]
      for format in formats {
        perFormat[format] = .file(
          (directory as NSString).appendingPathComponent("\(base).\(format.fileExtension)"))
      }
      destinations[input.path] = perFormat
    }
    self.formats = formats
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
