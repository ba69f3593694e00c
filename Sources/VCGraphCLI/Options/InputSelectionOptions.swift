import VCGraphCore

/// `--include GLOB` and `--exclude GLOB`: which files inside directories given as inputs are
/// read (`render`, `check`).
struct InputSelectionOptions: OptionGroup {
  static let title = "inputs in directories"
  static let include = Option(
    repeating: "include", value: "GLOB",
    help: "also read matching files (name, or path if it has a /)",
    parse: Parse.text)
  static let exclude = Option(
    repeating: "exclude", value: "GLOB", help: "skip files that match", parse: Parse.text)

  static let forceExclude = Option(
    flag: "force-exclude",
    help: "leave out excluded files even when named as inputs (.vcgraph.yml)")

  static let options = [include.declaration, exclude.declaration, forceExclude.declaration]

  var selection: InputSelection

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    selection = InputSelection(
      include: try arguments.value(of: Self.include),
      exclude: try arguments.value(of: Self.exclude),
      forceExclude: try arguments.value(of: Self.forceExclude))
  }
}
