import ArgumentParser
import VCGraphCore

/// How `rules` prints.
enum RulesFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
  case text, json, markdown
}

/// The command whose rules `rules --command` lists.
enum RuleRunner: String, CaseIterable, Sendable, ExpressibleByArgument {
  case check, lint

  /// Whether this command runs the rule: `check` the description and storyboard rules,
  /// `lint` the Swift-code ones (a shared id, as `popover-without-anchor`, is in both).
  func runs(_ rule: Rule) -> Bool {
    let id = rule.rawValue
    switch self {
    case .check: return Checker.rules.contains { $0.rule.rawValue == id }
    case .lint: return LintRules.rules.contains { $0.rule.rawValue == id }
    }
  }
}

/// `vcgraph rules`: its options.
struct RulesOptions: CommandOptions {
  typealias Runner = RulesCommand

  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "list the rules, or explain one: vcgraph rules RULE-ID",
    usage: "vcgraph rules [<rule-id>] [--format <format>] [--command <command>] [<options>]",
    discussion: """
      Lists every rule (id, severity, what it catches), check's and lint's (--command: one \
      command's), or explains one: what UIKit does, inputs that trigger it \
      and near misses that do not, the fix, and what UIKit prints. Rules that .vcgraph.yml \
      changes are marked.
      """)

  @Argument(
    help: ArgumentHelp("the rule to explain (default: list them all)", valueName: "rule-id"))
  var inputs: [String] = []

  @Option(help: "text, json or markdown (the sections of Rules.md)")
  var format = RulesFormat.text

  @Option(help: ArgumentHelp("only the rules COMMAND runs: check or lint", valueName: "command"))
  var command: RuleRunner?

  @OptionGroup var quietOption: QuietOption
  @OptionGroup(title: ConfigurationOptions.title) var configurationOptions: ConfigurationOptions
}

/// `vcgraph rules [RULE-ID]`: every check rule in one line each, or one rule explained, from
/// the rules' own documentation (the rule sections of `Documentation/Rules.md` say the same).
struct RulesCommand: Subcommand {
  let options: RulesOptions
  let context: CommandContext

  func run() -> Int32 {
    let words = context.inputs
    guard words.count <= 1 else {
      context.report(VCGraphError(.usage, "'rules' takes at most one rule id"))
      return ExitCode.of(.usage)
    }
    var rules = Rule.all
    if let id = words.first {
      guard let rule = Rule(rawValue: id) else {
        context.report(
          VCGraphError(
            .usage, "unknown rule id '\(id)'",
            hint: suggestion(for: id, among: Rule.all.map(\.rawValue))
              ?? "'vcgraph rules' lists them"))
        return ExitCode.of(.usage)
      }
      if let command = options.command, !command.runs(rule) {
        context.report(
          VCGraphError(
            .usage, "'\(id)' is not a rule \(command.rawValue) runs",
            hint: "'vcgraph rules --command \(command.rawValue)' lists them"))
        return ExitCode.of(.usage)
      }
      rules = [rule]
    } else if let command = options.command {
      rules = rules.filter(command.runs)
    }
    switch options.format {
    case .text:
      if words.isEmpty {
        context.console.out(RuleReference.list(rules, notes: notes()))
      } else {
        context.console.out(RuleReference.text(rules[0]))
      }
    case .markdown:
      context.console.out(
        words.isEmpty ? RuleReference.markdown(rules) : RuleReference.section(rules[0]))
    case .json:
      context.console.out(RuleReference.json(rules).formatted() + "\n")
    }
    return ExitCode.success
  }

  /// What the configuration file changes, by rule id.
  private func notes() -> [String: String] {
    guard let configuration = context.configuration else { return [:] }
    var notes: [String: String] = [:]
    for rule in Rule.all {
      let id = rule.rawValue
      if !configuration.rules.runs(rule, optIn: rule.isOptIn) {
        notes[id] = rule.isOptIn ? "off: opt-in" : "off in \(configuration.path)"
      } else if rule.isOptIn {
        notes[id] = "on in \(configuration.path)"
      }
      if let severity = configuration.rules.severities[id], severity != rule.severity {
        let note = "\(severity.rawValue) in \(configuration.path)"
        notes[id] = notes[id].map { $0 + "; " + note } ?? note
      }
    }
    return notes
  }
}
