import Foundation
import Testing

// What users read, through the built binary: every independent mistake of a file with its
// source line, suggestions for ids asked about on the command line, and carets far right.

@Suite("Diagnostics on the command line")
struct DiagnosticsCLITests {
  @Test func checkReportsEveryIndependentMistakeOfAFile() throws {
    let directory = try TemporaryDirectory("many-errors")
    try directory.write(
      "app.yaml",
      "window:\n  root:\n    class: UINavigationController\n    viewControllers:\n"
        + "      - { class: A, colour: red }\n      - { class: B, size: 2 }\n")
    let result = try vcgraph(["check", "app.yaml"], cwd: directory.url)
    #expect(result.exitCode == 65, "\(result.stderr)")
    #expect(
      result.stderr.contains("app.yaml:5:21: error: unknown key 'colour'"), "\(result.stderr)")
    #expect(result.stderr.contains("app.yaml:6:21: error: unknown key 'size'"), "\(result.stderr)")
    #expect(result.stderr.contains("      - { class: B, size: 2 }\n                    ^\n"))
  }

  @Test func anIdAskedAboutOnTheCommandLineGetsASuggestion() throws {
    let directory = try TemporaryDirectory("dismiss-hint")
    try directory.write(
      "a.yaml",
      "window:\n  root: { class: A, id: home, presents: { class: UIAlertController,"
        + " id: discardAlert } }\n")
    let result = try vcgraph(["analyze", "a.yaml", "--dismiss", "discardAlrt"], cwd: directory.url)
    // An id nothing has is a question without an answer: reported, exit 1 (CommandLine.md,
    // "analyze"; issue 35), with the suggestion.
    #expect(result.exitCode == 1, "\(result.stderr)")
    #expect(result.stderr.contains("did you mean 'discardAlert'?"), "\(result.stderr)")
  }

  @Test func aCaretFarRightLandsUnderItsColumn() throws {
    let directory = try TemporaryDirectory("far-caret")
    let padding = String(repeating: "x", count: 300)
    try directory.write("a.yaml", "window: { root: { class: A, title: \(padding), bad: 1 } }\n")
    let result = try vcgraph(["check", "a.yaml"], cwd: directory.url)
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(lines.firstIndex { $0.contains("unknown key 'bad'") })
    let quoted = Array(lines[header + 1].unicodeScalars)
    let caret = lines[header + 2].unicodeScalars.count - 1
    #expect(lines[header].contains("a.yaml:1:338:"), "\(lines[header])")
    #expect(
      quoted.count > caret + 2
        && String(String.UnicodeScalarView(quoted[caret...].prefix(3))) == "bad")
  }

  @Test func importingADeepDumpSaysHowToReadTheResult() throws {
    let directory = try TemporaryDirectory("deep-import")
    var dump = "<UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>\n"
    for depth in 1...100 {
      dump += String(repeating: "   | ", count: depth)
      dump += "<V\(depth) 0x\(String(depth + 16, radix: 16))>, state: appeared\n"
    }
    try directory.write("deep.txt", dump)
    let result = try vcgraph(
      ["import", "deep.txt", "--max-depth", "200", "-o", "deep.yaml"], cwd: directory.url)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let warning = try #require(
      result.stderr.split(separator: "\n").first { $0.hasPrefix("warning: deep.yaml is ") },
      "\(result.stderr)")
    let options = try #require(warning.range(of: "read it with ")).upperBound
    let suggested = warning[options...].split(separator: " ").map(String.init)
    #expect(suggested.first == "--max-depth", "\(warning)")
    // The loader is the judge: the options given read the file, the defaults do not.
    #expect(try vcgraph(["check", "deep.yaml"], cwd: directory.url).exitCode == 65)
    let check = try vcgraph(["check", "deep.yaml"] + suggested, cwd: directory.url)
    #expect(check.exitCode == 0, "\(check.stderr)")
    // A dump of ordinary depth gets no warning.
    try directory.write("flat.txt", "<UINavigationController 0x1>, state: appeared\n")
    let flat = try vcgraph(["import", "flat.txt", "-o", "flat.yaml"], cwd: directory.url)
    #expect(flat.stderr.isEmpty, "\(flat.stderr)")
  }
}
