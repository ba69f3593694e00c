import Foundation
import VCGraphBackends
import VCGraphCore

/// Drawing with the layout limits; `render` (and any command that lays out diagrams) goes
/// through here rather than calling Graphviz directly.
extension CommandContext {
  /// A drawing's bytes per format, and what Graphviz warned about, as diagnostics.
  struct Drawn {
    var outputs: [ImageFormat: [UInt8]] = [:]
    var warnings: [String] = []
  }

  /// Checks the graph against the label and layout limits, then lays it out and renders it:
  /// in this process when it is small or the run's only diagram, else in a worker process
  /// stopped at the time budget.
  func draw(
    _ graph: ImageGraph, input: String, engine: String, formats: [ImageFormat],
    singleDiagram: Bool = false
  ) throws(VCGraphError) -> Drawn {
    let limits = layoutLimits
    try limits.checkLabels(of: graph, input: input)
    guard !formats.isEmpty else { return Drawn() }
    let needsLayout = formats.contains { $0 != .dot }
    let size = LayoutMeasure.size(of: graph)
    if needsLayout && size > limits.maxLayoutNodes {
      throw VCGraphError(
        .dataError,
        "\(input): the diagram has \(size) nodes and edges, more than the layout limit of"
          + " \(limits.maxLayoutNodes)",
        hint: "raise it with --max-layout-nodes"
          + limits.remedies)
    }
    func timedOut(after seconds: Double) -> VCGraphError {
      VCGraphError(
        .dataError,
        "\(input): laying out the diagram (\(size) nodes and edges) took longer than the"
          + " limit of \(LayoutLimits.format(seconds)) seconds and was stopped",
        hint: "raise it with --layout-timeout"
          + limits.remedies)
    }
    var drawn = Drawn()
    if needsLayout && size > LayoutWorker.inProcessLimit(singleDiagram: singleDiagram) {
      do {
        let results = try LayoutWorker.render(
          graph, engine: engine, formats: formats, timeout: limits.layoutTimeout)
        drawn.outputs = results.outputs
        drawn.warnings = Self.warnings(results.warnings, input: input)
      } catch {
        switch error {
        case .timedOut(let seconds):
          throw timedOut(after: seconds)
        case .crashed(let message):
          throw VCGraphError(.software, "\(input): \(message)")
        case .backend(let error):
          throw VCGraphError.drawing(error, input: input)
        }
      }
    } else {
      do {
        let results: [ImageFormat: RenderedImage]
        if needsLayout && singleDiagram {
          results = try guarded(
            input: input, timeout: timedOut(after: limits.layoutTimeout),
            seconds: limits.layoutTimeout
          ) { () throws(ImageBackendError) in
            try ImageBackend.render(graph, engine: engine, formats: formats)
          }
        } else {
          results = try ImageBackend.render(graph, engine: engine, formats: formats)
        }
        var warnings: [String] = []
        for format in formats {
          guard let result = results[format] else { continue }
          drawn.outputs[format] = result.data
          for warning in result.warnings where !warnings.contains(warning) {
            warnings.append(warning)
          }
        }
        drawn.warnings = Self.warnings(warnings, input: input)
      } catch {
        throw VCGraphError.drawing(error, input: input)
      }
    }
    return drawn
  }

  /// Graphviz's warnings worth a user's attention, as diagnostics naming the input: a bitmap
  /// scaled down to fit (PNG is at most 32,767 pixels a side).
  static func warnings(_ messages: [String], input: String) -> [String] {
    messages.compactMap { message in
      guard let range = message.range(of: "too large for cairo-renderer bitmaps") else {
        return nil
      }
      let scale = message[range.upperBound...].split(separator: " ").first { Double($0) != nil }
      return ControlCharacters.escaped(
        "warning: \(input): the diagram is too large for a PNG (at most 32,767 pixels a side),"
          + " so Graphviz scaled it down" + (scale.map { " by \($0)" } ?? "")
          + "; use -f svg or pdf for full size") + "\n"
    }
  }

  /// Runs a layout in this process under a watchdog that reports `timeout` and ends the
  /// process with its status after `seconds`, and a guard that turns a crash into an error
  /// and status 70. Outputs are written only after a layout finishes, so ending the process
  /// here loses nothing.
  func guarded<T>(
    input: String, timeout: VCGraphError, seconds: Double,
    _ body: () throws(ImageBackendError) -> T
  ) throws(ImageBackendError) -> T {
    let console = self.console
    let timeoutText = DiagnosticPrinter().format(timeout)
    let watchdog = DispatchWorkItem {
      console.err(timeoutText)
      _exit(timeout.exitCode)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
    defer { watchdog.cancel() }
    let crash = VCGraphError(.software, "\(input): Graphviz crashed while laying out the diagram")
    return try ImageBackend.exitingOnCrash(
      message: DiagnosticPrinter().format(crash), status: crash.exitCode
    ) { () throws(ImageBackendError) -> T in
      if TestHooks.crashesInLayout {
        raise(SIGSEGV)  // Tests stand in for a Graphviz crash.
      }
      LayoutWorker.testDelay()
      return try body()
    }
  }
}
