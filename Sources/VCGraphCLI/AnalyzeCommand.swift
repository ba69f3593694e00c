import VCGraphCore

/// The options of `vcgraph analyze`.
struct AnalyzeOptions: CommandOptions {
  static let format = Option(
    "format", value: "FORMAT", help: "text or json", default: TextOrJSON.text,
    parse: Parse.choice(TextOrJSON.self))

  static let sections =
    [
      OptionSection(
        title: "options",
        options: [
          format.declaration, StoryboardOptions.initial.declaration,
          SharedOptions.quiet.declaration,
        ])
    ]
    + QuestionOptions.sections + RuleOptions.sections + LimitOptions.sections
    + ClassOptions.sections
    + ReferenceOptions.sections

  var format: TextOrJSON
  /// `--quiet`: accepted as by every command; this one prints no progress or summary.
  var quiet: Bool
  /// A storyboard's launch state only.
  var initial: Bool
  var questions: QuestionOptions
  var rules: RuleOptions
  var limits: LimitOptions
  var classes: ClassOptions
  var references: ReferenceOptions
  var storyboardFolders: [String] { references.folders }

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
    references = try ReferenceOptions(arguments)
    questions = try QuestionOptions(arguments)
    rules = try RuleOptions(arguments)
    format = try arguments.value(of: Self.format)
    initial = try arguments.value(of: StoryboardOptions.initial)
    quiet = try arguments.value(of: SharedOptions.quiet)
  }

  var requests: [AnalysisRequest] { questions.requests }
  var ignoredRules: [String] { rules.ignored }
}

/// `vcgraph analyze INPUT [--format text|json]`.
struct AnalyzeCommand: Subcommand {
  let options: AnalyzeOptions
  let context: CommandContext

  static let synopsis = "vcgraph analyze INPUT [--format text|json]"
  static let summary =
    "Prints what UIKit would do: the top view controller, the visible path, what is on\n"
    + "screen, requested dismissals and responder chains, and the findings. For a\n"
    + "storyboard: of its launch state, plus every segue's effect and the storyboard\n"
    + "findings (--initial: the launch state only). A question that has no answer is\n"
    + "reported and the others answered; the exit status is then 1."

  func run() -> Int32 {
    do {
      let path = try context.inputs(atMostOne: true)[0]
      let report = try context.report(
        for: path, launchOnly: options.initial, answeringWhatItCan: true)
      for question in report.unanswered { context.report(question.diagnostic) }
      context.console.out(options.format == .json ? report.json.formatted() + "\n" : report.text)
      return report.unanswered.isEmpty ? ExitCode.success : ExitCode.unanswered
    } catch {
      context.report(error)
      return error.exitCode
    }
  }
}
