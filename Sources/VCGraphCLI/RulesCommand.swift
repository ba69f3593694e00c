import VCGraphCore

/// How `rules` prints.
enum RulesFormat: String, CaseIterable, Sendable {
  case text, json, markdown
}

/// The options of `vcgraph rules`.
struct RulesOptions: CommandOptions {
  static let format = Option(
    "format", value: "FORMAT", help: "text, json or markdown (the sections of Rules.md)",
    default: RulesFormat.text, parse: Parse.choice(RulesFormat.self))

  static let sections = [
    OptionSection(
      title: "options", options: [format.declaration, SharedOptions.quiet.declaration])
  ]

  var format: RulesFormat
  /// `--quiet`: accepted as by every command; this one prints no progress or summary.
  var quiet: Bool
  // Read no input; the defaults.
  var limits: LimitOptions
  var classes: ClassOptions

  init(_ arguments: ParsedArguments) throws(VCGraphError) {
    format = try arguments.value(of: Self.format)
    quiet = try arguments.value(of: SharedOptions.quiet)
    limits = try LimitOptions(arguments)
    classes = try ClassOptions(arguments)
  }
}

/// `vcgraph rules [RULE-ID]`: every check rule in one line each, or one rule explained, from
/// the rules' own documentation (the rule sections of `Documentation/Rules.md` say the same).
struct RulesCommand: Subcommand {
  let options: RulesOptions
  let context: CommandContext

  static let synopsis = "vcgraph rules [RULE-ID] [--format text|json|markdown]"
  static let summary =
    "Lists every check rule (id, severity, what it catches), or explains one: what UIKit\n"
    + "does, a description that triggers it, the fix, and what UIKit prints. Rules that\n"
    + ".vcgraph.yml changes are marked."

  func run() -> Int32 {
    let words = context.arguments.positional
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
      rules = [rule]
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
