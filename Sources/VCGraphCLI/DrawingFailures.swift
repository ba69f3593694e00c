import Foundation
import VCGraphBackends
import VCGraphCore

extension VCGraphError {
  /// What the image backend's failure to draw an input's diagram means for the user. A
  /// diagram too large for the layout's coordinates (with Graphviz, a label wider than
  /// 65,535 points) comes from the input's text, so it is a data error (65); anything else
  /// the backend refuses is vcgraph's fault (70). A bad `--layout` engine never gets this far
  /// (`LayoutEngines.check`).
  static func drawing(_ error: ImageBackendError, input: String) -> VCGraphError {
    func lines(_ text: String) -> String {
      var unique: [String] = []
      for line in text.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty && !unique.contains(trimmed) { unique.append(trimmed) }
      }
      return unique.prefix(3).joined(separator: "; ")
    }
    if case .layoutFailed(_, let message) = error,
      message.contains("larger than maximum") || message.contains("too large")
    {
      return VCGraphError(
        .dataError,
        "\(input): the diagram is too large for Graphviz to lay out (\(lines(message)))",
        hint: "shorten the longest titles and ids, or write -f dot or json, which need no layout")
    }
    return VCGraphError(.software, "\(input): \(lines(error.description))")
  }
}

/// The layout engines this Graphviz has, checked before any input is read.
enum LayoutEngines {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var known: [String: VCGraphError?] = [:]

  /// Graphviz's engines that only draw a graph whose nodes already have positions (`nop`,
  /// `nop1`, `nop2`: `neato -n`): a diagram has none, so they are refused like an unknown
  /// engine rather than failing on every input.
  static let needingPositions: Set = ["nop", "nop1", "nop2"]

  /// Throws a usage error (with a suggestion and the engines vcgraph can use) unless Graphviz
  /// knows `engine` and it lays a diagram out: it lays out an empty graph with it once per
  /// process.
  static func check(_ engine: String) throws(VCGraphError) {
    if let cached = lock.withLock({ known[engine] }) {
      if let cached { throw cached }
      return
    }
    var failure: VCGraphError?
    if needingPositions.contains(engine) {
      failure = VCGraphError(
        .usage,
        "layout engine '\(engine)' only draws nodes at positions a graph already gives, which"
          + " a diagram has not",
        hint: "(engines: \(usable().joined(separator: ", ")))")
    } else if let engines = probe(engine) {
      failure = VCGraphError(
        .usage, "unknown layout engine '\(engine)'",
        hint: engines.isEmpty
          ? nil
          : (suggestion(for: engine, among: engines).map { $0 + " " } ?? "")
            + "(engines: \(engines.joined(separator: ", ")))")
    }
    lock.withLock { known[engine] = .some(failure) }
    if let failure { throw failure }
  }

  /// The engines a diagram can be laid out with: Graphviz's, but those needing positions.
  static func usable() -> [String] {
    probe("no such engine") ?? []
  }

  /// Lays out an empty graph with `engine`: nil when it works, else the engines Graphviz
  /// names (but those needing positions; empty when it names none).
  private static func probe(_ engine: String) -> [String]? {
    ImageBackend.enginesInstead(of: engine)?.filter { !needingPositions.contains($0) }
  }
}
