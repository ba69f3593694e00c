import Foundation
import Testing
import VCGraphCore

@testable import VCGraphCLI

/// The typed options: values and defaults as declared, the messages for bad values, and help
/// generated from the declarations.
@Suite struct OptionsTests {
  func parse<Options: ParsableOptions>(
    _ type: Options.Type, _ words: [String]
  ) throws(VCGraphError) -> Options {
    try Options.parse(ParsedArguments(words, accepting: Options.declarations))
  }

  /// The usage error a command line gets, or nil.
  func usageError<Options: ParsableOptions>(_ type: Options.Type, _ words: [String]) -> String? {
    do {
      _ = try parse(type, words)
      return nil
    } catch {
      #expect(error.kind == .usage)
      return error.message + (error.hint.map { " (\($0))" } ?? "")
    }
  }

  @Test func absentOptionsTakeTheirDocumentedDefaults() throws {
    let render = try parse(RenderOptions.self, ["in.yaml"])
    #expect(render.output == nil && render.formats.isEmpty && render.jobs == nil)
    #expect(!render.quiet && !render.drawing.expandAll && render.drawing.legend)
    #expect(render.drawing.engine == "dot")
    // CommandLine.md, "Limits": 32 MiB, 64 levels, 200,000 controllers, 4,096 characters, 64 lines,
    // 5,000 nodes+edges, 60 seconds.
    #expect(render.readOptions.limits.maxInputBytes == 33_554_432)
    #expect(render.readOptions.limits.maxDepth == 64)
    #expect(render.readOptions.limits.maxControllers == 200_000)
    #expect(render.readOptions.limits.maxScalarLength == 4_096)
    #expect(render.layoutLimits.maxLabelLines == 64)
    #expect(render.layoutLimits.maxLayoutNodes == 5_000)
    #expect(render.layoutLimits.layoutTimeout == 60)
    #expect(render.requests.isEmpty && render.readOptions.declaredKinds.isEmpty)
    let check = try parse(CheckOptions.self, [])
    #expect(check.format == .text && !check.warningsAsErrors)
  }

