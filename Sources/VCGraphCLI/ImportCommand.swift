import VCGraphCore

/// The options of `vcgraph import`.
struct ImportOptions: CommandOptions {
  static let output = Option(
    "output", short: "o", value: "FILE",
    help: "the .yaml file to write (default: standard output)", parse: Parse.text)

  static let sections =
    [OptionSection(title: "options", options: [output.declaration])]
    + LimitOptions.sections + ClassOptions.sections
    + ReferenceOptions.sections

  var output: String?
  var limits: LimitOptions
  var classes: ClassOptions
  var references: ReferenceOptions
  var storyboardFolders: [String] { references.folders }

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
    references = try ReferenceOptions(arguments)
    output = try arguments.value(of: Self.output)
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
        for: input.hierarchy, source: path,
        comments: input.storyboard.map(Self.sceneComments) ?? [:])
      if let output = options.output, output != "-" {
        try OutputWriter(inputs: [path]).write(Array(yaml.utf8), to: output)
      } else {
        context.console.out(yaml)
      }
      return ExitCode.success
    } catch {
      context.report(error)
      return error.exitCode
    }
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
