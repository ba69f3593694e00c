import VCGraphCore

/// `vcgraph import DUMP [-o FILE.yaml]`.
struct ImportCommand {
  let context: CommandContext

  func run() -> Int32 {
    do {
      let path = try context.inputs(atMostOne: true)[0]
      let input = try context.loader.load(path)
      let yaml = DescriptionWriter.yaml(for: input.hierarchy, source: path)
      if let output = context.arguments.value("output"), output != "-" {
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
