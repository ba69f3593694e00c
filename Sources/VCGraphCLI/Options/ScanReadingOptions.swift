import ArgumentParser
import VCGraphDiagram

/// How `scan` makes its map read where documentation shows it (``ReadingSize``): a part of
/// the map (`--focus`, `--split`), the width it is shown at and whether a miss fails the run.
/// The same names, wording and exit codes as `render`'s reading-size options (`--focus`
/// names a type here, a controller there).
struct ScanReadingOptions: ParsableArguments {
  static let title = "reading size"

  @Option(
    help: ArgumentHelp(
      "draw only type TYPE, the path from an entry point to it and the types it shows or is"
        + " shown by", valueName: "type"))
  var focus: String?

  @Flag(help: "a map per flow (a connected part of the navigation), and an overview NAME.md")
  var split = false

  @Option(
    help: ArgumentHelp(
      "the width the map is shown at, in CSS px (default \(Int(ReadingSize.columnWidth)))",
      valueName: "px"),
    transform: Parse.option(ReadingOptions.width))
  var maxWidth = Int(ReadingSize.columnWidth)

  @Flag(
    help: ArgumentHelp(
      "text under \(Int(ReadingSize.minimumText)) px at --max-width is an error (65), not a"
        + " warning"))
  var strict = false

  func validate() throws {
    if split && focus != nil {
      throw ValidationError("'--split' draws every part and '--focus' one; give one")
    }
  }
}
