import VCGraphCore

/// `vcgraph analyze INPUT [--format text|json]`.
struct AnalyzeCommand {
  let context: CommandContext

  func run() -> Int32 {
    do {
      let format = try context.arguments.choice("format", among: ["text", "json"]) ?? "text"
      let path = try context.inputs(atMostOne: true)[0]
      let report = try context.report(for: path)
      context.console.out(format == "json" ? report.json.formatted() + "\n" : report.text)
      return ExitCode.success
    } catch {
      context.report(error)
      return error.exitCode
    }
  }
}
