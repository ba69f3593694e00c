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

  /// A graph laid out for some formats and not yet rendered
  /// (``layOut(_:input:engine:formats:singleDiagram:)``): in this process, with its width
  /// known from the layout, or already drawn to every format in a worker process.
  final class Layout {
    fileprivate let laidOut: LaidOutImage?
    fileprivate let input: String
    fileprivate let timeout: VCGraphError?
    fileprivate let seconds: Double
    /// What is drawn so far: a worker's every format, else what was asked of this one.
    fileprivate var drawn = Drawn()

    fileprivate init(
      _ laidOut: LaidOutImage?, input: String, timeout: VCGraphError?, seconds: Double
    ) {
      self.laidOut = laidOut
      self.input = input
      self.timeout = timeout
      self.seconds = seconds
    }

    /// The width in CSS px of the SVG it draws, when the layout tells without rendering.
    var svgWidth: Double? { laidOut?.svgWidth }
  }

  /// Checks the graph against the label and layout limits, then lays it out and renders it:
  /// in this process when it is small or the run's only diagram, else in a worker process
  /// stopped at the time budget.
  func draw(
    _ graph: ImageGraph, input: String, engine: String, formats: [ImageFormat],
    singleDiagram: Bool = false
  ) throws(VCGraphError) -> Drawn {
    guard formats.contains(where: { $0 != .dot }) else {
      try layoutLimits.checkLabels(of: graph, input: input)
      guard !formats.isEmpty else { return Drawn() }
      do {
        let results = try ImageBackend.render(graph, engine: engine, formats: formats)
        return Self.drawn(results, formats: formats, input: input)
      } catch {
        throw VCGraphError.drawing(error, input: input)
      }
    }
    let layout = try layOut(
      graph, input: input, engine: engine, formats: formats, singleDiagram: singleDiagram)
    return try render(layout, formats: formats)
  }

  /// Checks the graph against the label and layout limits, then lays it out for `formats` (at
  /// least one of them not DOT): in this process when it is small or the run's only diagram,
  /// else drawn at once to all of them in a worker process stopped at the time budget.
  func layOut(
    _ graph: ImageGraph, input: String, engine: String, formats: [ImageFormat],
    singleDiagram: Bool = false
  ) throws(VCGraphError) -> Layout {
    let limits = layoutLimits
    try limits.checkLabels(of: graph, input: input)
    let size = LayoutMeasure.size(of: graph)
    if size > limits.maxLayoutNodes {
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
    let seconds = limits.layoutTimeout
    guard size <= LayoutWorker.inProcessLimit(singleDiagram: singleDiagram) else {
      let layout = Layout(nil, input: input, timeout: nil, seconds: seconds)
      do {
        let results = try LayoutWorker.render(
          graph, engine: engine, formats: formats, timeout: seconds)
        layout.drawn.outputs = results.outputs
        layout.drawn.warnings = Self.warnings(results.warnings, input: input)
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
      return layout
    }
    // The run's one diagram: a watchdog and a crash guard around each Graphviz step.
    let timeout = singleDiagram ? timedOut(after: seconds) : nil
    do {
      let laidOut = try guarded(input: input, timeout: timeout, seconds: seconds) {
        () throws(ImageBackendError) in
        try ImageBackend.layOut(graph, engine: engine, for: formats)
      }
      return Layout(laidOut, input: input, timeout: timeout, seconds: seconds)
    } catch {
      throw VCGraphError.drawing(error, input: input)
    }
  }

  /// `layout` drawn in each of `formats`, which must be among those it was laid out for;
  /// what a worker drew is not drawn again, nor what this layout drew before.
  func render(_ layout: Layout, formats: [ImageFormat]) throws(VCGraphError) -> Drawn {
    guard let laidOut = layout.laidOut else { return layout.drawn }
    let missing = formats.filter { layout.drawn.outputs[$0] == nil }
    if !missing.isEmpty {
      do {
        let results = try guarded(
          input: layout.input, timeout: layout.timeout, seconds: layout.seconds, layingOut: false
        ) { () throws(ImageBackendError) in
          try laidOut.render(missing)
        }
        let drawn = Self.drawn(results, formats: missing, input: layout.input)
        layout.drawn.outputs.merge(drawn.outputs) { first, _ in first }
        for warning in drawn.warnings where !layout.drawn.warnings.contains(warning) {
          layout.drawn.warnings.append(warning)
        }
      } catch {
        throw VCGraphError.drawing(error, input: layout.input)
      }
    }
    return layout.drawn
  }

  /// Each format's bytes from `results`, and their warnings (each once, in `formats`' order)
  /// as diagnostics.
  private static func drawn(
    _ results: [ImageFormat: RenderedImage], formats: [ImageFormat], input: String
  ) -> Drawn {
    var drawn = Drawn()
    var warnings: [String] = []
    for format in formats {
      guard let result = results[format] else { continue }
      drawn.outputs[format] = result.data
      for warning in result.warnings where !warnings.contains(warning) {
        warnings.append(warning)
      }
    }
    drawn.warnings = Self.warnings(warnings, input: input)
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

  /// Runs a layout (or, `layingOut` false, a render) in this process under a watchdog that
  /// reports `timeout` and ends the process with its status after `seconds`, and a guard
  /// that turns a crash into an error and status 70; without a `timeout`, runs it as it is.
  /// Outputs are written only after a drawing finishes, so ending the process here loses
  /// nothing.
  func guarded<T>(
    input: String, timeout: VCGraphError?, seconds: Double, layingOut: Bool = true,
    _ body: () throws(ImageBackendError) -> T
  ) throws(ImageBackendError) -> T {
    guard let timeout else { return try body() }
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
      if layingOut {
        if TestHooks.crashesInLayout {
          raise(SIGSEGV)  // Tests stand in for a Graphviz crash.
        }
        LayoutWorker.testDelay()
      }
      return try body()
    }
  }
}
