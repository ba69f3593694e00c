import ArgumentParser
import Foundation
import Testing
import VCGraphCore

@testable import VCGraphCLI

/// The options as swift-argument-parser parses them: values and defaults as declared, the
/// messages for bad values (a usage error, 64, with where to find the options), and help
/// generated from the declarations.
@Suite struct OptionsTests {
  /// The usage error `vcgraph COMMAND WORDS...` gets (its first line, without `error: `), or
  /// nil when the command line parses. Checks the exit code and the guidance line.
  func usageError(
    _ command: String, _ words: [String], inputs: [String] = ["/nonexistent/in.yaml"]
  ) -> String? {
    let result = runInProcess([command, "--no-config"] + inputs + words)
    guard result.exitCode == 64 else { return nil }
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count >= 2 && lines[1] == "run 'vcgraph \(command) --help' for its options")
    guard lines.first?.hasPrefix("error: ") == true else { return nil }
    return String(lines[0].dropFirst("error: ".count))
  }

  @Test func absentOptionsTakeTheirDocumentedDefaults() throws {
    let render = try RenderOptions.parse(["in.yaml"])
    #expect(render.output == nil && render.formats.isEmpty && render.jobs == nil)
    #expect(!render.quiet && !render.drawing.expandAll && render.drawing.legend)
    #expect(render.drawing.engine == "dot")
    // CommandLine.md, "Limits": 32 MiB, 64 levels, 200,000 controllers, 4,096 characters, 64
    // lines, 5,000 nodes+edges, 60 seconds.
    #expect(render.readOptions.limits.maxInputBytes == 33_554_432)
    #expect(render.readOptions.limits.maxDepth == 64)
    #expect(render.readOptions.limits.maxControllers == 200_000)
    #expect(render.readOptions.limits.maxScalarLength == 4_096)
    #expect(render.layoutLimits.maxLabelLines == 64)
    #expect(render.layoutLimits.maxLayoutNodes == 5_000)
    #expect(render.layoutLimits.layoutTimeout == 60)
    #expect(render.requests.isEmpty && render.readOptions.declaredKinds.isEmpty)
    let check = try CheckOptions.parse([])
    #expect(check.format == .text && !check.warningsAsErrors)
    // A command without the limit options reads with the defaults.
    let scan = try ScanOptions.parse(["Sources"])
    #expect(scan.readOptions.limits.maxDepth == 64 && scan.declaredKinds.isEmpty)
  }

  @Test func givenOptionsAreTypedValues() throws {
    let words = [
      "--max-depth=5", "-j", "2", "--layout", "neato", "--dismiss", "C:2", "--dismiss-to",
      "B:AClass", "--responder-chain", "v", "--class", "X=tabBar", "--class",
      "Y=UINavigationController", "-f", "svg,PNG,svg", "--max-label-lines", "10", "-q", "--",
      "-odd.yaml", "in.yaml",
    ]
    let render = try RenderOptions.parse(words)
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
    #expect(render.inputs == ["-odd.yaml", "in.yaml"])
    // A worker process is started with the run's words after a folder and `--quiet`, and
    // reads the same options from them (a flag given twice is the flag).
    let worker = try RenderOptions.parse(["--quiet", "--storyboard-folder=/f"] + words)
    #expect(worker.quiet && worker.storyboardFolders == ["/f"] && worker.jobs == 2)
    #expect(worker.requests == render.requests && worker.formats == render.formats)
  }

  @Test func badValuesAreUsageErrorsThatQuoteTheOption() {
    #expect(
      usageError("render", ["--jobs", "many"])
        == "The value 'many' is invalid for '--jobs <n>': not a positive whole number")
    #expect(
      usageError("analyze", ["--format", "xml"])
        == "The value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and"
        + " 'json'.")
    #expect(
      usageError("check", ["--format", "xml"])?.hasPrefix(
        "The value 'xml' is invalid for '--format <format>'. Please provide one of") == true)
    #expect(
      usageError("render", ["-f", "svg,gif"])
        == "The value 'svg,gif' is invalid for '-f <list>': not a list of svg, png, pdf, dot,"
        + " json, mermaid, md (unknown format 'gif')")
    #expect(
      usageError("import", ["--max-label-lines", "32000"])
        == "The value '32000' is invalid for '--max-label-lines <n>': not a positive whole"
        + " number below 32000 (Graphviz crashes on longer labels)")
    #expect(
      usageError("render", ["--layout-timeout", "86401"])
        == "The value '86401' is invalid for '--layout-timeout <seconds>': not a number of"
        + " seconds (at most 86400)")
    // 0.5 seconds parses: the input is then missing (66), not a usage error.
    #expect(usageError("render", ["--layout-timeout", "0.5"]) == nil)
    #expect(
      usageError("check", ["--class", "Feed"])?.hasPrefix(
        "The value 'Feed' is invalid for '--class <name=kind>': not NAME=KIND") == true)
    #expect(
      usageError("analyze", ["--dismiss", "C:0"])
        == "The value 'C:0' is invalid for '--dismiss <from[:levels]>': not FROM[:LEVELS] with"
        + " LEVELS a positive number")
    #expect(
      usageError("analyze", ["--dismiss-to", "C"])
        == "The value 'C' is invalid for '--dismiss-to <from:class>': not FROM:CLASS")
    #expect(
      usageError("simulate", ["--layout", "dot", "--layout", "neato"])
        == "option '--layout' is given twice")
    #expect(
      usageError("simulate", ["--png=yes"])
        == "The option '--png' does not take any value, but 'yes' was specified.")
    #expect(usageError("import", ["-o"])?.hasPrefix("Missing value for '-o <file>'") == true)
    #expect(
      usageError("render", ["--fromat", "svg"])
        == "Unknown option '--fromat'. Did you mean '--format'?")
    // Options of one command are unknown to another.
    #expect(usageError("analyze", ["--png"])?.hasPrefix("Unknown option '--png'") == true)
    // `rules` reads no input: it takes no input options (issue 27: it took some it ignored).
    #expect(usageError("rules", ["--max-depth", "3"])?.hasPrefix("Unknown option") == true)
    // `diff` reads storyboards: it takes --storyboard-folder (issue 27: it lacked it).
    #expect(usageError("diff", ["--storyboard-folder", "."], inputs: ["/nonexistent/a.yaml", "b.yaml"])
        == nil)
    // A combination no single option can refuse: `validate()`.
    #expect(usageError("simulate", ["-o", "-"])?.hasPrefix("simulate writes") == true)
    #expect(
      usageError("render", ["--scale", "2", "--dpi", "192"])
        == "'--scale' and '--dpi' both set the PNG's size; give one")
    #expect(
      usageError("render", ["--config", "x.yml", "--no-config"])
        == "'--config' and '--no-config' cannot be used together")
  }

  static let commands = VCGraphRoot.commands.map { $0.name }

  @Test(arguments: commands)
  func everyOptionIsDeclaredOnceAndHelpFitsTheTerminal(command: String) throws {
    let type = try #require(VCGraphRoot.commands.first { $0.name == command })
    let arguments = CommandDescription.of(type).arguments ?? []
    let long = arguments.flatMap(\.longNames)
    #expect(Set(long).count == long.count)
    let shorts = arguments.flatMap(\.shortNames)
    #expect(Set(shorts).count == shorts.count)
    let help = runInProcess([command, "--help"])
    #expect(help.exitCode == 0)
    for name in long where name != "--help" {
      #expect(help.stdout.contains(name + " ") || help.stdout.contains(name + "\n"), "\(name)")
    }
    for line in help.stdout.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
    // `--class` is not a limit: it has its own heading. (`rules` reads no input; `scan` and
    // `lint` read Swift code, which the hierarchy limits do not bound.)
    guard !["rules", "scan", "lint"].contains(command) else {
      #expect(!long.contains("--max-depth") && !long.contains("--class"))
      return
    }
    let limits = help.stdout.components(separatedBy: "\nLIMITS:\n").last ?? ""
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
    var limits: [String: CommandDescription.Argument] = [:]
    for type in VCGraphRoot.commands {
      for argument in CommandDescription.of(type).arguments ?? [] {
        for name in argument.longNames
        where name.hasPrefix("--max-") || name == "--layout-timeout" {
          limits[name] = argument
        }
      }
    }
    #expect(limits.count >= 9, "\(limits.keys.sorted())")
    for (name, argument) in limits {
      let row = rows.first { $0.contains("`\(name) ") }
      #expect(row != nil, "\(name) has no row in CommandLine.md's Limits table")
      // The help's default, without thousands separators, is the row's (which has them).
      let digits = (argument.abstract ?? "").split(separator: "default ").last.map {
        String($0.prefix { $0.isNumber || $0 == "." })
      }
      #expect(digits?.isEmpty == false, "\(name): the help states its default")
      if let digits, !digits.isEmpty, let row {
        #expect(
          row.replacingOccurrences(of: ",", with: "").contains(digits),
          "\(name): default \(digits) not in \(row)")
      }
    }
  }
}
