import VCGraphCore

/// The options of `vcgraph import`.
struct ImportOptions: CommandOptions {
  static let output = Option(
    "output", short: "o", value: "FILE",
    help: "the .yaml file to write (default: standard output)", parse: Parse.text)

  static let sections =
    [OptionSection(title: "options", options: [output.declaration])]
    + LimitOptions.sections + ClassOptions.sections

  var output: String?
  var limits: LimitOptions
  var classes: ClassOptions

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
    output = try arguments.value(of: Self.output)
  }
}

/// `vcgraph import DUMP [-o FILE.yaml]`.
struct ImportCommand: Subcommand {
  let options: ImportOptions
  let context: CommandContext

  static let synopsis = "vcgraph import DUMP [-o FILE.yaml]"
  static let summary =
    "Turns a _printHierarchy or Chisel pvc dump into a description file (standard output\n"
    + "without -o). Notes where the importer had to guess become YAML comments."

  func run() -> Int32 {
    do {
      let path = try context.inputs(atMostOne: true)[0]
      let input = try context.loader.load(path)
      let yaml = DescriptionWriter.yaml(for: input.hierarchy, source: path)
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
}
