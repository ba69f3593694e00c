import Foundation
import Testing

@testable import VCGraphCore

// What users read: several independent mistakes reported at once (up to a limit), hints that
// say where a misplaced key belongs or which id was meant, and no internal rule numbers.

@Suite struct DiagnosticsTests: LoadsDescriptions {
  @Test func independentMistakesAreReportedTogether() {
    let found = error(
      """
      tilte: Mail
      window:
        root:
          class: UITabBarController
          selectedIndex: one
          viewControllers:
            - { class: A, colour: red }
            - { class: UINavigationController, selectedIndex: 0 }
      steps:
        - pop: { on: A, animated: true }
        - jump: { to: A }
      """)
    let all = found.map { [$0] + $0.related } ?? []
    #expect(
      all.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == [
        "1:1", "5:20", "7:21", "8:42", "10:19", "11:5",
      ], "\(all.map(\.description))")
    #expect(
      all.map(\.message) == [
        "unknown key 'tilte' in the top level",
        "`selectedIndex` must be a decimal whole number, found 'one'",
        "unknown key 'colour' in a UIViewController",
        "`selectedIndex` is not allowed in a UINavigationController",
        "unknown key 'animated' in `pop`",
        "unknown step 'jump'",
      ])
    // One message per mistake: nothing that only follows from another.
    #expect(!all.contains { $0.message.contains("no controller has the id") })
  }

  @Test func reportingStopsAtTheLimit() {
    var yaml = "window:\n  root:\n    class: UINavigationController\n    viewControllers:\n"
    for index in 0..<30 { yaml += "      - { class: A, bad\(index): 1 }\n" }
    let found = error(yaml)
    let all = found.map { [$0] + $0.related } ?? []
    #expect(all.count == DecodingProblems.limit + 1)
    #expect(all.last?.message.contains("stopped after 20 errors") == true)
  }

  @Test func aMisplacedKeySaysWhereItBelongs() {
    let top = error("window:\nroot: A\n")
    #expect(top?.message == "unknown key 'root' in the top level")
    #expect(
      top?.hint
        == "`root` is a key of a window (under `window:` or a `windows:` item); check the"
        + " indentation of this line")
    let view = error("window:\n  root:\n    class: A\n    subviews: []\n")
    #expect(
      view?.hint?.contains("`subviews` is a key of a view") == true, "\(String(describing: view))")
  }

  @Test func aMappingUnderWindowsSuggestsWindow() {
    let found = error("windows:\n  root: A\n")
    #expect(found?.message == "`windows` must be a list, found a mapping")
    #expect(found?.hint?.contains("`window:`") == true, "\(String(describing: found?.hint))")
  }

  @Test func anUnknownIdAskedAboutSuggestsTheNearest() throws {
    let hierarchy = try load(
      "window:\n  root: { class: A, id: home, presents: { class: UIAlertController, id: discardAlert } }\n"
    )
    #expect(throws: VCGraphError.self) {
      _ = try AnalysisReport(
        hierarchy, extra: [.dismiss(from: "discardAlrt", levels: nil, toClass: nil, location: nil)])
    }
    do {
      _ = try AnalysisReport(
        hierarchy, extra: [.dismiss(from: "discardAlrt", levels: nil, toClass: nil, location: nil)])
    } catch {
      #expect(error.hint == "did you mean 'discardAlert'?")
    }
    do {
      _ = try AnalysisReport(hierarchy, extra: [.responderChain(from: "hme", location: nil)])
    } catch {
      #expect(error.hint == "did you mean 'home'?")
    }
  }

  /// Every string literal in Sources/, outside comments.
  private func sourceStrings() throws -> [(file: String, line: Int, text: String)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    var result: [(String, Int, String)] = []
    let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
    for file in files ?? [] where file.hasSuffix(".swift") {
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = line.trimmingCharacters(in: .whitespaces)
        if code.hasPrefix("//") { continue }
        let parts = code.split(separator: "\"", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() where index % 2 == 1 {
          result.append((file, number + 1, String(part)))
        }
      }
    }
    return result
  }

  @Test func messagesNameNoInternalRuleNumbers() throws {
    let pattern = try NSRegularExpression(pattern: #"\bS[1-6]\b"#)
    let offending = try sourceStrings().filter { item in
      pattern.firstMatch(
        in: item.text, range: NSRange(item.text.startIndex..., in: item.text)) != nil
    }
    #expect(offending.isEmpty, "\(offending.map { "\($0.file):\($0.line): \($0.text)" })")
  }
}
