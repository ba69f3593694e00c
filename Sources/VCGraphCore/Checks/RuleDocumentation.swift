/// What `vcgraph rules ID`, the rule's section in `Documentation/Rules.md` and the SARIF rule
/// descriptor say
/// about a rule, declared beside the rule in its file under `Checks/Rules/`.
public struct RuleDocumentation: Sendable, Equatable {
  /// What UIKit does in the situation the rule catches (SARIF's `fullDescription`).
  public var uikit: String
  /// Minimal inputs that trigger the rule and no other (a test runs each and checks); the
  /// first is the one the reference shows. Never empty.
  public var triggering: [String]
  /// Inputs close to the triggering ones that UIKit accepts, so the rule must stay silent (a
  /// test runs each and checks).
  public var nonTriggering: [String]
  /// The first triggering example, the one `vcgraph rules ID` and the reference show.
  public var example: String { triggering.first ?? "" }
  /// How to fix it.
  public var fix: String
  /// The line UIKit prints to the console (or the exception it raises), when it prints one.
  public var uikitMessage: String?
  /// What `example` is: a description, or a storyboard for a rule about segues and scenes.
  public var exampleFormat: ExampleFormat

  /// The format of a rule's example.
  public enum ExampleFormat: String, Sendable, Equatable {
    /// A description (YAML).
    case description
    /// An Interface Builder storyboard (XML).
    case storyboard
    /// Swift source, for the rules `lint` runs.
    case swift

    /// What an example is called in `vcgraph rules ID`'s text ("A description that triggers
    /// it").
    public var noun: String {
      switch self {
      case .description: "A description"
      case .storyboard: "A storyboard"
      case .swift: "Swift code"
      }
    }

    /// The Markdown code fence's language.
    public var language: String {
      switch self {
      case .description: "yaml"
      case .storyboard: "xml"
      case .swift: "swift"
      }
    }
  }

  /// A rule's documentation with its triggering and non-triggering examples.
  public init(
    uikit: String, triggering: [String], nonTriggering: [String] = [], fix: String,
    uikitMessage: String? = nil, exampleFormat: ExampleFormat = .description
  ) {
    self.uikit = uikit
    self.triggering = triggering
    self.nonTriggering = nonTriggering
    self.fix = fix
    self.uikitMessage = uikitMessage
    self.exampleFormat = exampleFormat
  }

  /// A rule's documentation with one triggering example.
  public init(
    uikit: String, example: String, fix: String, uikitMessage: String? = nil,
    exampleFormat: ExampleFormat = .description
  ) {
    self.init(
      uikit: uikit, triggering: [example], fix: fix, uikitMessage: uikitMessage,
      exampleFormat: exampleFormat)
  }
}

extension Rule {
  /// The registered rule type, for its documentation and whether it is opt-in.
  private var type: (any RuleDefinition.Type)? { RuleRegistry.definition(of: rawValue) }

  /// The rule's documentation, from its `CheckRule` type.
  public var documentation: RuleDocumentation {
    type?.documentation ?? RuleDocumentation(uikit: summary, example: "", fix: "")
  }

  /// Whether the rule runs only when a configuration file's `opt_in_rules` names it.
  public var isOptIn: Bool { type?.isOptIn ?? false }

  /// The rule's section in `Documentation/Rules.md`: GitHub's anchor for the heading
  /// `` `rule-id` `` (SARIF's `helpUri` is the rules page's address and `#` this).
  public var documentationAnchor: String { rawValue }
}

/// The rule reference in the forms people read: the rule sections of `Documentation/Rules.md`
/// (generated here, a test keeps the page equal to it), and the text `vcgraph rules` prints.
public enum RuleReference {
  /// The line that starts the generated block of rule sections in a page.
  public static let sectionsBegin =
    "<!-- rule sections: generated from Checker.rules by `vcgraph rules --format markdown` -->"
  /// The line that ends it.
  public static let sectionsEnd = "<!-- end of rule sections -->"

  /// The generated block: one section per rule, in `Checker.rules` order, between the markers.
  public static func markdown(_ rules: [Rule] = Rule.all) -> String {
    var out = sectionsBegin + "\n"
    for rule in rules {
      out += "\n" + section(rule)
    }
    return out + "\n" + sectionsEnd + "\n"
  }

