import ArgumentParser
import VCGraphCore

/// `vcgraph analyze`: its options.
struct AnalyzeOptions: ReadsDescriptions {
  typealias Runner = AnalyzeCommand

  static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "what is on screen, the top view controller, dismissals, responder chains",
    discussion: """
      Prints what UIKit would do: the top view controller, the visible path, what is on \
      screen, requested dismissals and responder chains, and the findings. For a storyboard: \
      of its launch state, plus every segue's effect and the storyboard findings (--initial: \
      the launch state only). A question that has no answer is reported and the others \
      answered; the exit status is then 1.
      """)

  @Argument(
    help: ArgumentHelp(
      "a description, dump or storyboard, or - for standard input", valueName: "input"))
  var inputs: [String] = []

  @Option(help: "text or json")
  var format = TextOrJSON.text

  @OptionGroup var storyboard: StoryboardOptions
  @OptionGroup var quietOption: QuietOption
  @OptionGroup(title: QuestionOptions.title) var questions: QuestionOptions
  @OptionGroup(title: RuleOptions.title) var rules: RuleOptions
  @OptionGroup(title: LimitOptions.title) var limits: LimitOptions
  @OptionGroup(title: ClassOptions.title) var classes: ClassOptions
  @OptionGroup(title: ReferenceOptions.title) var references: ReferenceOptions
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions

  /// A storyboard's launch state only.
  var initial: Bool { storyboard.initial }
  var requests: [AnalysisRequest] { questions.requests }
  var ignoredRules: [String] { rules.ignore }
}

/// `vcgraph analyze INPUT [--format text|json]`.
struct AnalyzeCommand: Subcommand {
  let options: AnalyzeOptions
  let context: CommandContext

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
