import Foundation
import GraphvizKit
import TestSupport
import Testing
import VCGraphBackends
import VCGraphCore

@testable import VCGraphCLI

// What Graphviz used to reject, through the built binary: text it cannot hold is refused at
// its position (65) or drawn safely, a layout failure is 65 or 70 and never a usage error, a
// bad --layout is named with a suggestion, and -f dot writes DOT that `dot` reads.

@Suite("Text Graphviz rejects")
struct GraphvizRejectTests {
  @Test func emptyTextIsRefusedAtItsPosition() throws {
    let directory = try TemporaryDirectory("empty-text")
    for (name, text, line, column) in [
      ("title", "title: \"\"\nwindow: { root: A }\n", 1, 8),
      ("state", "window:\n  root: { class: A, state: \"\" }\n", 2, 28),
      ("view", "window:\n  root: { class: A, view: { class: \"\" } }\n", 2, 36),
    ] {
      try directory.write("\(name).yaml", text)
      for format in ["svg", "dot"] {
        let result = try vcgraph(
          ["render", "\(name).yaml", "-f", format, "-o", "\(name).\(format)"], cwd: directory.url)
        #expect(result.exitCode == 65, "\(name): \(result.stderr)")
        #expect(
          result.stderr.contains("\(name).yaml:\(line):\(column): error: ")
            && result.stderr.contains("must not be empty"), "\(result.stderr)")
      }
    }
  }

  @Test func anUnknownLayoutEngineIsNamedWithASuggestion() throws {
    let directory = try TemporaryDirectory("engine-name")
    try directory.write("a.yaml", "window: { root: A }\n")
    let result = try vcgraph(["render", "a.yaml", "--layout", "neto"], cwd: directory.url)
    #expect(result.exitCode == 64, "\(result.stderr)")
    #expect(result.stderr.contains("unknown layout engine 'neto'"), "\(result.stderr)")
    #expect(result.stderr.contains("did you mean 'neato'?"), "\(result.stderr)")
    #expect(directory.names() == ["a.yaml"])
  }

  @Test func aLabelTooWideForGraphvizIsADataErrorNotAUsageError() throws {
    let directory = try TemporaryDirectory("wide-label")
    let title = String(repeating: "W", count: 20_000)
    try directory.write("wide.yaml", "window:\n  root: { class: A, id: a, title: \(title) }\n")
    let result = try vcgraph(
      ["render", "wide.yaml", "-o", "wide.svg", "--max-scalar-length", "30000"],
      cwd: directory.url)
    // Without a layout the same diagram is written.
    let dot = try vcgraph(
      ["render", "wide.yaml", "-f", "dot", "-o", "-", "--max-scalar-length", "30000"],
      cwd: directory.url)
    #expect(dot.exitCode == 0, "\(dot.stderr)")
    // `dot` of the same Graphviz is the judge: Graphviz 2.42 refuses coordinates past 65,535
    // points, Graphviz 14 lays the label out.
    let truth = Result { try DotCommand.render(dot.stdout) }
    if case .failure(let failure) = truth {
      // 2.42: "Edge length 90020.000000 larger than maximum 65535 allowed."
      #expect("\(failure)".contains("larger than maximum"), "\(failure)")
      #expect(result.exitCode == 65, "\(result.stderr.prefix(600))")
      #expect(result.stderr.contains("too large for Graphviz to lay out"), "\(result.stderr)")
      #expect(directory.names() == ["wide.yaml"])
    } else {
      #expect(result.exitCode == 0, "\(result.stderr.prefix(600))")
      #expect(directory.bytes("wide.svg")?.isEmpty == false)
    }
  }

  @Test func graphvizFailuresAreDataOrInternalErrors() {
    let wide = VCGraphError.drawing(
      .layoutFailed(
        engine: "dot",
        message: "Edge length 82565.000000 larger than maximum 65535 allowed.\n"
          + "Check for overwide node(s).\nEdge length 82565.000000 larger than maximum 65535"
          + " allowed."), input: "x.yaml")
    #expect(wide.kind == .dataError)
    #expect(
      wide.message
        == "x.yaml: the diagram is too large for Graphviz to lay out (Edge length 82565.000000"
        + " larger than maximum 65535 allowed.; Check for overwide node(s).)")
    for error in [
      ImageBackendError.layoutFailed(engine: "dot", message: "trouble in init_rank"),
      .renderFailed(format: "svg", message: "x"), .invalidGraph("y"),
    ] {
      #expect(VCGraphError.drawing(error, input: "x.yaml").kind == .software)
    }
  }

  @Test(.enabled(if: DotCommand.url != nil, "needs dot on PATH"))
  func dotReadsTheDOTOfEverySampleAndOfHostileIds() throws {
    let directory = try TemporaryDirectory("dot-reads")
    var yaml = "window:\n  root:\n    class: UINavigationController\n    id: nav\n"
    yaml += "    viewControllers:\n"
    for (index, id) in HostileInputTests.hostileIDs.enumerated() {
      let quoted = id.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
      yaml += "      - { class: \"C\(index)<T>\", id: \"\(quoted)\", title: \"“\(quoted)”\" }\n"
    }
    try directory.write("hostile.yaml", yaml)
    // Values at the default length limit that escaping makes five times longer (issue 20:
    // `dot` refused runs over 16,381 bytes).
    let long = String(repeating: "&", count: 4_096)
    let quotes = String(repeating: "<\\\"", count: 1_365)
    try directory.write(
      "long.yaml",
      "title: \"\(quotes)\"\nwindow:\n  root: { class: A, id: \"\(quotes)\", title: \"\(long)\" }\n"
    )
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let result = try vcgraph(
      [
        "render", "hostile.yaml", "long.yaml", root.appendingPathComponent("Samples").path, "-f",
        "dot", "-o", ".",
      ],
      cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let dots = directory.names().filter { $0.hasSuffix(".dot") }
    #expect(dots.count > 10)
    for name in dots {
      let source = String(decoding: directory.bytes(name) ?? [], as: UTF8.self)
      #expect(throws: Never.self, "\(name)") { _ = try DotCommand.render(source) }
    }
  }

  @Test func aPNGScaledToFitIsAWarningNamingTheInput() throws {
    let directory = try TemporaryDirectory("big-png")
    var text = "window:\n  root:\n    class: UIViewController\n    id: root\n    children:\n"
    for index in 0..<1_500 { text += "      - { class: C, id: c\(index) }\n" }
    try directory.write("big.yaml", text)
    let result = try vcgraph(["render", "big.yaml", "-o", "big.png"], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("warning: big.yaml: the diagram is too large for a PNG"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("(null)"))
  }
}
