import Foundation
import VCGraphCore
import VCGraphDiagram

/// The options of `vcgraph import`.
struct ImportOptions: CommandOptions {
  static let output = Option(
    "output", short: "o", value: "FILE",
    help: "the .yaml file to write (default: standard output)", parse: Parse.text)

  static let sections =
    [
      OptionSection(
        title: "options", options: [output.declaration, SharedOptions.quiet.declaration])
    ]
    + LimitOptions.sections + ClassOptions.sections
    + ReferenceOptions.sections

  var output: String?
  /// `--quiet`: accepted as by every command; this one prints no progress or summary.
  var quiet: Bool
  var limits: LimitOptions
  var classes: ClassOptions
  var references: ReferenceOptions
  var storyboardFolders: [String] { references.folders }

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
    references = try ReferenceOptions(arguments)
    output = try arguments.value(of: Self.output)
    quiet = try arguments.value(of: SharedOptions.quiet)
  }

  func validate() throws(VCGraphError) {
    guard let output, output != "-" else { return }
    let ext = (output as NSString).pathExtension.lowercased()
    if !ext.isEmpty && !DescriptionLoader.extensions.contains(ext) {
      throw VCGraphError(
        .usage, "import writes a description (YAML), not .\(ext): -o \(output)",
        hint: "name the output .yaml or .yml")
    }
  }
}

/// `vcgraph import DUMP [-o FILE.yaml]`.
struct ImportCommand: Subcommand {
  let options: ImportOptions
  let context: CommandContext

  static let synopsis = "vcgraph import DUMP|STORYBOARD [-o FILE.yaml]"
  static let summary =
    "Turns a _printHierarchy or Chisel pvc dump, or a storyboard's launch state, into a\n"
    + "description file (standard output without -o). Notes where the importer had to\n"
    + "guess, and each storyboard controller's scene, become YAML comments."

  func run() -> Int32 {
    do {
      let path = try context.inputs(atMostOne: true)[0]
      let input = try context.load(path)
      let yaml = DescriptionWriter.yaml(
        for: input.hierarchy, source: DiagramBuilder.baseName(of: path),
        comments: input.storyboard.map(Self.sceneComments) ?? [:])
      if let output = options.output, output != "-" {
        try OutputWriter(inputs: [path]).write(Array(yaml.utf8), to: output)
      } else {
        context.console.out(yaml)
      }
      if let warning = Self.limitWarning(for: yaml, output: options.output ?? "-") {
        context.console.err(warning)
      }
      return ExitCode.success
    } catch {
      context.report(error)
      return error.exitCode
    }
  }

  /// A warning when the description written is larger or deeper than vcgraph reads by
  /// default (a dump thousands of levels deep gives tens of megabytes of indentation), with
  /// the options that read it.
  static func limitWarning(for yaml: String, output: String) -> String? {
    let limits = InputLimits.default
    let size = yaml.utf8.count
    let depth = nestingDepth(of: yaml)
    guard size > limits.maxInputBytes || depth > limits.maxDepth else { return nil }
    var options: [String] = []
    if size > limits.maxInputBytes { options.append("--max-input-bytes \(size)") }
    if depth > limits.maxDepth { options.append("--max-depth \(depth)") }
    let name = output == "-" ? "the description" : output
    return ControlCharacters.escaped(
      "warning: \(name) is \(size) bytes and nests up to \(depth) levels, more than vcgraph"
        + " reads by default (\(limits.maxInputBytes) bytes, \(limits.maxDepth) levels); read"
        + " it with \(options.joined(separator: " "))") + "\n"
  }

  /// The deepest nesting of a description as `DescriptionWriter` writes it: two spaces of
  /// indentation per block level, and a level for each `{`/`[` opened on a line (an upper
  /// bound, counting from the start of the line).
  static func nestingDepth(of yaml: String) -> Int {
    var deepest = 0
    for line in yaml.utf8.split(separator: 0x0A) {
      let indent = line.prefix { $0 == 0x20 }.count
      var open = 0
      var flow = 0
      for byte in line.dropFirst(indent) {
        if byte == 0x7B || byte == 0x5B {
          open += 1
          flow = max(flow, open)
        } else if byte == 0x7D || byte == 0x5D {
          open -= 1
        } else if byte == 0x23 && open == 0 {
          break  // a comment
        }
      }
      deepest = max(deepest, indent / 2 + flow + 2)
    }
    return deepest
  }

  /// One comment per controller of a storyboard's launch state: the scene it was built from,
  /// with Interface Builder's label for it and its position.
  static func sceneComments(_ storyboard: StoryboardDocument) -> [ControllerIndex: [String]] {
    var comments: [ControllerIndex: [String]] = [:]
    for (index, scene) in storyboard.launch.scenes.enumerated() {
      let item = storyboard.map[scene]
      let label = item.label.map { "scene \"\($0)\"" } ?? "scene \(item.elementID)"
      comments[index] = [
        "\(label): \(storyboard.map.storyboards[scene.storyboard].name).storyboard line"
          + " \(item.location.line)"
      ]
    }
    return comments
  }
}
