import ArgumentParser
import VCGraphDiagram

/// How `render` makes a diagram read where documentation shows it (``ReadingSize``): a part
/// of the hierarchy (`--focus`, `--split`), the width it is shown at and whether a miss fails
/// the run.
struct ReadingOptions: ParsableArguments {
  static let title = "reading size"

  @OptionGroup var focusOption: FocusOption
  /// `--focus ID`.
  var focus: String? { focusOption.focus }

  @Flag(
    help: ArgumentHelp(
      "a diagram per window, tab and presentation level (of a storyboard's map: per"
        + " storyboard file), and an overview NAME.md"))
  var split = false

  @Option(
    help: ArgumentHelp(
      "the width the diagram is shown at, in CSS px"
        + " (default \(Int(ReadingSize.columnWidth)))", valueName: "px"),
    transform: Parse.option(width))
  var maxWidth = Int(ReadingSize.columnWidth)

  @Flag(
    help: ArgumentHelp(
      "text under \(Int(ReadingSize.minimumText)) px at --max-width is an error (65), not a"
        + " warning"))
  var strict = false

  /// `--max-width`: 100 to 100,000 CSS px.
  static let width: ValueParser<Int> = { text throws(ValueProblem) in
    guard let width = Int(text), width >= 100, width <= 100_000 else {
      throw ValueProblem("a width in CSS px from 100 to 100000")
    }
    return width
  }

  func validate() throws {
    if split && focus != nil {
      throw ValidationError("'--split' draws every part and '--focus' one; give one")
    }
  }
}

/// `--focus ID`, which `render` takes with the rest of ``ReadingOptions`` and `diff` alone (its
/// one drawing, AFTER with the changes marked, of one controller and its neighbours; `diff`
/// draws one file, so `--split` is `render`'s only).
struct FocusOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "draw only controller ID (of a storyboard's map: scene ID), the path to it and its"
        + " neighbours",
      valueName: "id"))
  var focus: String?
}
