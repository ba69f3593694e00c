import Foundation
import GraphvizKit
import TestSupport
import Testing

/// What holds on any supported Graphviz (2.42 and 14.x): the built binary's diagrams are
/// Graphviz's own (`dot` of the same version on vcgraph's DOT draws the same bytes), whatever
/// the accelerators do, and every coordinate is a number.
@Suite(.serialized)
struct GraphvizVersionTests {
  /// The accelerator switches of GraphvizKit (`GRAPHVIZKIT_ACCELERATORS`): used where pinned,
  /// Graphviz's own functions throughout, every lookup of a Graphviz symbol failing, and each
  /// accelerator alone.
  static let modes = [
    "on", "off", "no-lookup", "text-cache-only", "coordinate-printer-only",
  ]

  /// `dot` on PATH when it is the same Graphviz as the library, else an issue saying why not.
  static func matchingDot() -> Bool {
    guard let dotVersion = DotCommand.version else {
      Issue.record("no `dot` on PATH to compare with (scripts/setup-deps installs it)")
      return false
    }
    guard dotVersion == Graphviz.version else {
      let message =
        "`dot` on PATH is Graphviz \(dotVersion), the library is \(Graphviz.version): put the"
        + " library's bin first (scripts/with-graphviz does)"
      Issue.record(Comment(rawValue: message))
      return false
    }
    return true
  }

  @Test(
    "every sample's SVG is dot's own, byte for byte, with the accelerators on, off and failing",
    arguments: sampleFiles())
  func svgIsDotsOwn(sample: URL) throws {
    let path = "Samples/\(sample.lastPathComponent)"
    let source = try vcgraph(["render", path, "-f", "dot", "-o", "-"], cwd: repositoryRoot)
    #expect(source.exitCode == 0, "\(source.stderr)")
    var rendered: [String: [UInt8]] = [:]
    for mode in Self.modes {
      let result = try vcgraph(
        ["render", path, "-f", "svg", "-o", "-"], stdinBytes: nil, cwd: repositoryRoot,
        environment: ["GRAPHVIZKIT_ACCELERATORS": mode])
      #expect(result.exitCode == 0, "\(mode): \(result.stderr)")
      rendered[mode] = result.stdoutBytes
      let problems = SVGCheck.coordinateProblems(in: result.stdout)
      #expect(problems.isEmpty, "\(mode): \(problems.prefix(5))")
      #expect(SVGCheck.groupIDs(in: result.stdout).contains { $0.hasPrefix("vc&#45;") })
    }
    // Booleans, so a failure names the arms rather than printing megabytes of bytes.
    for mode in Self.modes.dropFirst() {
      let same = rendered[mode] == rendered["on"]
      #expect(same, "with GRAPHVIZKIT_ACCELERATORS=\(mode) the SVG differs")
    }
    guard Self.matchingDot() else { return }
    // vcgraph adds a title, a description and ARIA attributes to the root; without them the
    // bytes are dot's.
    let svg = String(decoding: rendered["on"] ?? [], as: UTF8.self)
    let metadata =
      /\n<title id="vcgraph-title">[^<]*<\/title>\n<desc id="vcgraph-desc">[^<]*<\/desc>/
    #expect(svg.contains(metadata))
    let bare = svg.replacing(metadata, with: "")
      .replacing(#" role="img" aria-labelledby="vcgraph-title vcgraph-desc""#, with: "")
    let dotIsSame = try DotCommand.render(source.stdout) == Array(bare.utf8)
    #expect(dotIsSame, "dot -Tsvg of vcgraph's DOT draws different bytes")
  }

  @Test("every sample renders to PNG and PDF", arguments: sampleFiles())
  func pngAndPDF(sample: URL) throws {
    let directory = try TemporaryDirectory("png-pdf")
    let result = runInProcess(["render", sample.path, "-o", directory.url.path, "-f", "png,pdf"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let name = sample.deletingPathExtension().lastPathComponent
    let png = directory.bytes("\(name).png") ?? []
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // The IHDR chunk's width and height (big-endian, after the 8-byte signature and the
    // chunk's length and type).
    let width = png.count > 24 ? png[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
    let height = png.count > 24 ? png[20..<24].reduce(0) { $0 << 8 | Int($1) } : 0
    #expect(width > 100 && height > 100, "\(width)x\(height)")
    let pdf = directory.bytes("\(name).pdf") ?? []
    #expect(pdf.starts(with: Array("%PDF-".utf8)))
    #expect(pdf.count > 1_000)
  }

  /// The claims of ``GraphvizAccelerators/pinnedVersions``: on such a version (on Linux,
  /// where both mechanisms exist) both accelerators must be at work in the built binary.
  @Test("the accelerators work on every Graphviz version they claim")
  func acceleratorsWhereClaimed() throws {
    let result = try vcgraph(["--version"])
    #expect(result.exitCode == 0)
    #expect(result.stdout.contains("Graphviz \(Graphviz.version)"), "\(result.stdout)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    for name in ["text-measurement-cache", "coordinate-printer"] {
      guard let line = lines.first(where: { $0.contains("\(name):") }) else {
        Issue.record("vcgraph --version says nothing of \(name)")
        continue
      }
      #if os(Linux)
        if GraphvizAccelerators.pinnedVersions.contains(Graphviz.version) {
          #expect(line.contains(": on"), "claimed for \(Graphviz.version) but \(line)")
        } else {
          #expect(line.contains(": off"), "not claimed for \(Graphviz.version) but \(line)")
        }
      #else
        #expect(line.contains(": off"), "\(line)")
      #endif
    }
    let off = try vcgraph(
      ["--version"], stdinBytes: nil, environment: ["GRAPHVIZKIT_ACCELERATORS": "off"])
    #expect(off.stdout.contains("text-measurement-cache: off (switched off"), "\(off.stdout)")
    #expect(off.stdout.contains("coordinate-printer: off (switched off"), "\(off.stdout)")
  }

  @Test("the coordinate check catches blank and non-numeric coordinates")
  func coordinateCheckCanFail() {
    let good = """
      <svg width="62pt" height="116pt" viewBox="0.00 0.00 62.00 116.00">
      <g id="graph0" transform="scale(1 1) rotate(0) translate(4 112)">
      <polygon points="-4,4 -4,-112 58,-112 58,4 -4,4"/>
      <path d="M27,-71.7C27,-63.98 27,-54.71 27,-46.11"/>
      <text x="27" y="-86.3">a</text></g></svg>
      """
    #expect(SVGCheck.coordinateProblems(in: good).isEmpty)
    // What a printer that printed nothing produced: Graphviz's separators and no numbers.
    for broken in [
      #"<polygon points=", , , ,"/>"#, #"<text x="" y="-86.3">a</text>"#,
      #"<path d="M,C , ,"/>"#, #"<ellipse cx="27" cy="-nan" rx="27" ry="18"/>"#,
    ] {
      #expect(!SVGCheck.coordinateProblems(in: broken).isEmpty, "\(broken)")
    }
  }
}
