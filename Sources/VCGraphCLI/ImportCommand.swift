import ArgumentParser
import Foundation
import VCGraphCore
import VCGraphDiagram

/// `vcgraph import`: its options.
struct ImportOptions: ReadsDescriptions {
  typealias Runner = ImportCommand

  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "turn a debugger dump or a storyboard's launch state into a description file",
    // argument-parser lists up to 12 options in the usage line; this command has 12.
    usage: "vcgraph import [<options>] [<input> ...]",
    discussion: """
      Turns a _printHierarchy or Chisel pvc dump, or a storyboard's launch state, into a \
      description file (standard output without -o). Notes where the importer had to guess, \
      and each storyboard controller's scene, become YAML comments.
      """)

  @Argument(
    help: ArgumentHelp(
      "a debugger dump or a storyboard, or - for standard input", valueName: "input"))
  var inputs: [String] = []

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("the .yaml file to write (default: standard output)", valueName: "file"))
  var output: String?

  @OptionGroup var quietOption: QuietOption
  @OptionGroup(title: LimitOptions.title) var limits: LimitOptions
  @OptionGroup(title: ClassOptions.title) var classes: ClassOptions
  @OptionGroup(title: ReferenceOptions.title) var references: ReferenceOptions
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions

  func validate() throws {
    guard let output, output != "-" else { return }
    let ext = (output as NSString).pathExtension.lowercased()
    if !ext.isEmpty && !DescriptionLoader.extensions.contains(ext) {
      throw ValidationError(
        "import writes a description (YAML), not .\(ext): -o \(output) (name the output .yaml"
          + " or .yml)")
    }
  }
}

/// `vcgraph import DUMP [-o FILE.yaml]`.
struct ImportCommand: Subcommand {
  let options: ImportOptions
  let context: CommandContext

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
