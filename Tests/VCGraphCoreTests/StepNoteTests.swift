import Testing
import VCGraphCore

/// `note:` beside a step's operation (Outputs.md, "The review page"): kept as written, and the step
/// grammar still has exactly one operation per step.
@Suite("steps: note")
struct StepNoteTests: LoadsDescriptions {
  static let base = """
    window:
      root: { class: UINavigationController, id: nav, viewControllers: [ { class: A, id: a } ] }
    steps:

    """

  @Test("a note beside the operation is kept as written, block scalars too")
  func kept() throws {
    let hierarchy = try load(
      Self.base + """
        - push: { on: nav, controller: { class: B, id: b } }
          note: The user opens **B**.
        - note: |
            Back to A.
            - the stack pops
          pop: { on: nav }
        - pop: { on: nav }
        """)
    #expect(
      hierarchy.steps.map(\.note) == [
        "The user opens **B**.", "Back to A.\n- the stack pops\n", nil,
      ])
    let simulation = Simulator.run(hierarchy)
    let report = SimulationReport(simulation, input: "d.yaml")
    #expect(report.note(0) == nil)
    #expect(report.note(1) == "The user opens **B**.")
    #expect(report.json.formatted().contains("\"note\": \"The user opens **B**.\""))
  }

  @Test("a note beside `perform` (a storyboard's segue) too")
  func perform() throws {
    let hierarchy = try load(
      Self.base + """
        - perform: showDetail
          note: The user taps a row.
        - perform: { segue: back, from: a }
        """)
    #expect(hierarchy.steps.map(\.note) == ["The user taps a row.", nil])
    #expect(hierarchy.steps.first?.operation == .perform(segue: "showDetail", from: nil))
  }

  @Test("a note alone, two operations, two notes, or a note that is not text: errors")
  func errors() throws {
    let alone = try #require(error(Self.base + "  - note: nothing happens\n"))
    #expect(
      alone.message.contains("exactly one key, the operation (and an optional `note`); found 0"))
    #expect(alone.location?.line == 4)
    let two = try #require(error(Self.base + "  - { pop: { on: nav }, popToRoot: { on: nav } }\n"))
    #expect(two.message.contains("found 2"))
    let notes = try #require(error(Self.base + "  - { pop: { on: nav }, note: a, note: b }\n"))
    #expect(notes.message.contains("duplicate key 'note'"))
    let list = try #require(error(Self.base + "  - { pop: { on: nav }, note: [a] }\n"))
    #expect(list.message.contains("`note` must be text"))
  }

  @Test("a note may hold line feeds, and nothing else the other texts refuse")
  func lineBreaks() throws {
    let kept = try load(Self.base + "  - { pop: { on: nav }, note: \"one\\n\\ntwo\" }\n")
    #expect(kept.steps.map(\.note) == ["one\n\ntwo"])
    // An escape or a carriage return is refused in a note as everywhere.
    for escape in ["\\e[31m", "\\r", "\\u2028"] {
      let refused = try #require(
        error(Self.base + "  - { pop: { on: nav }, note: \"a\\nb\(escape)\" }\n"))
      #expect(refused.message.contains("which vcgraph does not accept"), "\(escape)")
    }
    // A line feed anywhere but a note's text is still refused: a title, or a key `note`.
    let title = try #require(error("title: \"a\\nb\"\n" + Self.base + "  - pop: { on: nav }\n"))
    #expect(title.message.contains("U+000A (line feed)"))
    let key = try #require(error(Self.base + "  - { pop: { on: nav }, \"no\\nte\": a }\n"))
    #expect(key.message.contains("U+000A (line feed)"))
  }
}
