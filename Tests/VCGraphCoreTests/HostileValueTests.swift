import Testing

@testable import VCGraphCore

// Values that crashed or misread, and inputs whose cost grew with the square of their size.
// Cost is counted as work done (steps walked, bytes scanned), never timed.

@Suite struct HostileValueTests: LoadsDescriptions {
  @Test func windowLevelsAreDecimalAndInRange() {
    for (text, message) in [
      ("1e19", "decimal number"), ("9223372036854775807", "between -1000000000 and 1000000000"),
      ("0x10", "decimal number"), ("-1e3", "decimal number"), (".5", "decimal number"),
      ("1.", "decimal number"), ("inf", "decimal number"), ("1000000001", "between"),
    ] {
      let found = error("windows:\n  - { level: \(text), root: A }\n")
      #expect(found?.location?.line == 2 && found?.location?.column == 14, "\(text)")
      #expect(found?.message.contains(message) == true, "\(text): \(String(describing: found))")
    }
    for (text, value) in [("-2.5", -2.5), ("2001", 2001), ("1000000000", 1e9)] {
      let level = try? load("windows:\n  - { level: \(text), root: A }\n").windows[0].level
      #expect(level?.value == value, "\(text)")
    }
    // Whatever a reader builds, describing a level never traps.
    #expect(WindowLevel(1e19).description == "1e+19")
    #expect(WindowLevel(-Double.greatestFiniteMagnitude).description.hasPrefix("-1.79"))
  }

  @Test func aNegativeIndexIsATypeError() {
    let tabs = error(
      "window:\n  root: { class: UITabBarController, selectedIndex: -1, viewControllers: [A] }\n")
    #expect(tabs?.location == SourceLocation(path: "d.yaml", line: 2, column: 53))
    #expect(tabs?.message == "`selectedIndex` must be 0 or more, found -1")
    let step = error(
      "window: { root: { class: UITabBarController, id: t, viewControllers: [A] } }\n"
        + "steps: [ { select: { on: t, index: -2 } } ]\n")
    #expect(step?.message == "`index` must be 0 or more, found -2", "\(String(describing: step))")
  }

  @Test func aDismissStepTakesLevelsOrToClassNotBoth() {
    let found = error(
      "window: { root: { class: A, id: a, presents: { class: B, id: b } } }\n"
        + "steps:\n  - dismiss: { from: b, levels: 1, toClass: A }\n")
    #expect(found?.message == "`levels` and `toClass` cannot be used together")
    #expect(found?.location?.line == 3)
    let zero = error(
      "window: { root: { class: A, id: a, presents: { class: B, id: b } } }\n"
        + "steps:\n  - dismiss: { from: b, levels: 0 }\n")
    #expect(zero?.message == "`levels` must be 1 or more")
  }

  /// A `classes:` chain of `count` custom classes, each the subclass of the next, ending in
  /// UINavigationController, and one controller of the most derived class.
  private func chain(_ count: Int) -> String {
    var text = "classes:\n"
    for index in 0..<count { text += "  C\(index): C\(index + 1)\n" }
    text += "  C\(count): UINavigationController\n"
    text += "window:\n  root: { class: C0, viewControllers: [A] }\n"
    return text
  }

  @Test func superclassChainsAreWalkedOnce() throws {
    // Walking the chain from every class costs count²/2 steps (800 million at 40,000);
    // resolving each class once costs about one step per class.
    for count in [10, 1_000, 40_000] {
      var kinds = ClassKinds(declared: [:])
      for index in 0..<count { kinds.declare("C\(index)", superclass: "C\(index + 1)") }
      kinds.declare("C\(count)", superclass: "UINavigationController")
      for index in (0...count).shuffled() {
        #expect(kinds.kind(of: "C\(index)") == .navigation)
      }
      #expect(kinds.steps <= 2 * (count + 1), "\(count) classes took \(kinds.steps) steps")
    }
    // The loader resolves kinds this way (a 40,000-class file loads; walking every chain
    // would take minutes).
    let hierarchy = try load(chain(40_000))
    #expect(hierarchy.controllers[0].kind == .navigation)
  }

  @Test func aCycleAnywhereInALongChainIsStillFound() {
    var text = "classes:\n"
    for index in 0..<5_000 { text += "  C\(index): C\(index + 1)\n" }
    text += "  C5000: C2500\nwindow: { root: A }\n"
    let found = error(text)
    #expect(found?.message.contains("form a cycle") == true, "\(String(describing: found))")
  }

  @Test func quotedSourceLinesAreFoundInOneScanOfTheFile() {
    var text = ""
    for line in 1...20_000 { text += "  - line \(line)\n" }
    let printer = DiagnosticPrinter(sources: ["big.yaml": text])
    var output = ""
    for line in stride(from: 20_000, to: 0, by: -7) {
      output += printer.format(
        severity: .warning, message: "m",
        location: SourceLocation(
          path: "big.yaml", line: line, column: 3))
    }
    #expect(output.contains("big.yaml:19993:3: warning: m\n  - line 19993\n  ^\n"))
    // Each diagnostic rescanning from the start would read ~40 GB of text here.
    #expect(printer.lineStarts.scannedBytes == text.utf8.count)
  }

  @Test func aCaretFarRightIsShownInAWindowAroundItsColumn() {
    let line = String(repeating: "a", count: 300) + "X" + String(repeating: "b", count: 300)
    let printer = DiagnosticPrinter(sources: ["wide.yaml": line + "\n"])
    let text = printer.format(
      severity: .error, message: "here",
      location: SourceLocation(
        path: "wide.yaml", line: 1, column: 301))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let quoted = Array(lines[1].unicodeScalars)
    let caret = lines[2].unicodeScalars.count - 1
    #expect(lines[2].hasSuffix("^"))
    #expect(quoted[caret] == "X", "the caret is under '\(quoted[caret])'")
    #expect(lines[1].hasPrefix("…") && lines[1].hasSuffix("…"))
    #expect(quoted.count <= DiagnosticPrinter.quotedWidth + 2)
  }
}