  /// One rule's section (its heading is the `helpUri` anchor).
  public static func section(_ rule: Rule) -> String {
    let docs = rule.documentation
    var out = "#### `\(rule.rawValue)`\n\n"
    out += "**\(rule.severity.rawValue)\(rule.isOptIn ? ", opt-in" : "")**: \(rule.summary).\n\n"
    out += "*What UIKit does*: \(docs.uikit)\n\n"
    if let message = docs.uikitMessage {
      out += "*UIKit prints*: `\(message)`\n\n"
    }
    let fence = "```" + docs.exampleFormat.language
    for example in docs.triggering {
      out += "*Triggers it*:\n\n\(fence)\n\(example)\n```\n\n"
    }
    for example in docs.nonTriggering {
      out += "*Does not trigger it*:\n\n\(fence)\n\(example)\n```\n\n"
    }
    out += "*Fix*: \(docs.fix)\n"
    // A Swift-code rule sharing the id: the same constraint met in code (`vcgraph lint`).
    for other in RuleRegistry.definitions(of: rule.rawValue).dropFirst() {
      let more = other.documentation
      let fence = "```" + more.exampleFormat.language
      out += "\n*In Swift code* (`vcgraph lint`): \(more.uikit)\n\n"
      for example in more.triggering {
        out += "*Triggers it*:\n\n\(fence)\n\(example)\n```\n\n"
      }
      for example in more.nonTriggering {
        out += "*Does not trigger it*:\n\n\(fence)\n\(example)\n```\n\n"
      }
      out += "*Fix in code*: \(more.fix)\n"
    }
    return out
  }

  /// `vcgraph rules`: one line per rule (id, severity, what it catches).
  public static func list(_ rules: [Rule] = Rule.all, notes: [String: String] = [:]) -> String {
    let idWidth = (rules.map(\.rawValue.count).max() ?? 0) + 2
    var out = ""
    for rule in rules {
      var severity = rule.severity.rawValue + (rule.isOptIn ? " (opt-in)" : "")
      severity = severity.padding(toLength: max(9, severity.count + 1), withPad: " ", startingAt: 0)
      out += rule.rawValue.padding(toLength: idWidth, withPad: " ", startingAt: 0) + severity
      out += plain(rule.summary)
      if let note = notes[rule.rawValue] { out += " [\(note)]" }
      out += "\n"
    }
    return out
  }

  /// `vcgraph rules ID`: the rule's explanation for a terminal.
  public static func text(_ rule: Rule) -> String {
    let docs = rule.documentation
    var out = "\(rule.rawValue) (\(rule.severity.rawValue)\(rule.isOptIn ? ", opt-in" : ""))\n"
    out += plain(rule.summary) + "\n\n"
    out += "What UIKit does:\n" + indented(plain(docs.uikit)) + "\n"
    if let message = docs.uikitMessage {
      out += "UIKit prints:\n" + indented(message) + "\n"
    }
    for example in docs.triggering {
      out += "\(docs.exampleFormat.noun) that triggers it:\n" + indented(example) + "\n"
    }
    for example in docs.nonTriggering {
      out += "\(docs.exampleFormat.noun) that does not:\n" + indented(example) + "\n"
    }
    out += "Fix:\n" + indented(plain(docs.fix))
    return out
  }

  /// `vcgraph rules --format json`: `{"rules": [...]}`, each rule with its id, severity,
  /// whether it is opt-in, its summary, what UIKit does and prints, its examples (`example`
  /// is the first of `triggering`, kept for readers of the first version) and the fix.
  public static func json(_ rules: [Rule] = Rule.all) -> JSON {
    .object([("rules", .array(rules.map(json(for:))))])
  }

  /// One rule's object in `json(_:)`.
  public static func json(for rule: Rule) -> JSON {
    let docs = rule.documentation
    return .object([
      ("id", .string(rule.rawValue)),
      ("severity", .string(rule.severity.rawValue)),
      ("optIn", .bool(rule.isOptIn)),
      ("summary", .string(rule.summary)),
      ("uikit", .string(docs.uikit)),
      ("uikitMessage", docs.uikitMessage.map(JSON.string) ?? .null),
      ("example", .string(docs.example)),
      ("triggering", .array(docs.triggering.map(JSON.string))),
      ("nonTriggering", .array(docs.nonTriggering.map(JSON.string))),
      ("exampleFormat", .string(docs.exampleFormat.rawValue)),
      ("fix", .string(docs.fix)),
    ])
  }

  /// Text without Markdown's code quotes.
  public static func plain(_ markdown: String) -> String {
    markdown.replacingOccurrences(of: "`", with: "")
  }

  private static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n") + "\n"
  }
}