  @Test func givenOptionsAreTypedValues() throws {
    let words = [
      "--max-depth=5", "-j", "2", "--layout", "neato", "--dismiss", "C:2", "--dismiss-to",
      "B:AClass", "--responder-chain", "v", "--class", "X=tabBar", "--class",
      "Y=UINavigationController", "-f", "svg,PNG,svg", "--max-label-lines", "10", "-q", "--",
      "-odd.yaml", "in.yaml",
    ]
    let render = try parse(RenderOptions.self, words)
    #expect(render.readOptions.limits.maxDepth == 5)
    #expect(render.jobs == 2)
    #expect(render.drawing.engine == "neato")
    #expect(render.formats == [.svg, .png])
    #expect(render.layoutLimits.maxLabelLines == 10)
    #expect(render.quiet)
    #expect(render.readOptions.declaredKinds == ["X": .tabBar, "Y": .navigation])
    #expect(
      render.requests == [
        .dismiss(from: "C", levels: 2, toClass: nil, location: nil),
        .dismiss(from: "B", levels: nil, toClass: "AClass", location: nil),
        .responderChain(from: "v", location: nil),
      ])
    let arguments = try ParsedArguments(words, accepting: RenderOptions.declarations)
    #expect(arguments.positional == ["-odd.yaml", "in.yaml"])
    // Worker processes are started with the options as given, in order.
    #expect(arguments.given.first! == ("max-depth", "5"))
    #expect(arguments.given.last! == ("quiet", nil))
  }

  @Test func badValuesAreUsageErrorsThatQuoteTheOption() {
    #expect(
      usageError(RenderOptions.self, ["--jobs", "many"])
        == "'--jobs' takes a positive whole number, not 'many'")
    #expect(
      usageError(AnalyzeOptions.self, ["--format", "xml"])
        == "'--format' takes one of text, json, not 'xml'")
    #expect(
      usageError(CheckOptions.self, ["--format", "xml"])
        == "'--format' takes one of text, json, github, sarif, markdown, junit, checkstyle,"
        + " not 'xml'")
    #expect(
      usageError(RenderOptions.self, ["-f", "svg,gif"])
        == "unknown format 'gif' (formats are svg, png, pdf, dot, json, mermaid, md)")
    #expect(
      usageError(ImportOptions.self, ["--max-label-lines", "32000"])
        == "'--max-label-lines' must stay below 32000 (Graphviz crashes on longer labels)")
    #expect(
      usageError(RenderOptions.self, ["--layout-timeout", "86401"])
        == "'--layout-timeout' takes a number of seconds (at most 86400), not '86401'")
    #expect(usageError(RenderOptions.self, ["--layout-timeout", "0.5"]) == nil)
    #expect(
      usageError(CheckOptions.self, ["--class", "Feed"])?.hasPrefix(
        "'--class Feed' is not NAME=KIND") == true)
    #expect(
      usageError(AnalyzeOptions.self, ["--dismiss", "C:0"])
        == "'--dismiss C:0': LEVELS must be a positive number")
    #expect(
      usageError(AnalyzeOptions.self, ["--dismiss-to", "C"]) == "'--dismiss-to C' is not FROM:CLASS"
    )
    #expect(
      usageError(SimulateOptions.self, ["--layout", "dot", "--layout", "neato"])
        == "option '--layout' is given twice")
    #expect(usageError(SimulateOptions.self, ["--png=yes"]) == "option '--png' takes no value")
    #expect(usageError(ImportOptions.self, ["-o"]) == "option '--output' needs a value")
    #expect(
      usageError(RenderOptions.self, ["--fromat", "svg"])
        == "unknown option '--fromat' (did you mean '--format'?)")
    // Options of one command are unknown to another.
    #expect(usageError(AnalyzeOptions.self, ["--png"])?.hasPrefix("unknown option") == true)
    // A combination no single option can refuse: `validate()`.
    #expect(usageError(SimulateOptions.self, ["-o", "-"])?.hasPrefix("simulate writes") == true)
  }

  @Test(arguments: Command.allCases)
  func everyOptionIsDeclaredOnceAndHelpFitsTheTerminal(command: Command) {
    let declarations = command.type.declarationsForTests
    #expect(Set(declarations.map(\.name)).count == declarations.count)
    let shorts = declarations.compactMap(\.short)
    #expect(Set(shorts).count == shorts.count)
    let help = command.type.help
    for declaration in declarations {
      #expect(help.contains(declaration.flag + " ") || help.contains(declaration.flag + "\n"))
    }
    for line in help.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
    // `--class` is not a limit: it has its own heading. (`rules` reads no input; `scan` and
    // `lint` read Swift code, which the hierarchy limits do not bound.)
    guard command != .rules && command != .scan && command != .lint else { return }
    let limits = help.components(separatedBy: "\nlimits:\n").last ?? ""
    let limitSection = limits.components(separatedBy: "\n\n")[0]
    #expect(limitSection.contains("--max-depth") && !limitSection.contains("--class"))
  }

  /// `Documentation/CommandLine.md`, "Limits", lists every limit with its option (issue 20):
  /// each `--max-…` option and `--layout-timeout` of every command is on a row of the table,
  /// with the default its help gives.
  @Test func everyLimitOptionIsInCommandLineMdsLimitsTable() throws {
    let page = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
          "Documentation/CommandLine.md"), encoding: .utf8)
    let section = try #require(
      page.components(separatedBy: "\n## Limits\n").dropFirst().first?
        .components(separatedBy: "\n## ").first)
    let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") }
    var limits: [String: OptionDeclaration] = [:]
    for command in Command.allCases {
      for declaration in command.type.declarationsForTests
      where declaration.name.hasPrefix("max-") || declaration.name == "layout-timeout" {
        limits[declaration.name] = declaration
      }
    }
    #expect(limits.count >= 9, "\(limits.keys.sorted())")
    for (name, declaration) in limits {
      let row = rows.first { $0.contains("`--\(name) ") }
      #expect(row != nil, "--\(name) has no row in CommandLine.md's Limits table")
      // The help's default, without thousands separators, is the row's (which has them).
      let digits = declaration.help.split(separator: "default ").last.map {
        String($0.prefix { $0.isNumber || $0 == "." })
      }
      if let digits, !digits.isEmpty, let row {
        #expect(
          row.replacingOccurrences(of: ",", with: "").contains(digits),
          "--\(name): default \(digits) not in \(row)")
      }
    }
  }
}

extension Subcommand {
  static var declarationsForTests: [OptionDeclaration] { Options.declarations }
}
