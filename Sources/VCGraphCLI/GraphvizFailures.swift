import Foundation
import GraphvizKit
import VCGraphCore

extension VCGraphError {
  /// What a Graphviz failure on an input's diagram means for the user. A diagram too large
  /// for Graphviz's coordinates (a label wider than 65,535 points) comes from the input's
  /// text, so it is a data error (65); anything else Graphviz refuses is vcgraph's fault
  /// (70). A bad `--layout` engine never gets this far (`LayoutEngines.check`).
  static func graphviz(_ error: GraphvizError, input: String) -> VCGraphError {
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

  /// Throws a usage error (with a suggestion) unless Graphviz knows `engine`: it lays out an
  /// empty graph with it once per process.
  static func check(_ engine: String) throws(VCGraphError) {
    if let cached = lock.withLock({ known[engine] }) {
      if let cached { throw cached }
      return
    }
    var failure: VCGraphError?
    do {
      _ = try Graphviz.render(Graph(name: "probe", directed: true), engine: engine, format: .svg)
    } catch {
      var engines: [String] = []
      if case .layoutFailed(_, let message) = error,
        let range = message.range(of: "Use one of:")
      {
        engines = message[range.upperBound...].split(whereSeparator: \.isWhitespace).map(
          String.init)
      }
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
}
